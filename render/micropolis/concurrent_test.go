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
// channels, boards of three games with one Renderer at once: two boards of
// a 2-player game (the second drawn over the kept first), a board of
// another game of its shape (they share its static layer and kept boards)
// and a two-anthill game in Polish; small boards (each costs about a
// second under -race), mostly positions other tests draw too. Every PNG must be the board a fresh
// Renderer draws, as the kept encoder maps colours (rendertest.KeptPNG).
// Its point is -race: the layers, kept boards, sprite and span caches and
// PNG encoder one Renderer shares between goroutines.
func TestRendersConcurrently(t *testing.T) {
	type game struct {
		name, lang string
		vs         []mic.View
	}
	games := []game{
		{"a", "en", []mic.View{play(t, 2, mic.Classic, 11, 3), play(t, 2, mic.Classic, 11, 9)}},
		{"b", "en", []mic.View{play(t, 2, mic.Classic, 12, 9)}},
		{"two hills", "pl", []mic.View{play(t, 3, mic.TwoHills, 15, 30)}},
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
