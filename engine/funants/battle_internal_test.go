package funants

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// anyBattle, which prompt and settle ask before listing battles, says
// whether battles() finds any, in every position of random 2 to 4 player
// games (FUN-BATTLE-1: opposing ants on fighting cells start a battle).
func TestAnyBattleIsBattles(t *testing.T) {
	seen := 0
	for seats := 2; seats <= 4; seats++ {
		for _, g := range enginetest.RandomGames(uint64(seats)*101, enginetest.Games(6, 2)) {
			su := engine.Setup{Game: Game.ID, Seats: seats, Seed: g.Seed}
			_, err := enginetest.PlayRandom(Game, su, g.Rand(), 5000, func(m *engine.Match) {
				s := m.State.(*state)
				want := len(s.battles()) > 0
				if s.anyBattle() != want {
					t.Fatalf("%d players, %s, after %d answers: anyBattle %v, battles %v", seats, g, len(m.Log), !want, s.battles())
				}
				if want {
					seen++
				}
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no position with a battle: the test checked only the easy answer")
	}
}
