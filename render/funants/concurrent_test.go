package funants_test

import (
	"fmt"
	"image"
	"testing"

	"formica/engine"
	eng "formica/engine/funants"
	"formica/render/funants"
	"formica/render/rendertest"
)

// TestRendersConcurrently draws, as the bot draws the games of several
// channels, boards of two games with one Renderer at once: two turns of a
// late game in English, one of them in Russian (one shape, two languages'
// layers) and an opening in Polish. Every PNG must
// be the board a fresh Renderer draws, as the kept encoder maps colours
// (rendertest.KeptPNG). Its point is -race: the layers, canvases, span
// cache and PNG encoder one Renderer shares between goroutines.
func TestRendersConcurrently(t *testing.T) {
	type game struct {
		name, lang string
		vs         []eng.View
	}
	turns := lateTurns(t, 2)
	opening := position(t).State.View(engine.NoSeat).(eng.View)
	games := []game{
		{"late", "en", turns},
		{"late in Russian", "ru", []eng.View{turns[1]}},
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
				out, err := r.RenderIn(g.lang, v)
				if err != nil {
					t.Fatal(err)
				}
				rendertest.KeptPNG(t, fmt.Sprintf("%s, board %d", g.name, k), want[i][k], out)
			}
		})
	}
}
