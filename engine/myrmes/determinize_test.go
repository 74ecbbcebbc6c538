package myrmes

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// MYR-BIRTH-1, MYR-HARV-2: sealed answers stay hidden until all are in; a
// determinized copy keeps the seat's own and re-chooses the others'.
func TestDeterminize(t *testing.T) {
	var setups []engine.Setup
	for _, n := range []int{2, 3, 4} {
		setups = append(setups, engine.Setup{Game: Game.ID, Seats: n, Seed: uint64(50 + n)})
	}
	varied, total := enginetest.CheckDeterminizer(t, Game, setups, enginetest.Games(2, 1))
	if varied == 0 {
		t.Fatalf("none of %d determinizations changed another seat's sealed answers", total)
	}
	t.Logf("%d of %d determinizations changed what the seat cannot see", varied, total)
}
