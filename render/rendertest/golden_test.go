package rendertest

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"testing"
)

func TestDiffCountsPixels(t *testing.T) {
	a := image.NewRGBA(image.Rect(0, 0, 4, 3))
	b := image.NewRGBA(image.Rect(0, 0, 4, 3))
	for i := range a.Pix {
		a.Pix[i], b.Pix[i] = 200, 200
	}
	b.Set(1, 1, color.RGBA{R: 200 + Tolerance, G: 200, B: 200, A: 200}) // within tolerance
	b.Set(2, 2, color.RGBA{R: 0, G: 200, B: 200, A: 200})
	n, diff := Diff(a, b)
	if n != 1 {
		t.Fatalf("Diff counted %d pixels, want 1", n)
	}
	if got := diff.RGBAAt(2, 2); got != (color.RGBA{R: 255, A: 255}) {
		t.Fatalf("differing pixel drawn as %v, want red", got)
	}
	// Different sizes: the non-overlapping area counts as different.
	c := image.NewRGBA(image.Rect(0, 0, 5, 3))
	copy(c.Pix, a.Pix)
	if n, _ := Diff(a, c); n < 3 {
		t.Fatalf("size change counted %d pixels", n)
	}
}

// A paletted image converts to the pixels draw.Draw gives.
func TestPalettedRGBAIsDraw(t *testing.T) {
	p := image.NewPaletted(image.Rect(3, 5, 70, 41), color.Palette{color.RGBA{1, 2, 3, 255}, color.NRGBA{200, 100, 50, 128}, color.Gray{77}, color.RGBA{0, 0, 0, 0}})
	for i := range p.Pix {
		p.Pix[i] = uint8(i*7) % 4
	}
	want := image.NewRGBA(p.Rect)
	draw.Draw(want, want.Rect, p, p.Rect.Min, draw.Src)
	if got := palettedRGBA(p); !bytes.Equal(got.Pix, want.Pix) || got.Rect != want.Rect {
		t.Error("paletted image converted to other pixels than draw.Draw's")
	}
	p.Pix[9] = 4 // outside the palette
	if palettedRGBA(p) != nil {
		t.Error("a pixel outside the palette was converted")
	}
}
