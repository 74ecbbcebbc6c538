package main

import (
	"slices"
	"testing"

	"formica/bot/leaktest"
	"formica/engine"
)

// TestNoLeaksEvolved runs the leak oracle over March's Evolved rule set
// with this binary's March (its renderer, hand images and texts) before
// the engine offers the rule set (engine/march TestEvolvedNotOffered):
// the descriptor is copied with the rule set listed. Once the gate
// opens, TestNoLeaks covers it by itself.
func TestNoLeaksEvolved(t *testing.T) {
	gs, err := games()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		if g.ID != "march" {
			continue
		}
		if slices.Contains(g.RuleSets, "evolved") {
			t.Skip("the Evolved rule set is offered: TestNoLeaks covers it")
		}
		d := *g.Descriptor
		d.RuleSets = append(slices.Clone(d.RuleSets), "evolved")
		g.Descriptor = &d
		cfg := leaktest.Config{Games: 2, MaxAnswers: 800, Pixels: 3}
		if testing.Short() {
			cfg = leaktest.Config{Games: 1, MaxAnswers: 150, Pixels: 1}
		}
		for _, n := range []int{3, 4, 5} {
			if testing.Short() && n == 4 {
				continue
			}
			cfg.Setups = append(cfg.Setups, engine.Setup{RuleSet: "evolved", Seats: n, Seed: uint64(100*n + 9)})
		}
		leaktest.Run(t, g, cfg)
		return
	}
	t.Fatal("no march game")
}
