package micropolis_test

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/micropolis"
)

// TestUndoSignal holds engine.Settled (what stops a player's undo: a random
// draw or a reveal) to oracles that do not read it, over random games.
func TestUndoSignal(t *testing.T) {
	enginetest.CheckUndoSignal(t, micropolis.Game, enginetest.UndoConfig{Games: 4, Short: 1, Setups: []engine.Setup{
		{Game: "micropolis", Seats: 3, Seed: 31},
	}})
}
