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
