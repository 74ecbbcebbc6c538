package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFirstLastDiff checks the word-at-a-time scans Changed narrows rows
// with against a byte-by-byte scan: one or two differing bytes anywhere
// in rows of every length around the 8- and 64-byte steps.
func TestFirstLastDiff(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 1; n < 200; n++ {
		for range 20 {
			a := make([]byte, n)
			for i := range a {
				a[i] = byte(rng.IntN(3))
			}
			b := append([]byte(nil), a...)
			for range 1 + rng.IntN(2) {
				b[rng.IntN(n)]++
			}
			first, last := -1, -1
			for i := range a {
				if a[i] != b[i] {
					if first < 0 {
						first = i
					}
					last = i
				}
			}
			if got := firstDiff(a, b); got != first {
				t.Fatalf("firstDiff of %d bytes = %d, want %d", n, got, first)
			}
			if got := lastDiff(a, b); got != last {
				t.Fatalf("lastDiff of %d bytes = %d, want %d", n, got, last)
			}
			if got := firstDiff(a, a); got != n {
				t.Fatalf("firstDiff of %d equal bytes = %d, want %d", n, got, n)
			}
		}
	}
}

// TestChangedCoversEveryChange checks Changed on boards whose redrawn
// regions change in scattered pixels, a frame's two edges (thin vertical
// lines) and whole rows: the board gets the drawing, every changed pixel
// is in a rectangle Changed returns, and a frame's edges alone come as
// two thin rectangles, not the rows across.
func TestChangedCoversEveryChange(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	base := image.NewRGBA(image.Rect(0, 0, 300, 200))
	for i := range base.Pix {
		base.Pix[i] = byte(i / 4 % 7)
	}
	rects := []image.Rectangle{image.Rect(10, 10, 290, 100), image.Rect(0, 120, 300, 200)}
	regions := func(fp string) []Region {
		// A third region stays as it was: a board with nothing in common
		// would be another game's.
		return []Region{{Rect: rects[0], FP: []byte(fp)}, {Rect: rects[1], FP: []byte(fp)}, {Rect: image.Rect(0, 0, 300, 5), FP: []byte("c")}}
	}
	var ks KeptBoards[int]
	var e PNGEncoder
	k, _, _ := ks.Take(1, base, regions("new"))
	ks.Put(k, &e)
	for turn := range 24 {
		k, _, dirty := ks.Take(1, base, regions(fmt.Sprint(turn)))
		before := append([]byte(nil), k.board.Pix...)
		want := image.NewRGBA(base.Rect)
		copy(want.Pix, before)
		for _, r := range dirty { // the static layer where nothing is drawn
			for y := r.Min.Y; y < r.Max.Y; y++ {
				o := want.PixOffset(r.Min.X, y)
				copy(want.Pix[o:o+4*r.Dx()], base.Pix[o:])
			}
		}
		set := func(x, y int) {
			c := color.RGBA{uint8(rng.IntN(256)), uint8(turn), 1, 255}
			k.Img.SetRGBA(x, y, c)
			want.SetRGBA(x, y, c)
		}
		// Turns in fours: nothing drawn, a frame's edges alone, the
		// frame and scattered pixels (and a row across), scattered ones.
		frameOnly := turn%4 == 1
		if turn%4 >= 2 {
			for range rng.IntN(40) {
				r := dirty[rng.IntN(len(dirty))]
				set(r.Min.X+rng.IntN(r.Dx()), r.Min.Y+rng.IntN(r.Dy()))
			}
			if turn%3 == 0 {
				for x := range 300 {
					set(x, 150+turn)
				}
			}
		}
		if turn%4 == 1 || turn%4 == 2 {
			for y := 12; y < 98; y++ {
				set(12, y)
				set(12+rng.IntN(2), y)
				set(286, y)
			}
		}
		got := k.Changed(dirty)
		if !bytes.Equal(k.Img.Pix, want.Pix) {
			t.Fatalf("turn %d: the board is not the drawing over the pixels kept", turn)
		}
		for y := range 200 {
			for x := range 300 {
				o := k.Img.PixOffset(x, y)
				if bytes.Equal(before[o:o+4], k.Img.Pix[o:o+4]) {
					continue
				}
				if !slices.ContainsFunc(got, func(r image.Rectangle) bool { return image.Pt(x, y).In(r) }) {
					t.Fatalf("turn %d: pixel (%d,%d) changed, but no rectangle of %v holds it", turn, x, y, got)
				}
			}
		}
		if frameOnly {
			if len(got) != 2 || got[0].Dx() > 2 || got[1].Dx() > 1 {
				t.Fatalf("turn %d: a frame's edges changed: %v, want two thin rectangles", turn, got)
			}
		}
		ks.Put(k, &e)
	}
}
