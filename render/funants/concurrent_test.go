package funants_test

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"

	"formica/engine"
	eng "formica/engine/funants"
	"formica/render/funants"
	"formica/render/rendertest"
)

// TestRendersConcurrently draws, as the bot draws the games of several
// channels, boards of two games with one Renderer at once: two turns of a
// late game in English and an opening in Polish (two languages' layers).
// Every board it draws must be a fresh Renderer's pixel for pixel, and
// its PNG of the board's size. (A PNG is not compared by colour buckets
// as the kept boards' are, rendertest.KeptPNG: Encode, with the palette
// the encoder kept from other boards, may draw two colours of one bucket
// differently; render's encoder tests bound its colours.) Its point is
// -race: the layers, canvases, span cache and PNG encoder one Renderer
// shares between goroutines.
func TestRendersConcurrently(t *testing.T) {
	type game struct {
		name, lang string
		vs         []eng.View
	}
	turns := lateTurns(t, 2)
	opening := position(t).State.View(engine.NoSeat).(eng.View)
	games := []game{
		{"late", "en", turns},
		{"opening", "pl", []eng.View{opening}},
	}
	fresh, err := funants.New()
	if err != nil {
		t.Fatal(err)
	}
	want := make([][]*image.RGBA, len(games))
	for i, g := range games {
		for _, v := range g.vs {
			img, err := fresh.ImageIn(g.lang, v)
			if err != nil {
				t.Fatal(err)
			}
			want[i] = append(want[i], img)
		}
	}
	r, err := funants.New()
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range games {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			for k, v := range g.vs {
				what := fmt.Sprintf("%s, board %d", g.name, k)
				img, err := r.ImageIn(g.lang, v)
				if err != nil {
					t.Fatal(err)
				}
				if n, _ := rendertest.Diff(img, want[i][k]); n > 0 {
					t.Errorf("%s: %d pixels differ from a fresh Renderer's board", what, n)
				}
				if k < len(g.vs)-1 {
					continue // the PNG of the last board only (each board costs ~1.5 CPU-s under -race)
				}
				out, err := r.RenderIn(g.lang, v)
				if err != nil {
					t.Fatal(err)
				}
				cfg, err := png.DecodeConfig(bytes.NewReader(out))
				if err != nil || cfg.Width != img.Bounds().Dx() || cfg.Height != img.Bounds().Dy() {
					t.Errorf("%s: the PNG is %dx%d (%v), the board %v", what, cfg.Width, cfg.Height, err, img.Bounds().Size())
				}
			}
		})
	}
}
