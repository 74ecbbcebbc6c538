package render_test

import (
	"image"
	"image/color"
	"testing"
)

// TestPNGEncoderOneColourABucket checks that the pixels of one colour
// decode to one colour however they come: a 256-colour image (a full
// palette), then the same with one colour gone (its slot free) and a new
// colour far from the palette (white) met first as 3 pixels, too few for
// a slot of their own, then as 100 in a later band. The 100 must not
// take the free slot while the 3 keep the nearest palette colour (a
// bucket drawn in two colours): a colour met without a slot stays
// without one until the palette is chosen again. Encoded whole (Encode)
// and as a kept board told what changed (EncodeBoard).
func TestPNGEncoderOneColourABucket(t *testing.T) {
	c := func(x int) color.RGBA { // 256 colours at least 32 levels apart
		return color.RGBA{R: uint8(x&7)*32 + 16, G: uint8(x>>3&7)*32 + 16, B: uint8(x>>6)*64 + 32, A: 255}
	}
	white := color.RGBA{R: 255, G: 255, B: 255, A: 255}
	few, many := image.Rect(0, 40, 3, 41), image.Rect(0, 70, 100, 71) // bands 2 and 3
	frame := func(second bool) *image.RGBA {
		m := image.NewRGBA(image.Rect(0, 0, 256, 96))
		for y := range 96 {
			for x := range 256 {
				p := image.Pt(x, y)
				switch {
				case y < 32 && x == 5 && second:
					m.SetRGBA(x, y, c(4))
				case y < 32:
					m.SetRGBA(x, y, c(x))
				case second && (p.In(few) || p.In(many)):
					m.SetRGBA(x, y, white)
				default:
					m.SetRGBA(x, y, c(0))
				}
			}
		}
		return m
	}
	changed := []image.Rectangle{image.Rect(5, 0, 6, 32), few, many}
	encodeEach(t, []*image.RGBA{frame(false), frame(true)}, changed, func(kept bool, i int, dec image.Image) {
		if i == 0 {
			return
		}
		a := color.RGBAModel.Convert(dec.At(few.Min.X, few.Min.Y))
		z := color.RGBAModel.Convert(dec.At(many.Min.X, many.Min.Y))
		if a != z {
			t.Fatalf("kept %v: white is drawn %v where met first (3 pixels), %v where met again (100)", kept, a, z)
		}
	})
}
