package rendertest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
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

// failures is a testing.TB that records failures instead of failing.
type failures struct {
	testing.TB
	msgs []string
}

func (f *failures) Helper() {}
func (f *failures) Errorf(format string, args ...any) {
	f.msgs = append(f.msgs, fmt.Sprintf(format, args...))
}
func (f *failures) Fatalf(format string, args ...any) {
	f.Errorf(format, args...)
	runtime.Goexit()
}

// golden runs Golden on its own goroutine (Fatalf ends it) and returns
// what it reported.
func golden(t *testing.T, name string, got []byte) []string {
	f := &failures{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Golden(f, name, got)
	}()
	<-done
	return f.msgs
}

// Golden passes the golden's own bytes without decoding them, passes other
// bytes of the same pixels (another compression level), and fails other
// pixels with a diff image.
func TestGoldenComparesPixels(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.Mkdir("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 13)
	}
	encode := func(level png.CompressionLevel) []byte {
		var buf bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: level}).Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	stored := encode(png.BestSpeed)
	if err := os.WriteFile(filepath.Join("testdata", "b.png"), stored, 0o644); err != nil {
		t.Fatal(err)
	}
	if msgs := golden(t, "b", stored); len(msgs) != 0 {
		t.Errorf("the golden's own bytes: %q", msgs)
	}
	other := encode(png.NoCompression)
	if bytes.Equal(other, stored) {
		t.Fatal("the two encodings are the same bytes")
	}
	if msgs := golden(t, "b", other); len(msgs) != 0 {
		t.Errorf("the same pixels encoded otherwise: %q", msgs)
	}
	img.Pix[4*9] ^= 0xff
	msgs := golden(t, "b", encode(png.BestSpeed))
	if len(msgs) != 1 || !strings.Contains(msgs[0], "1 pixels differ") {
		t.Errorf("a changed pixel reported %q, want 1 pixel", msgs)
	}
	if _, err := os.Stat(filepath.Join("testdata", "b.diff.png")); err != nil {
		t.Errorf("no diff image: %v", err)
	}
	if msgs := golden(t, "b", []byte("not a png")); len(msgs) != 1 || !strings.Contains(msgs[0], "not a valid PNG") {
		t.Errorf("garbage reported %q", msgs)
	}
}

// BenchViews walks its views forth and back, each one answer from the
// one before.
func TestForthAndBack(t *testing.T) {
	var got []int
	for i := range 16 {
		got = append(got, forthAndBack(i, 4))
	}
	want := []int{0, 1, 2, 3, 2, 1, 0, 1, 2, 3, 2, 1, 0, 1, 2, 3}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("forthAndBack(0..15, 4) = %v, want %v", got, want)
	}
	if forthAndBack(5, 1) != 0 {
		t.Fatal("one view: not always view 0")
	}
}
