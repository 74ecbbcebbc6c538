package ai_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"formica/engine"
	"formica/engine/ai"
	"formica/engine/enginetest"
	"formica/engine/funants"
	"formica/engine/march"
	"formica/engine/micropolis"
	"formica/engine/myrmes"
	"formica/internal/testscale"
)

var games = []struct {
	d     *engine.Descriptor
	seats []int
}{
	{micropolis.Game, []int{2, 4, 6}},
	{march.Game, []int{2, 3, 5}},
	{funants.Game, []int{2, 4}},
	{myrmes.Game, []int{2, 4}},
}

// play runs one game with the AI configs by seat, every answer through
// engine.Match.Answer (the path a human's command takes), and fails on any
// refused answer.
func play(t *testing.T, d *engine.Descriptor, setup engine.Setup, cfgs []ai.Config, rng *rand.Rand) *engine.Match {
	t.Helper()
	m, err := engine.Start(d, setup)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; m.State.Result() == nil; n++ {
		if n > 20000 {
			t.Fatalf("%s %d players seed %d: no end after %d answers", d.ID, setup.Seats, setup.Seed, n)
		}
		pend := m.State.Pending()
		if len(pend) == 0 {
			t.Fatalf("%s: stuck", d.ID)
		}
		p := pend[rng.IntN(len(pend))]
		path, err := ai.Decide(m.State, p.Seat, cfgs[p.Seat], rng.Uint64())
		if err != nil {
			t.Fatalf("%s %d players seed %d answer %d: %s (%s) could not decide: %v", d.ID, setup.Seats, setup.Seed, n, p.Seat, cfgs[p.Seat].Level, err)
		}
		if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
			t.Fatalf("%s %d players seed %d answer %d: %s (%s) answered %q, refused: %v", d.ID, setup.Seats, setup.Seed, n, p.Seat, cfgs[p.Seat].Level, path, err)
		}
	}
	return m
}

// Every level's answers are accepted by the same check a typed command
// goes through, in every game and player count, to the end of the game.
func TestAnswersLegal(t *testing.T) {
	for _, g := range games {
		for _, n := range g.seats {
			t.Run(fmt.Sprintf("%s/%dp/random", g.d.ID, n), func(t *testing.T) {
				cfgs := make([]ai.Config, n)
				for _, rg := range enginetest.RandomGames(uint64(100+n), enginetest.Games(40, 2)) {
					play(t, g.d, engine.Setup{Game: g.d.ID, Seats: n, Seed: rg.Seed}, cfgs, rg.Rand())
				}
			})
			t.Run(fmt.Sprintf("%s/%dp/mixed", g.d.ID, n), func(t *testing.T) {
				cfgs := make([]ai.Config, n)
				for i := range cfgs {
					// Small budgets: legality, not strength.
					cfgs[i] = ai.Config{Level: ai.Levels[i%len(ai.Levels)], Playouts: 3, Candidates: 6}
					if cfgs[i].Level == ai.Search {
						// The optional playout policy and prior answer
						// legally too (the default search: TestHiddenStateUnread).
						cfgs[i].Rollout, cfgs[i].RolloutPlies, cfgs[i].Prior = 2, 3, 2
					}
				}
				for _, rg := range enginetest.RandomGames(uint64(200+n), enginetest.Games(3, 1)) {
					play(t, g.d, engine.Setup{Game: g.d.ID, Seats: n, Seed: rg.Seed}, cfgs, rg.Rand())
				}
			})
		}
	}
}

// An AI never reads hidden state: given two states that differ only in
// what its seat cannot see (one is a determinization of the other: other
// hands, deck and stack orders, sealed picks, the random stream), every
// level decides the same for the same seed.
func TestHiddenStateUnread(t *testing.T) {
	for _, g := range games {
		n := g.seats[len(g.seats)-1]
		t.Run(fmt.Sprintf("%s/%dp", g.d.ID, n), func(t *testing.T) {
			every := 7
			if testing.Short() {
				every = testscale.N(23, 70)
			}
			// the game's own search settings, a small budget: Micropolis playouts are greedy
			playouts := 12
			if g.d == funants.Game {
				// Fun Ants playouts are greedy for a whole round, and a
				// random game crowds the board: each costs as much as
				// ten of Micropolis'.
				playouts = 4
			}
			checkSecretsUnread(t, g.d, engine.Setup{Game: g.d.ID, Seats: n, Seed: 11}, rand.New(rand.NewPCG(uint64(n), 77)), every, playouts)
		})
	}
}

// checkSecretsUnread plays a random game of su and, every few answers,
// has each prompted seat decide at every level in the state and in a
// determinization of it for that seat, with the same seed: the answers
// must be equal, and equal again for the same state and seed.
func checkSecretsUnread(t *testing.T, d *engine.Descriptor, su engine.Setup, rng *rand.Rand, every, playouts int) {
	t.Helper()
	checked, differ := 0, 0
	_, err := enginetest.PlayRandom(d, su, rng, 20000, func(m *engine.Match) {
		if len(m.Log)%every != 0 {
			return
		}
		for _, p := range m.State.Pending() {
			other := m.State.(engine.Determinizer).Determinize(p.Seat, rand.New(rand.NewPCG(rng.Uint64(), 3)))
			h1, _ := engine.Hash(m.State)
			h2, _ := engine.Hash(other)
			if h1 != h2 {
				differ++
			}
			for _, lv := range ai.Levels {
				cfg := ai.Config{Level: lv, Playouts: playouts}
				seed := rng.Uint64()
				a, err1 := ai.Decide(m.State, p.Seat, cfg, seed)
				b, err2 := ai.Decide(other, p.Seat, cfg, seed)
				if err1 != nil || err2 != nil {
					t.Fatalf("after %d answers: %v / %v", len(m.Log), err1, err2)
				}
				if !slices.Equal(a, b) {
					t.Fatalf("after %d answers, %s (%s) decided %q but %q when only others' secrets differ", len(m.Log), p.Seat, lv, a, b)
				}
				again, _ := ai.Decide(m.State, p.Seat, cfg, seed)
				if !slices.Equal(a, again) {
					t.Fatalf("%s decided %q then %q for the same seed", lv, a, again)
				}
				checked++
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 || differ == 0 {
		t.Fatalf("checked %d decisions, %d pairs of states differed: the test proves nothing", checked, differ)
	}
}

func TestParseLevel(t *testing.T) {
	for _, s := range []string{"random", "Greedy", " search "} {
		if _, ok := ai.ParseLevel(s); !ok {
			t.Errorf("ParseLevel(%q) refused", s)
		}
	}
	if _, ok := ai.ParseLevel("genius"); ok {
		t.Error("ParseLevel(genius) accepted")
	}
}

// The wall-clock cap (Config.Stop; the bot's is a deadline) is asked
// before every playout but the first and between a playout's answers, and
// the search ends as soon as it says stop; cut before every candidate was
// played out it answers the candidate best one ply ahead, and a Stop that
// never fires changes nothing: tests and benchmarks count playouts, not
// time.
func TestSearchStop(t *testing.T) {
	m, err := engine.Start(micropolis.Game, engine.Setup{Game: micropolis.Game.ID, Seats: 6, Seed: 6})
	if err != nil {
		t.Fatal(err)
	}
	seat := m.State.Pending()[0].Seat
	calls := 0
	stopAt := func(k int) func() bool { return func() bool { calls++; return calls >= k } }
	decide := func(cfg ai.Config) engine.Path {
		t.Helper()
		calls = 0
		path, err := ai.Decide(m.State, seat, cfg, 9)
		if err != nil {
			t.Fatal(err)
		}
		return path
	}
	// Random playouts and no prior (a Config that names its settings
	// keeps them): a prior would hide the fallback.
	free := decide(ai.Config{Level: ai.Search, Playouts: 40, Horizon: 2})
	if got := decide(ai.Config{Level: ai.Search, Playouts: 40, Horizon: 2, Stop: stopAt(1 << 30)}); !slices.Equal(got, free) || calls < 39 {
		t.Errorf("a Stop that never fires: answer %q (without one %q), asked %d times, want at least 39 (before each playout but the first, and between a playout's answers)", got, free, calls)
	}
	if decide(ai.Config{Level: ai.Search, Playouts: 40, Horizon: 2, Stop: stopAt(5)}); calls != 5 {
		t.Errorf("Stop true at its 5th call was asked %d times", calls)
	}
	onePly := decide(ai.Config{Level: ai.Search, Width: 1})
	if got := decide(ai.Config{Level: ai.Search, Playouts: 40, Horizon: 2, Stop: stopAt(1)}); !slices.Equal(got, onePly) {
		t.Errorf("stopped after one playout the search answered %q, want %q, the best one ply ahead", got, onePly)
	}
}
