package myrmes

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// One state read and cloned by several goroutines at once, as the bot and
// its AI seats use it. Run it under -race.
func TestSharedState(t *testing.T) {
	enginetest.CheckShared(t, Game, []engine.Setup{
		{Game: "myrmes", Seats: 4, Seed: 41},
		{Game: "myrmes", Seats: 3, Seed: 42, Options: map[string]string{"upgrade": "and", "trade": "partial"}},
	}, 80)
}
