package render_test

import (
	"bytes"
	"image"
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
	img := benchImage(b)
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
	b.Run("BestSpeed", func(b *testing.B) { run(b, level(png.BestSpeed)) })
	b.Run("Default", func(b *testing.B) { run(b, level(png.DefaultCompression)) })
	b.Run("BestCompression", func(b *testing.B) { run(b, level(png.BestCompression)) })
	b.Run("PalettedPlan9", func(b *testing.B) {
		run(b, func(m image.Image) ([]byte, error) {
			p := image.NewPaletted(m.Bounds(), palette.Plan9)
			draw.FloydSteinberg.Draw(p, p.Rect, m, m.Bounds().Min)
			return level(png.DefaultCompression)(p)
		})
	})
}
