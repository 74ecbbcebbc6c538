package myrmes

import (
	"image"
	"math"

	"github.com/fogleman/gg"

	"formica/engine/myrmes"
	"formica/render"
)

// ShapeIn draws one pheromone tile alone for `tile <name>`, as the garden
// draws a laid one (tile): its spaces at the garden's hex size, filled and
// outlined along the tile's edge, in a neutral colour.
func (r *Renderer) ShapeIn(lang string, s myrmes.Shape) ([]byte, error) {
	h := render.Hex{Size: hexSize, Pointy: true}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range s.Hexes {
		p := h.Center(q[0], q[1])
		minX, minY, maxX, maxY = min(minX, p.X), min(minY, p.Y), max(maxX, p.X), max(maxY, p.Y)
	}
	pad := hexSize * 1.4
	w, ht := maxX-minX+2*pad, maxY-minY+2*pad
	h.Origin = gg.Point{X: pad - minX, Y: pad - minY}
	img := image.NewRGBA(image.Rect(0, 0, int(math.Ceil(w)), int(math.Ceil(ht))))
	dc := render.NewCanvas(img)
	dc.SetColor(render.Paper)
	dc.Clear()
	in := map[[2]int]bool{}
	for _, q := range s.Hexes {
		in[q] = true
	}
	st := render.Seat(0)
	for _, q := range s.Hexes {
		pts := h.Corners(q[0], q[1], 1.5)
		render.Polygon(dc, pts)
		dc.SetColor(st.Color.Alpha(0.55))
		dc.Fill()
		for i, d := range edgeDir {
			if !in[[2]int{q[0] + d[0], q[1] + d[1]}] {
				a, b := pts[i], pts[(i+1)%6]
				dc.DrawLine(a.X, a.Y, b.X, b.Y)
			}
		}
		dc.SetColor(st.Dark)
		dc.SetLineWidth(4)
		dc.Stroke()
	}
	return r.enc.Encode(img)
}

// SpecialIn draws one special tile alone: one space with its glyph, as the
// garden draws a placed one.
func (r *Renderer) SpecialIn(lang string, s myrmes.Special) ([]byte, error) {
	size := int(math.Ceil(hexSize * 2.8))
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	dc := render.NewCanvas(img)
	dc.SetColor(render.Paper)
	dc.Clear()
	h := render.Hex{Size: hexSize, Pointy: true, Origin: gg.Point{X: float64(size) / 2, Y: float64(size) / 2}}
	st := render.Seat(0)
	render.Polygon(dc, h.Corners(0, 0, 1.5))
	dc.SetColor(st.Light)
	dc.FillPreserve()
	dc.SetColor(st.Dark)
	dc.SetLineWidth(4)
	dc.Stroke()
	specialGlyph(dc, s.ID, float64(size)/2, float64(size)/2+4, hexSize*0.7, st.Color)
	return r.enc.Encode(img)
}
