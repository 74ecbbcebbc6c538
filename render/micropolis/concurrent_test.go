package micropolis_test

import (
	"fmt"
	"image"
	"testing"

	mic "formica/engine/micropolis"
	"formica/render/micropolis"
	"formica/render/rendertest"
)

// TestRendersConcurrently draws, as the bot draws the games of several
// channels, turns of three games with one Renderer at once: two 6-player
// games of one shape (they share its static layer and kept boards) and a
// two-anthill one in Polish, each goroutine its game's turns in order
// (each drawn over a kept board). Every PNG must be the board a fresh
// Renderer draws, as the kept encoder maps colours (rendertest.KeptPNG).
// Its point is -race: the layers, kept boards, sprite and span caches and
// PNG encoder one Renderer shares between goroutines.
func TestRendersConcurrently(t *testing.T) {
	type game struct {
		name, lang string
		vs         []mic.View
	}
	games := []game{
		{"a", "en", views(t, 6, mic.Classic, 21, 40, 2)},
		{"b", "en", views(t, 6, mic.Classic, 22, 40, 2)},
		{"two hills", "pl", views(t, 3, mic.TwoHills, 23, 0, 2)},
	}
	fresh, err := micropolis.New()
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
	r, err := micropolis.New()
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range games {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			for k, v := range g.vs {
				out, err := r.RenderIn(g.lang, v)
				if err != nil {
					t.Fatal(err)
				}
				rendertest.KeptPNG(t, fmt.Sprintf("game %s, turn %d", g.name, k), want[i][k], out)
			}
		})
	}
}
