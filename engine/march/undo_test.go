package march_test

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
)

// TestUndoSignal holds engine.Settled (what stops a player's undo: a random
// draw or a reveal) to oracles that do not read it, over random games.
func TestUndoSignal(t *testing.T) {
	enginetest.CheckUndoSignal(t, march.Game, enginetest.UndoConfig{Games: 8, Short: 1, Setups: []engine.Setup{
		{Game: "march", Seats: 3, Seed: 31},
		{Game: "march", Seats: 1, Seed: 33, Options: map[string]string{"mode": "uprising"}},
	}})
}
