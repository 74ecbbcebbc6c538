package myrmes

import (
	"math"
	"strings"

	"github.com/fogleman/gg"

	"formica/engine/myrmes"
	"formica/render"
)

// The chosen shape's placements are drawn one by one, as small maps of the
// spaces each would cover, because they all overlap on the worker's space
// and cannot be told apart on the garden itself. Every label is at least
// textMin, like the rest of the board, so a phone reads it.
const (
	thumbW     = 250.0
	thumbH     = 210.0
	thumbHex   = 32.0
	thumbLabel = textMin * 1.7 // the band under a map for its code
)

// thumbCols is how many placements fit a row of the panel.
func thumbCols() int { return int(math.Floor((width - 2*margin - 24) / thumbW)) }

// chosenHeight is the panel's height for n placements.
func chosenHeight(n int) float64 {
	rows := (n + thumbCols() - 1) / thumbCols()
	return 40 + textMin*1.5 + thumbH*float64(rows)
}

// chosen draws the panel of a preview (View.Chosen): every placement of
// the shape the player picked, each a map of its spaces with the worker's
// space ringed, labelled with what to type.
func (r *Renderer) chosen(dc *render.Canvas, fs *render.Faces, t texts, v myrmes.View, byLabel map[string]myrmes.ViewCell, top float64) {
	st := render.Seat(v.Sortie.Seat)
	codes := v.Placements[0].Codes
	dc.DrawRoundedRectangle(margin, top, width-2*margin, chosenHeight(len(codes))-12, 12)
	dc.SetColor(st.Light)
	dc.FillPreserve()
	dc.SetColor(st.Color)
	dc.SetLineWidth(3)
	dc.Stroke()
	head := t.fill("chosen", "player", seatName(v.Sortie.Seat), "shape", v.Chosen, "cell", v.Sortie.At)
	face, head := r.fit(fs, t.lang, render.Bold, head, width-2*margin-24, textMin, textMin+4)
	text(dc, face, render.Ink, head, margin+12, top+12+textMin*0.6, 0)
	at := byLabel[v.Sortie.At]
	aq, ar := axial(at)
	for i, code := range codes {
		x := margin + 12 + thumbW*float64(i%thumbCols())
		y := top + 28 + textMin*1.5 + thumbH*float64(i/thumbCols())
		cells := strings.Split(code, "-")
		h := thumbHexFor(byLabel, cells, aq, ar, x, y)
		for _, l := range cells {
			c := byLabel[l]
			q, rr := axial(c)
			render.Polygon(dc, h.Corners(q-aq, rr-ar, 1))
			dc.SetColor(terrainFill[c.Terrain])
			dc.FillPreserve()
			dc.SetColor(st.Dark)
			dc.SetLineWidth(2)
			if l == v.Sortie.At {
				dc.SetLineWidth(4)
			}
			dc.Stroke()
			p := h.Center(q-aq, rr-ar)
			dc.SetFontFace(fs.Get(render.Regular, textMin))
			dc.SetColor(render.Ink)
			render.DrawCentered(dc, l, p.X, p.Y)
		}
		face, label := r.fit(fs, t.lang, render.Bold, code, thumbW-10, textMin, textMin+2)
		text(dc, face, st.Dark, label, x+thumbW/2, y+thumbH-thumbLabel/2-4, 0.5)
	}
}

// thumbHexFor lays out one placement in its box at (x, y): hexes sized so
// that its spaces fit (a line of six is drawn smaller than a pair), the
// shape centred. Hex centres scale with the size, so one pass over the
// spaces at size 1 gives both.
func thumbHexFor(byLabel map[string]myrmes.ViewCell, cells []string, aq, ar int, x, y float64) render.Hex {
	unit := render.Hex{Size: 1, Pointy: true}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, l := range cells {
		q, rr := axial(byLabel[l])
		p := unit.Center(q-aq, rr-ar)
		minX, minY, maxX, maxY = min(minX, p.X), min(minY, p.Y), max(maxX, p.X), max(maxY, p.Y)
	}
	size := min(thumbHex, (thumbW-12)/(maxX-minX+math.Sqrt(3)), (thumbH-thumbLabel-6)/(maxY-minY+2))
	return render.Hex{Size: size, Pointy: true,
		Origin: gg.Point{X: x + thumbW/2 - size*(minX+maxX)/2, Y: y + (thumbH-thumbLabel)/2 - size*(minY+maxY)/2}}
}
