package micropolis

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// TestUndoStackDraw: an answer that refills the row from the stack reveals
// the stack's next tile (MIC-SETUP-4: its order is hidden), and it is the
// only thing a Micropolis answer reveals: engine.Revealed says so exactly
// when the stack shrank.
func TestUndoStackDraw(t *testing.T) {
	s := engine.Setup{Game: "micropolis", Seats: 3, Seed: 7}
	drew := 0
	for _, g := range enginetest.RandomGames(s.Seed, enginetest.Games(3, 1)) {
		s.Seed = g.Seed
		rng := g.Rand()
		m, err := engine.Start(Game, s)
		if err != nil {
			t.Fatal(err)
		}
		for m.State.Result() == nil {
			p := m.State.Pending()[0]
			path, err := enginetest.RandomPath(m.State, p.Seat, rng)
			if err != nil {
				t.Fatal(err)
			}
			before := m.State
			if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
				t.Fatal(err)
			}
			shrank := len(m.State.(*state).Stack) < len(before.(*state).Stack)
			if got := engine.Revealed(before, m.State, s.Seats); got != shrank {
				t.Fatalf("%s: %s %s: Revealed %v, but the stack went from %d to %d tiles", g, p.Seat, path, got, len(before.(*state).Stack), len(m.State.(*state).Stack))
			}
			if shrank {
				drew++
			}
		}
	}
	if drew == 0 {
		t.Fatal("no answer drew from the stack")
	}
}
