package micropolis_test

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/micropolis"
)

// One state read and cloned by several goroutines at once, as the bot and
// its AI seats use it. Run it under -race.
func TestSharedState(t *testing.T) {
	enginetest.CheckShared(t, micropolis.Game, []engine.Setup{
		{Game: "micropolis", Seats: 6, Seed: 41},
		{Game: "micropolis", Seats: 2, Seed: 42, Options: map[string]string{"variant": "twohills"}},
	}, 40)
}
