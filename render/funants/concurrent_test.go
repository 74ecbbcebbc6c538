package funants_test

import (
	"testing"

	"formica/engine"
	eng "formica/engine/funants"
	"formica/render/funants"
	"formica/render/rendertest"
)

// TestRendersConcurrently draws, as the bot draws the games of several
// channels, boards of two games with one Renderer at once: two turns of a
// late game in English and an opening in Polish (two languages' layers),
// each game's boards kept between its turns. A span cache without its lock
// fails it under -race.
func TestRendersConcurrently(t *testing.T) {
	opening := position(t).State.View(engine.NoSeat).(eng.View)
	games := []rendertest.Boards[eng.View]{
		{Name: "late", Lang: "en", Views: lateTurns(t, 2)},
		{Name: "opening", Lang: "pl", Views: []eng.View{opening}},
	}
	fresh, shared := renderers(t), renderers(t)
	rendertest.DrawConcurrently(t, games, fresh, shared)
}

func renderers(t *testing.T) rendertest.Renderer[eng.View] {
	r, err := funants.New()
	if err != nil {
		t.Fatal(err)
	}
	return rendertest.Renderer[eng.View]{Image: r.ImageIn, Render: r.RenderIn, Kept: true}
}
