package render

import (
	"math"

	"github.com/fogleman/gg"
)

// Icon draws a vector icon centred at (x, y), size pixels tall, filled
// with fill and outlined in a darker shade of it. Icons are drawn, not
// loaded, so they scale cleanly and need no asset files.
type Icon func(dc Painter, x, y, size float64, fill RGB)

// outline returns the outline colour for a fill: dark fills get ink, light
// fills a darkened version of themselves, so icons stay visible on any
// background.
func outline(fill RGB) RGB {
	if fill.Luma() < 0.25 {
		return fill.Mix(White, 0.45)
	}
	return fill.Mix(Ink, 0.55)
}

func fillStroke(dc Painter, fill RGB, lw float64) {
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(outline(fill))
	dc.SetLineWidth(lw)
	dc.Stroke()
}

// antBody draws a top-down ant (head up) with headScale enlarging the head
// (soldiers have big heads and mandibles). Boards draw hundreds of ants, so
// each is four raster passes: legs and feelers in one stroke, the three
// body parts in one fill and one stroke.
func antBody(dc Painter, x, y, size float64, fill RGB, headScale float64, mandibles bool) {
	s := size / 2 // half height
	hy := y - 0.55*s
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	dc.SetColor(outline(fill))
	dc.NewSubPath()
	for _, side := range []float64{-1, 1} {
		for k, dy := range []float64{-0.15, 0.02, 0.18} {
			x0, y0 := x, y+dy*s
			kx := []float64{0.55, 0.62, 0.55}[k]
			ky := []float64{-0.45, 0.05, 0.5}[k]
			dc.MoveTo(x0, y0)
			dc.LineTo(x+side*kx*0.7*s, y0+ky*0.35*s)
			dc.LineTo(x+side*kx*s, y0+ky*0.75*s)
		}
		dc.MoveTo(x+side*0.1*s, hy-0.15*s)
		dc.LineTo(x+side*0.32*s, hy-0.35*s)
		dc.LineTo(x+side*0.38*s, hy-0.48*s)
		if mandibles {
			dc.MoveTo(x+side*0.12*s, hy-0.2*s*headScale)
			dc.QuadraticTo(x+side*0.22*s, hy-0.45*s*headScale, x+side*0.04*s, hy-0.5*s*headScale)
		}
	}
	dc.SetLineWidth(math.Max(1.2, size/14))
	dc.Stroke()
	// Abdomen, thorax, head as one path.
	dc.DrawEllipse(x, y+0.5*s, 0.3*s, 0.42*s)
	dc.NewSubPath()
	dc.DrawEllipse(x, y, 0.17*s, 0.22*s)
	dc.NewSubPath()
	dc.DrawEllipse(x, hy, 0.2*s*headScale, 0.18*s*headScale)
	fillStroke(dc, fill, math.Max(1, size/22))
}

// Ant draws a plain ant.
func Ant(dc Painter, x, y, size float64, fill RGB) {
	antBody(dc, x, y, size, fill, 1, false)
}

// Worker draws a worker ant: a plain ant carrying a crumb, so it differs
// from Ant and Soldier by shape, not only colour.
func Worker(dc Painter, x, y, size float64, fill RGB) {
	antBody(dc, x, y, size, fill, 1, false)
	s := size / 2
	dc.DrawCircle(x, y-0.92*s, 0.13*s)
	fillStroke(dc, 0xE8D9A8, math.Max(1, size/24))
}

// Soldier draws a soldier ant: big head and mandibles.
func Soldier(dc Painter, x, y, size float64, fill RGB) {
	antBody(dc, x, y, size, fill, 1.45, true)
}

// Crown draws a three-pointed crown (queens, first player).
func Crown(dc Painter, x, y, size float64, fill RGB) {
	w, h := size*1.1, size*0.8
	l, r, t, b := x-w/2, x+w/2, y-h/2, y+h/2
	Polygon(dc, []gg.Point{
		{X: l, Y: b}, {X: l, Y: t + 0.15*h}, {X: l + 0.27*w, Y: t + 0.55*h}, {X: x, Y: t},
		{X: r - 0.27*w, Y: t + 0.55*h}, {X: r, Y: t + 0.15*h}, {X: r, Y: b},
	})
	fillStroke(dc, fill, math.Max(1, size/16))
	dc.SetColor(outline(fill))
	for _, px := range []float64{l, x, r} {
		py := t
		if px != x {
			py = t + 0.15*h
		}
		dc.DrawCircle(px, py, size/14)
		dc.Fill()
	}
}

// Queen draws an ant wearing a crown.
func Queen(dc Painter, x, y, size float64, fill RGB) {
	antBody(dc, x, y+size*0.08, size*0.84, fill, 1.1, false)
	Crown(dc, x, y-size*0.36, size*0.3, Gold)
}

// Fruit draws a round fruit with a stem and a leaf.
func Fruit(dc Painter, x, y, size float64, fill RGB) {
	r := size * 0.38
	cy := y + size*0.1
	dc.SetLineCapRound()
	dc.SetColor(SoilDark)
	dc.SetLineWidth(math.Max(1, size/14))
	dc.MoveTo(x, cy-r*0.8)
	dc.QuadraticTo(x+r*0.1, cy-r*1.2, x+r*0.25, cy-r*1.35)
	dc.Stroke()
	dc.DrawCircle(x, cy, r)
	fillStroke(dc, fill, math.Max(1, size/20))
	// Leaf.
	dc.MoveTo(x+r*0.15, cy-r*1.15)
	dc.QuadraticTo(x+r*0.7, cy-r*1.6, x+r*1.0, cy-r*1.05)
	dc.QuadraticTo(x+r*0.5, cy-r*0.8, x+r*0.15, cy-r*1.15)
	fillStroke(dc, 0x5E9E3A, math.Max(1, size/28))
	// Shine.
	dc.SetColor(White.Alpha(0.55))
	dc.DrawEllipse(x-r*0.35, cy-r*0.3, r*0.16, r*0.24)
	dc.Fill()
}

// Food draws a seed/crumb: generic food in resource counters.
func Food(dc Painter, x, y, size float64, fill RGB) {
	dc.Push()
	dc.RotateAbout(-math.Pi/5, x, y)
	dc.DrawEllipse(x, y, size*0.28, size*0.45)
	fillStroke(dc, fill, math.Max(1, size/18))
	dc.SetColor(outline(fill))
	dc.SetLineWidth(math.Max(1, size/22))
	dc.DrawLine(x, y-size*0.3, x, y+size*0.3)
	dc.Stroke()
	dc.Pop()
}

// Barracks draws a small fort: crenellated wall with a gate.
func Barracks(dc Painter, x, y, size float64, fill RGB) {
	w, h := size*1.0, size*0.85
	l, t := x-w/2, y-h/2
	b := t + h
	m := h * 0.2 // merlon height
	q := w / 5
	Polygon(dc, []gg.Point{
		{X: l, Y: b}, {X: l, Y: t}, {X: l + q, Y: t}, {X: l + q, Y: t + m}, {X: l + 2*q, Y: t + m},
		{X: l + 2*q, Y: t}, {X: l + 3*q, Y: t}, {X: l + 3*q, Y: t + m}, {X: l + 4*q, Y: t + m},
		{X: l + 4*q, Y: t}, {X: l + w, Y: t}, {X: l + w, Y: b},
	})
	fillStroke(dc, fill, math.Max(1, size/16))
	dc.SetColor(outline(fill))
	gw := w * 0.3
	dc.DrawRectangle(x-gw/2, b-h*0.42, gw, h*0.42-1)
	dc.DrawCircle(x, b-h*0.42, gw/2)
	dc.Fill()
}

// StarPoints returns the corners of a five-pointed star of outer radius r.
func StarPoints(x, y, r float64) []gg.Point {
	pts := make([]gg.Point, 10)
	for i := range pts {
		rad := r
		if i%2 == 1 {
			rad = r * 0.42
		}
		a := -math.Pi/2 + math.Pi*float64(i)/5
		pts[i] = gg.Point{X: x + rad*math.Cos(a), Y: y + rad*math.Sin(a)}
	}
	return pts
}

// Star draws a five-pointed star (victory points, general token).
func Star(dc Painter, x, y, size float64, fill RGB) {
	Polygon(dc, StarPoints(x, y+size*0.04, size*0.52))
	fillStroke(dc, fill, math.Max(1, size/18))
}

// Token draws a round cardboard token with a star, in fill.
func Token(dc Painter, x, y, size float64, fill RGB) {
	r := size / 2
	dc.DrawCircle(x, y, r)
	fillStroke(dc, fill, math.Max(1.5, size/14))
	dc.DrawCircle(x, y, r*0.78)
	dc.SetColor(outline(fill).Alpha(0.5))
	dc.SetLineWidth(math.Max(1, size/24))
	dc.Stroke()
	Polygon(dc, StarPoints(x, y+r*0.05, r*0.55))
	dc.SetColor(InkOn(fill))
	dc.Fill()
}

// Centipede draws a segmented centipede crawling left to right.
func Centipede(dc Painter, x, y, size float64, fill RGB) {
	n := 6
	seg := size * 0.3
	span := seg * 0.75 * float64(n-1)
	dc.SetLineCapRound()
	for i := n - 1; i >= 0; i-- {
		cx := x - span/2 + seg*0.75*float64(i)
		cy := y + math.Sin(float64(i)*1.1)*size*0.08
		dc.SetColor(outline(fill))
		dc.SetLineWidth(math.Max(1, size/22))
		dc.DrawLine(cx, cy-seg*0.3, cx-seg*0.2, cy-seg*0.9)
		dc.DrawLine(cx, cy+seg*0.3, cx-seg*0.2, cy+seg*0.9)
		dc.Stroke()
		r := seg * 0.5
		if i == n-1 {
			r = seg * 0.55
			dc.DrawLine(cx, cy, cx+seg*0.9, cy-seg*0.6)
			dc.DrawLine(cx, cy, cx+seg*0.9, cy+seg*0.6)
			dc.Stroke()
		}
		dc.DrawCircle(cx, cy, r)
		fillStroke(dc, fill, math.Max(1, size/24))
	}
}

// DrawMarker draws seat marker m centred at (x, y), size pixels across,
// filled with fill and outlined for contrast on any background.
func DrawMarker(dc Painter, m Marker, x, y, size float64, fill RGB) {
	r := size / 2
	switch m {
	case Square:
		dc.DrawRectangle(x-r*0.85, y-r*0.85, r*1.7, r*1.7)
	case Triangle:
		Polygon(dc, RegularPolygon(x, y+r*0.15, r*1.1, 3, -math.Pi/2))
	case Diamond:
		Polygon(dc, RegularPolygon(x, y, r*1.05, 4, -math.Pi/2))
	case Pentagon:
		Polygon(dc, RegularPolygon(x, y+r*0.05, r, 5, -math.Pi/2))
	case Cross:
		a, b := r*0.95, r*0.36
		Polygon(dc, []gg.Point{
			{X: x - b, Y: y - a}, {X: x + b, Y: y - a}, {X: x + b, Y: y - b}, {X: x + a, Y: y - b},
			{X: x + a, Y: y + b}, {X: x + b, Y: y + b}, {X: x + b, Y: y + a}, {X: x - b, Y: y + a},
			{X: x - b, Y: y + b}, {X: x - a, Y: y + b}, {X: x - a, Y: y - b}, {X: x - b, Y: y - b},
		})
	case Hexagon:
		Polygon(dc, RegularPolygon(x, y, r, 6, 0))
	case StarMarker:
		Polygon(dc, StarPoints(x, y+r*0.08, r*1.1))
	default:
		dc.DrawCircle(x, y, r*0.9)
	}
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(fill.Mix(Ink, 0.6))
	dc.SetLineWidth(math.Max(1.2, size/12))
	dc.Stroke()
}
