package micropolis_test

import (
	"testing"

	mic "formica/engine/micropolis"
	"formica/render/micropolis"
	"formica/render/rendertest"
)

// BenchmarkRenderSixPlayers is the performance target: render + PNG encode
// of a late six-player board under 60 ms and 400 KB, with the Renderer's
// static layer already cached (the bot keeps one Renderer).
func BenchmarkRenderSixPlayers(b *testing.B) {
	v := play(b, 6, mic.Classic, 13, 50)
	r, err := micropolis.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.Bench(b, func() ([]byte, error) { return r.Render(v) })
}

// BenchmarkImageSixPlayers is the drawing alone, without encoding.
func BenchmarkImageSixPlayers(b *testing.B) {
	v := play(b, 6, mic.Classic, 13, 50)
	r, err := micropolis.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.Bench(b, func() (any, error) { return r.Image(v) })
}

// BenchmarkRenderColdSixPlayers includes parsing fonts and drawing the
// static layer: the cost of the package-level Render function.
func BenchmarkRenderColdSixPlayers(b *testing.B) {
	v := play(b, 6, mic.Classic, 13, 50)
	rendertest.Bench(b, func() (any, error) { return micropolis.Render(v) })
}

// BenchmarkBoard is the late six-player board rendered and encoded by a
// kept Renderer ("ours") beside the naive anchor (a full gg redraw and the
// default png.Encode) in the same run; compare cpu-ms/op and B/op.
func BenchmarkBoard(b *testing.B) {
	v := play(b, 6, mic.Classic, 13, 50)
	r, err := micropolis.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.BenchViews(b, []mic.View{v}, r.Render, func(v mic.View) ([]byte, error) { return micropolis.NaiveRender(r, v) })
}

// BenchmarkBoardTurns is the boards of eight consecutive turns of the
// same late six-player game drawn in turn, as the bot draws them: what a
// kept Renderer remembers of one board helps the next only as far as they
// are alike. The naive anchor draws the same boards.
func BenchmarkBoardTurns(b *testing.B) {
	var vs []mic.View
	for k := range 8 {
		vs = append(vs, play(b, 6, mic.Classic, 13, 43+k))
	}
	r, err := micropolis.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.BenchViews(b, vs, r.Render, func(v mic.View) ([]byte, error) { return micropolis.NaiveRender(r, v) })
}

// The anchor draws what the Renderer draws.
func TestNaiveRenderDrawsTheBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("a benchmark's anchor: checked in the full run")
	}
	v := play(t, 6, mic.Classic, 13, 50)
	r, err := micropolis.New()
	if err != nil {
		t.Fatal(err)
	}
	img, err := r.Image(v)
	if err != nil {
		t.Fatal(err)
	}
	naive, err := micropolis.NaiveRender(r, v)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.SameAsPNG(t, img, naive)
}
