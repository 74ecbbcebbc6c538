package march

import (
	"image"
	"image/color"
	"image/draw"
	"math"
)

// fillRound fills an opaque rounded rectangle. gg rasterizes every filled
// pixel through a generic painter; large panels and boxes are most of a
// board's area, so their straight parts are plain rectangle copies and only
// the four corners go through gg (anti-aliased). Coordinates are rounded to
// whole pixels so the straight edges stay crisp.
func (d *drawer) fillRound(x, y, w, h, r float64, c color.Color) {
	img, ok := d.dc.Image().(*image.RGBA)
	if !ok {
		d.dc.DrawRoundedRectangle(x, y, w, h, r)
		d.dc.SetColor(c)
		d.dc.Fill()
		return
	}
	x, y = math.Round(x), math.Round(y)
	w, h, r = math.Round(w), math.Round(h), math.Round(r)
	r = math.Min(r, math.Min(w, h)/2)
	u := image.NewUniform(c)
	ix, iy, iw, ih, ir := int(x), int(y), int(w), int(h), int(r)
	draw.Draw(img, image.Rect(ix+ir, iy, ix+iw-ir, iy+ih), u, image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(ix, iy+ir, ix+iw, iy+ih-ir), u, image.Point{}, draw.Src)
	if r <= 0 {
		return
	}
	dc := d.dc
	for _, p := range [][2]float64{{x + r, y + r}, {x + w - r, y + r}, {x + r, y + h - r}, {x + w - r, y + h - r}} {
		dc.NewSubPath()
		dc.DrawCircle(p[0], p[1], r)
	}
	dc.SetColor(c)
	dc.Fill()
}

// strokeRound outlines a rounded rectangle.
func (d *drawer) strokeRound(x, y, w, h, r, lw float64, c color.Color) {
	x, y = math.Round(x), math.Round(y)
	w, h = math.Round(w), math.Round(h)
	d.dc.DrawRoundedRectangle(x, y, w, h, r)
	d.dc.SetColor(c)
	d.dc.SetLineWidth(lw)
	d.dc.Stroke()
}
