package myrmes_test

import (
	"image"
	"testing"

	eng "formica/engine/myrmes"
	"formica/render/myrmes"
	"formica/render/rendertest"
)

// TestRendersConcurrently draws, as the bot draws the games of several
// channels, boards of two games with one Renderer at once: an early and a
// late board of a 4-player game in English, and a 2-player placement
// preview (MYR-PHER-3) and the early board in Polish. Two boards a
// goroutine (each costs about 1.5 CPU-s under -race): with one, a static
// layer written without its lock went unreported; with two it is
// reported, though not in every run (the other shared locks may order
// the accesses).
func TestRendersConcurrently(t *testing.T) {
	early, last := late(t, 4), late135(t)
	games := []rendertest.Boards[eng.View]{
		{Name: "early", Lang: "en", Views: []eng.View{early, last}},
		{Name: "preview", Lang: "pl", Views: []eng.View{previewLine4(t), early}},
	}
	fresh, shared := renderers(t), renderers(t)
	rendertest.DrawConcurrently(t, games, fresh, shared)
}

func renderers(t *testing.T) rendertest.Renderer[eng.View] {
	r, err := myrmes.New()
	if err != nil {
		t.Fatal(err)
	}
	img := func(lang string, v eng.View) (*image.RGBA, error) {
		m, err := r.Image(lang, v)
		if err != nil {
			return nil, err
		}
		return m.(*image.RGBA), nil
	}
	return rendertest.Renderer[eng.View]{Image: img, Render: r.RenderIn}
}
