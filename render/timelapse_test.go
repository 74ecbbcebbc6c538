package render_test

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"testing"

	"formica/internal/testscale"
	"formica/render"
)

// frames are boards that change one square a move, like a game.
func frames(n, w, h int) []image.Image {
	var out []image.Image
	base := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range base.Pix {
		base.Pix[i] = 0xF0
	}
	for i := range n {
		f := image.NewRGBA(base.Rect)
		copy(f.Pix, base.Pix)
		for y := 0; y < 40; y++ {
			for x := 0; x < 40; x++ {
				x0, y0 := square(i, w, h)
				f.Set(x0+x, y0+y, color.RGBA{R: uint8(40 * (i % 6)), G: 0x70, B: 0x20, A: 255})
			}
		}
		base = f
		out = append(out, f)
	}
	return out
}

// square is where frame i's new square is drawn.
func square(i, w, h int) (int, int) {
	return (i * 50) % (w - 40), (i * 50 / (w - 40)) * 50 % (h - 40)
}

// A timelapse has a frame a board, all in one box no larger than MaxSide,
// the last one held, and the file under its limit.
func TestTimelapse(t *testing.T) {
	testscale.SkipRace(t, "") // even 6 frames and the shrunk encoding cost 5 s under -race
	n := 20
	fr := frames(n, 800, 600)
	b, err := render.Timelapse{MaxSide: 400, Delay: 60, Hold: 300, Limit: 8 << 20}.Encode(fr)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != n {
		t.Errorf("%d frames, want %d", len(g.Image), n)
	}
	if g.Config.Width != 400 || g.Config.Height != 300 {
		t.Errorf("frames are %dx%d, want 400x300 (800x600 halved)", g.Config.Width, g.Config.Height)
	}
	if g.Delay[0] != 60 || g.Delay[n-1] != 300 {
		t.Errorf("delays %d…%d, want 60…300", g.Delay[0], g.Delay[n-1])
	}
	// The last frame, composed over the ones before, is the last board.
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	for _, p := range g.Image {
		for y := p.Rect.Min.Y; y < p.Rect.Max.Y; y++ {
			for x := p.Rect.Min.X; x < p.Rect.Max.X; x++ {
				if _, _, _, a := p.At(x, y).RGBA(); a != 0 {
					canvas.Set(x, y, p.At(x, y))
				}
			}
		}
	}
	x0, y0 := square(n-1, 800, 600)
	want := color.RGBAModel.Convert(fr[n-1].At(x0+20, y0+20)).(color.RGBA)
	got := canvas.RGBAAt(x0/2+10, y0/2+10)
	if !near(got, want) {
		t.Errorf("last square is %v, want %v", got, want)
	}
	if len(b) > 1<<20 {
		t.Errorf("%d bytes for %d small changes", len(b), n)
	}
	// A limit the frames cannot meet at full size shrinks them.
	small, err := render.Timelapse{MaxSide: 400, Delay: 60, Limit: len(b) * 2 / 3}.Encode(fr)
	if err != nil {
		t.Fatal(err)
	}
	if len(small) > len(b)*2/3 || len(small) == len(b) {
		t.Errorf("%d bytes over the limit %d", len(small), len(b)*2/3)
	}
}

// near: within the 5-bit buckets of the shared palette.
func near(a, b color.RGBA) bool {
	d := func(x, y uint8) bool { return x-y < 8 || y-x < 8 }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

var highlight = color.RGBA{0xFF, 0xD2, 0x3F, 0xFF}

// The final table: one row a player under the headings, in a PNG.
func TestScoreTable(t *testing.T) {
	b, err := render.ScoreTable("March of the Ants is over", [3]string{"#", "Player", "Points"},
		[]render.ScoreRow{{1, "Alice", 31}, {2, "Bob", 20}, {2, "Carol", 20}, {4, "Dave", 3}})
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Dy(); got != 28*2+64+54*5 {
		t.Errorf("table is %d px tall, want a row for the heading and each of 4 players", got)
	}
	// The winner's band is highlighted, the others not.
	if c := color.RGBAModel.Convert(img.At(40, 28+64+54+10)).(color.RGBA); !near(c, highlight) {
		t.Errorf("winner's row at its edge is %v, want the highlight", c)
	}
	if c := color.RGBAModel.Convert(img.At(40, 28+64+2*54+10)).(color.RGBA); near(c, highlight) {
		t.Errorf("second row is highlighted too")
	}
}

// Shrink brings a board to the timelapse's size as it is drawn, so a game's
// frames are held small; the GIF is the one the full boards make.
func TestTimelapseShrink(t *testing.T) {
	tl := render.Timelapse{MaxSide: 160, Delay: 70, Hold: 400}
	full := frames(6, 400, 300)
	for _, f := range full { // boards are opaque
		for i := 3; i < len(f.(*image.RGBA).Pix); i += 4 {
			f.(*image.RGBA).Pix[i] = 0xFF
		}
	}
	var small []image.Image
	for _, f := range full {
		s := tl.Shrink(f)
		if got := s.Bounds().Size(); got != image.Pt(160, 120) {
			t.Fatalf("shrunk to %v, want 160x120", got)
		}
		small = append(small, s)
	}
	if tiny := frames(1, 100, 80)[0]; tl.Shrink(tiny) != tiny {
		t.Error("a frame that fits was scaled")
	}
	a, err := tl.Encode(full)
	if err != nil {
		t.Fatal(err)
	}
	b, err := tl.Encode(small)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Errorf("the GIF of shrunk frames differs from the full boards' (%d vs %d bytes)", len(b), len(a))
	}
}
