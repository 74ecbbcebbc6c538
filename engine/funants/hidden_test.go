package funants_test

import (
	"math/rand/v2"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/funants"
)

// FUN-SETUP-6 (hands are hidden), FUN-BATTLE-7: both sides of a battle are
// asked alike. Whether a side may play Ant Rage depends on its hand, so the
// battle's first step is private for every side holding cards: the public
// post for a side with Ant Rage and for one without reads the same.
func TestBattlePromptHidesAntRage(t *testing.T) {
	seen := 0
	for seed := uint64(1); seen < 3 && seed < 400; seed++ {
		s := engine.Setup{Game: "funants", Seats: 2, Seed: seed, Options: map[string]string{"scenario": funants.Classic}}
		rng := rand.New(rand.NewPCG(seed, 3))
		_, _ = enginetest.PlayRandom(funants.Game, s, rng, 3000, func(m *engine.Match) {
			pend := m.State.Pending()
			if len(pend) != 2 || pend[0].Kind != "battle" {
				return
			}
			var withRage, without *engine.Step
			for _, p := range pend {
				st, err := m.State.Choices(p.Seat, nil)
				if err != nil {
					t.Fatal(err)
				}
				if m.State.View(p.Seat).(funants.View).Players[p.Seat].HandSize == 0 {
					continue
				}
				if hasCode(st, "play") {
					withRage = &st
				} else {
					without = &st
				}
			}
			if withRage == nil || without == nil {
				return
			}
			seen++
			if !withRage.Private || !without.Private {
				t.Fatalf("seed %d: battle steps private %v (holds Ant Rage) and %v (does not): both must be private",
					seed, withRage.Private, without.Private)
			}
		})
	}
	if seen == 0 {
		t.Fatal("no battle with one side holding Ant Rage and the other not was reached")
	}
}

func hasCode(st engine.Step, code string) bool {
	for _, o := range st.Options {
		if o.Code == code {
			return true
		}
	}
	return false
}
