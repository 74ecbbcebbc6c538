package micropolis_test

import (
	"bytes"
	"math/rand/v2"
	"os"
	"sync"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	mic "formica/engine/micropolis"
	"formica/internal/testscale"
	"formica/render/micropolis"
	"formica/render/rendertest"
)

// play plays a seeded random game with the real engine and returns the
// spectator view after stop answers (stop < 0: at the end of the game),
// once per test binary: several tests draw the same positions.
func play(t testing.TB, players int, variant string, seed uint64, stop int) mic.View {
	t.Helper()
	k := playKey{players, variant, seed, stop}
	playedMu.Lock()
	o := played[k]
	if o == nil {
		o = new(testscale.Once[mic.View])
		played[k] = o
	}
	playedMu.Unlock()
	return o.Get(t, func(t testing.TB) mic.View { return playGame(t, players, variant, seed, stop) })
}

type playKey struct {
	players int
	variant string
	seed    uint64
	stop    int
}

var (
	playedMu sync.Mutex
	played   = map[playKey]*testscale.Once[mic.View]{}
)

func playGame(t testing.TB, players int, variant string, seed uint64, stop int) mic.View {
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
	renderGoldenIn(t, "", name, v)
}

// renderGoldenIn renders with RenderIn(lang), or Render for lang "".
func renderGoldenIn(t *testing.T, lang, name string, v mic.View) {
	r, err := micropolis.New()
	if err != nil {
		t.Fatal(err)
	}
	render := r.Render
	if lang != "" {
		render = func(v mic.View) ([]byte, error) { return r.RenderIn(lang, v) }
	}
	png, err := render(v)
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
	testscale.SkipRace(t, goldenRace)
	renderGolden(t, "p2_mid", play(t, 2, mic.Classic, 11, 9))
}

func TestGoldenFourPlayersMidGame(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	renderGolden(t, "p4_mid", play(t, 4, mic.Classic, 12, 22))
}

func TestGoldenSixPlayersMidGame(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	renderGolden(t, "p6_mid", play(t, 6, mic.Classic, 13, 40))
}

func TestGoldenFinished(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	renderGolden(t, "p5_final", play(t, 5, mic.Classic, 14, -1))
}

func TestGoldenTwoHills(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	renderGolden(t, "p3_twohills_mid", play(t, 3, mic.TwoHills, 15, 30))
}

// Russian boards: every word translated and fitted (Cyrillic runs wider),
// codes players type (1..7, 0..9, P1..P6) unchanged.
func TestGoldenRussianFourPlayersMidGame(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	renderGoldenIn(t, "ru", "ru_p4_mid", play(t, 4, mic.Classic, 12, 22))
}

func TestGoldenRussianFinished(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	renderGoldenIn(t, "ru", "ru_p5_final", play(t, 5, mic.Classic, 14, -1))
}

// An unknown language draws the English board; a region suffix is ignored.
// Images, not PNGs: encoding adds nothing here and is slow under -race.
func TestRenderInFallsBack(t *testing.T) {
	testscale.SkipRace(t, "")
	v := play(t, 2, mic.Classic, 11, 3)
	r, err := micropolis.New()
	if err != nil {
		t.Fatal(err)
	}
	draw := func(lang string) []byte {
		img, err := r.ImageIn(lang, v)
		if err != nil {
			t.Fatal(err)
		}
		return img.Pix
	}
	en, ru := draw("en"), draw("ru")
	if !bytes.Equal(en, draw("xx")) {
		t.Error(`RenderIn("xx") differs from Render`)
	}
	if !bytes.Equal(ru, draw("ru-RU")) {
		t.Error(`RenderIn("ru-RU") differs from RenderIn("ru")`)
	}
	if bytes.Equal(ru, en) {
		t.Error(`RenderIn("ru") draws the English board`)
	}
}

// goldenRace is why the goldens skip under -race (pixels are pure code).
const goldenRace = "TestRendersConcurrently draws this package's boards under -race"
