package march_test

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
)

// TestEvolvedRandomGames plays random Evolved games for 3-5 players (the
// rule set is not offered to players: a copy of the descriptor lists it),
// checking the component invariants after every answer and the replay.
// MOAE-TOK-4 MOAE-SOLD-1 MOAE-SOLD-2
func TestEvolvedRandomGames(t *testing.T) {
	d := *march.Game
	d.RuleSets = []string{"1e", "evolved"}
	for _, seats := range []int{3, 4, 5} {
		for _, g := range enginetest.RandomGames(uint64(7000+seats), enginetest.Games(200, 30)) {
			su := engine.Setup{Game: "march", RuleSet: "evolved", Seats: seats, Seed: g.Seed}
			m, err := enginetest.PlayRandom(&d, su, g.Rand(), 20000, func(m *engine.Match) {
				check(t, m.State)
			})
			if err != nil {
				t.Fatalf("%d players, %s: %v", seats, g, err)
			}
			if m.State.Result() == nil {
				t.Fatalf("%d players, %s: no result after %d answers", seats, g, len(m.Log))
			}
			check(t, m.State)
		}
	}
}
