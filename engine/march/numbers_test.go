package march

import (
	"slices"
	"strconv"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// Every number a March of the Ants text states agrees with the data: the
// rule set's numbers (rounds, costs, the Royal Decree, set-up, awards),
// the components file (goal cards' colony points), the descriptor (seats,
// option values) and the state a game starts in, in every language
// (issue 13: every numeric text agrees with the data). A card's or a New
// Frontiers hex's text states exactly its goal CP and the amounts of its
// effect in the components file, which the effect code reads.
func TestTextNumbersMatchTheData(t *testing.T) {
	msgs, err := Messages()
	if err != nil {
		t.Fatal(err)
	}
	r := Edition1()
	d, err := LoadData(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	start := func(seats int) PanelView {
		st, err := Game.New(engine.Setup{Game: Game.ID, Seats: seats, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		return st.View(engine.NoSeat).(*View).Panels[0]
	}
	p3, p2 := start(3), start(2)
	soloLo, soloHi := Game.Seats(engine.Setup{Game: Game.ID, Options: map[string]string{"mode": "uprising"}})
	var frontiers []int
	for _, o := range Game.Options {
		if o.Name == "frontiers" {
			for _, v := range o.Values {
				if n, err := strconv.Atoi(v); err == nil {
					frontiers = append(frontiers, n)
				}
			}
		}
	}
	const (
		battleCP = 1 // MOA1-BATTLE-12: the winner gains 1 CP
		centiCP  = 1 // MOA1-CENTI: 1 CP per centipede destroyed
		hexCP    = 1 // MOA1-SLUMBER: 1 CP per hex next to the GT
		twoPAnts = 3 // MOA1-2P-3: ants on the placed starting hex
	)
	nums := enginetest.Numbers{
		Data: map[string][]int{
			"march.option.food":      enginetest.Ns(r.FoodTokens),
			"march.option.frontiers": frontiers,
			"march.option.length":    enginetest.Ns(r.Rounds, r.LongRounds),
			"march.option.mode":      enginetest.Ns(soloLo, soloHi),
			"march.rules.end":        enginetest.Ns(r.Rounds, r.LongRounds),
			"march.rules.goal":       enginetest.Ns(r.Rounds, r.LongRounds),
			"march.rules.setup": enginetest.Ns(p3.Larvae, r.StartGTAnts, p3.Food, p3.HandSize, p3.Supply,
				twoPAnts, p2.Larvae, p2.Food, p2.HandSize),
			"march.rules.turn":    enginetest.Ns(1, r.FeedPerFood, r.DecreeFood, r.DecreeLarvae),
			"march.rules.actions": enginetest.Ns(r.ActionFood, 1, r.MarchSteps, 1, 1, 1, r.ForageDraw, 1),
			"march.rules.scoring": enginetest.Ns(battleCP, r.BodyCP, hexCP, r.AwardCP, r.AwardTieCP),
			"march.rules.battles": enginetest.Ns(battleCP),
		},
		Includes: map[string][]int{},
		NotData: map[string]string{
			"march.option.barren-queen":       "the two readings of a rule",
			"march.option.first":              "seats are counted from 1",
			"march.option.negative-cp":        "zero",
			"march.option.zero-awards":        "zero",
			"moa.res.l":                       "a printed site's yield",
			"moa.res.l2":                      "a printed site's yield",
			"moa.res.p":                       "a printed site's yield",
			"moa.etilemark.centi":             "the size marker moves one space per centipede tile (MOAE-CENT-2), in the rules code",
			"moa.restfacts.cpper.inner_tiles": "1 CP per counted tile: what cp_per means (RestTile.CPPer)",
			"moa.rewardfacts":                 "the places 1, 2 and 3 of the Great Tunnel battle (MOAE-GT-9)",
		},
	}
	for _, k := range []string{"dance", "explore", "forage", "journey", "march", "play", "raid"} {
		nums.NotData["moa.prompt.reaction."+k] = "a reaction's amount, in the rules code (MOA1-REACT)"
	}
	for _, c := range d.Cards {
		want := slices.Clone(d.Amounts[c.Effect])
		if c.Type == TypeGoal {
			want = append(want, c.CP)
		}
		nums.Data["moa.card."+c.Effect] = want
	}
	for _, h := range d.Hexes {
		if h.Effect != "" {
			nums.Data["moa.card."+h.Effect] = d.Amounts[h.Effect]
		}
	}
	evolvedNumbers(t, nums)
	for k, v := range evolvedRulesNumbers(t) {
		nums.Data[k] = v
	}
	for k, v := range riseRulesNumbers(t) {
		nums.Data[k] = v
	}
	enginetest.CheckNumbers(t, msgs, nums)
}

// evolvedNumbers adds the Evolved card and tile texts (moa.ecard.*): each
// states exactly its effect's amounts in components_evolved.json, a Colony
// Goal also its tiers and their 1, 2 and 3 CP (MOAE-GOAL-2), and the cards
// whose number is a setting of a missing icon that setting (Appendix A).
func evolvedNumbers(t *testing.T, nums enginetest.Numbers) {
	r := Evolved()
	d, err := r.LoadData(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	settings := map[string]int{"traphead": d.Settings.TrapHeadCP, "shooting": d.Settings.ShootingHeadMin}
	for _, c := range d.Cards {
		want := slices.Clone(d.Amounts[c.Effect])
		if c.Type == TypeGoal {
			want = append(append(want, 1, 2, 3), c.Tiers...)
		}
		if v, ok := settings[c.Effect]; ok {
			want = append(want, v)
		}
		nums.Data[r.CardText+c.Effect] = want
	}
	for _, h := range d.Hexes {
		if h.Effect != "" {
			nums.Data[r.CardText+h.Effect] = d.Amounts[h.Effect]
		}
	}
}
