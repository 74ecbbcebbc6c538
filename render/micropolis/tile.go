package micropolis

import (
	"math"
	"sort"

	"github.com/fogleman/gg"

	"formica/engine/micropolis"
	"formica/render"
)

// portV is where port p (0 near the base, 1 middle, 2 outer) meets a side
// edge, in slot-local v (0 base .. 1 outside). Neighbouring tiles use the
// same values, so matching ports draw as one continuous tunnel.
func portV(p int) float64 { return 0.2 + 0.3*float64(p) }

// edgeU stops galleries just inside the tile edge: a butt cap meets the
// slanted side edge at an angle and would otherwise poke into the
// neighbouring slot.
const edgeU = 0.03

// tileStyle says how to dress a tile beyond its printed face.
type tileStyle struct {
	garrison int  // soldiers in its barracks (0 or Barracks)
	last     bool // placed in the turn just played
}

// chamberVs returns, for each segment, the v of its chamber: segments are
// ordered by the ports they reach (closed ones in the middle) and spread
// out so their contents never overlap.
func chamberVs(t *micropolis.Tile) []float64 {
	n := len(t.Segments)
	out := make([]float64, n)
	if n == 1 {
		out[0] = 0.5
		return out
	}
	idx := make([]int, n)
	key := make([]float64, n)
	for i, s := range t.Segments {
		idx[i] = i
		sum, cnt := 0.0, 0
		for _, p := range append(append([]int{}, s.Left...), s.Right...) {
			sum += portV(p)
			cnt++
		}
		key[i] = 0.5
		if cnt > 0 {
			key[i] = sum / float64(cnt)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return key[idx[a]] < key[idx[b]] })
	for k, i := range idx {
		out[i] = 0.27 + 0.48*float64(k)/float64(n-1)
	}
	return out
}

// drawTile draws tile t in slot of ring (the row uses a one-slot ring too).
func drawTile(dc *render.Canvas, g render.Ring, slot int, t *micropolis.Tile, st tileStyle) {
	h := g.Outer - g.Inner
	body := g.Slot(slot, h*0.015+1)
	render.Polygon(dc, body)
	dc.SetColor(render.Soil)
	dc.Fill()

	pt := func(u, v float64) gg.Point { return g.Point(slot, u, v) }
	vs := chamberVs(t)
	wide := h * 0.16
	// Galleries: a dark wall stroke under a light floor stroke.
	for pass, col := range []render.RGB{render.SoilDark, render.Tunnel} {
		w := wide
		if pass == 1 {
			w = wide * 0.68
		}
		dc.SetLineWidth(w)
		// Butt caps end galleries at the tile edge, where the neighbour's
		// gallery continues.
		dc.SetLineCapButt()
		dc.SetColor(col)
		for i, s := range t.Segments {
			c := pt(0.5, vs[i])
			for _, p := range s.Left {
				a := pt(edgeU, portV(p))
				dc.MoveTo(a.X, a.Y)
				dc.LineTo(c.X, c.Y)
			}
			for _, p := range s.Right {
				a := pt(1-edgeU, portV(p))
				dc.MoveTo(a.X, a.Y)
				dc.LineTo(c.X, c.Y)
			}
			dc.Stroke()
			cw := chamberSize(s, h)
			dc.DrawEllipse(c.X, c.Y, cw/2+w/2-wide*0.34, h*0.13+w/2-wide*0.34)
			dc.Fill()
		}
	}
	// Contents: master badge, workers, fruits, in a small grid per chamber.
	icon := math.Max(12, h*0.2)
	for i, s := range t.Segments {
		c := pt(0.5, vs[i])
		drawContents(dc, s, c.X, c.Y, icon)
	}
	if t.Barracks > 0 {
		drawBarracks(dc, g, slot, t.Barracks, st.garrison, icon)
	}
	if st.last {
		render.Polygon(dc, g.Slot(slot, 2))
		dc.SetColor(render.Highlight)
		dc.SetLineWidth(math.Max(3, h*0.045))
		dc.Stroke()
	}
	render.Polygon(dc, body)
	dc.SetColor(render.SoilDark)
	dc.SetLineWidth(1.5)
	dc.Stroke()
}

// chamberSize is the chamber width needed for a segment's contents.
func chamberSize(s micropolis.Segment, h float64) float64 {
	n := s.Workers + len(s.Fruits)
	if s.Master != "" {
		n++
	}
	if n == 0 {
		return h * 0.12
	}
	cols := gridCols(n)
	return float64(cols) * h * 0.2
}

func gridCols(n int) int {
	switch {
	case n <= 2:
		return n
	case n <= 4:
		return 2
	default:
		return 3
	}
}

// drawContents lays out one segment's master, workers and fruits in a grid
// centred at (x, y).
func drawContents(dc *render.Canvas, s micropolis.Segment, x, y, icon float64) {
	type item func(x, y float64)
	var items []item
	if s.Master != "" {
		items = append(items, func(x, y float64) { drawMaster(dc, s.Master, s.Eggs, x, y, icon*1.05) })
	}
	for i := 0; i < s.Workers; i++ {
		items = append(items, func(x, y float64) { render.Worker(dc, x, y, icon*1.05, 0x5A3A22) })
	}
	for _, f := range s.Fruits {
		items = append(items, func(x, y float64) { drawFruit(dc, f, x, y, icon*0.95) })
	}
	n := len(items)
	if n == 0 {
		return
	}
	cols := gridCols(n)
	rows := (n + cols - 1) / cols
	cell := icon * 1.05
	for i, it := range items {
		r, c := i/cols, i%cols
		inRow := cols
		if r == rows-1 && n%cols != 0 {
			inRow = n % cols
		}
		cx := x + (float64(c)-float64(inRow-1)/2)*cell
		cy := y + (float64(r)-float64(rows-1)/2)*cell
		it(cx, cy)
	}
}

// drawBarracks draws a barracks of size places near the tile's outer
// edge as a wooden strip of boxes along the edge, boxes with a soldier
// filled red (MIC-BARR-1).
func drawBarracks(dc *render.Canvas, g render.Ring, slot, size, garrison int, icon float64) {
	const v = 0.86
	box := icon * 0.6
	width := g.Point(slot, 0, v).Distance(g.Point(slot, 1, v))
	du := box / width
	span := du * float64(size)
	u0 := 0.5 - span/2
	h := box / (g.Outer - g.Inner) // box height in v
	pad := 0.22 * du
	render.Polygon(dc, []gg.Point{
		g.Point(slot, u0-pad, v-h*0.72), g.Point(slot, u0+span+pad, v-h*0.72),
		g.Point(slot, u0+span+pad, v+h*0.72), g.Point(slot, u0-pad, v+h*0.72),
	})
	dc.SetColor(render.Wood)
	dc.FillPreserve()
	dc.SetColor(render.Ink)
	dc.SetLineWidth(1.2)
	dc.Stroke()
	for i := 0; i < size; i++ {
		c := g.Point(slot, u0+du*(float64(i)+0.5), v)
		if i < garrison {
			render.Soldier(dc, c.X, c.Y, box*1.1, soldierRed)
			continue
		}
		dc.DrawRectangle(c.X-box*0.36, c.Y-box*0.36, box*0.72, box*0.72)
		dc.SetColor(render.Tunnel)
		dc.Fill()
	}
}

// drawBarracksIcon draws a barracks for the legend: a wooden strip with
// one filled and one empty place.
func drawBarracksIcon(dc *render.Canvas, x, y, size float64) {
	box := size * 0.55
	dc.DrawRoundedRectangle(x-box*1.2, y-box*0.7, box*2.4, box*1.4, box*0.2)
	dc.SetColor(render.Wood)
	dc.FillPreserve()
	dc.SetColor(render.Ink)
	dc.SetLineWidth(1.2)
	dc.Stroke()
	render.Soldier(dc, x-box*0.55, y, box*1.1, soldierRed)
	dc.DrawRectangle(x+box*0.55-box*0.36, y-box*0.36, box*0.72, box*0.72)
	dc.SetColor(render.Tunnel)
	dc.Fill()
}

// soldierRed is the colour of soldier figures everywhere on the board.
const soldierRed render.RGB = 0xA0281E
