package ai_test

import (
	"math/rand/v2"
	"testing"

	"formica/engine"
	"formica/engine/ai"
	"formica/engine/enginetest"
	"formica/engine/march"
	"formica/internal/testscale"
)

// The Evolved edition is a second rule set of March of the Ants: every
// level answers legally there too, in its own setups (the Ancient
// Species, the draft, Rise of the Centipedes), to the end of the game.
func TestEvolvedAnswersLegal(t *testing.T) {
	for _, c := range []struct {
		name  string
		seats int
		opts  map[string]string
	}{
		{"2p", 2, nil},
		{"5p", 5, nil},
		{"3p/species+draft", 3, map[string]string{"species": "on", "draft": "on"}}, // MOAE-ANC-1, MOAE-PSETUP-6
		{"2p/rise", 2, map[string]string{"mode": "uprising"}},                      // RISE-1
		{"1p/rise", 1, map[string]string{"mode": "uprising"}},
		{"4p/rise", 4, map[string]string{"mode": "uprising"}}, // (was engine/march's TestRiseAI: march cannot import ai, whose evaluation reads march)
	} {
		setup := func(seed uint64) engine.Setup {
			return engine.Setup{Game: march.Game.ID, RuleSet: "evolved", Options: c.opts, Seats: c.seats, Seed: seed}
		}
		t.Run(c.name+"/random", func(t *testing.T) {
			cfgs := make([]ai.Config, c.seats)
			for _, rg := range enginetest.RandomGames(uint64(300+c.seats), enginetest.Games(40, 4)) {
				play(t, march.Game, setup(rg.Seed), cfgs, rg.Rand())
			}
		})
		t.Run(c.name+"/mixed", func(t *testing.T) {
			cfgs := make([]ai.Config, c.seats)
			for i := range cfgs {
				// Small budgets: legality, not strength; a solo seat
				// searches, the others take turns at every level.
				cfgs[i] = ai.Config{Level: ai.Levels[(i+2)%len(ai.Levels)], Playouts: 3, Candidates: 6}
			}
			for _, rg := range enginetest.RandomGames(uint64(400+c.seats), enginetest.Games(6, 1)) {
				play(t, march.Game, setup(rg.Seed), cfgs, rg.Rand())
			}
		})
	}
}

// An Evolved AI never reads hidden state either (TestHiddenStateUnread
// plays the 1st edition).
func TestEvolvedHiddenStateUnread(t *testing.T) {
	const n = 4
	su := engine.Setup{Game: march.Game.ID, RuleSet: "evolved", Seats: n, Seed: 12}
	every := 9
	if testing.Short() {
		every = testscale.N(29, 90)
	}
	checkSecretsUnread(t, march.Game, su, rand.New(rand.NewPCG(n, 78)), every, 16)
}
