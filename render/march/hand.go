package march

import (
	"fmt"
	"image"
	"math"
	"strconv"

	"golang.org/x/image/font"

	"formica/engine/march"
	"formica/render"
)

// Hand image geometry: three card faces per row, readable when a chat app
// shows the image at phone width.
const (
	handW     = 1200
	handCols  = 3
	handTop   = 84.0
	cardGap   = 20.0
	cardH     = 350.0
	handPad   = 24.0
	textSize  = 24.0
	cardBandH = 64.0
)

// RenderHand draws the viewer's own hand as card faces in English: code
// (what players type in "play c12 ..."), name, type and segment, cost,
// ferocity, colony points of goals and the card text. A spectator view has
// no hand to draw.
func (r *Renderer) RenderHand(v march.View) ([]byte, error) { return r.RenderHandIn("en", v) }

// RenderHandIn draws the viewer's own hand as RenderHand does, in lang
// (see RenderIn): card names and texts from the engine's catalog, in
// English where it has none in lang.
func (r *Renderer) RenderHandIn(lang string, v march.View) ([]byte, error) {
	if v.Seat < 0 || v.Seat >= v.Players {
		return nil, fmt.Errorf("render/march: a hand needs a player's view, got seat %d of %d players (use View(seat))", v.Seat, v.Players)
	}
	rows := max(1, (len(v.Hand)+handCols-1)/handCols)
	h := int(handTop + float64(rows)*(cardH+cardGap) + handPad)
	img := image.NewRGBA(image.Rect(0, 0, handW, h))
	fs := r.fonts.Borrow()
	defer r.fonts.Release(fs)
	d := &drawer{dc: render.NewCanvas(img), fs: fs, v: &v, tx: r.textsFor(lang)}
	d.hand()
	return r.png.Encode(img)
}

func (d *drawer) hand() {
	dc, v, tx := d.dc, d.v, d.tx
	d.setColor(render.Paper)
	dc.Clear()
	st := render.Seat(v.Seat)
	y := handTop / 2
	render.DrawMarker(dc, st.Marker, handPad+18, y, 34, st.Color)
	d.font(render.Bold, 36)
	d.setColor(st.Dark)
	title := tx.f("hand.title", "seat", seatName(v.Seat))
	d.aligned(title, handPad+46, y, 0)
	tw, _ := dc.MeasureString(title)
	d.font(render.Regular, 28)
	d.setColor(render.Muted)
	d.aligned(tx.f("hand.sub", "cards", tx.plural(len(v.Hand), "cards")), handPad+46+tw+12, y, 0)
	cw := (handW - 2*handPad - (handCols-1)*cardGap) / handCols
	if len(v.Hand) == 0 {
		d.font(render.Regular, 30)
		d.setColor(render.Muted)
		d.aligned(tx.t("hand.none"), handW/2, handTop+cardH/2, 0.5)
		return
	}
	for i, c := range v.Hand {
		x := handPad + float64(i%handCols)*(cw+cardGap)
		y := handTop + float64(i/handCols)*(cardH+cardGap)
		d.cardFace(x, y, cw, cardH, c)
	}
}

// typeName is the display name of a card type and segment (MOA1-CARD-6).
func (x *texts) typeName(c *march.CardView) string {
	switch c.Type {
	case "evo":
		if c.Segment != "" {
			return x.f("type.evo.seg", "seg", x.segment(c.Segment))
		}
		return x.t("type.evo")
	case "goal":
		return x.t("type.goal")
	}
	return x.t("type.event")
}

// cardFace draws one card as printed (MOA1-CARD-5): band with name and
// code, type and segment, cost in larvae/ants, ferocity, and the text.
func (d *drawer) cardFace(x, y, w, h float64, c march.CardView) {
	dc, tx := d.dc, d.tx
	band := typeFill(c.Type, c.Segment)
	dc.DrawRoundedRectangle(x, y, w, h, 16)
	d.setColor(render.Panel)
	dc.FillPreserve()
	d.setColor(band)
	dc.SetLineWidth(4)
	dc.Stroke()
	dc.DrawRoundedRectangle(x, y, w, cardBandH, 16)
	dc.DrawRectangle(x, y+cardBandH-16, w, 16)
	d.setColor(band)
	dc.Fill()
	// Code plate first, then the name fitted into what is left.
	d.font(render.Bold, 26)
	tw, _ := dc.MeasureString(c.Code)
	pw := math.Max(tw+0.9*26, 1.35*26) // DrawLabel's plate width
	px := x + w - 12 - pw/2
	d.label(c.Code, px, y+cardBandH/2, render.Plate{Fill: render.White, Text: render.Ink, HeightK: 1.35})
	name := tx.cardName(&c)
	face, ok := render.Fit(d.fs, render.Bold, name, w-pw-36, 20, 30)
	d.setFace(face)
	d.setColor(render.White)
	if !ok {
		name = d.tx.ellipsize(face, name, w-pw-36)
	}
	d.aligned(name, x+14, y+cardBandH/2, 0)

	// Type line and ferocity.
	ly := y + cardBandH + 30
	d.font(render.Bold, 24)
	d.setColor(band.Mix(render.Ink, 0.25))
	typ := tx.typeName(&c)
	d.aligned(typ, x+14, ly, 0)
	tw, _ = dc.MeasureString(typ)
	if c.Type == "goal" { // colony points scored each Slumber it is met
		cp(dc, x+14+tw+24, ly, 28, 0)
		d.setColor(render.Ink)
		d.aligned(tx.f("cp.n", "n", strconv.Itoa(c.CP)), x+14+tw+42, ly, 0)
		tw += 100
	}
	// The ferocity label ends 30 px left of the badge's centre.
	fw := font.MeasureString(d.fs.Get(render.Regular, 18), tx.t("ferocity")).Ceil()
	d.ferocity(x+w-34, ly+4, c.Ferocity, x+14+tw+100 < x+w-34 && x+14+tw+12+float64(fw) < x+w-34-30)

	// Cost: one grub per point; "larvae only" when ants may not pay.
	ly += 46
	d.font(render.Regular, 24)
	d.setColor(render.Ink)
	d.aligned(tx.t("cost"), x+14, ly, 0)
	cw, _ := dc.MeasureString(tx.t("cost"))
	cx := max(x+80, x+14+cw+12)
	if c.Cost == 0 {
		d.font(render.Bold, 24)
		d.aligned(tx.t("free"), cx, ly, 0)
	}
	for k := 0; k < c.Cost; k++ {
		larva(dc, cx+16+float64(k)*34, ly, 32, 0)
	}
	if c.Cost > 0 {
		pay := tx.t("pay.any")
		if c.Pay == "larvae" {
			pay = tx.t("pay.larvae")
		}
		px := cx + float64(c.Cost)*34 + 12
		face, ok := render.Fit(d.fs, render.Regular, pay, x+w-14-px, 16, 22)
		if !ok {
			pay = d.tx.ellipsize(face, pay, x+w-14-px)
		}
		d.setFace(face)
		d.setColor(render.Muted)
		d.aligned(pay, px, ly, 0)
	}
	// Card text from the game's catalog.
	ly += 30
	d.setColor(render.PanelEdge)
	dc.SetLineWidth(1.5)
	dc.DrawLine(x+14, ly, x+w-14, ly)
	dc.Stroke()
	text := tx.msg(c.TextKey)
	if text == "" {
		text = c.Effect
	}
	tface := d.fs.Get(render.Regular, textSize)
	lines := render.Wrap(tface, text, w-28)
	maxLines := int((y + h - 20 - ly - 10) / (textSize * 1.3))
	// Long texts (Russian runs a third longer) step down to 21 and 19 px
	// before the last line is cut.
	for _, size := range []float64{21, 19} {
		if len(lines) <= maxLines {
			break
		}
		tface = d.fs.Get(render.Regular, size)
		lines = render.Wrap(tface, text, w-28)
		maxLines = int((y + h - 20 - ly - 10) / (size * 1.3))
	}
	if len(lines) > maxLines {
		d.tx.clipped(text)
		lines = lines[:maxLines]
		lines[maxLines-1] = d.tx.ellipsize(tface, lines[maxLines-1]+" …", w-28)
	}
	d.setFace(tface)
	d.setColor(render.Ink)
	lh := dc.FontHeight() * 1.3
	for k, ln := range lines {
		d.aligned(ln, x+14, ly+22+float64(k)*lh, 0)
	}
	if c.Centi {
		centipede(dc, x+w-44, y+h-26, 30, 0)
	}
}

// ferocity draws a card's ferocity value in a claw badge (MOA1-CARD-7).
func (d *drawer) ferocity(x, y float64, n int, label bool) {
	dc := d.dc
	render.Polygon(dc, render.RegularPolygon(x, y, 22, 8, math.Pi/8))
	d.setColor(render.Danger)
	dc.Fill()
	d.font(render.Bold, 26)
	d.setColor(render.White)
	d.centered(strconv.Itoa(n), x, y)
	if label {
		d.font(render.Regular, 18)
		d.setColor(render.Muted)
		d.aligned(d.tx.t("ferocity"), x-30, y, 1)
	}
}
