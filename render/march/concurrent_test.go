package march_test

import (
	"testing"

	"formica/engine/march"
	rmarch "formica/render/march"
	"formica/render/rendertest"
)

// TestRendersConcurrently draws, as the bot draws the games of several
// channels, boards of two games with one Renderer at once: two turns of a
// 1st edition game (the second drawn over the kept first) and a board of
// another game of its shape (they share its static layer and kept
// boards). The Evolved boards draw through the same code. A few 2-player
// boards (the smallest) of short games: each board costs about a second
// under -race.
func TestRendersConcurrently(t *testing.T) {
	games := []rendertest.Boards[march.View]{
		{Name: "a", Lang: "en", Views: []march.View{spectator(explore(t, 2, 31, 20)), spectator(explore(t, 2, 31, 21))}},
		{Name: "b", Lang: "en", Views: []march.View{spectator(explore(t, 2, 32, 20))}},
	}
	fresh, shared := renderers(t), renderers(t)
	rendertest.DrawConcurrently(t, games, fresh, shared)
}

func renderers(t *testing.T) rendertest.Renderer[march.View] {
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	return rendertest.Renderer[march.View]{Image: r.ImageIn, Render: r.RenderIn, Kept: true}
}
