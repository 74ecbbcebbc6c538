package render_test

import (
	"bytes"
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"image/png"
	"os"
	"testing"

	"formica/internal/testscale"
	"formica/render"
)

// benchImage is a representative board: MIC_BENCH_PNG names a rendered
// board (the Micropolis 6-player golden by default), so the level choice is
// measured on real content, not noise or flat colour.
func benchImage(b *testing.B) image.Image {
	path := os.Getenv("RENDER_BENCH_PNG")
	if path == "" {
		path = "micropolis/testdata/p6_mid.png"
	}
	f, err := os.ReadFile(path)
	if err != nil {
		b.Skipf("no board to encode: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(f))
	if err != nil {
		b.Fatal(err)
	}
	return img
}

// BenchmarkEncode compares the encodings EncodePNG could use; the chosen
// one is documented at PNGLevel. Reported "bytes" is the PNG size.
func BenchmarkEncode(b *testing.B) {
	// The golden is stored paletted; measure from RGBA, as renderers draw.
	img := toRGBA(benchImage(b))
	run := func(b *testing.B, enc func(image.Image) ([]byte, error)) {
		var n int
		for b.Loop() {
			out, err := enc(img)
			if err != nil {
				b.Fatal(err)
			}
			n = len(out)
		}
		b.ReportMetric(float64(n), "bytes")
	}
	level := func(l png.CompressionLevel) func(image.Image) ([]byte, error) {
		return func(m image.Image) ([]byte, error) {
			var buf bytes.Buffer
			err := (&png.Encoder{CompressionLevel: l}).Encode(&buf, m)
			return buf.Bytes(), err
		}
	}
	b.Run("EncodePNG", func(b *testing.B) { run(b, render.EncodePNG) })
	var e render.PNGEncoder
	b.Run("PNGEncoder", func(b *testing.B) { run(b, e.Encode) })
	b.Run("BestSpeed", func(b *testing.B) { run(b, level(png.BestSpeed)) })
	b.Run("Default", func(b *testing.B) { run(b, level(png.DefaultCompression)) })
	b.Run("BestCompression", func(b *testing.B) { run(b, level(png.BestCompression)) })
	b.Run("QuantizeDefault", func(b *testing.B) {
		run(b, func(image.Image) ([]byte, error) { return level(png.DefaultCompression)(render.Quantize(img)) })
	})
	b.Run("QuantizeBestSpeed", func(b *testing.B) {
		run(b, func(image.Image) ([]byte, error) { return level(png.BestSpeed)(render.Quantize(img)) })
	})
	if testing.Short() {
		return // Plan9 dithering takes seconds per op
	}
	b.Run("PalettedPlan9", func(b *testing.B) {
		run(b, func(m image.Image) ([]byte, error) {
			p := image.NewPaletted(m.Bounds(), palette.Plan9)
			draw.FloydSteinberg.Draw(p, p.Rect, m, m.Bounds().Min)
			return level(png.DefaultCompression)(p)
		})
	})
}

func toRGBA(m image.Image) *image.RGBA {
	r := image.NewRGBA(m.Bounds())
	draw.Draw(r, r.Rect, m, m.Bounds().Min, draw.Src)
	return r
}

func BenchmarkQuantize(b *testing.B) {
	rgba := toRGBA(benchImage(b))
	for b.Loop() {
		render.Quantize(rgba)
	}
}

// TestQuantizeKeepsFlatColours checks that fills survive exactly and edge
// pixels move only a little.
func TestQuantizeKeepsFlatColours(t *testing.T) {
	m := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			c := render.Paper
			switch {
			case x < 20:
				c = render.OkabeBlue
			case x < 40:
				c = render.Paper.Mix(render.Ink, float64(y)/64) // a ramp across many buckets
			}
			m.Set(x, y, c)
		}
	}
	p := render.Quantize(m)
	if got := p.At(5, 5); !sameRGB(got, render.OkabeBlue) {
		t.Fatalf("flat fill became %v", got)
	}
	if got := p.At(50, 5); !sameRGB(got, render.Paper) {
		t.Fatalf("flat fill became %v", got)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, p); err != nil {
		t.Fatal(err)
	}
	out, err := render.EncodePNG(m)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := dec.(*image.Paletted); !ok {
		t.Fatalf("EncodePNG of an opaque RGBA wrote %T, want paletted", dec)
	}
}

// TestEncodePNGIsQuantize checks that EncodePNG's run-by-run quantizer
// writes exactly Quantize's palette and pixels, on a real board, a board
// with its edges cut off (odd sizes, runs ending at the edge) and the
// same encoder reused, and that non-opaque images stay RGBA.
func TestEncodePNGIsQuantize(t *testing.T) {
	testscale.SkipRace(t, "the renderers' concurrent tests encode boards under -race")
	board := benchImageT(t)
	var e render.PNGEncoder
	for _, r := range []image.Rectangle{board.Rect, image.Rect(3, 5, 701, 333), board.Rect} {
		m := board.SubImage(r).(*image.RGBA)
		want := render.Quantize(m)
		out, err := e.Encode(m)
		if err != nil {
			t.Fatal(err)
		}
		dec, err := png.Decode(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		got, ok := dec.(*image.Paletted)
		if !ok {
			t.Fatalf("Encode of an opaque RGBA wrote %T, want paletted", dec)
		}
		if len(got.Palette) != len(want.Palette) {
			t.Fatalf("%v: palette has %d colours, Quantize %d", r, len(got.Palette), len(want.Palette))
		}
		for i := range want.Palette {
			if !sameColor(got.Palette[i], want.Palette[i]) {
				t.Fatalf("%v: palette[%d] = %v, Quantize %v", r, i, got.Palette[i], want.Palette[i])
			}
		}
		for y := 0; y < r.Dy(); y++ {
			g := got.Pix[y*got.Stride:][:r.Dx()]
			w := want.Pix[y*want.Stride:][:r.Dx()]
			if !bytes.Equal(g, w) {
				t.Fatalf("%v: row %d differs from Quantize", r, y)
			}
		}
	}
	translucent := image.NewRGBA(image.Rect(0, 0, 8, 8))
	translucent.Set(7, 7, color.RGBA{R: 10, A: 10})
	out, err := e.Encode(translucent)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := dec.(*image.Paletted); ok {
		t.Fatal("Encode of a translucent image wrote it paletted")
	}
}

func benchImageT(t *testing.T) *image.RGBA {
	f, err := os.ReadFile("micropolis/testdata/p6_mid.png")
	if err != nil {
		t.Fatalf("the Micropolis golden board is missing: %v", err) // a missing golden fails, never skips
	}
	img, err := png.Decode(bytes.NewReader(f))
	if err != nil {
		t.Fatal(err)
	}
	return toRGBA(img)
}

func sameColor(a, b color.Color) bool {
	ar, ag, ab, aa := a.RGBA()
	br, bg, bb, ba := b.RGBA()
	return ar == br && ag == bg && ab == bb && aa == ba
}

func sameRGB(c color.Color, want render.RGB) bool {
	r, g, b, _ := c.RGBA()
	wr, wg, wb, _ := want.RGBA()
	return r>>8 == wr>>8 && g>>8 == wg>>8 && b>>8 == wb>>8
}

// TestPNGEncoderKeepsFrames checks a kept encoder on consecutive boards:
// a board; the board with a large fill in a colour it lacks and a ramp of
// many colours; a board of another size between them; the board again;
// the changed board again; then that with a small patch of yet another
// colour. Every PNG decodes with image/png (which checks the checksum of
// the bands joined into one stream); the large fill gets its exact colour
// (a slot of its own, not the nearest of the old palette); pixels the
// patch did not touch keep the colour the PNG before gave them; and no
// pixel lands further from its true colour than Quantize puts it plus two
// colour buckets' width (16 levels a channel).
func TestPNGEncoderKeepsFrames(t *testing.T) {
	testscale.SkipRace(t, "the renderers' concurrent tests encode kept boards under -race")
	board := benchImageT(t)
	magenta := color.RGBA{R: 0xE0, G: 0x10, B: 0xF0, A: 255} // far from every board colour
	cyan := color.RGBA{R: 0x10, G: 0xF0, B: 0xE0, A: 255}
	fill := image.Rect(300, 200, 420, 300)
	patch := image.Rect(900, 900, 910, 910)
	changed := image.NewRGBA(board.Rect)
	copy(changed.Pix, board.Pix)
	draw.Draw(changed, fill, image.NewUniform(magenta), image.Point{}, draw.Src)
	for y := 700; y < 720; y++ {
		for x := 200; x < 400; x++ {
			changed.Set(x, y, color.RGBA{R: uint8(x), G: uint8(y), B: 77, A: 255})
		}
	}
	patched := image.NewRGBA(board.Rect)
	copy(patched.Pix, changed.Pix)
	draw.Draw(patched, patch, image.NewUniform(cyan), image.Point{}, draw.Src)
	cut := board.SubImage(image.Rect(3, 5, 701, 333)).(*image.RGBA)
	var e render.PNGEncoder
	var before *image.Paletted
	for _, c := range []struct {
		name string
		m    *image.RGBA
	}{
		{"board", board},
		{"changed", changed},
		{"cut", cut},
		{"board again", board},
		{"changed again", changed},
		{"patched", patched},
	} {
		out, err := e.Encode(c.m)
		if err != nil {
			t.Fatal(err)
		}
		dec, err := png.Decode(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, ok := dec.(*image.Paletted)
		if !ok {
			t.Fatalf("%s: Encode of an opaque RGBA wrote %T, want paletted", c.name, dec)
		}
		if got.Rect.Size() != c.m.Rect.Size() {
			t.Fatalf("%s: size %v, want %v", c.name, got.Rect.Size(), c.m.Rect.Size())
		}
		want := render.Quantize(c.m)
		o := c.m.Rect.Min
		for y := 0; y < want.Rect.Dy(); y++ {
			for x := 0; x < want.Rect.Dx(); x++ {
				g := got.Palette[got.Pix[y*got.Stride+x]].(color.RGBA)
				src := c.m.RGBAAt(o.X+x, o.Y+y)
				p := image.Pt(x, y)
				switch {
				case (c.m == changed || c.m == patched) && p.In(fill) && g != magenta:
					t.Fatalf("%s: the large fill at %v is %v, want %v", c.name, p, g, magenta)
				case c.m == patched && !p.In(patch):
					if b := before.Palette[before.Pix[y*before.Stride+x]].(color.RGBA); g != b {
						t.Fatalf("%s: untouched pixel %v is %v, the PNG before had %v", c.name, p, g, b)
					}
				}
				q := want.Palette[want.Pix[y*want.Stride+x]].(color.RGBA)
				if d, dq := dist(g, src), dist(q, src); d > dq+(3+4+2)*16*16 {
					t.Fatalf("%s: pixel %v in %v is %v, Quantize %v (distance %d, Quantize's %d)", c.name, p, src, g, q, d, dq)
				}
			}
		}
		before = got
	}
}

// dist is Quantize's colour distance (green weighs most).
func dist(a, b color.RGBA) int {
	dr, dg, db := int(a.R)-int(b.R), int(a.G)-int(b.G), int(a.B)-int(b.B)
	return 3*dr*dr + 4*dg*dg + 2*db*db
}

// TestPNGEncoderSlotTakenBack checks that a colour whose palette slot was
// given to another colour is not drawn in that colour when it comes back:
// a 256-colour image (a full palette), then the same with one colour gone
// and a large new colour (white) that takes its slot, then the first
// image again; encoded whole (Encode) and as a kept board told what
// changed (EncodeBoard, whose count of the pixels at each palette index
// must drop the pixels redrawn for the slot to be free).
func TestPNGEncoderSlotTakenBack(t *testing.T) {
	c := func(x int) color.RGBA { // 256 colours at least 32 levels apart
		return color.RGBA{R: uint8(x&7)*32 + 16, G: uint8(x>>3&7)*32 + 16, B: uint8(x>>6)*64 + 32, A: 255}
	}
	white := color.RGBA{R: 255, G: 255, B: 255, A: 255}
	frame := func(gone bool) *image.RGBA {
		m := image.NewRGBA(image.Rect(0, 0, 256, 64)) // two bands
		for y := range 64 {
			for x := range 256 {
				switch {
				case y < 32 && x == 5 && gone:
					m.SetRGBA(x, y, c(4))
				case y < 32:
					m.SetRGBA(x, y, c(x))
				case gone && x < 128:
					m.SetRGBA(x, y, white)
				default:
					m.SetRGBA(x, y, c(0))
				}
			}
		}
		return m
	}
	changed := []image.Rectangle{image.Rect(5, 0, 6, 32), image.Rect(0, 32, 128, 64)}
	encodeEach(t, []*image.RGBA{frame(false), frame(true), frame(false)}, changed, func(kept bool, i int, dec image.Image) {
		if i == 1 && dec.At(0, 40) != white {
			t.Fatalf("kept %v, image 2: the new white is %v", kept, dec.At(0, 40))
		}
		// White took the freed slot: the palette was not chosen
		// again (with slots kept free, so too few for 256 colours).
		for x := 0; i == 1 && x < 256; x++ {
			if got := color.RGBAModel.Convert(dec.At(x, 0)).(color.RGBA); x != 5 && got != c(x) {
				t.Fatalf("kept %v, image 2: (%d,0) in %v is drawn %v", kept, x, c(x), got)
			}
		}
		if i == 2 {
			if got := color.RGBAModel.Convert(dec.At(5, 0)).(color.RGBA); got == white || dist(got, c(5)) > dist(c(4), c(5)) {
				t.Fatalf("kept %v, image 3: the colour back at (5,0) %v is drawn %v", kept, c(5), got)
			}
		}
	})
}

// encodeEach encodes frames in turn with one PNGEncoder, first each whole,
// then as one kept board told changed for every frame after the first, and
// calls check with each PNG decoded.
func encodeEach(t *testing.T, frames []*image.RGBA, changed []image.Rectangle, check func(kept bool, i int, dec image.Image)) {
	t.Helper()
	for _, kept := range []bool{false, true} {
		var e render.PNGEncoder
		var b render.PNGBoard
		for i, m := range frames {
			out, err := e.Encode(m)
			if kept {
				var dirty []image.Rectangle
				if i > 0 {
					dirty = changed
				}
				out, err = e.EncodeBoard(m, &b, dirty)
			}
			if err != nil {
				t.Fatal(err)
			}
			dec, err := png.Decode(bytes.NewReader(out))
			if err != nil {
				t.Fatalf("kept %v, image %d: %v", kept, i+1, err)
			}
			check(kept, i, dec)
		}
	}
}

// TestPNGEncoderBoardDirty checks EncodeBoard on a board redrawn in part,
// told only the rectangles that changed: the board; the board with a large
// fill in a colour it lacks and a ramp of many colours; that with a small
// patch of yet another colour; the board again (every change undone).
// Every PNG decodes with image/png; the large fill gets its exact colour;
// after the patch and after the undoing (no colour new enough to choose
// the palette again) pixels outside the rectangles keep the colour the PNG
// before gave them; and no pixel lands further from its true colour than
// Quantize puts it plus two colour buckets' width (as
// TestPNGEncoderKeepsFrames).
func TestPNGEncoderBoardDirty(t *testing.T) {
	testscale.SkipRace(t, "the renderers' concurrent tests encode kept boards under -race")
	board := benchImageT(t)
	magenta := color.RGBA{R: 0xE0, G: 0x10, B: 0xF0, A: 255}
	cyan := color.RGBA{R: 0x10, G: 0xF0, B: 0xE0, A: 255}
	fill := image.Rect(300, 200, 420, 300)
	ramp := image.Rect(200, 700, 400, 720)
	patch := image.Rect(900, 290, 910, 700) // one column of pixels across bands, beside fill's
	changed := image.NewRGBA(board.Rect)
	copy(changed.Pix, board.Pix)
	draw.Draw(changed, fill, image.NewUniform(magenta), image.Point{}, draw.Src)
	for y := ramp.Min.Y; y < ramp.Max.Y; y++ {
		for x := ramp.Min.X; x < ramp.Max.X; x++ {
			changed.Set(x, y, color.RGBA{R: uint8(x), G: uint8(y), B: 77, A: 255})
		}
	}
	patched := image.NewRGBA(board.Rect)
	copy(patched.Pix, changed.Pix)
	draw.Draw(patched, patch, image.NewUniform(cyan), image.Point{}, draw.Src)
	var e render.PNGEncoder
	var b render.PNGBoard
	var before *image.Paletted
	for _, c := range []struct {
		name  string
		m     *image.RGBA
		dirty []image.Rectangle
		keeps bool // pixels outside dirty keep their colour
	}{
		{"board", board, nil, false},
		{"changed", changed, []image.Rectangle{fill, ramp}, false},
		{"patched", patched, []image.Rectangle{patch}, true},
		{"board again", board, []image.Rectangle{ramp, patch, fill}, true},
	} {
		out, err := e.EncodeBoard(c.m, &b, c.dirty)
		if err != nil {
			t.Fatal(err)
		}
		if len(out) != cap(out) { // written into one buffer of its size
			t.Errorf("%s: a PNG of %d bytes in a buffer of %d", c.name, len(out), cap(out))
		}
		dec, err := png.Decode(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, ok := dec.(*image.Paletted)
		if !ok {
			t.Fatalf("%s: EncodeBoard of an opaque RGBA wrote %T, want paletted", c.name, dec)
		}
		want := render.Quantize(c.m)
		for y := 0; y < want.Rect.Dy(); y++ {
			for x := 0; x < want.Rect.Dx(); x++ {
				g := got.Palette[got.Pix[y*got.Stride+x]].(color.RGBA)
				src := c.m.RGBAAt(x, y)
				p := image.Pt(x, y)
				told := false
				for _, r := range c.dirty {
					told = told || p.In(r)
				}
				switch {
				case c.m != board && p.In(fill) && g != magenta:
					t.Fatalf("%s: the large fill at %v is %v, want %v", c.name, p, g, magenta)
				case c.keeps && !told:
					if b := before.Palette[before.Pix[y*before.Stride+x]].(color.RGBA); g != b {
						t.Fatalf("%s: untouched pixel %v is %v, the PNG before had %v", c.name, p, g, b)
					}
				}
				q := want.Palette[want.Pix[y*want.Stride+x]].(color.RGBA)
				if d, dq := dist(g, src), dist(q, src); d > dq+(3+4+2)*16*16 {
					t.Fatalf("%s: pixel %v in %v is %v, Quantize %v (distance %d, Quantize's %d)", c.name, p, src, g, q, d, dq)
				}
			}
		}
		before = got
	}
}
