package march_test

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
)

// TestEvolvedRandomGames plays random Evolved games for 2-5 players in the
// standard and the Epic game, checking the component invariants
// after every answer and the replay: 4,000 games in long mode.
// MOAE-TOK-4 MOAE-SOLD-1 MOAE-SOLD-2
func TestEvolvedRandomGames(t *testing.T) {
	d := march.Game
	for _, seats := range []int{2, 3, 4, 5} {
		for mi, length := range []string{"standard", "long"} {
			for _, g := range enginetest.RandomGames(uint64(7000+10*mi+seats), enginetest.Games(500, 12)) {
				su := engine.Setup{Game: "march", RuleSet: "evolved", Seats: seats, Seed: g.Seed,
					Options: map[string]string{"length": length}}
				m, err := enginetest.PlayRandom(d, su, g.Rand(), 20000, func(m *engine.Match) {
					check(t, m.State)
				})
				if err != nil {
					t.Fatalf("%d players, %s, %s: %v", seats, length, g, err)
				}
				if m.State.Result() == nil {
					t.Fatalf("%d players, %s, %s: no result after %d answers", seats, length, g, len(m.Log))
				}
				check(t, m.State)
			}
		}
	}
}

// TestEvolvedAcceptance runs the shared acceptance suite over Evolved
// games, 2-5 players, standard and Epic: every offered option accepted and
// junk refused, the leak oracle on every view and prompt, replay, no dead
// ends.
func TestEvolvedAcceptance(t *testing.T) {
	d := march.Game
	var setups []engine.Setup
	for n := 2; n <= 5; n++ {
		setups = append(setups, engine.Setup{Game: "march", RuleSet: "evolved", Seats: n, Seed: uint64(40 + n)})
	}
	setups = append(setups,
		engine.Setup{Game: "march", RuleSet: "evolved", Seats: 3, Seed: 47, Options: map[string]string{"length": "long"}},
		engine.Setup{Game: "march", RuleSet: "evolved", Seats: 2, Seed: 48, Options: map[string]string{"length": "long"}})
	enginetest.Run(t, d, enginetest.Config{Setups: setups, Check: check})
}
