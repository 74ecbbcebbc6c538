package march_test

import (
	"testing"

	"formica/engine"
	"formica/engine/march"
	rmarch "formica/render/march"
	"formica/render/rendertest"
)

// BenchmarkRenderFivePlayersLate is the performance target: render + PNG
// encode of a late five-player board with a 25-hex Anthill under 100 ms,
// with a kept Renderer (the bot keeps one).
func BenchmarkRenderFivePlayersLate(b *testing.B) {
	v := spectator(explore(b, 5, 8, 200))
	r, err := rmarch.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.Bench(b, func() ([]byte, error) { return r.Render(v) })
}

// BenchmarkImageFivePlayersLate is the drawing alone, without encoding.
func BenchmarkImageFivePlayersLate(b *testing.B) {
	v := spectator(explore(b, 5, 8, 200))
	r, err := rmarch.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.Bench(b, func() (any, error) { return r.Image(v) })
}

// BenchmarkRenderHand is a private hand of six cards.
func BenchmarkRenderHand(b *testing.B) {
	st := play(b, 5, 4, 90, map[string]string{"species": "on"})
	v := *st.View(engine.Seat(0)).(*march.View)
	r, err := rmarch.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.Bench(b, func() (any, error) { return r.RenderHand(v) })
}

// BenchmarkBoard is the late five-player, 25-hex board rendered and
// encoded by a kept Renderer ("ours") beside the naive anchor (a full gg
// redraw and the default png.Encode) in the same run.
func BenchmarkBoard(b *testing.B) {
	v := spectator(explore(b, 5, 8, 200))
	r, err := rmarch.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.BenchViews(b, []march.View{v}, r.Render, func(v march.View) ([]byte, error) { return rmarch.NaiveRender(r, v) })
}

// The anchor draws what the Renderer draws.
func TestNaiveRenderDrawsTheBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("a benchmark's anchor: checked in the full run")
	}
	v := spectator(explore(t, 5, 8, 200))
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	img, err := r.Image(v)
	if err != nil {
		t.Fatal(err)
	}
	naive, err := rmarch.NaiveRender(r, v)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.SameAsPNG(t, img, naive)
}

// BenchmarkBoardTurns is the board of eight consecutive answers of the
// same late five-player game drawn in turn, as the bot draws them: what a
// kept Renderer remembers of one turn's board helps the next only as far
// as the boards are alike. The naive anchor draws the same boards.
func BenchmarkBoardTurns(b *testing.B) {
	var vs []march.View
	for k := range 8 {
		vs = append(vs, spectator(explore(b, 5, 8, 193+k)))
	}
	r, err := rmarch.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.BenchViews(b, vs, r.Render, func(v march.View) ([]byte, error) { return rmarch.NaiveRender(r, v) })
}

// BenchmarkEvolvedBoard is a late five-player Evolved board (round 4's
// Worker phase, 20 tiles or more on the meadow; the face-up rest tiles,
// the centipede size track and the reward tile in the header) rendered and encoded by a kept Renderer beside the naive anchor
// in the same run. Target: under 60 ms CPU.
func BenchmarkEvolvedBoard(b *testing.B) {
	v := evolvedAt(b, func(v *march.View) bool {
		return v.Round == v.Rounds && v.Phase == "worker" && len(v.Hexes) >= 20 && len(v.RestTiles) > 0 &&
			v.Reward != nil && v.CentiTrack != nil
	})
	r, err := rmarch.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.BenchViews(b, []march.View{v}, r.Render, func(v march.View) ([]byte, error) { return rmarch.NaiveRender(r, v) })
}
