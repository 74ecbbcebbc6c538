package myrmes

import (
	"testing"

	"formica/engine/enginetest"
)

// The numbers Myrmes' texts state that the components file holds agree
// with it in every language: prey (soldiers, food, VP), special tiles'
// costs and yields, the colony's largest pheromone (issue 13: every
// numeric text agrees with the data), and the rules' fixed amounts the
// rules code applies (amounts.go, the birth tracks, objective VP): a text
// that states another amount than the game applies fails.
func TestTextNumbersMatchTheData(t *testing.T) {
	msgs, err := Messages()
	if err != nil {
		t.Fatal(err)
	}
	b, err := defaultBoard()
	if err != nil {
		t.Fatal(err)
	}
	prey := map[string]preyData{}
	for _, p := range b.Prey {
		prey[p.ID] = p
	}
	spec := map[string]specialData{}
	for _, s := range b.Specials {
		spec[s.ID] = s
	}
	lb, tm, sp := prey["ladybug"], prey["termite"], prey["spider"]
	nums := enginetest.Numbers{
		Data: map[string][]int{
			"myr.hunt.ladybug":          enginetest.Ns(lb.Food),
			"myr.hunt.termite":          enginetest.Ns(tm.Food),
			"myr.hunt.spider":           enginetest.Ns(sp.Food),
			"myr.opt.hunt.ladybug":      enginetest.Ns(lb.Soldiers, lb.Food),
			"myr.opt.hunt.termite":      enginetest.Ns(tm.Soldiers, tm.Food, tm.VP),
			"myr.opt.hunt.spider":       enginetest.Ns(sp.Soldiers, sp.Food, sp.VP),
			"myr.opt.special.farm":      enginetest.Ns(spec["farm"].Cost[1]),
			"myr.opt.special.subcolony": enginetest.Ns(spec["subcolony"].Cost[2]),
			// The rules' fixed amounts (amounts.go).
			"myr.cap_lost":          enginetest.Ns(maxFigures),
			"myr.prompt.cap":        enginetest.Ns(maxFigures),
			"myr.err.top_level":     enginetest.Ns(topLevel),
			"myr.cleared":           enginetest.Ns(clearEarth),
			"myr.opt.clear":         enginetest.Ns(clearEarth),
			"myr.opt.enter_paid":    enginetest.Ns(enterSoldiers),
			"myr.err.queen_food":    enginetest.Ns(queenFood),
			"myr.opt.room3":         enginetest.Ns(queenFood, queenVP),
			"myr.room3":             enginetest.Ns(queenFood),
			"myr.opt.room0":         enginetest.Ns(roomYield),
			"myr.opt.room1":         enginetest.Ns(roomYield),
			"myr.opt.room2":         enginetest.Ns(roomYield),
			"myr.room0":             enginetest.Ns(roomYield),
			"myr.room1":             enginetest.Ns(roomYield),
			"myr.room2.earth":       enginetest.Ns(roomYield),
			"myr.room2.stone":       enginetest.Ns(roomYield),
			"myr.tunnel":            enginetest.Ns(tunnelEarth),
			"myr.opt.tunnel":        enginetest.Ns(tunnelEarth),
			"myr.nurse":             enginetest.Ns(nurseFood, nurseLarvae),
			"myr.opt.nurse":         enginetest.Ns(nurseFood, nurseLarvae),
			"myr.opt.trade":         enginetest.Ns(tradeLarvae, tradeFood),
			"myr.opt.pay_earth":     enginetest.Ns(upgradeCost[1]["earth"][cEarth]),
			"myr.opt.pay_stone":     enginetest.Ns(upgradeCost[1]["stone"][cStone]),
			"myr.event_set.larvae":  enginetest.Ns(eventLarvae),
			"myr.opt.event.larvae":  enginetest.Ns(eventLarvae),
			"myr.event_set.move":    enginetest.Ns(eventMove),
			"myr.opt.event.move":    enginetest.Ns(eventMove),
			"myr.event_set.harvest": enginetest.Ns(eventHarvest),
			"myr.opt.event.harvest": enginetest.Ns(eventHarvest),
			"myr.event_set.worker":  enginetest.Ns(eventOne),
			"myr.opt.event.worker":  enginetest.Ns(eventOne),
			"myr.event_set.soldier": enginetest.Ns(eventOne),
			"myr.opt.event.soldier": enginetest.Ns(eventOne),
			"myr.event_set.level":   enginetest.Ns(eventOne),
			"myr.opt.event.level":   enginetest.Ns(eventOne),
			"myr.event_set.hex":     enginetest.Ns(eventOne),
			"myr.opt.event.hex":     enginetest.Ns(eventOne),
			"myr.event_set.vp":      enginetest.Ns(eventOne),
			"myr.opt.event.vp":      enginetest.Ns(eventOne),
		},
		Includes: map[string][]int{
			// Garden: ladybug 1 soldier for 2 food, termite …, spider …
			"myrmes.topic.garden": enginetest.Ns(lb.Soldiers, lb.Food, tm.Soldiers, tm.Food, tm.VP, sp.Soldiers, sp.Food, sp.VP),
			// Harvest: sub-colony 2 VP.
			"myrmes.topic.harvest": enginetest.Ns(spec["subcolony"].VP),
			// Winter: 4, 5 and 6 food by year, 3 VP a missing food, 3 larvae for 1 food.
			"myrmes.topic.winter": enginetest.Ns(winterBase+1, winterBase+2, winterBase+3, winterVP, tradeLarvae, tradeFood),
			// Workers: the rooms' yields and the queen's food and VP; a sortie's movement points.
			"myrmes.topic.workers": enginetest.Ns(roomYield, queenFood, queenVP),
			// Events: Larvae +2, Movement +3, Harvest +3.
			"myrmes.topic.events": enginetest.Ns(eventLarvae, eventMove, eventHarvest),
			// Births: every track's yields (apply.go) and the figures' cap.
			"myrmes.topic.births": append(append(append(enginetest.Ns(maxFigures), larvaYield[1:]...), soldierYield[1:]...), workerYield[1:]...),
			// Objectives: each level's VP and the earlier completer's bonus by player count.
			"myrmes.topic.objectives": enginetest.Ns(objVP(1), objVP(2), objVP(3), laterBonus(4), laterBonus(3), laterBonus(2)),
			// Atelier: a tunnel's earth and the most exits, every level's price, a nurse's.
			"myrmes.topic.atelier": enginetest.Ns(tunnelEarth, maxTunnels,
				upgradeCost[0]["earth"][cEarth], upgradeCost[1]["stone"][cStone], upgradeCost[1]["earth"][cEarth],
				upgradeCost[2]["stone"][cStone], nurseFood, nurseLarvae),
		},
		NotData: map[string]string{
			"myr.pref.keep-event": "a phase's number in the round, not an amount",
			"myr.prompt.births":   "a phase's number in the round, not an amount",
			"myr.prompt.event":    "a phase's number in the round, not an amount",
			"myrmes.summary":      "the overview: phases by number, the years; each amount is checked in its topic",
		},
	}
	enginetest.CheckNumbers(t, msgs, nums)
}
