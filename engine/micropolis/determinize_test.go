package micropolis

import (
	"math/rand/v2"
	"slices"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// MIC-SETUP-4: the stack is face down; a determinized copy shows the seat
// the same game and reorders only the stack.
func TestDeterminize(t *testing.T) {
	var setups []engine.Setup
	for _, n := range []int{2, 4, 6} {
		setups = append(setups, engine.Setup{Game: Game.ID, Seats: n, Seed: uint64(30 + n)})
	}
	enginetest.CheckDeterminizer(t, Game, setups, enginetest.Games(4, 1))

	m, err := engine.Start(Game, engine.Setup{Game: Game.ID, Seats: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	s := m.State.(*state)
	seen := map[int]bool{}
	for i := range 8 {
		c := s.Determinize(0, rand.New(rand.NewPCG(uint64(i), 2))).(*state)
		if !slices.Equal(sorted(c.Stack), sorted(s.Stack)) {
			t.Fatal("the stack holds other tiles after determinizing")
		}
		if slices.Equal(c.Stack, s.Stack) {
			t.Fatal("the stack order did not change")
		}
		seen[c.Stack[0]] = true
	}
	if len(seen) < 3 {
		t.Fatalf("the top of the stack took only %d values over 8 samples", len(seen))
	}
}

func sorted(xs []int) []int { c := slices.Clone(xs); slices.Sort(c); return c }
