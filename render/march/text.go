package march

import (
	"image"
	"image/color"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"formica/render"
)

// The toolkit's text helpers draw through gg, which resamples every glyph
// with a bilinear transform: a third of a board's drawing time. Boards are
// never rotated or scaled, so these draw glyph masks directly (the same
// anchoring as render.DrawAligned); the drawer tracks the colour and face
// it last set, since gg does not expose them.

// setColor sets the colour of fills, strokes and text.
func (d *drawer) setColor(c color.Color) {
	d.ink = c
	d.dc.SetColor(c)
}

// setFace sets the text face (for drawing and for dc.MeasureString).
func (d *drawer) setFace(f font.Face) {
	d.face = f
	d.dc.SetFontFace(f)
}

// capRatio is the Go fonts' cap height over em size (as in render).
const capRatio = 0.688

// aligned draws s with its cap height centred on y; ax is the horizontal
// anchor (0 left, 0.5 centre, 1 right).
func (d *drawer) aligned(s string, x, y, ax float64) {
	if d.face == nil || s == "" {
		return
	}
	img, ok := d.dc.Image().(*image.RGBA)
	if !ok {
		render.DrawAligned(d.dc, s, x, y, ax)
		return
	}
	dr := font.Drawer{Dst: img, Src: image.NewUniform(d.ink), Face: d.face}
	w := float64(dr.MeasureString(s)) / 64
	em := d.dc.FontHeight()
	d.dc.Seen(s, em)
	dr.Dot = fixed.Point26_6{X: fixed.Int26_6((x - w*ax) * 64), Y: fixed.Int26_6((y + em*capRatio/2) * 64)}
	dr.DrawString(s)
}

// centered draws s centred on (x, y).
func (d *drawer) centered(s string, x, y float64) { d.aligned(s, x, y, 0.5) }

// label draws s on a plate like render.DrawLabel and returns its width.
func (d *drawer) label(s string, x, y float64, p render.Plate) float64 {
	dc := d.dc
	em := dc.FontHeight()
	if p.PadX == 0 {
		p.PadX = 0.45 * em
	}
	if p.HeightK == 0 {
		p.HeightK = 1.5
	}
	h := em * p.HeightK
	tw, _ := dc.MeasureString(s)
	w := max(tw+2*p.PadX, p.MinW, h)
	r := p.Radius
	if r == 0 {
		r = h / 2
	}
	dc.DrawRoundedRectangle(x-w/2, y-h/2, w, h, r)
	dc.SetColor(p.Fill)
	if p.EdgeW > 0 {
		dc.FillPreserve()
		dc.SetColor(p.Edge)
		dc.SetLineWidth(p.EdgeW)
		dc.Stroke()
	} else {
		dc.Fill()
	}
	d.setColor(p.Text)
	d.centered(s, x, y)
	return w
}
