package micropolis

import (
	"math"

	"github.com/fogleman/gg"

	"formica/engine/micropolis"
	"formica/render"
)

// Fruit glyphs differ by shape as well as colour (MIC-FRUIT-1), so players
// who cannot tell red from green still count distinct kinds for Harvest.
const (
	cherryRed   render.RGB = 0xC8102E
	lemonYellow render.RGB = 0xF2D230
	grapeGreen  render.RGB = 0x8DBA3C
	berryDark   render.RGB = 0x3B2253
	figPurple   render.RGB = 0x8E5A7E
	pomegranate render.RGB = 0xE0562C
	giftBlue    render.RGB = 0x2F7FC1
	eggWhite    render.RGB = 0xFFF8E6
)

// drawFruit draws fruit kind (or "gift") centred at (x, y), size px tall.
func drawFruit(dc *render.Canvas, kind string, x, y, size float64) {
	r := size / 2
	lw := math.Max(1, size/14)
	edge := func(c render.RGB) {
		dc.SetColor(c)
		dc.FillPreserve()
		dc.SetColor(c.Mix(render.Ink, 0.6))
		dc.SetLineWidth(lw)
		dc.Stroke()
	}
	switch kind {
	case "cherry": // two cherries on joined stems
		dc.SetColor(render.SoilDark)
		dc.SetLineWidth(lw)
		dc.MoveTo(x-r*0.45, y+r*0.25)
		dc.QuadraticTo(x-r*0.2, y-r*0.5, x+r*0.15, y-r*0.9)
		dc.MoveTo(x+r*0.45, y+r*0.35)
		dc.QuadraticTo(x+r*0.35, y-r*0.4, x+r*0.15, y-r*0.9)
		dc.Stroke()
		dc.DrawCircle(x-r*0.45, y+r*0.45, r*0.45)
		edge(cherryRed)
		dc.DrawCircle(x+r*0.45, y+r*0.5, r*0.45)
		edge(cherryRed)
	case "lemon": // pointed ellipse
		dc.MoveTo(x-r, y)
		dc.QuadraticTo(x-r*0.6, y-r*0.85, x, y-r*0.72)
		dc.QuadraticTo(x+r*0.6, y-r*0.85, x+r, y)
		dc.QuadraticTo(x+r*0.6, y+r*0.85, x, y+r*0.72)
		dc.QuadraticTo(x-r*0.6, y+r*0.85, x-r, y)
		dc.ClosePath()
		edge(lemonYellow)
	case "grape": // triangular bunch of light berries
		for _, p := range [][2]float64{{-0.5, -0.45}, {0, -0.45}, {0.5, -0.45}, {-0.25, 0.05}, {0.25, 0.05}, {0, 0.55}} {
			dc.NewSubPath()
			dc.DrawCircle(x+p[0]*r, y+p[1]*r, r*0.3)
		}
		edge(grapeGreen)
	case "blackberry": // round dark drupelet cluster
		dc.DrawCircle(x, y+r*0.1, r*0.8)
		edge(berryDark)
		dc.SetColor(berryDark.Mix(render.White, 0.45))
		for _, p := range [][2]float64{{-0.3, -0.15}, {0.3, -0.15}, {0, 0.2}, {-0.3, 0.45}, {0.3, 0.45}} {
			dc.NewSubPath()
			dc.DrawCircle(x+p[0]*r, y+p[1]*r+r*0.05, r*0.12)
		}
		dc.Fill()
		dc.DrawRectangle(x-r*0.1, y-r*0.95, r*0.2, r*0.3)
		dc.SetColor(render.RGB(0x4E8A2E))
		dc.Fill()
	case "fig": // teardrop, point up
		dc.MoveTo(x, y-r)
		dc.QuadraticTo(x+r*0.35, y-r*0.45, x+r*0.75, y+r*0.2)
		dc.QuadraticTo(x+r*0.8, y+r*0.9, x, y+r*0.9)
		dc.QuadraticTo(x-r*0.8, y+r*0.9, x-r*0.75, y+r*0.2)
		dc.QuadraticTo(x-r*0.35, y-r*0.45, x, y-r)
		dc.ClosePath()
		edge(figPurple)
	case "pomegranate": // round with a crown
		dc.DrawCircle(x, y+r*0.15, r*0.78)
		edge(pomegranate)
		render.Polygon(dc, []gg.Point{
			{X: x - r*0.3, Y: y - r*0.5}, {X: x - r*0.35, Y: y - r*0.95}, {X: x - r*0.1, Y: y - r*0.7},
			{X: x, Y: y - r}, {X: x + r*0.1, Y: y - r*0.7}, {X: x + r*0.35, Y: y - r*0.95}, {X: x + r*0.3, Y: y - r*0.5},
		})
		edge(pomegranate.Mix(render.Ink, 0.2))
	default: // gift: wrapped box with a ribbon
		dc.DrawRectangle(x-r*0.8, y-r*0.45, r*1.6, r*1.3)
		edge(giftBlue)
		dc.SetColor(render.Highlight)
		dc.DrawRectangle(x-r*0.14, y-r*0.45, r*0.28, r*1.3)
		dc.DrawRectangle(x-r*0.8, y+r*0.05, r*1.6, r*0.25)
		dc.Fill()
		dc.DrawEllipse(x-r*0.3, y-r*0.65, r*0.3, r*0.2)
		dc.DrawEllipse(x+r*0.3, y-r*0.65, r*0.3, r*0.2)
		dc.SetLineWidth(lw * 1.5)
		dc.Stroke()
	}
}

// masterFill is the badge colour behind each master kind.
func masterFill(kind string) render.RGB {
	switch kind {
	case micropolis.Queen:
		return 0x6A3D9A
	case micropolis.Nurse:
		return 0xF4B6C2
	case micropolis.Architect:
		return 0x2A6F97
	case micropolis.Recruiter:
		return 0x2E7D32
	default: // centurion
		return 0x8B1E1E
	}
}

// drawMaster draws a master ant as a round badge with a shape that names
// its role: crown (queen), eggs (nurse), set square (architect), plus
// (recruiter), shield (centurion).
func drawMaster(dc *render.Canvas, kind string, eggs int, x, y, size float64) {
	r := size / 2
	fill := masterFill(kind)
	dc.DrawCircle(x, y, r)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(render.Ink)
	dc.SetLineWidth(math.Max(1, size/14))
	dc.Stroke()
	switch kind {
	case micropolis.Queen:
		render.Crown(dc, x, y+r*0.05, r*1.1, render.Gold)
	case micropolis.Nurse:
		if eggs < 1 {
			eggs = 1
		}
		if eggs > 3 {
			eggs = 3
		}
		er := r * 0.3
		span := float64(eggs-1) * er * 1.5
		for i := 0; i < eggs; i++ {
			ex := x - span/2 + float64(i)*er*1.5
			dc.DrawEllipse(ex, y+r*0.05, er*0.72, er)
			dc.SetColor(eggWhite)
			dc.FillPreserve()
			dc.SetColor(render.Ink)
			dc.SetLineWidth(math.Max(1, size/20))
			dc.Stroke()
		}
	case micropolis.Architect:
		render.Polygon(dc, []gg.Point{{X: x - r*0.55, Y: y + r*0.5}, {X: x + r*0.55, Y: y + r*0.5}, {X: x - r*0.55, Y: y - r*0.6}})
		dc.SetColor(render.White)
		dc.Fill()
		render.Polygon(dc, []gg.Point{{X: x - r*0.35, Y: y + r*0.3}, {X: x + r*0.05, Y: y + r*0.3}, {X: x - r*0.35, Y: y - r*0.1}})
		dc.SetColor(fill)
		dc.Fill()
	case micropolis.Recruiter:
		a, b := r*0.6, r*0.2
		dc.DrawRectangle(x-a, y-b, 2*a, 2*b)
		dc.DrawRectangle(x-b, y-a, 2*b, 2*a)
		dc.SetColor(render.White)
		dc.Fill()
	default: // centurion: shield
		dc.MoveTo(x-r*0.55, y-r*0.55)
		dc.LineTo(x+r*0.55, y-r*0.55)
		dc.LineTo(x+r*0.55, y)
		dc.QuadraticTo(x+r*0.45, y+r*0.5, x, y+r*0.68)
		dc.QuadraticTo(x-r*0.45, y+r*0.5, x-r*0.55, y)
		dc.ClosePath()
		dc.SetColor(render.White)
		dc.Fill()
		dc.DrawRectangle(x-r*0.08, y-r*0.45, r*0.16, r*0.9)
		dc.SetColor(fill)
		dc.Fill()
	}
}
