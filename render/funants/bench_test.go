package funants_test

import (
	"math/rand/v2"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	eng "formica/engine/funants"
	"formica/internal/testscale"
	"formica/render/funants"
	"formica/render/rendertest"
)

// late is a spectator's view of a random 4-player game a few answers
// before its end: the board at its busiest.
func late(t testing.TB) eng.View { return lateTurns(t, 1)[0] }

// lateTurns is the spectator's views after n consecutive answers of that
// game, the first of them late's.
func lateTurns(t testing.TB, n int) []eng.View {
	t.Helper()
	views := lateOnce.Get(t, lateGameViews)
	return views[len(views)*9/10:][:n]
}

// lateOnce holds the late game's views, played once per test binary.
var lateOnce testscale.Once[[]eng.View]

func lateGameViews(t testing.TB) []eng.View {
	t.Helper()
	su := engine.Setup{Game: eng.Game.ID, Seats: 4, Seed: 11}
	var views []eng.View
	_, err := enginetest.PlayRandom(eng.Game, su, rand.New(rand.NewPCG(11, 3)), 20000, func(m *engine.Match) {
		views = append(views, m.State.View(engine.NoSeat).(eng.View))
	})
	if err != nil {
		t.Fatal(err)
	}
	return views
}

// BenchmarkBoard is a late four-player board rendered and encoded by a
// kept Renderer ("ours") beside the naive anchor (a full gg redraw and the
// default png.Encode) in the same run.
func BenchmarkBoard(b *testing.B) {
	v := late(b)
	r, err := funants.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.BenchViews(b, []eng.View{v}, r.Render, func(v eng.View) ([]byte, error) { return funants.NaiveRender(r, v) })
}

// BenchmarkBoardTurns is the boards after eight consecutive answers of the
// same late four-player game drawn in turn, as the bot draws them: what a
// kept Renderer remembers of one board helps the next only as far as they
// are alike. The naive anchor draws the same boards.
func BenchmarkBoardTurns(b *testing.B) {
	vs := lateTurns(b, 8)
	r, err := funants.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.BenchViews(b, vs, r.Render, func(v eng.View) ([]byte, error) { return funants.NaiveRender(r, v) })
}

// BenchmarkBoardForward is the boards after consecutive answers of the
// same late four-player game drawn forward only, as the bot draws a game
// nobody undoes: BoardTurns walks its eight boards forth and back, and a
// step back finds its board among those a Renderer keeps, drawn already.
// Each loop draws the next of 32 boards (then the first again, a jump of
// 31 answers). The naive anchor draws the same boards.
func BenchmarkBoardForward(b *testing.B) {
	vs := lateTurns(b, 32)
	r, err := funants.New()
	if err != nil {
		b.Fatal(err)
	}
	if _, err := r.Render(vs[0]); err != nil {
		b.Fatal(err)
	}
	var i, j int
	rendertest.BenchAnchored(b,
		func() ([]byte, error) { i++; return r.Render(vs[i%len(vs)]) },
		func() ([]byte, error) { j++; return funants.NaiveRender(r, vs[j%len(vs)]) })
}

// The anchor draws what the Renderer draws.
func TestNaiveRenderDrawsTheBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("a benchmark's anchor: checked in the full run")
	}
	v := late(t)
	r, err := funants.New()
	if err != nil {
		t.Fatal(err)
	}
	img, err := r.Image(v)
	if err != nil {
		t.Fatal(err)
	}
	naive, err := funants.NaiveRender(r, v)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.SameAsPNG(t, img, naive)
}
