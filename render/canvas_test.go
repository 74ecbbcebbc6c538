package render_test

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/fogleman/gg"

	"formica/render"
)

// scene draws a busy background, then text in several faces, colours
// (opaque, translucent, NRGBA from SetRGBA) and positions (fractional, half
// off the canvas, after Push/RotateAbout/Pop), the way boards do.
func scene(dc render.Painter, fonts *render.Fonts) {
	dc.SetRGB(0.95, 0.93, 0.88)
	dc.Clear()
	for i := range 12 {
		dc.DrawCircle(float64(40+i*45), 120+20*math.Sin(float64(i)), 38)
		dc.SetColor(render.Seat(i % 6).Light)
		dc.Fill()
	}
	fs := fonts.Faces()
	inks := []color.Color{render.Ink, color.NRGBA{200, 30, 30, 140}, color.RGBA{0, 0, 90, 200}, render.Seat(2).Dark}
	texts := []string{"Ход 12 — P3", "take b4 fill", "Żółć 0123 +7", "WWW iii ∑…"}
	for i, s := range texts {
		for j, size := range []float64{13, 22, 30.5} {
			dc.SetFontFace(fs.Get(render.FontStyle((i+j)%3), size))
			dc.SetColor(inks[(i+j)%len(inks)])
			dc.DrawString(s, -7+float64(i)*140.37+float64(j)*0.29, 28+float64(j)*90+float64(i)*7.61)
		}
	}
	dc.Push()
	dc.RotateAbout(0.3, 300, 200) // text under a matrix goes through gg
	dc.SetColor(render.Danger)
	dc.DrawString("rotated", 280, 200)
	dc.Pop()
	dc.DrawString("after Pop", 500, 230)
	dc.SetRGB(0.2, 0.5, 0.1)
	dc.DrawString("SetRGB ink", 20, 240)
}

// A Canvas draws text with exactly gg's pixels.
func TestCanvasTextMatchesGG(t *testing.T) {
	fonts, err := render.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	ref := gg.NewContext(640, 250)
	scene(ref, fonts)
	img := image.NewRGBA(image.Rect(0, 0, 640, 250))
	scene(render.NewCanvas(img), fonts)
	want := ref.Image().(*image.RGBA).Pix
	if !bytes.Equal(img.Pix, want) {
		n := 0
		for i := range want {
			if img.Pix[i] != want[i] {
				n++
			}
		}
		t.Errorf("Canvas text differs from gg's in %d bytes", n)
	}
}

// BenchmarkText is the text of a board: gg beside Canvas.
func BenchmarkText(b *testing.B) {
	fonts, err := render.NewFonts()
	if err != nil {
		b.Fatal(err)
	}
	fs := fonts.Faces()
	run := func(b *testing.B, dc render.Painter) {
		b.ReportAllocs()
		for b.Loop() {
			for i := range 40 {
				dc.SetFontFace(fs.Get(render.Bold, 24))
				dc.SetColor(render.Ink)
				dc.DrawString("P3 take b4 fill", 10, float64(30+i*12))
			}
		}
	}
	b.Run("gg", func(b *testing.B) { run(b, gg.NewContext(600, 520)) })
	b.Run("canvas", func(b *testing.B) { run(b, render.NewCanvas(image.NewRGBA(image.Rect(0, 0, 600, 520)))) })
}
