package funants

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// Every number a Fun Ants text states (rules pages, cards, hire options,
// events) agrees with the game's data and constants, in every language
// (issue 13: every numeric text agrees with the data).
func TestTextNumbersMatchTheData(t *testing.T) {
	msgs, err := Messages()
	if err != nil {
		t.Fatal(err)
	}
	b, err := loadBoard()
	if err != nil {
		t.Fatal(err)
	}
	side, centres := 0, 0
	for _, c := range b.Cells {
		side = max(side, c.X+1)
		if c.Kind == KindCentre {
			centres++
		}
	}
	start := func(scenario string) (cakes, hand int) {
		st, err := Game.New(engine.Setup{Game: Game.ID, Seats: 4, Seed: 1, Options: map[string]string{"scenario": scenario}})
		if err != nil {
			t.Fatal(err)
		}
		v := st.View(0).(View)
		return v.Players[0].Tokens, len(v.Hand)
	}
	cakes, hand := start("classic")
	pyrCakes, _ := start("pyramids")
	lo, hi := Game.Seats(engine.Setup{Game: Game.ID})
	cost := func(k string) int { _, _, c := kindCost(k); return c }
	worker, soldier := strength(ant{Kind: Worker}), strength(ant{Kind: Soldier})
	// Amounts written as literals in the rules code, by rule.
	const (
		rage     = 1 // FUN-CARD-8: +1 strength
		forage   = 1 // FUN-CARD: take 1 cake
		perMiner = 1 // FUN-INCOME-1, Harvest: 1 cake per worker
		supplies = 2 // FUN-CARD-3: 2 cakes next turn
		sale     = 1 // FUN-SELL: 2 cards for 1 cake
		tunnel   = 1 // FUN-TUNNEL: 1 cake
	)
	levels := len(levelCost) // large, medium, small
	team := hi / 2           // teams of the 4-player scenarios
	enginetest.CheckNumbers(t, msgs, enginetest.Numbers{
		Data: map[string][]int{
			"fun.ambush":                  enginetest.Ns(ambushBonus),
			"fun.card.ambush":             enginetest.Ns(ambushBonus),
			"fun.card.forage":             enginetest.Ns(forage),
			"fun.card.harvest":            enginetest.Ns(perMiner),
			"fun.card.rage":               enginetest.Ns(rage),
			"fun.card.supplies":           enginetest.Ns(supplies),
			"fun.opt.hire_w":              enginetest.Ns(cost(Worker)),
			"fun.opt.hire_s":              enginetest.Ns(cost(Soldier)),
			"fun.opt.hire_ww":             enginetest.Ns(2, cost(Worker+Worker)),
			"fun.opt.hire_ws":             enginetest.Ns(cost(Worker + Soldier)),
			"fun.opt.hire_ss":             enginetest.Ns(2, cost(Soldier+Soldier)),
			"fun.scenario.classic-teams":  enginetest.Ns(team, team),
			"fun.scenario.pyramids-teams": enginetest.Ns(team, team),
			"fun.sold":                    enginetest.Ns(sale),
			"funants.option.scenario":     enginetest.Ns(hi, team, team),
			"funants.rules.actions":       enginetest.Ns(cost(Worker), cost(Soldier), tunnel, levelCost[0], levelCost[1], levelCost[2]),
			"funants.rules.battles":       enginetest.Ns(worker, soldier, rage),
			"funants.rules.goal":          enginetest.Ns(team, team, levels, levels),
			"funants.rules.setup": enginetest.Ns(lo, hi, workersPerColour, soldiersPerColour, entrancesPerColour, levels,
				cakes, pyrCakes, centres, hand),
			"funants.rules.turn": enginetest.Ns(hand, hand, perMiner),
			"funants.summary":    enginetest.Ns(side, side),
		},
		NotData: map[string]string{
			"funants.option.layout": "the 2-player game the option is for",
			"funants.option.ants":   "seat numbers in an example value",
			"funants.option.tokens": "an example value",
		},
	})
}
