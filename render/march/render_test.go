package march_test

import (
	"bytes"
	"math/rand/v2"
	"os"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
	"formica/internal/testscale"
	rmarch "formica/render/march"
	"formica/render/rendertest"
)

// play plays a seeded random game with the real engine (enginetest.PlayRandom)
// and returns the state after stop answers (stop < 0: the finished game).
func play(t testing.TB, players int, seed uint64, stop int, opts map[string]string) engine.State {
	t.Helper()
	su := engine.Setup{Game: march.Game.ID, Seats: players, Seed: seed, Options: opts}
	var st engine.State
	n := 0
	m, err := enginetest.PlayRandom(march.Game, su, rand.New(rand.NewPCG(seed, 7)), 20000, func(m *engine.Match) {
		if n == stop {
			st = m.State.Clone()
		}
		n++
	})
	if err != nil {
		t.Fatalf("random %d-player game (seed %d): %v", players, seed, err)
	}
	if st == nil {
		st = m.State
	}
	return st
}

// explore plays like play, but a player offered Explore takes it three
// times in four: uniformly random play rarely grows the Anthill past ten
// hexes, and the board must stay readable with all 25.
func explore(t testing.TB, players int, seed uint64, stop int) engine.State {
	t.Helper()
	su := engine.Setup{Game: march.Game.ID, Seats: players, Seed: seed, Options: map[string]string{"frontiers": "all"}}
	m, err := engine.Start(march.Game, su)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for n := 0; m.State.Result() == nil && n != stop; n++ {
		pend := m.State.Pending()
		p := pend[rng.IntN(len(pend))]
		var path engine.Path
		for {
			step, err := m.State.Choices(p.Seat, path)
			if err != nil {
				t.Fatalf("seed %d answer %d: Choices(%v): %v", seed, n, path, err)
			}
			if step.Done && (len(step.Options) == 0 || rng.IntN(3) == 0) {
				break
			}
			code := step.Options[rng.IntN(len(step.Options))].Code
			for _, o := range step.Options {
				if len(path) == 0 && o.Code == "explore" && rng.IntN(4) > 0 {
					code = o.Code
				}
			}
			path = append(path, code)
		}
		if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
			t.Fatalf("seed %d answer %d: %v", seed, n, err)
		}
	}
	return m.State
}

// The games several tests draw, played once per test binary.
var midSpeciesOnce, twoFinishedOnce, twoEarlyOnce testscale.Once[engine.State]

// midSpecies is a 5-player game with Special Species after 90 answers.
func midSpecies(t testing.TB) engine.State {
	return midSpeciesOnce.Get(t, func(t testing.TB) engine.State { return play(t, 5, 4, 90, map[string]string{"species": "on"}) })
}

// twoFinished is a finished 2-player game.
func twoFinished(t testing.TB) engine.State {
	return twoFinishedOnce.Get(t, func(t testing.TB) engine.State { return play(t, 2, 2, -1, nil) })
}

// twoEarly is a 2-player game after 14 answers.
func twoEarly(t testing.TB) engine.State {
	return twoEarlyOnce.Get(t, func(t testing.TB) engine.State { return play(t, 2, 3, 14, nil) })
}

// playAt is the spectator's views of one random game as play plays it:
// after stop answers (the end if it ends before) and at its end.
func playAt(t testing.TB, players int, seed uint64, stop int) (at, end march.View) {
	t.Helper()
	su := engine.Setup{Game: march.Game.ID, Seats: players, Seed: seed}
	n := 0
	m, err := enginetest.PlayRandom(march.Game, su, rand.New(rand.NewPCG(seed, 7)), 20000, func(m *engine.Match) {
		if n == stop {
			at = spectator(m.State.Clone())
		}
		n++
	})
	if err != nil {
		t.Fatalf("random %d-player game (seed %d): %v", players, seed, err)
	}
	end = spectator(m.State)
	if n <= stop { // as play: a game over before stop gives its end
		at = end
	}
	return at, end
}

func spectator(st engine.State) march.View { return *st.View(engine.NoSeat).(*march.View) }

func golden(t *testing.T, name string, png []byte) {
	t.Helper()
	if dir := os.Getenv("MOA_RENDER_OUT"); dir != "" {
		rendertest.WriteFile(t, dir, name, png)
	}
	rendertest.Golden(t, name, png)
}

func board(t *testing.T, name string, v march.View) {
	t.Helper()
	boardIn(t, "en", name, v)
}

// boardIn compares the board of v drawn in lang with a golden file.
func boardIn(t *testing.T, lang, name string, v march.View) {
	t.Helper()
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	png, err := r.RenderIn(lang, v)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, name, png)
}

// Boards from real engine games: two players early and finished, five
// players mid-game and late with a 25-hex Anthill.
func TestGoldenTwoPlayersEarly(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	board(t, "p2_early", spectator(twoEarly(t)))
}

func TestGoldenTwoPlayersFinished(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	board(t, "p2_final", spectator(twoFinished(t)))
}

// The late board is also drawn in Russian (the widest words: Cyrillic card
// and hex names from the engine, the board's own labels); Ukrainian and
// Polish are drawn outside -short, where they must render and differ from
// English.
func TestGoldenFivePlayersLate(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	v := spectator(explore(t, 5, 8, 200))
	for _, lang := range []string{"en", "ru"} {
		name := "p5_late"
		if lang != "en" {
			name += "_" + lang
		}
		boardIn(t, lang, name, v)
	}
	if testing.Short() {
		return
	}
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	en, err := r.Render(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"uk", "pl"} {
		png, err := r.RenderIn(lang, v)
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		if bytes.Equal(png, en) {
			t.Errorf("the %s board is the English one", lang)
		}
		if dir := os.Getenv("MOA_RENDER_OUT"); dir != "" {
			rendertest.WriteFile(t, dir, "p5_late_"+lang, png)
		}
	}
}

// An unknown language is drawn in English (region tags: TestTextsFor).
func TestUnknownLanguageIsEnglish(t *testing.T) {
	v := spectator(twoEarly(t))
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	en, err := r.Render(v)
	if err != nil {
		t.Fatal(err)
	}
	de, err := r.RenderIn("de", v)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(en, de) {
		t.Error(`RenderIn("de") differs from the English board`)
	}
}

// Mid-game with Special Species: the board and the private hand of the
// player holding the most cards (one game for both keeps -short fast).
func TestGoldenFivePlayersMidAndHand(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	st := midSpecies(t)
	board(t, "p5_mid", spectator(st))
	best, most := 0, -1
	for s := 0; s < 5; s++ {
		if n := len(st.View(engine.Seat(s)).(*march.View).Hand); n > most {
			best, most = s, n
		}
	}
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	hv := *st.View(engine.Seat(best)).(*march.View)
	png, err := r.RenderHand(hv)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "hand_p5", png)
	png, err = r.RenderHandIn("ru", hv)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "hand_p5_ru", png)
	for _, lang := range []string{"uk", "pl"} {
		png, err := r.RenderHandIn(lang, hv)
		if err != nil {
			t.Fatalf("%s hand: %v", lang, err)
		}
		if dir := os.Getenv("MOA_RENDER_OUT"); dir != "" {
			rendertest.WriteFile(t, dir, "hand_p5_"+lang, png)
		}
	}
}

// Views the renderer cannot draw are errors naming the problem, not panics.
func TestRejectsBadViews(t *testing.T) {
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Render(march.View{}); err == nil {
		t.Error("Render accepted a view with no players")
	}
	v := spectator(play(t, 2, 3, 5, nil))
	v.Hexes[0].Tunnels = v.Hexes[0].Tunnels[:3]
	if _, err := r.Render(v); err == nil {
		t.Error("Render accepted a Great Tunnel with 3 edges")
	}
	if _, err := r.RenderHand(spectator(play(t, 2, 3, 5, nil))); err == nil {
		t.Error("RenderHand accepted a spectator view")
	}
}

// goldenRace is why the goldens skip under -race (pixels are pure code).
const goldenRace = "TestRendersConcurrently draws this package's boards under -race"
