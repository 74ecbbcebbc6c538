package enginetest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"formica/engine"
	"formica/internal/testscale"
)

// UndoConfig tunes CheckUndoSignal.
type UndoConfig struct {
	Setups       []engine.Setup
	Games, Short int // random games per setup (Games under -short: Short)
	MaxAnswers   int // default 5000
}

// CheckUndoSignal plays random games of d and holds engine.Settled, the
// signal that stops a player's undo, to oracles that do not read it:
//   - an answer it calls free of draws gives the same views and prompts
//     when the generator is reseeded first (engine.Drawer);
//   - one it calls free of reveals gives the answering seat and the public
//     the same views when another seat's hand was redealt first
//     (engine.Redealer), and shows no reader a form of a secret hidden
//     from them before in a view that did not show it.
//
// Random play must meet both kinds of answer, so the signal is neither
// always on nor always off.
func CheckUndoSignal(t *testing.T, d *engine.Descriptor, cfg UndoConfig) {
	t.Helper()
	if cfg.MaxAnswers == 0 {
		cfg.MaxAnswers = 5000
	}
	settled, free := 0, 0
	for _, setup := range cfg.Setups {
		for _, g := range RandomGames(setup.Seed, Games(cfg.Games, cfg.Short)) {
			s := setup
			s.Seed = g.Seed
			rng := g.Rand()
			m, err := engine.Start(d, s)
			if err != nil {
				t.Fatalf("%s: %v", d.ID, err)
			}
			for n := 0; m.State.Result() == nil && n < cfg.MaxAnswers; n++ {
				pend := m.State.Pending()
				p := pend[rng.IntN(len(pend))]
				path, err := RandomPath(m.State, p.Seat, rng)
				if err != nil {
					t.Fatalf("%s %s: %v", d.ID, g, err)
				}
				before := m.State
				a := engine.Answer{Seat: p.Seat, Path: path}
				if _, err := m.Answer(a); err != nil {
					t.Fatalf("%s %s: %v", d.ID, g, err)
				}
				if engine.Settled(before, m.State, s.Seats) {
					settled++
					continue
				}
				free++
				if free%testscale.N(1, 3) != 0 {
					continue // under -race a third of the free answers
				}
				if err := undoOracles(before, m.State, a, s.Seats, rng); err != nil {
					t.Fatalf("%s %s, answer %d (%s: %s) is not settled, but %v", d.ID, g, n+1, a.Seat, a.Path, err)
				}
			}
		}
	}
	if settled == 0 || free == 0 {
		t.Fatalf("%s: %d answers settled (drew or revealed), %d free: random play must meet both", d.ID, settled, free)
	}
}

// undoOracles checks that answer a, which took before to after, neither
// depended on a draw nor showed anyone a secret.
func undoOracles(before, after engine.State, a engine.Answer, seats int, rng *rand.Rand) error {
	want, err := readings(after, seats)
	if err != nil {
		return err
	}
	if _, ok := before.(engine.Drawer); ok {
		c := before.Clone()
		c.(engine.Drawer).Rand().Reseed(rng.Uint64())
		if _, err := c.Apply(a); err != nil {
			return fmt.Errorf("it fails after a reseed: %v", err)
		}
		got, err := readings(c, seats)
		if err != nil {
			return err
		}
		for r := range want {
			if got[r] != want[r] {
				return fmt.Errorf("it drew at random: %s reads, after a reseed,\n%s\nnot\n%s", r, got[r], want[r])
			}
		}
	}
	if rd, ok := before.(engine.Redealer); ok {
		for other := engine.Seat(0); int(other) < seats; other++ {
			if other == a.Seat {
				continue
			}
			c := rd.Redeal(other, rng.IntN)
			if engine.Check(c, a.Seat, a.Path) != nil {
				continue // a redeal may change what the seat may do (a card given away)
			}
			if _, err := c.Apply(a); err != nil {
				return fmt.Errorf("it fails after a redeal: %v", err)
			}
			got, err := readings(c, seats)
			if err != nil {
				return err
			}
			for _, r := range []engine.Seat{engine.NoSeat, a.Seat} {
				if got[r] != want[r] {
					return fmt.Errorf("it showed %s something of %s's hand: after a redeal it reads\n%s\nnot\n%s", r, other, got[r], want[r])
				}
			}
		}
	}
	if c, ok := before.(engine.Concealer); ok {
		prev, err := readings(before, seats)
		if err != nil {
			return err
		}
		own := map[engine.Seat]map[string]bool{} // a reader's own secret may share words (the same pick)
		if ca, ok := after.(engine.Concealer); ok {
			for _, sec := range ca.Hidden() {
				if own[sec.Owner] == nil {
					own[sec.Owner] = map[string]bool{}
				}
				for _, f := range sec.Forms {
					own[sec.Owner][f] = true
				}
			}
		}
		for _, sec := range c.Hidden() {
			for r := engine.NoSeat; int(r) < seats; r++ {
				if r != engine.NoSeat && sec.Owner == r {
					continue
				}
				for _, f := range sec.Forms {
					if f != "" && !own[r][f] && ContainsWord(want[r], f) && !ContainsWord(prev[r], f) {
						return fmt.Errorf("%s's view shows %q (%s of %s) it did not show before", r, f, sec.What, sec.Owner)
					}
				}
			}
		}
	}
	return nil
}

// readings are what each reader (NoSeat: the public) sees of s: the view
// and who is asked what.
func readings(s engine.State, seats int) (map[engine.Seat]string, error) {
	out := map[engine.Seat]string{}
	pend, err := json.Marshal(s.Pending())
	if err != nil {
		return nil, err
	}
	for r := engine.NoSeat; int(r) < seats; r++ {
		v, err := json.Marshal(s.View(r))
		if err != nil {
			return nil, fmt.Errorf("view of %s: %w", r, err)
		}
		out[r] = string(v) + "\n" + string(pend)
	}
	return out, nil
}
