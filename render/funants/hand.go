package funants

import (
	"fmt"
	"image"
	"math"

	"formica/engine/funants"
	"formica/render"
)

// Hand layout: a title line, then one card row per card with its code on
// the left and its text, wrapped to at most two lines, on the right.
const (
	handTop  = 90.0
	cardH    = 96.0
	textX    = 230.0
	textMaxW = width - 40 - 24 - textX
)

// RenderHand draws the viewer's own hand in English: one row per card with
// the code players type after `play`.
func (r *Renderer) RenderHand(v funants.View) ([]byte, error) { return r.RenderHandIn("en", v) }

// RenderHandIn draws the viewer's own hand with its words in lang (as
// RenderIn). Card codes stay as players type them; outside English each
// row also names the card, since the code is an English word.
func (r *Renderer) RenderHandIn(lang string, v funants.View) ([]byte, error) {
	if v.Seat < 0 || v.Seat >= len(v.Players) {
		return nil, fmt.Errorf("render funants: a hand needs a player's view, not seat %d", v.Seat)
	}
	t := r.textsFor(lang)
	h := int(handTop + math.Max(1, float64(len(v.Hand)))*cardH + 20)
	img := image.NewRGBA(image.Rect(0, 0, width, h))
	dc := render.NewCanvas(img)
	fs := r.fonts.Borrow()
	defer r.fonts.Release(fs)
	dc.SetColor(render.Paper)
	dc.Clear()
	st := render.Seat(v.Seat)
	render.DrawMarker(dc, st.Marker, 40, 45, 30, st.Color)
	dc.SetFontFace(fs.Get(render.Bold, 32))
	dc.SetColor(render.Ink)
	p := v.Players[v.Seat]
	render.DrawAligned(dc, t.fill("hand", "seat", itoa(v.Seat+1), "cards", itoa(len(v.Hand)), "cakes", itoa(p.Tokens)), 70, 45, 0)
	if len(v.Hand) == 0 {
		dc.SetFontFace(fs.Get(render.Regular, 26))
		dc.SetColor(render.Muted)
		render.DrawAligned(dc, t.get("no_cards"), 40, handTop+cardH/2, 0)
	}
	for i, c := range v.Hand {
		cardRow(dc, fs, t, c.Code, st.Dark, handTop+float64(i)*cardH)
	}
	return r.png.Encode(img)
}

// cardRow draws one card as a hand row at y: its code in ink, its text.
func cardRow(dc *render.Canvas, fs *render.Faces, t texts, code string, ink render.RGB, y float64) {
	dc.DrawRoundedRectangle(20, y+6, width-40, cardH-12, 12)
	dc.SetColor(render.Panel)
	dc.FillPreserve()
	dc.SetColor(render.PanelEdge)
	dc.SetLineWidth(3)
	dc.Stroke()
	dc.SetFontFace(fs.Get(render.Bold, 30))
	dc.SetColor(ink)
	render.DrawAligned(dc, code, 44, y+cardH/2, 0)
	dc.SetColor(render.Ink)
	cardLines(dc, fs, t, t.card(code), y+cardH/2)
}

// CardIn draws one card for `card <name>` as a hand row draws it, with its
// words in lang; an unknown code is an error.
func (r *Renderer) CardIn(lang, code string) ([]byte, error) {
	t := r.textsFor(lang)
	if !t.hasCard(code) {
		return nil, fmt.Errorf("render funants: no card %q", code)
	}
	img := image.NewRGBA(image.Rect(0, 0, width, int(cardH)+8))
	dc := render.NewCanvas(img)
	fs := r.fonts.Borrow()
	defer r.fonts.Release(fs)
	dc.SetColor(render.Paper)
	dc.Clear()
	cardRow(dc, fs, t, code, render.Ink, 4)
	return r.png.Encode(img)
}

// cardLines draws a card text centred on cy: one line at 25 px if it fits,
// else wrapped to two lines at the largest size down to 18 px at which two
// suffice; a text still longer is cut with an ellipsis.
func cardLines(dc *render.Canvas, fs *render.Faces, t texts, s string, cy float64) {
	const maxSize, minSize, maxLines = 25.0, 18.0, 2
	var lines []string
	size := maxSize
	for ; size >= minSize; size-- {
		lines = render.Wrap(fs.Get(render.Regular, size), s, textMaxW)
		if len(lines) <= maxLines {
			break
		}
	}
	size = math.Max(size, minSize)
	face := fs.Get(render.Regular, size)
	if len(lines) > maxLines {
		t.clipped(s)
		lines[maxLines-1] = render.Ellipsize(face, lines[maxLines-1]+" "+lines[maxLines], textMaxW)
		lines = lines[:maxLines]
	}
	dc.SetFontFace(face)
	lineH := size * 1.2
	top := cy - lineH*float64(len(lines)-1)/2
	for i, l := range lines {
		render.DrawAligned(dc, l, textX, top+float64(i)*lineH, 0)
	}
}
