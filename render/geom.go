package render

import (
	"math"

	"github.com/fogleman/gg"
)

// Polygon draws a closed path through pts (then Fill or Stroke it).
func Polygon(dc Painter, pts []gg.Point) {
	if len(pts) == 0 {
		return
	}
	dc.NewSubPath()
	dc.MoveTo(pts[0].X, pts[0].Y)
	for _, p := range pts[1:] {
		dc.LineTo(p.X, p.Y)
	}
	dc.ClosePath()
}

// RegularPolygon returns the n corners of a regular polygon with
// circumradius r centred at (x, y), the first corner at angle rot (radians,
// 0 = east, clockwise on screen).
func RegularPolygon(x, y, r float64, n int, rot float64) []gg.Point {
	pts := make([]gg.Point, n)
	for i := range pts {
		a := rot + 2*math.Pi*float64(i)/float64(n)
		pts[i] = gg.Point{X: x + r*math.Cos(a), Y: y + r*math.Sin(a)}
	}
	return pts
}

// Lerp returns the point t of the way from a to b.
func Lerp(a, b gg.Point, t float64) gg.Point {
	return gg.Point{X: a.X + (b.X-a.X)*t, Y: a.Y + (b.Y-a.Y)*t}
}

// Centroid returns the average of pts (the centre of a convex polygon's corners).
func Centroid(pts []gg.Point) gg.Point {
	var c gg.Point
	for _, p := range pts {
		c.X += p.X
		c.Y += p.Y
	}
	n := float64(len(pts))
	if n == 0 {
		return c
	}
	return gg.Point{X: c.X / n, Y: c.Y / n}
}

// Hex is a hex-grid layout in axial coordinates (q, r), as in Red Blob
// Games' "Hexagonal Grids": pointy-top hexes have rows, flat-top hexes
// have columns.
type Hex struct {
	Size   float64  // centre to corner, in pixels
	Pointy bool     // pointy-top (true) or flat-top (false)
	Origin gg.Point // pixel centre of hex (0, 0)
}

// Center returns the pixel centre of hex (q, r).
func (h Hex) Center(q, r int) gg.Point {
	fq, fr := float64(q), float64(r)
	var x, y float64
	if h.Pointy {
		x = h.Size * math.Sqrt(3) * (fq + fr/2)
		y = h.Size * 1.5 * fr
	} else {
		x = h.Size * 1.5 * fq
		y = h.Size * math.Sqrt(3) * (fr + fq/2)
	}
	return gg.Point{X: h.Origin.X + x, Y: h.Origin.Y + y}
}

// At returns the hex containing pixel (x, y).
func (h Hex) At(x, y float64) (q, r int) {
	x = (x - h.Origin.X) / h.Size
	y = (y - h.Origin.Y) / h.Size
	var fq, fr float64
	if h.Pointy {
		fq = math.Sqrt(3)/3*x - y/3
		fr = 2.0 / 3 * y
	} else {
		fq = 2.0 / 3 * x
		fr = -x/3 + math.Sqrt(3)/3*y
	}
	return axialRound(fq, fr)
}

// axialRound rounds fractional axial coordinates through cube coordinates,
// resetting the component with the largest rounding error.
func axialRound(fq, fr float64) (int, int) {
	fs := -fq - fr
	q, r, s := math.Round(fq), math.Round(fr), math.Round(fs)
	dq, dr, ds := math.Abs(q-fq), math.Abs(r-fr), math.Abs(s-fs)
	switch {
	case dq > dr && dq > ds:
		q = -r - s
	case dr > ds:
		r = -q - s
	}
	return int(q), int(r)
}

// Corners returns the six corners of hex (q, r), shrunk by inset pixels.
func (h Hex) Corners(q, r int, inset float64) []gg.Point {
	c := h.Center(q, r)
	rot := 0.0
	if h.Pointy {
		rot = -math.Pi / 2
	}
	return RegularPolygon(c.X, c.Y, h.Size-inset, 6, rot)
}

// Ring is N slots around a regular N-gon base, like Micropolis's ten tiles
// around a ten-sided base. Slot i lies against base side i, between base
// corners i and i+1; slots run clockwise on screen. With the default Start
// slot 0 is centred at the top.
type Ring struct {
	Center       gg.Point
	Inner, Outer float64 // circumradius of the base and of the ring's outside
	N            int
	// Start is the angle of base corner 0 (radians, 0 = east, clockwise).
	// Use DefaultStart(N) to put slot 0 at 12 o'clock.
	Start float64
}

// DefaultStart returns the Start that centres slot 0 at 12 o'clock.
func DefaultStart(n int) float64 { return -math.Pi/2 - math.Pi/float64(n) }

// Corner returns base corner i scaled to radius rad.
func (g Ring) Corner(i int, rad float64) gg.Point {
	a := g.Start + 2*math.Pi*float64(i)/float64(g.N)
	return gg.Point{X: g.Center.X + rad*math.Cos(a), Y: g.Center.Y + rad*math.Sin(a)}
}

// Angle returns the angle of slot i's centre line.
func (g Ring) Angle(i int) float64 {
	return g.Start + 2*math.Pi*(float64(i)+0.5)/float64(g.N)
}

// Base returns the base polygon (radius Inner).
func (g Ring) Base() []gg.Point {
	return RegularPolygon(g.Center.X, g.Center.Y, g.Inner, g.N, g.Start)
}

// Slot returns slot i as a trapezoid: inner-left, inner-right,
// outer-right, outer-left ("left" is the counter-clockwise side). inset
// shrinks it by about that many pixels on every side, for gaps between
// tiles.
func (g Ring) Slot(i int, inset float64) []gg.Point {
	pts := []gg.Point{
		g.Point(i, 0, 0), g.Point(i, 1, 0), g.Point(i, 1, 1), g.Point(i, 0, 1),
	}
	if inset == 0 {
		return pts
	}
	// Inset radially by moving the radii, sideways by moving the u
	// coordinate by inset over the local width.
	in := g.Inner + inset
	out := g.Outer - inset
	wIn := g.Corner(0, in).Distance(g.Corner(1, in))
	wOut := g.Corner(0, out).Distance(g.Corner(1, out))
	uIn, uOut := inset/wIn, inset/wOut
	c := func(u, rad float64) gg.Point {
		return Lerp(g.Corner(i, rad), g.Corner(i+1, rad), u)
	}
	return []gg.Point{c(uIn, in), c(1-uIn, in), c(1-uOut, out), c(uOut, out)}
}

// Point maps slot-local coordinates to pixels: u runs 0..1 from the
// slot's counter-clockwise side to its clockwise side, v runs 0..1 from the
// base to the outside. Straight lines in (u, v) stay straight.
func (g Ring) Point(i int, u, v float64) gg.Point {
	rad := g.Inner + (g.Outer-g.Inner)*v
	return Lerp(g.Corner(i, rad), g.Corner(i+1, rad), u)
}

// SlotCenter returns the centre of slot i.
func (g Ring) SlotCenter(i int) gg.Point { return g.Point(i, 0.5, 0.5) }

// Sector draws slot i as an annulus sector (curved outer edge) rather than
// a trapezoid, shrunk by inset pixels; fill or stroke it afterwards.
func (g Ring) Sector(dc Painter, i int, inset float64) {
	step := 2 * math.Pi / float64(g.N)
	a0 := g.Start + step*float64(i)
	a1 := a0 + step
	in, out := g.Inner+inset, g.Outer-inset
	da := inset / out
	db := inset / in
	dc.NewSubPath()
	dc.DrawArc(g.Center.X, g.Center.Y, out, a0+da, a1-da)
	dc.DrawArc(g.Center.X, g.Center.Y, in, a1-db, a0+db)
	// DrawArc with a1 < a0 runs backwards, which closes the ring segment.
	dc.ClosePath()
}
