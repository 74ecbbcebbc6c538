package myrmes

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// TestUndoSealedReveal: the answer that completes a simultaneous phase
// opens every sealed pick (MYR-SIM-1), and only then does a Myrmes answer
// reveal something: engine.Revealed says so exactly when sealed picks of
// another seat were opened.
func TestUndoSealedReveal(t *testing.T) {
	s := engine.Setup{Game: "myrmes", Seats: 3, Seed: 9}
	opened := 0
	for _, g := range enginetest.RandomGames(s.Seed, enginetest.Games(2, 1)) {
		s.Seed = g.Seed
		rng := g.Rand()
		m, err := engine.Start(Game, s)
		if err != nil {
			t.Fatal(err)
		}
		for m.State.Result() == nil {
			pend := m.State.Pending()
			p := pend[rng.IntN(len(pend))]
			path, err := enginetest.RandomPath(m.State, p.Seat, rng)
			if err != nil {
				t.Fatal(err)
			}
			before := m.State.(*state)
			if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
				t.Fatal(err)
			}
			after := m.State.(*state)
			open := false
			for i := range before.Players {
				if engine.Seat(i) != p.Seat && len(before.Players[i].Sealed) > 0 && len(after.Players[i].Sealed) == 0 {
					open = true
				}
			}
			if got := engine.Revealed(before, after, s.Seats); got != open {
				t.Fatalf("%s: %s %s: Revealed %v, but sealed picks opened: %v\n%+v\n%+v", g, p.Seat, path, got, open, before.Hidden(), after.Hidden())
			}
			if open {
				opened++
			}
		}
	}
	if opened == 0 {
		t.Fatal("no sealed picks were opened")
	}
}
