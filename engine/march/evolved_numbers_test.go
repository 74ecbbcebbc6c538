package march

import (
	"slices"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// evolvedRulesNumbers are the numbers the Evolved rules texts (march.ruleset.
// evolved, march.evolved.*) state, from the Evolved rule set, its data
// file and the state an Evolved game starts in. The literal ones are
// rules, not data: one ant, one larva, one card, the first round.
func evolvedRulesNumbers(t *testing.T) map[string][]int {
	t.Helper()
	r := Evolved()
	d, err := r.LoadData(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	m, err := engine.Start(Game, engine.Setup{Game: Game.ID, RuleSet: "evolved", Seats: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := m.State.(*State)
	p := s.View(engine.NoSeat).(*View).Panels[0]
	lo, hi := Game.Seats(engine.Setup{Game: Game.ID, RuleSet: "evolved"})
	starting, std := 0, 0
	for _, n := range s.Stack {
		if d.Hex(n).Kind == "start" {
			starting++
		}
	}
	for _, h := range d.Hexes {
		if h.Kind == "std" {
			std++
		}
	}
	var beyond3 []int // player counts with 3 tiles beyond the meadow
	for n := lo; n <= hi; n++ {
		if r.Beyond(n) == 3 {
			beyond3 = append(beyond3, n)
		}
	}
	low, high := 0, 0
	for _, id := range append(slices.Clone(s.Rewards), s.Reward) {
		for _, w := range d.Rewards {
			if w.ID == id && w.Level == "I-II" {
				low++
			} else if w.ID == id {
				high++
			}
		}
	}
	places := len(d.Rewards[0].Places)
	st := d.Settings
	const (
		one      = 1 // one ant, larva, card, step, loss, space
		perLoss  = 2 // MOAE-LOSS-2: 1 loss per 2 losers' ants
		oneFero  = 1 // MOAE-CENT-9: the ferocity that draws again
		firstRnd = 1 // MOAE-SOLD-2: no tile battles in round 1
	)
	ns := enginetest.Ns
	return map[string][]int{
		"march.ruleset.evolved": ns(lo, hi, r.Rounds),
		"march.evolved.differences": ns(p.Larvae, r.StartGTAnts, p.Food, p.HandSize, r.MarchSteps, r.ForageDraw,
			r.ForageDiscard, 1, places, r.DecreeFood, r.DecreeLarvae, st.InnerMeadowCP),
		"march.evolved.setup": append(append(ns(starting/s.N, std, r.Beyond(3), r.Beyond(hi)), beyond3...),
			low, high, p.Larvae, r.StartGTAnts, p.Supply, p.Food, p.HandSize),
		"march.evolved.worker": ns(r.ActionFood, one, one, r.ActionFood, r.ForageDraw, r.ForageDiscard, one,
			r.ActionFood, r.MarchSteps, one, one, one, one),
		"march.evolved.rest":        ns(one),
		"march.evolved.battles":     ns(firstRnd, one, one, perLoss, one, st.TileBattleCP),
		"march.evolved.greattunnel": ns(1, 2, places),
		"march.evolved.centipedes":  ns(one, oneFero),
		"march.evolved.queen":       ns(r.DecreeFood, r.FeedPerFood, one, st.StarvationCP, r.DecreeFood, r.DecreeLarvae),
		"march.evolved.scoring":     ns(st.InnerMeadowCP, r.MaxGoals, st.BodyCP, st.AwardCP, st.AwardTieCP),
		"march.evolved.species":     speciesPageNumbers(t, d, r),
		// MOAE-PSETUP-6: 3 cards usually; 2 + position; the first player
		// draws 3; the rulebook's example, the 3rd player 2 + 3 = 5; keep 3
		"march.evolved.draft": ns(r.StartCards, draftBase, draftBase+1, draftBase, 3, draftBase+3, r.StartCards),
	}
}

// speciesPageNumbers are the numbers of the Ancient Species page, in its
// order, from the species data (MOAE-ANC-3, -5..-9).
func speciesPageNumbers(t *testing.T, d *Data, r *RuleSet) []int {
	t.Helper()
	sp := func(id string) Species {
		for _, s := range d.Species {
			if s.ID == id {
				return s
			}
		}
		t.Fatalf("no species %q", id)
		return Species{}
	}
	const one = 1 // at least 1 ant; the Dance's reaction gains 1 larva (the 1st edition's)
	egg, exp, vq, dan, fun := sp("eggkeepers"), sp("explorers"), sp("visionary"), sp("dancers"), sp("farmers")
	return enginetest.Ns(egg.Cost.Food, egg.Gain.Larvae, d.Settings.EggKeepersCP,
		exp.Cost.Food, one, exp.MarchLess, exp.BeyondCP,
		vq.Cost.Food, r.MaxGoals, vq.EvoExtra,
		dan.Cost.Food, one,
		fun.Cost.Larvae, fun.Gain.Food, fun.ReactCost.Larvae, fun.ReactGain.Food, fun.FeedLess, fun.PantryCP, fun.PantryFood, fun.PantryMax)
}
