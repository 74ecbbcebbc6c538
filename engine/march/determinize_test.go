package march

import (
	"math/rand/v2"
	"slices"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// MOA1-ASYNC-2: hands, the deck and the hex stack are hidden. A determinized
// copy keeps the seat's hand and view and re-deals what it cannot see.
func TestDeterminize(t *testing.T) {
	var setups []engine.Setup
	for _, n := range []int{2, 3, 5} {
		setups = append(setups, engine.Setup{Game: Game.ID, Seats: n, Seed: uint64(60 + n)})
	}
	setups = append(setups, engine.Setup{Game: Game.ID, Seats: 1, Seed: 66, Options: map[string]string{"mode": "uprising"}})
	varied, total := enginetest.CheckDeterminizer(t, Game, setups, enginetest.Games(2, 1))
	if varied < total*3/4 {
		t.Fatalf("only %d of %d determinizations changed what the seat cannot see", varied, total)
	}
	// Evolved
	varied, total = enginetest.CheckDeterminizer(t, Game, []engine.Setup{{Game: Game.ID, RuleSet: "evolved", Seats: 4, Seed: 67},
		// MOAE-PSETUP-6: the sealed draft picks and the cards put back
		{Game: Game.ID, RuleSet: "evolved", Seats: 3, Seed: 68, Options: map[string]string{"species": "on", "draft": "on"}}}, enginetest.Games(2, 1))
	if varied < total*3/4 {
		t.Fatalf("evolved: only %d of %d determinizations changed what the seat cannot see", varied, total)
	}

	m, err := engine.Start(Game, engine.Setup{Game: Game.ID, Seats: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	s := m.State.(*State)
	changed, stack := 0, 0
	for i := range 8 {
		c := s.Determinize(1, rand.New(rand.NewPCG(uint64(i), 2))).(*State)
		if !slices.Equal(c.Players[1].Hand, s.Players[1].Hand) {
			t.Fatal("the seat's own hand changed")
		}
		if !slices.Equal(c.Players[0].Hand, s.Players[0].Hand) {
			changed++
		}
		if !slices.Equal(c.Stack, s.Stack) {
			stack++
		}
	}
	if changed < 6 || stack < 6 {
		t.Fatalf("another hand changed in %d, the hex stack in %d of 8 samples", changed, stack)
	}
}
