package myrmes

import (
	"testing"

	"formica/engine/enginetest"
)

// The numbers Myrmes' texts state that the components file holds agree
// with it in every language: prey (soldiers, food, VP), special tiles'
// costs and yields, the colony's largest pheromone (issue 13: every
// numeric text agrees with the data). The rule amounts the rules code
// writes as literals (rooms, events, births, winter, objectives' VP) are
// listed as not data: they are not tied yet.
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
		},
		Includes: map[string][]int{
			// Garden: ladybug 1 soldier for 2 food, termite …, spider …
			"myrmes.topic.garden": enginetest.Ns(lb.Soldiers, lb.Food, tm.Soldiers, tm.Food, tm.VP, sp.Soldiers, sp.Food, sp.VP),
			// Harvest: sub-colony 2 VP.
			"myrmes.topic.harvest": enginetest.Ns(spec["subcolony"].VP),
		},
		NotData: map[string]string{},
	}
	for _, k := range msgs.Keys("en") {
		if _, ok := nums.Data[k]; ok {
			continue
		}
		if _, ok := nums.Includes[k]; ok {
			continue
		}
		nums.NotData[k] = "a rule amount written in the rules code (not tied yet)"
	}
	enginetest.CheckNumbers(t, msgs, nums)
}
