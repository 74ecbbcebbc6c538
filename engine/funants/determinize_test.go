package funants

import (
	"math/rand/v2"
	"slices"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// FUN-SETUP-6: hands are secret. A determinized copy keeps seat's hand and
// view and deals the others new hands from their cards and the deck.
func TestDeterminize(t *testing.T) {
	var setups []engine.Setup
	for _, n := range []int{2, 3, 4} {
		setups = append(setups, engine.Setup{Game: Game.ID, Seats: n, Seed: uint64(40 + n)})
	}
	varied, total := enginetest.CheckDeterminizer(t, Game, setups, enginetest.Games(3, 1))
	if varied < total*3/4 {
		t.Fatalf("only %d of %d determinizations changed what the seat cannot see", varied, total)
	}

	m, err := engine.Start(Game, engine.Setup{Game: Game.ID, Seats: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	s := m.State.(*state)
	changed := 0
	for i := range 8 {
		c := s.Determinize(1, rand.New(rand.NewPCG(uint64(i), 2))).(*state)
		if !slices.Equal(c.Players[1].Hand, s.Players[1].Hand) {
			t.Fatal("the seat's own hand changed")
		}
		for p := range c.Players {
			if len(c.Players[p].Hand) != len(s.Players[p].Hand) {
				t.Fatalf("seat %d holds %d cards, had %d", p, len(c.Players[p].Hand), len(s.Players[p].Hand))
			}
		}
		if !slices.Equal(c.Players[0].Hand, s.Players[0].Hand) {
			changed++
		}
	}
	if changed < 6 {
		t.Fatalf("another seat's hand changed in only %d of 8 samples", changed)
	}
}
