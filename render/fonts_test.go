package render_test

import (
	"bytes"
	"image"
	"testing"

	"github.com/fogleman/gg"

	"formica/render"
)

// Faces given back with Release and borrowed again draw text with the
// pixels fresh faces draw, whatever was drawn with them before (their
// glyph caches filled and thrashed by other text at other sub-pixel
// offsets): a board must not depend on the boards rendered before it.
func TestBorrowedFacesDrawAsFreshOnes(t *testing.T) {
	fonts, err := render.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	draw := func(fs *render.Faces, texts []string, shift float64) []byte {
		dc := gg.NewContext(700, 500)
		dc.SetRGB(1, 1, 1)
		dc.Clear()
		dc.SetRGB(0, 0, 0)
		for i, s := range texts {
			for j, size := range []float64{14, 24, 31.5} {
				dc.SetFontFace(fs.Get(render.FontStyle(i%3), size))
				dc.DrawString(s, 5+shift+float64(i)*0.37+float64(j)*0.21, 30+float64(i*3+j)*22)
			}
		}
		return dc.Image().(*image.RGBA).Pix
	}
	board := []string{"Ход 12: P3 — b4 take 2", "Żółw gęślą jaźń", "0123456789 +-×", "MMMMWWWW iiiill"}
	want := draw(fonts.Faces(), board, 0)
	fs := fonts.Borrow()
	for k := range 8 {
		draw(fs, []string{"the quick brown fox", "ЖЩЮЯ жщюя", "QqGg@#%&", "ÆØÅ æøå ß"}, float64(k)*0.13)
	}
	fonts.Release(fs)
	again := fonts.Borrow()
	defer fonts.Release(again)
	if again != fs {
		t.Skip("the pool dropped the faces (a GC ran): nothing reused to check")
	}
	if got := draw(again, board, 0); !bytes.Equal(got, want) {
		n := 0
		for i := range got {
			if got[i] != want[i] {
				n++
			}
		}
		t.Errorf("text drawn with reused faces differs from fresh faces in %d bytes", n)
	}
}
