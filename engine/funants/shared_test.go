package funants_test

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/funants"
)

// One state read and cloned by several goroutines at once, as the bot and
// its AI seats use it: Classic for 4 and the team game. Run it under -race.
func TestSharedState(t *testing.T) {
	enginetest.CheckShared(t, funants.Game, []engine.Setup{
		{Game: "funants", Seats: 4, Seed: 41, Options: map[string]string{"scenario": funants.Classic}},
		{Game: "funants", Seats: 4, Seed: 42, Options: map[string]string{"scenario": funants.ClassicTeams, "allies": "diagonal"}},
	}, 60)
}
