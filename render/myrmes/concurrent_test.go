package myrmes_test

import (
	"fmt"
	"image"
	"testing"

	eng "formica/engine/myrmes"
	"formica/render/myrmes"
	"formica/render/rendertest"
)

// TestRendersConcurrently draws, as the bot draws the games of several
// channels, boards of two games with one Renderer at once: two early
// boards of a 4-player game in English, a late and an early one in
// Russian, and a 2-player placement preview (MYR-PHER-3) and the late
// board in Polish. Every PNG must be the board a fresh Renderer draws, as the kept
// encoder maps colours (rendertest.KeptPNG). Its point is -race: the
// layers, faces, canvases, span cache and PNG encoder one Renderer shares
// between goroutines.
func TestRendersConcurrently(t *testing.T) {
	type game struct {
		name, lang string
		vs         []eng.View
	}
	early, last := late(t, 4), late135(t)
	games := []game{
		{"early", "en", []eng.View{early, late(t, 5)}},
		{"late", "ru", []eng.View{last, early}},
		{"preview", "pl", []eng.View{previewLine4(t), last}},
	}
	fresh, err := myrmes.New()
	if err != nil {
		t.Fatal(err)
	}
	want := make([][]*image.RGBA, len(games))
	for i, g := range games {
		for _, v := range g.vs {
			img, err := fresh.Image(g.lang, v)
			if err != nil {
				t.Fatal(err)
			}
			want[i] = append(want[i], img.(*image.RGBA))
		}
	}
	r, err := myrmes.New()
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
