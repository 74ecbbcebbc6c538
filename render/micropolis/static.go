package micropolis

import (
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"formica/engine/micropolis"
	"formica/render"
)

// static draws everything that depends only on the layout.
func (d *drawer) static() {
	dc, l := d.dc, d.l
	dc.SetColor(render.Paper)
	dc.Clear()

	// Row band card.
	card(dc, margin, l.rowY, Width-2*margin, rowBandH-4, render.Panel)

	for seat, p := range l.panels {
		st := render.Seat(seat)
		card(dc, p.x, p.y, p.w, p.h, render.Panel)
		// Title strip in the seat's tint, with marker and "P1" (what
		// players see in prompts and type as p1).
		dc.DrawRoundedRectangle(p.x, p.y, p.w, panelTop-8, 14)
		dc.SetColor(st.Light)
		dc.Fill()
		dc.DrawRectangle(p.x, p.y+panelTop-22, p.w, 14)
		dc.SetColor(st.Light)
		dc.Fill()
		render.DrawMarker(dc, st.Marker, p.x+30, p.y+25, 30, st.Color)
		d.font(render.Bold, 30)
		dc.SetColor(st.Dark)
		render.DrawAligned(dc, "P"+strconv.Itoa(seat+1), p.x+54, p.y+25, 0)
		for _, g := range p.rings {
			d.emptyRing(g, st)
		}
	}
	if l.key.final {
		d.scoreHeader()
	}
	d.legend()
}

// card draws a rounded panel with an outline.
func card(dc *render.Canvas, x, y, w, h float64, fill render.RGB) {
	dc.DrawRoundedRectangle(x, y, w, h, 14)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(render.PanelEdge)
	dc.SetLineWidth(2)
	dc.Stroke()
}

// emptyRing draws the base, ten empty slots and the slot labels 0..9 that
// players type to place a tile (MIC-GEO-1).
func (d *drawer) emptyRing(g render.Ring, st render.Style) {
	dc := d.dc
	for i := 0; i < 10; i++ {
		render.Polygon(dc, g.Slot(i, 2))
		dc.SetColor(render.Paper)
		dc.FillPreserve()
		dc.SetColor(render.PanelEdge)
		dc.SetLineWidth(2)
		dc.Stroke()
	}
	render.Polygon(dc, g.Base())
	dc.SetColor(st.Light)
	dc.FillPreserve()
	dc.SetColor(st.Color)
	dc.SetLineWidth(4)
	dc.Stroke()
	d.font(render.Bold, slotLabelSize(g))
	for i := 0; i < 10; i++ {
		c := slotLabelPos(g, i)
		render.DrawLabel(dc, strconv.Itoa(i), c.X, c.Y, render.Plate{Fill: render.Ink, Text: render.White})
	}
}

// slotLabelSize is the size of the slot numbers players type: the phone
// size on every ring.
func slotLabelSize(render.Ring) float64 { return textMin }

// slotLabelPos puts slot i's label just outside the ring on its centre line.
func slotLabelPos(g render.Ring, i int) gg.Point {
	a := g.Angle(i)
	rad := g.Outer*math.Cos(math.Pi/10) + slotLabelSize(g)*0.95
	return gg.Point{X: g.Center.X + rad*math.Cos(a), Y: g.Center.Y + rad*math.Sin(a)}
}

// scoreColumns are the label keys of the score pad rows (MIC-SCORE-1..6)
// plus the total.
func scoreColumns() []string {
	return []string{"col.population", "col.colony", "col.harvest", "col.royal", "col.army", "col.barracks", "col.total"}
}

func (d *drawer) scoreHeader() {
	dc, l := d.dc, d.l
	card(dc, margin, l.scoreY, Width-2*margin, l.scoreH, render.Panel)
	title := d.fit(render.Bold, d.w.get("final_score"), Width-2*margin-48, textMin, 32)
	dc.SetColor(render.Ink)
	render.DrawAligned(dc, title, margin+24, l.scoreY+32, 0)
	for i, key := range scoreColumns() {
		x := scoreColX(i)
		// Headings alternate between two lines, so each has twice the
		// column pitch: at the phone size one pitch is too narrow.
		name := d.fit(render.Bold, d.w.get(key), 2*scoreColPitch-12, textMin, textMin)
		dc.SetColor(render.Muted)
		if i == len(scoreColumns())-1 {
			dc.SetColor(render.Ink)
		}
		render.DrawCentered(dc, name, x, l.scoreY+74+scoreHeadStep*float64(i%2))
	}
}

const (
	scoreColPitch = 140.0
	scoreHeadStep = 1.2 * textMin // the second line of column headings
)

func scoreColX(i int) float64 { return 370 + float64(i)*scoreColPitch }

// legend explains the glyphs in one or two rows of icon + name.
func (d *drawer) legend() {
	dc, l := d.dc, d.l
	glyph := func(f func(x, y, s float64)) render.Icon {
		return func(_ render.Painter, x, y, size float64, _ render.RGB) { f(x, y, size) }
	}
	var items []render.LegendItem
	items = append(items, render.LegendItem{Icon: render.Worker, Fill: 0x5A3A22, Label: d.w.get("worker")})
	for _, m := range []string{micropolis.Queen, micropolis.Nurse, micropolis.Architect, micropolis.Recruiter, micropolis.Centurion} {
		items = append(items, render.LegendItem{Icon: glyph(func(x, y, s float64) { drawMaster(dc, m, 2, x, y, s) }), Label: d.w.get(m)})
	}
	items = append(items, render.LegendItem{Icon: render.Soldier, Fill: soldierRed, Label: d.w.get("soldier")})
	items = append(items, render.LegendItem{Icon: glyph(func(x, y, s float64) { drawBarracksIcon(dc, x, y, s) }), Label: d.w.get("barracks")})
	for _, f := range fruitKinds() {
		items = append(items, render.LegendItem{Icon: glyph(func(x, y, s float64) { drawFruit(dc, f, x, y, s) }), Label: d.w.get(f)})
	}
	render.DrawLegend(dc, d.fs.Get(render.Regular, textMin), margin+8, l.legend, Width-2*margin-16, items)
}

// fruitKinds are the six fruits (MIC-FRUIT-1) and the gift, in legend order.
// The engine's tile data uses the same names, which are also label keys.
func fruitKinds() []string {
	return []string{"cherry", "lemon", "grape", "blackberry", "fig", "pomegranate", micropolis.Gift}
}
