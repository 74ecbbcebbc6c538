package march_test

import (
	"fmt"
	"image"
	"testing"

	"formica/engine/march"
	rmarch "formica/render/march"
	"formica/render/rendertest"
)

// TestRendersConcurrently draws, as the bot draws the games of several
// channels, boards of two games with one Renderer at once: two turns of a
// 1st edition game (the second drawn over the kept first) and a board of
// another game of its shape (they share its static layer and kept
// boards). The Evolved boards draw through the same code. Every PNG must be the
// board a fresh Renderer draws, as the kept encoder maps colours
// (rendertest.KeptPNG). Its point is -race: the layers, kept boards, span
// cache and PNG encoder one Renderer shares between goroutines. A few
// 2-player boards (the smallest) of short games: each board costs about a
// second under -race.
func TestRendersConcurrently(t *testing.T) {
	type game struct {
		name, lang string
		vs         []march.View
	}
	games := []game{
		{"a", "en", []march.View{spectator(explore(t, 2, 31, 20)), spectator(explore(t, 2, 31, 21))}},
		{"b", "en", []march.View{spectator(explore(t, 2, 32, 20))}},
	}
	fresh, err := rmarch.New()
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
	r, err := rmarch.New()
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
