package render

import (
	"image"
	"image/color"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Painter is the part of gg's drawing API the toolkit's helpers use. Both
// a *gg.Context and a *Canvas are Painters; renderers that draw often use
// a Canvas, whose text is much cheaper.
type Painter interface {
	SetColor(c color.Color)
	SetRGB(r, g, b float64)
	SetLineWidth(w float64)
	SetLineCapRound()
	SetLineJoinRound()
	SetFontFace(f font.Face)
	FontHeight() float64
	MeasureString(s string) (w, h float64)
	DrawString(s string, x, y float64)
	Fill()
	FillPreserve()
	Stroke()
	Clear()
	NewSubPath()
	ClosePath()
	MoveTo(x, y float64)
	LineTo(x, y float64)
	QuadraticTo(x1, y1, x2, y2 float64)
	DrawLine(x1, y1, x2, y2 float64)
	DrawCircle(x, y, r float64)
	DrawEllipse(x, y, rx, ry float64)
	DrawArc(x, y, r, angle1, angle2 float64)
	DrawRectangle(x, y, w, h float64)
	DrawRoundedRectangle(x, y, w, h, r float64)
	Push()
	Pop()
	RotateAbout(angle, x, y float64)
	Image() image.Image
}

// Canvas is a gg.Context on an *image.RGBA that draws text without gg's
// per-pixel cost. gg composites every glyph through x/image/draw's generic
// bilinear Transform, two interface conversions and allocations per pixel
// even when the glyph lands on whole pixels, as it always does here. Canvas
// composites the glyph mask directly with the same integer arithmetic, so
// the pixels are the same (TestCanvasTextMatchesGG) at a fraction of the
// time and none of the allocations.
//
// To know the colour and face gg would draw with, Canvas tracks them
// through its own setters; it falls back to gg whenever it cannot be sure
// (a clip mask, a transformed matrix, a colour or face it did not see set).
// Draw through the Canvas, not its embedded Context.
type Canvas struct {
	*gg.Context
	img   *image.RGBA
	st    canvasState
	stack []canvasState
	clip  bool // a clip mask is set (gg's Pop keeps it, so it is not stacked)
	slow  bool // all text, fills and strokes through gg (NewCanvasGG)
	path  pathState
	spans *SpanCache // nil: every path is rasterized
	// seen, when set (tests), is told of every text drawn and its em
	// height in pixels.
	seen func(s string, px float64)
}

// Observe sets f to be told of every text the canvas draws with its em
// height in pixels (nil: none), so tests can check what a board says and
// how large (legibility at phone width).
func (c *Canvas) Observe(f func(s string, px float64)) { c.seen = f }

// Seen tells the observer (if any) of text s drawn at em height px by
// other means than the canvas (a font.Drawer straight onto its image).
func (c *Canvas) Seen(s string, px float64) {
	if c.seen != nil {
		c.seen(s, px)
	}
}

// canvasState is what Canvas knows of gg's drawing state; gg's Push and
// Pop save and restore all of it.
type canvasState struct {
	ink          color.Color // text colour; nil: unknown
	fill, stroke color.Color // solid fill and stroke colours; nil: unknown
	face         font.Face   // nil: unknown
	lineWidth    float64
	cap          gg.LineCap
	join         gg.LineJoin
	dashes       []float64
	dashOffset   float64
	evenOdd      bool
}

// NewCanvas returns a Canvas drawing on img.
func NewCanvas(img *image.RGBA) *Canvas {
	// gg's initial colour is transparent; its initial face is basicfont's,
	// which is not ours to track, so text waits for SetFontFace.
	// Its fill and stroke styles are not colours Canvas set: the first
	// fill or stroke before a SetColor goes through gg.
	return &Canvas{Context: gg.NewContextForRGBA(img), img: img, st: canvasState{ink: color.Transparent, lineWidth: 1}}
}

// NewCanvasGG returns a Canvas that draws all its text through gg: the
// same pixels, at gg's cost. Benchmarks use it for their naive anchors.
func NewCanvasGG(img *image.RGBA) *Canvas {
	c := NewCanvas(img)
	c.slow = true
	return c
}

// SetColor sets the colour of fills, strokes and text.
func (c *Canvas) SetColor(col color.Color) {
	c.st.ink, c.st.fill, c.st.stroke = col, col, col
	c.Context.SetColor(col)
}

// SetRGB sets the colour as gg does (8-bit, opaque).
func (c *Canvas) SetRGB(r, g, b float64) { c.SetRGBA(r, g, b, 1) }

// SetRGBA sets the colour as gg does.
func (c *Canvas) SetRGBA(r, g, b, a float64) {
	c.Context.SetRGBA(r, g, b, a)
	c.st.ink = color.NRGBA{uint8(r * 255), uint8(g * 255), uint8(b * 255), uint8(a * 255)}
	c.st.fill, c.st.stroke = c.st.ink, c.st.ink
}

// SetRGB255 sets the colour as gg does.
func (c *Canvas) SetRGB255(r, g, b int) { c.SetRGBA255(r, g, b, 255) }

// SetRGBA255 sets the colour as gg does.
func (c *Canvas) SetRGBA255(r, g, b, a int) {
	c.Context.SetRGBA255(r, g, b, a)
	c.st.ink = color.NRGBA{uint8(r), uint8(g), uint8(b), uint8(a)}
	c.st.fill, c.st.stroke = c.st.ink, c.st.ink
}

// SetHexColor sets the colour as gg does; text, fills and strokes then
// go through gg.
func (c *Canvas) SetHexColor(x string) {
	c.Context.SetHexColor(x)
	c.st.ink, c.st.fill, c.st.stroke = nil, nil, nil
}

// SetFillStyle sets the fill pattern as gg does (a solid one also sets the
// text colour, which Canvas cannot see: text then goes through gg).
func (c *Canvas) SetFillStyle(p gg.Pattern) {
	c.Context.SetFillStyle(p)
	c.st.ink, c.st.fill = nil, nil
}

// SetStrokeStyle sets the stroke pattern as gg does; strokes then go
// through gg.
func (c *Canvas) SetStrokeStyle(p gg.Pattern) {
	c.Context.SetStrokeStyle(p)
	c.st.stroke = nil
}

// SetLineWidth sets the width of strokes.
func (c *Canvas) SetLineWidth(w float64) { c.st.lineWidth = w; c.Context.SetLineWidth(w) }

// SetLineCap sets the line cap of strokes.
func (c *Canvas) SetLineCap(lc gg.LineCap) { c.st.cap = lc; c.Context.SetLineCap(lc) }

// SetLineCapRound sets round line caps.
func (c *Canvas) SetLineCapRound() { c.SetLineCap(gg.LineCapRound) }

// SetLineCapButt sets butt line caps.
func (c *Canvas) SetLineCapButt() { c.SetLineCap(gg.LineCapButt) }

// SetLineCapSquare sets square line caps.
func (c *Canvas) SetLineCapSquare() { c.SetLineCap(gg.LineCapSquare) }

// SetLineJoin sets the line join of strokes.
func (c *Canvas) SetLineJoin(lj gg.LineJoin) { c.st.join = lj; c.Context.SetLineJoin(lj) }

// SetLineJoinRound sets round line joins.
func (c *Canvas) SetLineJoinRound() { c.SetLineJoin(gg.LineJoinRound) }

// SetLineJoinBevel sets bevelled line joins.
func (c *Canvas) SetLineJoinBevel() { c.SetLineJoin(gg.LineJoinBevel) }

// SetDash sets the dash pattern of strokes.
func (c *Canvas) SetDash(dashes ...float64) {
	c.st.dashes = dashes
	c.Context.SetDash(dashes...)
}

// SetDashOffset sets where in the dash pattern strokes start.
func (c *Canvas) SetDashOffset(o float64) {
	c.st.dashOffset = o
	c.Context.SetDashOffset(o)
}

// SetFillRule sets the fill rule.
func (c *Canvas) SetFillRule(r gg.FillRule) {
	c.st.evenOdd = r == gg.FillRuleEvenOdd
	c.Context.SetFillRule(r)
}

// SetFillRuleWinding sets the non-zero winding fill rule.
func (c *Canvas) SetFillRuleWinding() { c.SetFillRule(gg.FillRuleWinding) }

// SetFillRuleEvenOdd sets the even-odd fill rule.
func (c *Canvas) SetFillRuleEvenOdd() { c.SetFillRule(gg.FillRuleEvenOdd) }

// SetFontFace sets the face of text.
func (c *Canvas) SetFontFace(f font.Face) {
	c.st.face = f
	c.Context.SetFontFace(f)
}

// LoadFontFace loads a face as gg does; text then goes through gg.
func (c *Canvas) LoadFontFace(path string, points float64) error {
	c.st.face = nil
	return c.Context.LoadFontFace(path, points)
}

// Push saves the drawing state, as gg's Push.
func (c *Canvas) Push() {
	c.stack = append(c.stack, c.st)
	c.Context.Push()
}

// Pop restores the state saved by Push, as gg's Pop.
func (c *Canvas) Pop() {
	if n := len(c.stack); n > 0 {
		c.st = c.stack[n-1]
		c.stack = c.stack[:n-1]
	}
	c.Context.Pop()
}

// Clip, ClipPreserve, SetMask, ResetClip: as gg's; text, fills and strokes
// drawn while a clip mask is set go through gg.

// ClipPreserve is gg's ClipPreserve.
func (c *Canvas) ClipPreserve() { c.clip = true; c.Context.ClipPreserve() }

// SetMask is gg's SetMask.
func (c *Canvas) SetMask(m *image.Alpha) error {
	err := c.Context.SetMask(m)
	if err == nil {
		c.clip = true
	}
	return err
}

// ResetClip is gg's ResetClip.
func (c *Canvas) ResetClip() { c.clip = false; c.Context.ResetClip() }

// DrawString draws s with its baseline starting at (x, y), as gg does.
func (c *Canvas) DrawString(s string, x, y float64) { c.DrawStringAnchored(s, x, y, 0, 0) }

// DrawStringAnchored draws s anchored at (x, y), as gg does.
func (c *Canvas) DrawStringAnchored(s string, x, y, ax, ay float64) {
	if c.seen != nil {
		c.seen(s, c.FontHeight())
	}
	if !c.plain() {
		c.Context.DrawStringAnchored(s, x, y, ax, ay)
		return
	}
	if ax != 0 || ay != 0 {
		w, h := c.MeasureString(s)
		x -= ax * w
		y += ay * h
	}
	c.text(s, x, y)
}

// plain reports whether gg would draw text exactly as text does: colour
// and face known, no clip mask, an identity matrix.
func (c *Canvas) plain() bool {
	if c.st.ink == nil || c.st.face == nil || c.clip || c.slow {
		return false
	}
	x0, y0 := c.TransformPoint(0, 0)
	x1, y1 := c.TransformPoint(1, 1)
	x2, y2 := c.TransformPoint(1, 0)
	return x0 == 0 && y0 == 0 && x1 == 1 && y1 == 1 && x2 == 1 && y2 == 0
}

// text is gg's drawString with the glyph compositing done inline. gg
// composites each glyph mask with draw.BiLinear at a whole-pixel offset:
// every destination pixel then takes exactly one mask pixel (weight 1),
// and the result is dst*(1-a) + src*m in 16-bit integers, stored as its
// high byte. That is computed here directly.
func (c *Canvas) text(s string, x, y float64) {
	sr, sg, sb, sa := c.st.ink.RGBA()
	face := c.st.face
	dot := fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
	bounds := c.img.Rect
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			dot.X += face.Kern(prev, r)
		}
		dr, mask, mp, advance, ok := face.Glyph(dot, r)
		if !ok {
			continue
		}
		c.glyph(dr, mask, mp, bounds, sr, sg, sb, sa)
		dot.X += advance
		prev = r
	}
}

// glyph composites one glyph mask over the canvas.
func (c *Canvas) glyph(dr image.Rectangle, mask image.Image, mp image.Point, bounds image.Rectangle, sr, sg, sb, sa uint32) {
	adr := bounds.Intersect(dr)
	if adr.Empty() {
		return
	}
	alpha, _ := mask.(*image.Alpha)
	img := c.img
	for y := adr.Min.Y; y < adr.Max.Y; y++ {
		my := mp.Y + y - dr.Min.Y
		i := img.PixOffset(adr.Min.X, y)
		for x := adr.Min.X; x < adr.Max.X; x, i = x+1, i+4 {
			mx := mp.X + x - dr.Min.X
			var ma uint32
			if alpha != nil {
				if !(image.Point{mx, my}.In(alpha.Rect)) {
					continue
				}
				ma = uint32(alpha.Pix[alpha.PixOffset(mx, my)])
				ma |= ma << 8
			} else {
				_, _, _, ma = mask.At(mx, my).RGBA()
			}
			if ma == 0 {
				continue
			}
			pr, pg, pb, pa := sr*ma/0xffff, sg*ma/0xffff, sb*ma/0xffff, sa*ma/0xffff
			pa1 := 0xffff - pa
			p := img.Pix[i : i+4 : i+4]
			p[0] = uint8((uint32(p[0])*0x101*pa1/0xffff + pr) >> 8)
			p[1] = uint8((uint32(p[1])*0x101*pa1/0xffff + pg) >> 8)
			p[2] = uint8((uint32(p[2])*0x101*pa1/0xffff + pb) >> 8)
			p[3] = uint8((uint32(p[3])*0x101*pa1/0xffff + pa) >> 8)
		}
	}
}
