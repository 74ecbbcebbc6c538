// Package rendertest holds test helpers for renderers: golden PNG
// comparison by decoded pixels, with a diff image on mismatch.
//
// Run `go test ./render/... -update` to rewrite the golden files after an
// intended change, then look at them (they are the review artefact).
package rendertest

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// update is a test flag, registered once when the test binary imports this
// package (flag registration is how `go test -update` works; it is not
// mutable state that code reads outside tests).
var update = flag.Bool("update", false, "rewrite golden PNGs in testdata/")

// Tolerance is the largest per-channel difference (0..255) that still
// counts as equal: anti-aliasing may differ by a step across CPU
// architectures (fused multiply-add on arm64), which must not fail CI.
const Tolerance = 3

// Golden compares the decoded pixels of got (PNG bytes) with
// testdata/<name>.png. With -update it writes the file instead. On
// mismatch it writes testdata/<name>.diff.png (differing pixels in red
// over a faded copy of the golden) and fails with the count.
func Golden(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	diffPath := filepath.Join("testdata", name+".diff.png")
	if !*update {
		// -update writes the renderer's bytes, so an unchanged board is the
		// same file: no decoding (two PNG decodes cost far more than a byte
		// compare under -race). Other bytes are compared by pixels below.
		if f, err := os.ReadFile(path); err == nil && bytes.Equal(f, got) {
			_ = os.Remove(diffPath)
			return
		}
	}
	gotImg, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatalf("golden %s: the renderer's output is not a valid PNG: %v", name, err)
	}
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatalf("golden %s: %v", name, err)
		}
		_ = os.Remove(diffPath)
		return
	}
	f, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run `go test -run %s -update` to create it)", name, err, t.Name())
	}
	wantImg, err := png.Decode(bytes.NewReader(f))
	if err != nil {
		t.Fatalf("golden %s: %s is not a valid PNG: %v (rerun with -update)", name, path, err)
	}
	if identical(wantImg, gotImg) {
		_ = os.Remove(diffPath)
		return
	}
	n, diff := Diff(wantImg, gotImg)
	if n == 0 {
		_ = os.Remove(diffPath)
		return
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, diff); err == nil {
		_ = os.WriteFile(diffPath, buf.Bytes(), 0o644)
	}
	wb, gb := wantImg.Bounds(), gotImg.Bounds()
	t.Errorf("golden %s: %d pixels differ (want %dx%d, got %dx%d); see %s; if the change is intended rerun with -update",
		name, n, wb.Dx(), wb.Dy(), gb.Dx(), gb.Dy(), diffPath)
}

// Diff counts the pixels of a and b that differ by more than Tolerance in
// any channel (pixels outside either image's bounds count as different)
// and returns an image marking them in red over a faded copy of a.
func Diff(a, b image.Image) (int, *image.RGBA) {
	ra, rb := toRGBA(a), toRGBA(b)
	u := ra.Rect.Union(rb.Rect)
	out := image.NewRGBA(u)
	n := 0
	for y := u.Min.Y; y < u.Max.Y; y++ {
		for x := u.Min.X; x < u.Max.X; x++ {
			p := image.Pt(x, y)
			o := out.PixOffset(x, y)
			if p.In(ra.Rect) && p.In(rb.Rect) {
				pa := ra.Pix[ra.PixOffset(x, y):][:4]
				pb := rb.Pix[rb.PixOffset(x, y):][:4]
				if near(pa, pb) {
					g := (int(pa[0]) + int(pa[1]) + int(pa[2])) / 3
					fade := uint8(192 + g/4)
					copy(out.Pix[o:o+4], []uint8{fade, fade, fade, 255})
					continue
				}
			}
			n++
			copy(out.Pix[o:o+4], []uint8{255, 0, 0, 255})
		}
	}
	return n, out
}

// identical is the fast path: same bounds and byte-identical pixels, row
// by row (the common case, and cheap even under -race).
func identical(a, b image.Image) bool {
	ra, rb := toRGBA(a), toRGBA(b)
	if ra.Rect != rb.Rect {
		return false
	}
	w := ra.Rect.Dx() * 4
	for y := 0; y < ra.Rect.Dy(); y++ {
		if !bytes.Equal(ra.Pix[y*ra.Stride:][:w], rb.Pix[y*rb.Stride:][:w]) {
			return false
		}
	}
	return true
}

// toRGBA converts any image to *image.RGBA (decoded opaque PNGs already are).
func toRGBA(m image.Image) *image.RGBA {
	if r, ok := m.(*image.RGBA); ok {
		return r
	}
	if p, ok := m.(*image.Paletted); ok {
		if r := palettedRGBA(p); r != nil {
			return r
		}
	}
	r := image.NewRGBA(m.Bounds())
	draw.Draw(r, r.Rect, m, m.Bounds().Min, draw.Src)
	return r
}

// palettedRGBA is draw.Draw(RGBA, p, draw.Src) by a table of the palette's
// colours (draw has no fast path for a paletted source: boards are stored
// paletted, and comparing them was most of a golden test); nil if a pixel
// is outside the palette.
func palettedRGBA(p *image.Paletted) *image.RGBA {
	var lut [256][4]uint8
	for i, c := range p.Palette {
		r, g, b, a := c.RGBA()
		lut[i] = [4]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
	}
	out := image.NewRGBA(p.Rect)
	w := p.Rect.Dx()
	for y := 0; y < p.Rect.Dy(); y++ {
		src := p.Pix[y*p.Stride:][:w]
		dst := out.Pix[y*out.Stride:][:4*w]
		for x, i := range src {
			if int(i) >= len(p.Palette) {
				return nil
			}
			copy(dst[4*x:4*x+4], lut[i][:])
		}
	}
	return out
}

func near(p, q []uint8) bool {
	for i := range p {
		d := int(p[i]) - int(q[i])
		if d > Tolerance || d < -Tolerance {
			return false
		}
	}
	return true
}

// WriteFile is a convenience for looking at a render during development:
// it writes png to dir/name.png and reports the path.
func WriteFile(t testing.TB, dir, name string, png []byte) string {
	t.Helper()
	p := filepath.Join(dir, name+".png")
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// SameAsPNG fails t unless the PNG bytes decode to exactly the pixels of
// img (no tolerance): for a renderer's anchor that must draw what the
// renderer draws.
func SameAsPNG(t testing.TB, img image.Image, pngBytes []byte) {
	t.Helper()
	got, err := png.Decode(bytes.NewReader(pngBytes))
	if err != nil {
		t.Fatalf("not a valid PNG: %v", err)
	}
	want := image.NewRGBA(img.Bounds())
	draw.Draw(want, want.Rect, img, want.Rect.Min, draw.Src)
	have := image.NewRGBA(got.Bounds())
	draw.Draw(have, have.Rect, got, have.Rect.Min, draw.Src)
	if want.Rect != have.Rect {
		t.Fatalf("size %v, want %v", have.Rect, want.Rect)
	}
	if !bytes.Equal(want.Pix, have.Pix) {
		n := 0
		for i := range want.Pix {
			if want.Pix[i] != have.Pix[i] {
				n++
			}
		}
		t.Errorf("%d bytes of the pixels differ", n)
	}
}

// KeptIsFresh fails t unless a board drawn over a kept one (kept, and
// its PNG) is pixel for pixel fresh, the board drawn from scratch, and
// its PNG maps fresh's colours as KeptPNG checks.
func KeptIsFresh(t testing.TB, what string, kept *image.RGBA, pngBytes []byte, fresh *image.RGBA) {
	t.Helper()
	if !bytes.Equal(kept.Pix, fresh.Pix) || kept.Rect != fresh.Rect {
		n, _ := Diff(kept, fresh)
		t.Fatalf("%s: %d pixels differ from the board drawn from scratch", what, n)
	}
	KeptPNG(t, what, fresh, pngBytes)
}

// KeptPNG fails t unless the PNG bytes, as a kept render.PNGEncoder
// writes them, are img as that encoder maps colours: a colour bucket (5
// bits a channel) to one palette colour over the whole board. Whatever
// palette the encoder kept from earlier boards, a part of the PNG left
// from an earlier board where img changed shows colours that img's
// buckets have elsewhere in other colours (or colours in buckets img does
// not have), and fails it.
func KeptPNG(t testing.TB, what string, img *image.RGBA, pngBytes []byte) {
	t.Helper()
	dec, err := png.Decode(bytes.NewReader(pngBytes))
	if err != nil {
		t.Fatalf("%s: not a valid PNG: %v", what, err)
	}
	got := toRGBA(dec)
	if got.Rect.Size() != img.Rect.Size() {
		t.Fatalf("%s: size %v, want %v", what, got.Rect.Size(), img.Rect.Size())
	}
	var seen [1 << 15]struct {
		c  color.RGBA // opaque once seen
		at image.Point
	}
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for y := range h {
		src := img.Pix[y*img.Stride:][:4*w]
		dst := got.Pix[y*got.Stride:][:4*w]
		for x := range w {
			s, g := src[4*x:4*x+4], dst[4*x:4*x+4]
			c := color.RGBA{g[0], g[1], g[2], g[3]}
			e := &seen[int(s[0]>>3)<<10|int(s[1]>>3)<<5|int(s[2]>>3)]
			if e.c.A == 0 {
				e.c, e.at = c, image.Pt(x, y)
			} else if e.c != c {
				t.Fatalf("%s: pixel (%d,%d) in %v is %v in the PNG, but (%d,%d) of its colour bucket is %v",
					what, x, y, s, c, e.at.X, e.at.Y, e.c)
			}
		}
	}
}
