package micropolis_test

import (
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
// second under -race), mostly positions other tests draw too. The sprite
// cache is shared too.
func TestRendersConcurrently(t *testing.T) {
	games := []rendertest.Boards[mic.View]{
		{Name: "a", Lang: "en", Views: []mic.View{play(t, 2, mic.Classic, 11, 3), play(t, 2, mic.Classic, 11, 9)}},
		{Name: "b", Lang: "en", Views: []mic.View{play(t, 2, mic.Classic, 12, 9)}},
		{Name: "two hills", Lang: "pl", Views: []mic.View{play(t, 3, mic.TwoHills, 15, 30)}},
	}
	fresh, shared := renderers(t), renderers(t)
	rendertest.DrawConcurrently(t, games, fresh, shared)
}

func renderers(t *testing.T) rendertest.Renderer[mic.View] {
	r, err := micropolis.New()
	if err != nil {
		t.Fatal(err)
	}
	return rendertest.Renderer[mic.View]{Image: r.ImageIn, Render: r.RenderIn, Kept: true}
}
