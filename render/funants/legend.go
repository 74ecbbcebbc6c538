package funants

import (
	"math"

	"golang.org/x/image/font"

	"formica/render"
)

// Cell fills: a cake cell is pink, a centre cell green.
const (
	cakeCellFill   render.RGB = 0xF7D9E3
	centreCellFill render.RGB = 0xDCEFD2
)

// The legend names every symbol the board draws, under the player rows.
const (
	legendRows    = 5           // rows the band holds
	legendMaxSize = textMin + 2 // largest face, shrinking to legendMinSize to fit
	legendMinSize = textMin     // never below the phone bar
	legendH       = legendRows*legendMaxSize*1.7 + 16
)

// legendItems are the board's symbols with their names in t's language.
func legendItems(dc *render.Canvas, fs *render.Faces, t texts, face font.Face) []render.LegendItem {
	glyph := func(f func(x, y, s float64)) render.Icon {
		return func(_ render.Painter, x, y, size float64, _ render.RGB) { f(x, y, size) }
	}
	disc := func(fill render.RGB, mark func(x, y, s float64)) render.Icon {
		return glyph(func(x, y, s float64) {
			dc.DrawCircle(x, y, s*0.5)
			dc.SetColor(fill)
			dc.FillPreserve()
			dc.SetColor(render.SoilDark)
			dc.SetLineWidth(2)
			dc.Stroke()
			mark(x+s*0.3, y-s*0.3, s*0.5)
		})
	}
	grey := render.Seat(0).Color
	return []render.LegendItem{
		{Icon: render.Worker, Fill: grey, Label: t.get("legend.worker")},
		{Icon: render.Soldier, Fill: grey, Label: t.get("legend.soldier")},
		{Icon: glyph(func(x, y, s float64) {
			dc.SetFontFace(fs.Get(render.Bold, math.Round(s*0.8)))
			dc.SetColor(render.Danger)
			render.DrawCentered(dc, "+1", x, y)
			dc.SetFontFace(face) // DrawLegend writes the label in its face
		}), Label: t.get("legend.rage")},
		{Icon: disc(cakeCellFill, func(x, y, s float64) { drawCake(dc, x, y, s) }), Label: t.get("legend.cake_cell")},
		{Icon: disc(centreCellFill, func(x, y, s float64) { render.Star(dc, x, y, s, render.Gold) }), Label: t.get("legend.centre")},
		{Icon: render.Token, Fill: render.Gold, Label: t.get("legend.token")},
		{Icon: glyph(func(x, y, s float64) {
			dc.DrawArc(x, y+s*0.2, s*0.4, math.Pi, 2*math.Pi)
			dc.ClosePath()
			dc.SetColor(render.Ink)
			dc.FillPreserve()
			dc.SetColor(grey)
			dc.SetLineWidth(3)
			dc.Stroke()
		}), Label: t.get("legend.entrance")},
		{Icon: glyph(func(x, y, s float64) {
			dc.SetColor(grey.Alpha(0.7))
			dc.SetLineWidth(4)
			dc.SetDash(3, 5)
			dc.MoveTo(x-s*0.5, y+s*0.3)
			dc.QuadraticTo(x, y-s*0.5, x+s*0.5, y+s*0.3)
			dc.Stroke()
			dc.SetDash()
		}), Label: t.get("legend.tunnel")},
		{Icon: glyph(func(x, y, s float64) {
			render.DrawLabel(dc, "!", x, y, render.Plate{Fill: grey, Text: render.InkOn(grey), MinW: s})
		}), Label: t.get("legend.ambush")},
		{Icon: glyph(func(x, y, s float64) {
			dc.SetColor(render.PanelEdge)
			dc.SetLineWidth(4)
			dc.SetDash(6, 5)
			dc.DrawLine(x-s*0.5, y, x+s*0.5, y)
			dc.Stroke()
			dc.SetDash()
		}), Label: t.get("legend.ring")},
		{Icon: glyph(func(x, y, s float64) { drawCake(dc, x, y, s) }), Label: t.get("legend.cakes")},
		{Icon: glyph(func(x, y, s float64) {
			dc.DrawRoundedRectangle(x-s*0.3, y-s*0.42, s*0.6, s*0.84, 3)
			dc.SetColor(render.White)
			dc.FillPreserve()
			dc.SetColor(render.Ink)
			dc.SetLineWidth(2)
			dc.Stroke()
		}), Label: t.get("legend.hand")},
		{Icon: glyph(func(x, y, s float64) {
			for i, f := range []float64{0.5, 0.36, 0.22} {
				dc.DrawCircle(x, y, s*f)
				dc.SetColor(render.Seat(i).Color)
				dc.Fill()
			}
		}), Label: t.fill("legend.levels", "l", t.get("size.0"), "m", t.get("size.1"), "s", t.get("size.2"))},
	}
}

// legend draws the symbol legend in the band starting at top, at the
// largest face at which it fits the band; what still does not fit is
// reported as clipped.
func (r *Renderer) legend(dc *render.Canvas, fs *render.Faces, t texts, top float64) {
	w := float64(width) - 2*24
	size := legendMaxSize
	items := legendItems(dc, fs, t, fs.Get(render.Regular, size))
	for size > legendMinSize && render.LegendRows(fs.Get(render.Regular, size), w, items) > legendRows {
		size--
	}
	face := fs.Get(render.Regular, size)
	items = legendItems(dc, fs, t, face)
	if render.LegendRows(face, w, items) > legendRows {
		t.clipped(items[len(items)-1].Label)
	}
	render.DrawLegend(dc, face, 24, top+8, w, items)
}
