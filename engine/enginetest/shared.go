package enginetest

import (
	"errors"
	"math/rand/v2"
	"sync"
	"testing"

	"formica/engine"
)

// CheckShared uses one state from several goroutines at once, as the bot
// does: a match's state is read by the board, the DMs and the AI seats
// while clones of it are played on. Each setup is played at random, and
// at three points (after mid/3, 2*mid/3 and mid answers, if the game
// lasts) four goroutines each read the state (every seat's view and
// prompt, its choices, its hash) and play a clone of it to the end with
// their own random stream. The state must be unchanged, and each
// goroutine's game must end where the same stream ends it when played
// alone. Under -race it finds writes to anything states share: a cache
// filled lazily, a rule table, a slice two clones append to.
func CheckShared(t *testing.T, d *engine.Descriptor, setups []engine.Setup, mid int) {
	t.Helper()
	for _, su := range setups {
		rng := rand.New(rand.NewPCG(su.Seed, 5))
		m, err := engine.Start(d, su)
		if err != nil {
			t.Fatal(err)
		}
		for point := 1; point <= 3; point++ {
			for len(m.Log) < point*mid/3 && m.State.Result() == nil {
				if err := RandomAnswer(m, rng); err != nil {
					t.Fatalf("%s %d players %v, answer %d: %v", d.ID, su.Seats, su.Options, len(m.Log)+1, err)
				}
			}
			checkShared(t, su, m.State)
		}
	}
}

func checkShared(t *testing.T, su engine.Setup, s engine.State) {
	t.Helper()
	const goroutines = 4
	before, _ := engine.Hash(s)
	playOn := func(g int) (string, error) {
		c := &engine.Match{Setup: su, State: s.Clone()}
		rng := rand.New(rand.NewPCG(su.Seed, uint64(100+g)))
		for n := 0; c.State.Result() == nil; n++ {
			if n > 20000 {
				return "", errNoEnd
			}
			if err := RandomAnswer(c, rng); err != nil {
				return "", err
			}
		}
		return engine.Hash(c.State)
	}
	got := make([]string, goroutines)
	errs := make([]error, goroutines)
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			for seat := engine.NoSeat; int(seat) < su.Seats; seat++ {
				s.View(seat)
				if _, ok := engine.PromptFor(s, seat); ok {
					if _, err := s.Choices(seat, nil); err != nil {
						errs[g] = err
						return
					}
				}
			}
			if h, _ := engine.Hash(s); h != before {
				errs[g] = errChanged
				return
			}
			got[g], errs[g] = playOn(g)
		})
	}
	wg.Wait()
	for g := range goroutines {
		if errs[g] != nil {
			t.Fatalf("%s %d players %v, goroutine %d: %v", su.Game, su.Seats, su.Options, g, errs[g])
		}
		alone, err := playOn(g)
		if err != nil {
			t.Fatal(err)
		}
		if got[g] != alone {
			t.Errorf("%s %d players %v: goroutine %d's game ended in another state than the same stream played alone", su.Game, su.Seats, su.Options, g)
		}
	}
	if after, _ := engine.Hash(s); after != before {
		t.Errorf("%s %d players %v: the shared state changed while clones of it were played", su.Game, su.Seats, su.Options)
	}
}

var (
	errNoEnd   = errors.New("a clone's game did not end within 20000 answers")
	errChanged = errors.New("the shared state changed while it was read")
)
