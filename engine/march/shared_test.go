package march_test

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
)

// One state read and cloned by several goroutines at once, as the bot and
// its AI seats use it: both editions, the Ancient Species and the draft,
// the 2-player Old Guard and the Uprising. Run it under -race.
func TestSharedState(t *testing.T) {
	enginetest.CheckShared(t, march.Game, []engine.Setup{
		{Game: "march", Seats: 5, Seed: 41, Options: map[string]string{"species": "on"}},
		{Game: "march", RuleSet: "evolved", Seats: 5, Seed: 42, Options: map[string]string{"species": "on", "draft": "on"}},
		{Game: "march", RuleSet: "evolved", Seats: 2, Seed: 43},
		{Game: "march", RuleSet: "evolved", Seats: 2, Seed: 44, Options: map[string]string{"mode": "uprising"}},
	}, 150)
}
