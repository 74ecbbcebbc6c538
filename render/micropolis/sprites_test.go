package micropolis_test

import (
	"bytes"
	"sync"
	"testing"

	mic "formica/engine/micropolis"
	"formica/internal/testscale"
	"formica/render/micropolis"
)

// A Renderer that has drawn tiles before copies them from its sprite
// cache; the board must be the same pixels a fresh Renderer draws, for the
// same view again (second goroutine), for a later view of the same game (new tiles, a new
// "last" outline, the row moved on) and for a finished one, also when
// several goroutines render at once (run with -race).
func TestSpritesDrawWhatADrawingDraws(t *testing.T) {
	views := []mic.View{
		play(t, 6, mic.Classic, 13, 30),
		play(t, 6, mic.Classic, 13, 34),
		play(t, 3, mic.TwoHills, 15, 30),
	}
	if !testing.Short() { // slow under -race: drawing is most of it
		views = append(views, play(t, 6, mic.Classic, 13, 30), play(t, 6, mic.Classic, 13, -1))
	}
	views = testscale.Pick(views, 1) // under -race one board, drawn by two goroutines
	want := make([][]byte, len(views))
	for i, v := range views {
		fresh, err := micropolis.New()
		if err != nil {
			t.Fatal(err)
		}
		img, err := fresh.Image(v)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = img.Pix
	}
	r, err := micropolis.New()
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := 0; g < 2; g++ {
		wg.Go(func() {
			for i, v := range views {
				img, err := r.Image(v)
				if err != nil {
					t.Error(err)
					return
				}
				if !bytes.Equal(img.Pix, want[i]) {
					n, first := 0, -1
					for j := range img.Pix {
						if img.Pix[j] != want[i][j] {
							n++
							if first < 0 {
								first = j / 4
							}
						}
					}
					t.Errorf("goroutine %d, view %d: cached tiles differ from a fresh drawing (%d bytes, first at %d,%d)", g, i, n, first%micropolis.Width, first/micropolis.Width)
				}
			}
		})
	}
	wg.Wait()
}
