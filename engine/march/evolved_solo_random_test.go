package march_test

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
)

func TestRiseRandomScratch(t *testing.T) {
	d := *march.Game
	d.RuleSets = []string{"1e", "evolved"}
	for seats := 1; seats <= 4; seats++ {
		for _, diff := range []string{"easy", "normal", "hard"} {
			for _, g := range enginetest.RandomGames(uint64(9100+seats), enginetest.Games(50, 3)) {
				su := engine.Setup{Game: "march", RuleSet: "evolved", Seats: seats, Seed: g.Seed,
					Options: map[string]string{"mode": "uprising", "difficulty": diff}}
				m, err := enginetest.PlayRandom(&d, su, g.Rand(), 20000, func(m *engine.Match) { check(t, m.State) })
				if err != nil {
					t.Fatalf("%d %s %s: %v", seats, diff, g, err)
				}
				if m.State.Result() == nil {
					t.Fatalf("%d %s %s: no result", seats, diff, g)
				}
			}
		}
	}
}
