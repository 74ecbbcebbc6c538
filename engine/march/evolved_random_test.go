package march_test

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
)

// evolvedModes are the Evolved setups the random games cover: the standard
// and the Epic game, and both with the Ancient Species and the advanced
// card draft (MOAE-ANC-1, MOAE-PSETUP-6).
var evolvedModes = []map[string]string{
	{"length": "standard"},
	{"length": "long"},
	{"length": "standard", "species": "on", "draft": "on"},
	{"length": "long", "species": "on", "draft": "on"},
}

// TestEvolvedRandomGames plays random Evolved games for 2-5 players in
// every mode of evolvedModes, checking the component invariants
// after every answer and the replay: 8,000 games in long mode, 48 (three
// per setup) under -short, where TestEvolvedAcceptance plays these setups
// too.
// MOAE-TOK-4 MOAE-SOLD-1 MOAE-SOLD-2
func TestEvolvedRandomGames(t *testing.T) {
	d := march.Game
	for _, seats := range []int{2, 3, 4, 5} {
		for mi, opts := range evolvedModes {
			for _, g := range enginetest.RandomGames(uint64(7000+10*mi+seats), enginetest.Games(500, 3)) {
				su := engine.Setup{Game: "march", RuleSet: "evolved", Seats: seats, Seed: g.Seed, Options: opts}
				m, err := enginetest.PlayRandom(d, su, g.Rand(), 20000, func(m *engine.Match) {
					check(t, m.State)
				})
				if err != nil {
					t.Fatalf("%d players, %v, %s: %v", seats, opts, g, err)
				}
				if m.State.Result() == nil {
					t.Fatalf("%d players, %v, %s: no result after %d answers", seats, opts, g, len(m.Log))
				}
				check(t, m.State)
			}
		}
	}
}

// TestEvolvedAcceptance runs the shared acceptance suite over Evolved
// games, 2-5 players, standard and Epic: every offered option accepted and
// junk refused, the leak oracle on every view and prompt, replay, no dead
// ends. One game per setup under -short (ten setups, each its own seed),
// 20 in long mode.
func TestEvolvedAcceptance(t *testing.T) {
	d := march.Game
	var setups []engine.Setup
	for n := 2; n <= 5; n++ {
		setups = append(setups, engine.Setup{Game: "march", RuleSet: "evolved", Seats: n, Seed: uint64(40 + n)})
	}
	setups = append(setups,
		engine.Setup{Game: "march", RuleSet: "evolved", Seats: 3, Seed: 47, Options: map[string]string{"length": "long"}},
		engine.Setup{Game: "march", RuleSet: "evolved", Seats: 2, Seed: 48, Options: map[string]string{"length": "long"}})
	for n := 2; n <= 5; n++ { // MOAE-ANC-1, MOAE-PSETUP-6: species and the sealed draft
		setups = append(setups, engine.Setup{Game: "march", RuleSet: "evolved", Seats: n, Seed: uint64(50 + n),
			Options: map[string]string{"species": "on", "draft": "on"}})
	}
	enginetest.Run(t, d, enginetest.Config{Setups: setups, Short: 1, Check: check})
}
