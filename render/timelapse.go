package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"

	xdraw "golang.org/x/image/draw"
)

// Timelapse makes an animated GIF of a game's boards, one frame a move.
//
// Every frame is scaled into the same box (the largest frame fitted into
// MaxSide), and all frames share one palette, chosen by Quantize from a
// sample of every frame's pixels: boards keep their flat colours from the
// first move to the last. Each frame after the first stores only the
// pixels that changed (the rest are transparent over the frame before),
// which is what keeps a whole game under a chat platform's upload limit.
type Timelapse struct {
	MaxSide int // longest side of a frame, pixels
	Delay   int // between frames, hundredths of a second
	Hold    int // on the last frame
	// Limit is the largest file wanted, bytes: a larger one is made again
	// with frames three quarters the size, until it fits.
	Limit int
}

// ErrTooBig reports a timelapse that does not fit its Limit even small.
var ErrTooBig = errors.New("render: timelapse does not fit its size limit")

// Encode returns the GIF of frames, in order.
func (t Timelapse) Encode(frames []image.Image) ([]byte, error) {
	if len(frames) == 0 {
		return nil, errors.New("render: a timelapse needs frames")
	}
	var w, h int
	for _, f := range frames {
		w, h = max(w, f.Bounds().Dx()), max(h, f.Bounds().Dy())
	}
	if w == 0 || h == 0 {
		return nil, errors.New("render: empty frame")
	}
	side := t.MaxSide
	for {
		box := fit(w, h, side)
		b, err := t.encode(frames, box)
		if err != nil {
			return nil, err
		}
		if t.Limit <= 0 || len(b) <= t.Limit {
			return b, nil
		}
		if side = side * 3 / 4; side < 96 {
			return nil, fmt.Errorf("%w: %d bytes at %v", ErrTooBig, len(b), box)
		}
	}
}

// Shrink returns f scaled down to fit MaxSide×MaxSide (f itself when it
// fits). Callers that collect a whole game's boards shrink each as it is
// drawn: sixty full-size boards would hold hundreds of megabytes until
// Encode.
func (t Timelapse) Shrink(f image.Image) image.Image {
	b := f.Bounds()
	box := fit(b.Dx(), b.Dy(), t.MaxSide)
	if box == b.Size() {
		return f
	}
	return scaleInto(f, box)
}

// fit is the size of a w×h picture scaled down to fit side×side; small
// pictures keep their size.
func fit(w, h, side int) image.Point {
	if side <= 0 || (w <= side && h <= side) {
		return image.Pt(w, h)
	}
	if w >= h {
		return image.Pt(side, max(1, h*side/w))
	}
	return image.Pt(max(1, w*side/h), side)
}

func (t Timelapse) encode(frames []image.Image, box image.Point) ([]byte, error) {
	scaled := make([]*image.RGBA, len(frames))
	for i, f := range frames {
		scaled[i] = scaleInto(f, box)
	}
	pal := sharedPalette(scaled)
	see := newMapper(pal)
	transparent := uint8(len(pal))
	gpal := append(append(color.Palette{}, pal...), color.RGBA{})
	out := &gif.GIF{Config: image.Config{ColorModel: gpal, Width: box.X, Height: box.Y}}
	var prev []uint8
	for i, f := range scaled {
		p := image.NewPaletted(f.Rect, gpal)
		for y := range box.Y {
			row := f.Pix[y*f.Stride:][:box.X*4]
			dst := p.Pix[y*p.Stride:][:box.X]
			for x := range dst {
				dst[x] = see.index(row[x*4], row[x*4+1], row[x*4+2])
			}
		}
		shown := p
		if prev != nil {
			// Unchanged pixels become transparent: the previous frame stays.
			cur := append([]uint8(nil), p.Pix...)
			for j, c := range p.Pix {
				if c == prev[j] {
					p.Pix[j] = transparent
				}
			}
			prev = cur
			shown = cropChanged(p, transparent)
		} else {
			prev = append([]uint8(nil), p.Pix...)
		}
		delay := t.Delay
		if i == len(scaled)-1 {
			delay = max(t.Delay, t.Hold)
		}
		out.Image = append(out.Image, shown)
		out.Delay = append(out.Delay, delay)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// scaleInto draws f scaled to fit box, centred on Paper.
func scaleInto(f image.Image, box image.Point) *image.RGBA {
	dst := image.NewRGBA(image.Rectangle{Max: box})
	xdraw.Draw(dst, dst.Rect, image.NewUniform(Paper), image.Point{}, xdraw.Src)
	b := f.Bounds()
	sz := fit(b.Dx(), b.Dy(), max(box.X, box.Y))
	if sz.X > box.X || sz.Y > box.Y { // the box is not square: fit its short side
		sz = image.Pt(min(sz.X, box.X), min(sz.Y, box.Y))
	}
	off := image.Pt((box.X-sz.X)/2, (box.Y-sz.Y)/2)
	r := image.Rectangle{Min: off, Max: off.Add(sz)}
	if sz == b.Size() {
		xdraw.Draw(dst, r, f, b.Min, xdraw.Over)
	} else {
		xdraw.ApproxBiLinear.Scale(dst, r, f, b, xdraw.Src, nil)
	}
	return dst
}

// sharedPalette quantizes a sample of every frame's pixels (at most about
// a million) to 255 colours, leaving one index for transparency.
func sharedPalette(frames []*image.RGBA) color.Palette {
	per := frames[0].Rect.Dx() * frames[0].Rect.Dy()
	step := 1
	for per*len(frames)/(step*step) > 1<<20 {
		step++
	}
	w, h := (frames[0].Rect.Dx()+step-1)/step, (frames[0].Rect.Dy()+step-1)/step
	atlas := image.NewRGBA(image.Rect(0, 0, w, h*len(frames)))
	for i, f := range frames {
		for y := range h {
			for x := range w {
				s := f.PixOffset(x*step, y*step)
				d := atlas.PixOffset(x, i*h+y)
				copy(atlas.Pix[d:d+4], f.Pix[s:s+4])
			}
		}
	}
	pal := Quantize(atlas).Palette
	if len(pal) > 255 {
		pal = pal[:255]
	}
	return pal
}

// mapper finds palette indices by 15-bit colour, each bucket once.
type mapper struct {
	pal  color.Palette
	lut  []uint8
	done []bool
}

func newMapper(pal color.Palette) *mapper {
	return &mapper{pal: pal, lut: make([]uint8, 1<<15), done: make([]bool, 1<<15)}
}

func (m *mapper) index(r, g, b uint8) uint8 {
	k := key15(r, g, b)
	if !m.done[k] {
		m.lut[k] = nearest(m.pal, int(r), int(g), int(b))
		m.done[k] = true
	}
	return m.lut[k]
}

// cropChanged trims a delta frame to the rectangle of its changed pixels
// (one pixel when nothing changed: a GIF frame cannot be empty).
func cropChanged(p *image.Paletted, transparent uint8) *image.Paletted {
	r := p.Rect
	minX, minY, maxX, maxY := r.Max.X, r.Max.Y, r.Min.X-1, r.Min.Y-1
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := p.Pix[(y-r.Min.Y)*p.Stride:][:r.Dx()]
		for x, c := range row {
			if c != transparent {
				minX, maxX = min(minX, r.Min.X+x), max(maxX, r.Min.X+x)
				minY, maxY = min(minY, y), max(maxY, y)
			}
		}
	}
	if maxX < minX {
		return p.SubImage(image.Rect(r.Min.X, r.Min.Y, r.Min.X+1, r.Min.Y+1)).(*image.Paletted)
	}
	return p.SubImage(image.Rect(minX, minY, maxX+1, maxY+1)).(*image.Paletted)
}
