package march

import (
	"fmt"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

func TestZZScratch(t *testing.T) {
	d := *Game
	d.RuleSets = []string{"1e", "evolved"}
	for seats := 1; seats <= 4; seats++ {
		for _, diff := range []string{"easy", "normal", "hard"} {
			lost, horde, cp, keys := 0, 0, 0, map[string]int{}
			for _, g := range enginetest.RandomGames(uint64(9100+seats), enginetest.Games(40, 40)) {
				su := engine.Setup{Game: "march", RuleSet: "evolved", Seats: seats, Seed: g.Seed,
					Options: map[string]string{"mode": "uprising", "difficulty": diff}}
				m, err := enginetest.PlayRandom(&d, su, g.Rand(), 20000, func(m *engine.Match) {})
				if err != nil {
					t.Fatal(err)
				}
				s := m.State.(*State)
				if s.Res.Rank[0] == 2 {
					lost++
				}
				horde += s.Horde
				cp += s.Players[0].CP
				_ = keys
			}
			fmt.Println(seats, diff, "lost", lost, "/40 horde avg", horde/40, "p0 cp avg", cp/40)
		}
	}
}
