package myrmes_test

import (
	"testing"

	eng "formica/engine/myrmes"
	"formica/render/myrmes"
	"formica/render/rendertest"
)

// BenchmarkBoard is the late four-player board rendered and encoded by a
// kept Renderer ("ours") beside the naive anchor (a full gg redraw and the
// default png.Encode) in the same run; compare cpu-ms/op and B/op.
func BenchmarkBoard(b *testing.B) {
	v := late(b, 135)
	r, err := myrmes.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.BenchViews(b, []eng.View{v}, r.Render, func(v eng.View) ([]byte, error) { return myrmes.NaiveRender(r, v) })
}

// BenchmarkBoardTurns is the boards after eight consecutive answers of the
// same late four-player game drawn in turn, as the bot draws them. The
// naive anchor draws the same boards.
func BenchmarkBoardTurns(b *testing.B) {
	var vs []eng.View
	for k := range 8 {
		vs = append(vs, late(b, 128+k))
	}
	r, err := myrmes.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.BenchViews(b, vs, r.Render, func(v eng.View) ([]byte, error) { return myrmes.NaiveRender(r, v) })
}

// The anchor draws what the Renderer draws.
func TestNaiveRenderDrawsTheBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("a benchmark's anchor: checked in the full run")
	}
	v := late135(t)
	r, err := myrmes.New()
	if err != nil {
		t.Fatal(err)
	}
	img, err := r.Image("en", v)
	if err != nil {
		t.Fatal(err)
	}
	naive, err := myrmes.NaiveRender(r, v)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.SameAsPNG(t, img, naive)
}
