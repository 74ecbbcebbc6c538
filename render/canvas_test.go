package render_test

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/fogleman/gg"

	"formica/internal/testscale"
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

// pathScene fills and strokes every kind of path the boards draw: open and
// closed subpaths, curves, arcs, rounded rectangles, caps, joins, dashes,
// the even-odd rule, translucent colours, a matrix, a clip, and colours
// set every way Canvas tracks.
func pathScene(dc render.Painter) {
	type extra interface {
		SetLineCapButt()
		SetLineCapSquare()
		SetLineJoinBevel()
		SetDash(...float64)
		SetDashOffset(float64)
		SetFillRuleEvenOdd()
		SetFillRuleWinding()
		CubicTo(x1, y1, x2, y2, x3, y3 float64)
		DrawPoint(x, y, r float64)
		DrawRegularPolygon(n int, x, y, r, rotation float64)
		Clip()
		ResetClip()
		SetRGBA255(r, g, b, a int)
		SetHexColor(string)
		SetStrokeStyle(gg.Pattern)
	}
	ex := dc.(extra)
	dc.SetRGB(0.95, 0.93, 0.88)
	dc.Clear()
	for i := range 14 {
		x, y := 20+float64(i)*44.3, 40+15*math.Sin(float64(i))
		dc.DrawCircle(x, y, 19.7)
		dc.SetColor(render.Seat(i % 6).Light)
		dc.FillPreserve()
		dc.SetColor(render.Seat(i % 6).Color)
		dc.SetLineWidth(1 + float64(i)*0.37)
		dc.Stroke()
	}
	// An open subpath is closed by Fill; a triangle under even-odd.
	dc.MoveTo(30, 90)
	dc.LineTo(120, 100)
	dc.QuadraticTo(150, 160, 90, 170)
	ex.CubicTo(60, 180, 20, 150, 35, 120)
	dc.SetColor(color.NRGBA{30, 120, 200, 160})
	dc.FillPreserve()
	ex.SetLineJoinBevel()
	ex.SetLineCapSquare()
	dc.SetLineWidth(5.5)
	dc.SetRGB(0.1, 0.2, 0.3)
	dc.Stroke()
	ex.SetFillRuleEvenOdd()
	dc.DrawRectangle(160, 90, 90, 80)
	dc.DrawRectangle(180, 110, 50, 40)
	dc.SetColor(render.Danger)
	dc.Fill()
	ex.SetFillRuleWinding()
	dc.SetLineJoinRound()
	ex.SetLineCapButt()
	dc.DrawRoundedRectangle(270.4, 90.6, 120, 70, 14)
	ex.SetRGBA255(250, 250, 240, 255)
	dc.FillPreserve()
	dc.SetLineWidth(2.5)
	dc.SetColor(render.Ink)
	dc.Stroke()
	dc.SetLineCapRound()
	dc.DrawLine(410, 95, 520, 165)
	dc.DrawArc(560, 130, 30, 0.3, 4.1)
	dc.SetLineWidth(9)
	dc.SetColor(color.RGBA{0, 90, 0, 200})
	dc.Stroke()
	ex.SetDash(7, 4)
	dc.DrawEllipse(330, 210, 80, 25)
	dc.SetLineWidth(3)
	dc.SetColor(render.Seat(5).Dark)
	dc.Stroke()
	ex.SetDash(5)
	ex.SetDashOffset(-3.5)
	dc.DrawRoundedRectangle(250, 180, 150, 60, 12)
	dc.DrawLine(260, 200, 390, 230)
	dc.Stroke()
	ex.SetDash(9, 3, 2, 3)
	ex.SetDashOffset(4)
	dc.DrawEllipse(330, 210, 60, 15)
	ex.SetHexColor("#7a3")
	dc.Stroke()
	ex.SetDash()
	dc.Push()
	dc.RotateAbout(0.4, 120, 220)
	dc.DrawRectangle(80, 200, 90, 40)
	dc.SetColor(render.Seat(3).Color)
	dc.FillPreserve()
	dc.Pop() // the matrix is restored, the path is not: stroked unrotated
	dc.SetLineWidth(2)
	dc.Stroke()
	// Tiny circles: their flattened points lie closer than gg keeps.
	for i := range 6 {
		dc.DrawCircle(20+float64(i)*7, 240, 0.3+float64(i)*0.4)
	}
	dc.SetLineWidth(1.5)
	dc.Stroke()
	ex.DrawPoint(450, 210, 12)
	ex.DrawRegularPolygon(6, 520, 215, 22, 0.2)
	dc.SetColor(render.Gold)
	dc.Fill()
	ex.SetStrokeStyle(gg.NewSolidPattern(render.Seat(1).Color))
	dc.DrawCircle(600, 210, 20)
	dc.Stroke()
	// Shapes half off the canvas, then under a clip.
	dc.DrawCircle(635, 20, 30)
	dc.SetColor(render.Seat(4).Dark)
	dc.Fill()
	dc.DrawRectangle(200, 180, 60, 60)
	ex.Clip()
	dc.DrawCircle(230, 230, 40)
	dc.SetColor(render.Seat(5).Color)
	dc.Fill()
	ex.ResetClip()
	dc.DrawCircle(600, 245, 30)
	dc.SetColor(render.Seat(2).Light)
	dc.Fill()
}

// A Canvas fills and strokes with exactly gg's pixels.
func TestCanvasPathsMatchGG(t *testing.T) {
	ref := gg.NewContext(640, 250)
	pathScene(ref)
	img := image.NewRGBA(image.Rect(0, 0, 640, 250))
	pathScene(render.NewCanvas(img))
	want := ref.Image().(*image.RGBA).Pix
	if n := diffBytes(img.Pix, want); n > 0 {
		t.Errorf("Canvas paths differ from gg's in %d bytes", n)
	}
}

func diffBytes(a, b []byte) int {
	n := 0
	for i := range b {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}

// BenchmarkPaths is the path scene drawn by gg beside Canvas.
func BenchmarkPaths(b *testing.B) {
	b.Run("gg", func(b *testing.B) {
		b.ReportAllocs()
		dc := gg.NewContext(640, 250)
		for b.Loop() {
			pathScene(dc)
		}
	})
	b.Run("canvas", func(b *testing.B) {
		b.ReportAllocs()
		dc := render.NewCanvas(image.NewRGBA(image.Rect(0, 0, 640, 250)))
		for b.Loop() {
			pathScene(dc)
		}
	})
}

// A Canvas painting from a SpanCache draws exactly gg's pixels: the path
// scene moved by whole and fractional pixels, then the same shapes at
// many positions, each canvas reusing what the ones before it cached.
func TestSpanCacheMatchesGG(t *testing.T) {
	var sc render.SpanCache
	rng := rand.New(rand.NewPCG(1, 2))
	moves := [][2]float64{{0, 0}, {0, 0}, {3, 7}, {-2, 11}, {0.5, 0.25}, {3.5, 7.25}, {17, -3}}
	// Under -race five of the moves, the repeated first among them (a
	// cache hit in place).
	for _, mv := range testscale.Pick(moves, 5) {
		ref := gg.NewContext(640, 250)
		img := image.NewRGBA(image.Rect(0, 0, 640, 250))
		dc := render.NewCanvas(img)
		dc.UseSpans(&sc)
		for _, p := range []render.Painter{ref, dc} {
			p.Push()
			p.(interface{ Translate(x, y float64) }).Translate(mv[0], mv[1])
			pathScene(p)
			p.Pop()
			// Icons and discs of a few sizes, at whole and fractional places.
			r := rand.New(rand.NewPCG(uint64(mv[0]*4), uint64(mv[1]*4)))
			for i := range 60 {
				x, y := 40+r.Float64()*560, 40+r.Float64()*170
				if i%2 == 0 {
					x, y = math.Round(x), math.Round(y)
				}
				size := []float64{12, 20, 31.5}[i%3]
				render.Ant(p, x, y, size, render.Seat(i%6).Color)
				p.DrawCircle(x+size, y, size*0.4)
				p.SetColor(render.Seat(i % 6).Light)
				p.FillPreserve()
				p.SetLineWidth(2.5)
				p.SetColor(render.Ink)
				p.Stroke()
			}
		}
		if n := diffBytes(img.Pix, ref.Image().(*image.RGBA).Pix); n > 0 {
			t.Fatalf("moved by %v: Canvas with a SpanCache differs from gg in %d bytes", mv, n)
		}
	}
	_ = rng
}

// A Canvas clears to exactly gg's pixels, translucent colours too.
func TestCanvasClearMatchesGG(t *testing.T) {
	for _, c := range []color.Color{render.Paper, color.NRGBA{10, 200, 30, 100}, color.RGBA{0, 0, 90, 200}} {
		ref := gg.NewContext(333, 77)
		ref.SetColor(c)
		ref.Clear()
		img := image.NewRGBA(image.Rect(0, 0, 333, 77))
		dc := render.NewCanvas(img)
		dc.SetColor(c)
		dc.Clear()
		if n := diffBytes(img.Pix, ref.Image().(*image.RGBA).Pix); n > 0 {
			t.Errorf("clear to %v: %d bytes differ", c, n)
		}
	}
}
