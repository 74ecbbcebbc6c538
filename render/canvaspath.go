package render

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/raster"
	"golang.org/x/image/math/fixed"
)

// Canvas fills and strokes paths itself, with gg's geometry and freetype's
// rasterizer, so the pixels are gg's (TestCanvasPathsMatchGG): gg
// allocates a copy of the path for every fill and a flattened copy for
// every stroke, and paints each span pixel by pixel even where the colour
// is opaque and the coverage full, which is most of a board's area. The
// Canvas keeps its own copy of the path beside gg's (gg's fields are not
// exported), reuses its buffers, and copies opaque fully covered spans.
// Whatever it cannot be sure of (a clip mask, a pattern
// fill, a colour it did not see set) goes through gg, whose path is kept
// in step.

// pathState is the Canvas's copy of gg's current path.
type pathState struct {
	fill, stroke raster.Path
	start, cur   gg.Point
	has          bool // a current point exists
	tmp, flat    raster.Path
	pts, dpts    []gg.Point // flattened, dashed points
	ends, dends  []int      // their subpaths' ends
	rast         *raster.Rasterizer
	paint        spanPainter
	key          []fixed.Int26_6 // a SpanCache key
	shifted      []raster.Span   // cached spans moved into place
	rec          recorder
}

// MoveTo starts a new subpath at (x, y), as gg's MoveTo.
func (c *Canvas) MoveTo(x, y float64) {
	c.Context.MoveTo(x, y)
	p := &c.path
	if p.has {
		p.fill.Add1(p.start.Fixed())
	}
	x, y = c.TransformPoint(x, y)
	pt := gg.Point{X: x, Y: y}
	p.stroke.Start(pt.Fixed())
	p.fill.Start(pt.Fixed())
	p.start, p.cur, p.has = pt, pt, true
}

// LineTo adds a line to (x, y), as gg's LineTo.
func (c *Canvas) LineTo(x, y float64) {
	p := &c.path
	if !p.has {
		c.MoveTo(x, y)
		return
	}
	c.Context.LineTo(x, y)
	x, y = c.TransformPoint(x, y)
	pt := gg.Point{X: x, Y: y}
	p.stroke.Add1(pt.Fixed())
	p.fill.Add1(pt.Fixed())
	p.cur = pt
}

// QuadraticTo adds a quadratic Bézier curve, as gg's QuadraticTo.
func (c *Canvas) QuadraticTo(x1, y1, x2, y2 float64) {
	p := &c.path
	if !p.has {
		c.MoveTo(x1, y1)
	}
	c.Context.QuadraticTo(x1, y1, x2, y2)
	x1, y1 = c.TransformPoint(x1, y1)
	x2, y2 = c.TransformPoint(x2, y2)
	p1, p2 := gg.Point{X: x1, Y: y1}, gg.Point{X: x2, Y: y2}
	p.stroke.Add2(p1.Fixed(), p2.Fixed())
	p.fill.Add2(p1.Fixed(), p2.Fixed())
	p.cur = p2
}

// CubicTo adds a cubic Bézier curve as line segments, as gg's CubicTo.
func (c *Canvas) CubicTo(x1, y1, x2, y2, x3, y3 float64) {
	p := &c.path
	if !p.has {
		c.MoveTo(x1, y1)
	}
	c.Context.CubicTo(x1, y1, x2, y2, x3, y3)
	x0, y0 := p.cur.X, p.cur.Y
	x1, y1 = c.TransformPoint(x1, y1)
	x2, y2 = c.TransformPoint(x2, y2)
	x3, y3 = c.TransformPoint(x3, y3)
	points := gg.CubicBezier(x0, y0, x1, y1, x2, y2, x3, y3)
	prev := p.cur.Fixed()
	for _, pt := range points[1:] {
		f := pt.Fixed()
		if f == prev {
			continue
		}
		prev = f
		p.stroke.Add1(f)
		p.fill.Add1(f)
		p.cur = pt
	}
}

// ClosePath closes the current subpath, as gg's ClosePath.
func (c *Canvas) ClosePath() {
	c.Context.ClosePath()
	p := &c.path
	if p.has {
		p.stroke.Add1(p.start.Fixed())
		p.fill.Add1(p.start.Fixed())
		p.cur = p.start
	}
}

// ClearPath empties the path, as gg's ClearPath.
func (c *Canvas) ClearPath() {
	c.Context.ClearPath()
	c.path.stroke.Clear()
	c.path.fill.Clear()
	c.path.has = false
}

// NewSubPath ends the current subpath, as gg's NewSubPath.
func (c *Canvas) NewSubPath() {
	c.Context.NewSubPath()
	p := &c.path
	if p.has {
		p.fill.Add1(p.start.Fixed())
	}
	p.has = false
}

// The shapes below are gg's, built from the Canvas's own path methods.

// DrawPoint adds a circle of radius r (in device pixels) at (x, y).
func (c *Canvas) DrawPoint(x, y, r float64) {
	c.Push()
	tx, ty := c.TransformPoint(x, y)
	c.Identity()
	c.DrawCircle(tx, ty, r)
	c.Pop()
}

// DrawLine adds a line segment.
func (c *Canvas) DrawLine(x1, y1, x2, y2 float64) {
	c.MoveTo(x1, y1)
	c.LineTo(x2, y2)
}

// DrawRectangle adds a rectangle.
func (c *Canvas) DrawRectangle(x, y, w, h float64) {
	c.NewSubPath()
	c.MoveTo(x, y)
	c.LineTo(x+w, y)
	c.LineTo(x+w, y+h)
	c.LineTo(x, y+h)
	c.ClosePath()
}

// DrawRoundedRectangle adds a rectangle with corners of radius r.
func (c *Canvas) DrawRoundedRectangle(x, y, w, h, r float64) {
	x0, x1, x2, x3 := x, x+r, x+w-r, x+w
	y0, y1, y2, y3 := y, y+r, y+h-r, y+h
	c.NewSubPath()
	c.MoveTo(x1, y0)
	c.LineTo(x2, y0)
	c.DrawArc(x2, y1, r, gg.Radians(270), gg.Radians(360))
	c.LineTo(x3, y2)
	c.DrawArc(x2, y2, r, gg.Radians(0), gg.Radians(90))
	c.LineTo(x1, y3)
	c.DrawArc(x1, y2, r, gg.Radians(90), gg.Radians(180))
	c.LineTo(x0, y1)
	c.DrawArc(x1, y1, r, gg.Radians(180), gg.Radians(270))
	c.ClosePath()
}

// DrawEllipticalArc adds an elliptical arc as 16 quadratic curves.
func (c *Canvas) DrawEllipticalArc(x, y, rx, ry, angle1, angle2 float64) {
	const n = 16
	for i := 0; i < n; i++ {
		p1 := float64(i+0) / n
		p2 := float64(i+1) / n
		a1 := angle1 + (angle2-angle1)*p1
		a2 := angle1 + (angle2-angle1)*p2
		x0 := x + rx*math.Cos(a1)
		y0 := y + ry*math.Sin(a1)
		x1 := x + rx*math.Cos((a1+a2)/2)
		y1 := y + ry*math.Sin((a1+a2)/2)
		x2 := x + rx*math.Cos(a2)
		y2 := y + ry*math.Sin(a2)
		cx := 2*x1 - x0/2 - x2/2
		cy := 2*y1 - y0/2 - y2/2
		if i == 0 {
			if c.path.has {
				c.LineTo(x0, y0)
			} else {
				c.MoveTo(x0, y0)
			}
		}
		c.QuadraticTo(cx, cy, x2, y2)
	}
}

// DrawEllipse adds an ellipse.
func (c *Canvas) DrawEllipse(x, y, rx, ry float64) {
	c.NewSubPath()
	c.DrawEllipticalArc(x, y, rx, ry, 0, 2*math.Pi)
	c.ClosePath()
}

// DrawArc adds a circular arc.
func (c *Canvas) DrawArc(x, y, r, angle1, angle2 float64) {
	c.DrawEllipticalArc(x, y, r, r, angle1, angle2)
}

// DrawCircle adds a circle.
func (c *Canvas) DrawCircle(x, y, r float64) {
	c.NewSubPath()
	c.DrawEllipticalArc(x, y, r, r, 0, 2*math.Pi)
	c.ClosePath()
}

// DrawRegularPolygon adds a regular polygon of n sides.
func (c *Canvas) DrawRegularPolygon(n int, x, y, r, rotation float64) {
	angle := 2 * math.Pi / float64(n)
	rotation -= math.Pi / 2
	if n%2 == 0 {
		rotation += angle / 2
	}
	c.NewSubPath()
	for i := 0; i < n; i++ {
		a := rotation + angle*float64(i)
		c.LineTo(x+r*math.Cos(a), y+r*math.Sin(a))
	}
	c.ClosePath()
}

// Fill fills the path and clears it, as gg's Fill.
func (c *Canvas) Fill() {
	c.FillPreserve()
	c.ClearPath()
}

// FillPreserve fills the path (open subpaths closed), as gg's.
func (c *Canvas) FillPreserve() {
	if c.st.fill == nil || c.clip || c.slow {
		c.Context.FillPreserve()
		return
	}
	p := &c.path
	path := p.fill
	if p.has {
		p.tmp = append(p.tmp[:0], p.fill...)
		p.tmp.Add1(p.start.Fixed())
		path = p.tmp
	}
	p.paint.set(c.img, c.st.fill)
	nonZero := !c.st.evenOdd
	head := [4]fixed.Int26_6{1}
	if nonZero {
		head[1] = 1
	}
	c.rasterize(path, head, true, 2, func(r *raster.Rasterizer, path raster.Path) {
		r.UseNonZeroWinding = nonZero
		r.Clear()
		r.AddPath(path)
	})
}

// Stroke strokes the path and clears it, as gg's Stroke.
func (c *Canvas) Stroke() {
	c.StrokePreserve()
	c.ClearPath()
}

// StrokePreserve strokes the path with the line width, cap and join set,
// as gg's.
func (c *Canvas) StrokePreserve() {
	if c.st.stroke == nil || c.clip || c.slow {
		c.Context.StrokePreserve()
		return
	}
	p := &c.path
	p.flatten(c.st.dashes, c.st.dashOffset)
	p.paint.set(c.img, c.st.stroke)
	w, cp, jn := fixed.Int26_6(c.st.lineWidth*64), capper(c.st.cap), joiner(c.st.join)
	head := [4]fixed.Int26_6{2, w, fixed.Int26_6(c.st.cap), fixed.Int26_6(c.st.join)}
	c.rasterize(p.flat, head, false, int(c.st.lineWidth)+3, func(r *raster.Rasterizer, path raster.Path) {
		r.UseNonZeroWinding = true
		r.Clear()
		r.AddStroke(path, w, cp, jn)
	})
}

// Clip intersects the clip with the path and clears the path, as gg's.
func (c *Canvas) Clip() {
	c.ClipPreserve()
	c.ClearPath()
}

func (c *Canvas) rasterizer() *raster.Rasterizer {
	if c.path.rast == nil {
		s := c.img.Bounds().Size()
		c.path.rast = raster.NewRasterizer(s.X, s.Y)
	}
	return c.path.rast
}

func capper(lc gg.LineCap) raster.Capper {
	switch lc {
	case gg.LineCapButt:
		return raster.ButtCapper
	case gg.LineCapRound:
		return raster.RoundCapper
	case gg.LineCapSquare:
		return raster.SquareCapper
	}
	return nil
}

func joiner(lj gg.LineJoin) raster.Joiner {
	switch lj {
	case gg.LineJoinBevel:
		return raster.BevelJoiner
	case gg.LineJoinRound:
		return raster.RoundJoiner
	}
	return nil
}

// flatten sets p.flat to what gg strokes: the path with its curves
// flattened (gg's flattenPath and QuadraticBezier), dashed if dashes are
// set (gg's dashPath), and points within 8/64 px of the one before
// dropped (gg's rasterPath), in reused buffers instead of gg's slices.
func (p *pathState) flatten(dashes []float64, offset float64) {
	p.pts, p.ends = flattenPoints(p.stroke, p.pts[:0], p.ends[:0])
	pts, ends := p.pts, p.ends
	if len(dashes) > 0 {
		p.dpts, p.dends = dashPoints(pts, ends, dashes, offset, p.dpts[:0], p.dends[:0])
		pts, ends = p.dpts, p.dends
	}
	out := p.flat[:0]
	from := 0
	for _, to := range ends {
		var prev fixed.Point26_6
		for i, pt := range pts[from:to] {
			f := pt.Fixed()
			if i == 0 {
				out.Start(f)
			} else {
				dx, dy := f.X-prev.X, f.Y-prev.Y
				if dx < 0 {
					dx = -dx
				}
				if dy < 0 {
					dy = -dy
				}
				if dx+dy > 8 {
					out.Add1(f)
				}
			}
			prev = f
		}
		from = to
	}
	p.flat = out
}

// flattenPoints appends gg's flattenPath of q to pts, each subpath's end
// index to ends.
func flattenPoints(q raster.Path, pts []gg.Point, ends []int) ([]gg.Point, []int) {
	var cx, cy float64
	from := len(pts)
	for i := 0; i < len(q); {
		switch q[i] {
		case 0:
			if len(pts) > from {
				ends = append(ends, len(pts))
				from = len(pts)
			}
			cx, cy = unfix(q[i+1]), unfix(q[i+2])
			pts = append(pts, gg.Point{X: cx, Y: cy})
			i += 4
		case 1:
			cx, cy = unfix(q[i+1]), unfix(q[i+2])
			pts = append(pts, gg.Point{X: cx, Y: cy})
			i += 4
		case 2:
			x1, y1 := unfix(q[i+1]), unfix(q[i+2])
			x2, y2 := unfix(q[i+3]), unfix(q[i+4])
			l := math.Hypot(x1-cx, y1-cy) + math.Hypot(x2-x1, y2-y1)
			n := max(int(l+0.5), 4)
			d := float64(n) - 1
			for k := 0; k < n; k++ {
				t := float64(k) / d
				u := 1 - t
				a, b, c := u*u, 2*u*t, t*t
				pts = append(pts, gg.Point{X: a*cx + b*x1 + c*x2, Y: a*cy + b*y1 + c*y2})
			}
			cx, cy = x2, y2
			i += 6
		default: // cubic segments: gg's CubicTo never adds them
			x1, y1 := unfix(q[i+1]), unfix(q[i+2])
			x2, y2 := unfix(q[i+3]), unfix(q[i+4])
			x3, y3 := unfix(q[i+5]), unfix(q[i+6])
			pts = append(pts, gg.CubicBezier(cx, cy, x1, y1, x2, y2, x3, y3)...)
			cx, cy = x3, y3
			i += 8
		}
	}
	if len(pts) > from {
		ends = append(ends, len(pts))
	}
	return pts, ends
}

// dashPoints appends gg's dashPath of the subpaths (pts, ends) to out and
// each dash's end index to outEnds.
func dashPoints(pts []gg.Point, ends []int, dashes []float64, offset float64, out []gg.Point, outEnds []int) ([]gg.Point, []int) {
	var two [2]float64
	if len(dashes) == 1 {
		two = [2]float64{dashes[0], dashes[0]}
		dashes = two[:]
	}
	keep := func(segStart int) {
		if len(out)-segStart > 1 {
			outEnds = append(outEnds, len(out))
		} else {
			out = out[:segStart]
		}
	}
	from := 0
	for _, to := range ends {
		path := pts[from:to]
		from = to
		if len(path) < 2 {
			continue
		}
		previous := path[0]
		pathIndex := 1
		dashIndex := 0
		segmentLength := 0.0
		if offset != 0 {
			var totalLength float64
			for _, dashLength := range dashes {
				totalLength += dashLength
			}
			offset = math.Mod(offset, totalLength)
			if offset < 0 {
				offset += totalLength
			}
			for i, dashLength := range dashes {
				offset -= dashLength
				if offset < 0 {
					dashIndex = i
					segmentLength = dashLength + offset
					break
				}
			}
		}
		seg := len(out)
		out = append(out, previous)
		for pathIndex < len(path) {
			dashLength := dashes[dashIndex]
			point := path[pathIndex]
			d := previous.Distance(point)
			maxd := dashLength - segmentLength
			if d > maxd {
				t := maxd / d
				pt := previous.Interpolate(point, t)
				out = append(out, pt)
				if dashIndex%2 == 0 {
					keep(seg)
				} else {
					out = out[:seg]
				}
				seg = len(out)
				out = append(out, pt)
				segmentLength = 0
				previous = pt
				dashIndex = (dashIndex + 1) % len(dashes)
			} else {
				out = append(out, point)
				previous = point
				segmentLength += d
				pathIndex++
			}
		}
		if dashIndex%2 == 0 {
			keep(seg)
		} else {
			out = out[:seg]
		}
	}
	return out, outEnds
}

// unfix is gg's conversion of a 26.6 fixed-point value to float64.
func unfix(x fixed.Int26_6) float64 {
	const shift, mask = 6, 1<<6 - 1
	if x >= 0 {
		return float64(x>>shift) + float64(x&mask)/64
	}
	x = -x
	if x >= 0 {
		return -(float64(x>>shift) + float64(x&mask)/64)
	}
	return 0
}

// spanPainter is freetype's RGBAPainter (draw.Over) with the same
// arithmetic, plus a copy of the colour's bytes for a fully covered span
// of an opaque colour, where that arithmetic gives exactly them.
type spanPainter struct {
	img            *image.RGBA
	cr, cg, cb, ca uint32
	px             [4]byte
}

func (s *spanPainter) set(img *image.RGBA, c color.Color) {
	s.img = img
	s.cr, s.cg, s.cb, s.ca = c.RGBA()
	s.px = [4]byte{uint8(s.cr >> 8), uint8(s.cg >> 8), uint8(s.cb >> 8), uint8(s.ca >> 8)}
}

// Paint satisfies raster.Painter.
func (s *spanPainter) Paint(ss []raster.Span, done bool) {
	img := s.img
	b := img.Bounds()
	const m = 1<<16 - 1
	for _, sp := range ss {
		if sp.Y < b.Min.Y {
			continue
		}
		if sp.Y >= b.Max.Y {
			return
		}
		x0, x1 := max(sp.X0, b.Min.X), min(sp.X1, b.Max.X)
		if x0 >= x1 {
			continue
		}
		ma := sp.Alpha
		i0 := (sp.Y-img.Rect.Min.Y)*img.Stride + (x0-img.Rect.Min.X)*4
		pix := img.Pix[i0 : i0+(x1-x0)*4]
		if ma == m && s.ca == m {
			copy(pix, s.px[:])
			for k := 4; k < len(pix); k *= 2 {
				copy(pix[k:], pix[:k])
			}
			continue
		}
		a := (m - (s.ca * ma / m)) * 0x101
		r, g, bl, al := s.cr*ma, s.cg*ma, s.cb*ma, s.ca*ma
		for i := 0; i+3 < len(pix); i += 4 {
			q := pix[i : i+4 : i+4]
			q[0] = uint8((uint32(q[0])*a + r) / m >> 8)
			q[1] = uint8((uint32(q[1])*a + g) / m >> 8)
			q[2] = uint8((uint32(q[2])*a + bl) / m >> 8)
			q[3] = uint8((uint32(q[3])*a + al) / m >> 8)
		}
	}
}

// Clear fills the whole image with the current colour, as gg's Clear
// (draw.Src of the colour), by doubling copies: a board's clear is a
// dozen megabytes.
func (c *Canvas) Clear() {
	if c.st.ink == nil || c.slow {
		c.Context.Clear()
		return
	}
	r, g, b, a := c.st.ink.RGBA()
	px := [4]byte{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
	m := c.img
	w, h := m.Rect.Dx()*4, m.Rect.Dy()
	if w == 0 || h == 0 {
		return
	}
	row := m.Pix[:w]
	copy(row, px[:])
	for k := 4; k < w; k *= 2 {
		copy(row[k:], row[:k])
	}
	if m.Stride == w { // rows are contiguous: one doubling copy
		all := m.Pix[:w*h]
		for k := w; k < len(all); k *= 2 {
			copy(all[k:], all[:k])
		}
		return
	}
	for y := 1; y < h; y++ {
		copy(m.Pix[y*m.Stride:y*m.Stride+w], row)
	}
}
