package micropolis_test

import (
	"math/rand/v2"
	"os"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	mic "formica/engine/micropolis"
	"formica/render/micropolis"
	"formica/render/rendertest"
)

// play plays a seeded random game with the real engine and returns the
// spectator view after stop answers (stop < 0: at the end of the game).
func play(t testing.TB, players int, variant string, seed uint64, stop int) mic.View {
	t.Helper()
	setup := engine.Setup{Game: mic.Game.ID, Seats: players, Seed: seed, Options: map[string]string{mic.OptVariant: variant}}
	rng := rand.New(rand.NewPCG(seed, 2))
	var view *mic.View
	n := 0
	m, err := enginetest.PlayRandom(mic.Game, setup, rng, 5000, func(m *engine.Match) {
		if n == stop {
			v := m.State.View(engine.NoSeat).(mic.View)
			view = &v
		}
		n++
	})
	if err != nil {
		t.Fatalf("random %d-player game (seed %d): %v", players, seed, err)
	}
	if view == nil {
		v := m.State.View(engine.NoSeat).(mic.View)
		view = &v
	}
	return *view
}

func renderGolden(t *testing.T, name string, v mic.View) {
	r, err := micropolis.New()
	if err != nil {
		t.Fatal(err)
	}
	png, err := r.Render(v)
	if err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("MIC_RENDER_OUT"); dir != "" {
		rendertest.WriteFile(t, dir, name, png)
	}
	rendertest.Golden(t, name, png)
}

// The goldens are boards from real engine games: mid-game with 2, 4 and 6
// players, a finished game with the score pad, and the two-anthill variant.
func TestGoldenTwoPlayersMidGame(t *testing.T) {
	renderGolden(t, "p2_mid", play(t, 2, mic.Classic, 11, 9))
}

func TestGoldenFourPlayersMidGame(t *testing.T) {
	renderGolden(t, "p4_mid", play(t, 4, mic.Classic, 12, 22))
}

func TestGoldenSixPlayersMidGame(t *testing.T) {
	renderGolden(t, "p6_mid", play(t, 6, mic.Classic, 13, 40))
}

func TestGoldenFinished(t *testing.T) {
	renderGolden(t, "p5_final", play(t, 5, mic.Classic, 14, -1))
}

func TestGoldenTwoHills(t *testing.T) {
	renderGolden(t, "p3_twohills_mid", play(t, 3, mic.TwoHills, 15, 30))
}
