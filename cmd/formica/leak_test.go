package main

import (
	"fmt"
	"testing"

	"formica/bot/leaktest"
	"formica/engine"
	"formica/internal/testscale"
)

// TestNoLeaks runs the leak oracle over every game this binary offers, at
// every player count (MOA1-ASYNC-2, FUN-SETUP-6 and each game's hidden
// information): random games through the service, every channel post,
// button, caption, image, DM and reply read against the game's hidden list.
func TestNoLeaks(t *testing.T) {
	gs, err := games()
	if err != nil {
		t.Fatal(err)
	}
	cfg := leaktest.Config{Games: 2, MaxAnswers: 800, Pixels: 3}
	if testing.Short() {
		cfg = leaktest.Config{Games: 1, MaxAnswers: testscale.N(120, 60), Pixels: 1}
	}
	// One subtest per setup, in parallel: they share nothing but the
	// games' renderers (safe for concurrent use, as the service uses
	// them), and the longest package of the suite then uses both cores.
	for _, g := range gs {
		rulesets := g.RuleSets
		if len(rulesets) == 0 {
			rulesets = []string{""}
		}
		for _, rs := range rulesets {
			lo, hi := g.Seats(engine.Setup{Game: g.ID, RuleSet: rs})
			for n := lo; n <= hi; n++ {
				if testing.Short() && n != lo && n != hi || testscale.Race && n != hi {
					continue // the fewest and the most players; under -race the most
				}
				name := fmt.Sprintf("%s/%dp", g.ID, n)
				if rs != "" {
					name = fmt.Sprintf("%s/%s-%dp", g.ID, rs, n)
				}
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					c := cfg
					c.Setups = []engine.Setup{{RuleSet: rs, Seats: n, Seed: uint64(100*n + 7)}}
					leaktest.Run(t, g, c)
				})
			}
		}
	}
}
