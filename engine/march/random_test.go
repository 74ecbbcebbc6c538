package march_test

import (
	"math/rand/v2"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
)

// TestRandomGames plays thousands of random games over every player count
// and variant, checking the component invariants after every answer.
// MOA1-DATA-6 MOA1-DATA-7 MOA1-DATA-8 MOA1-TOK-1 MOA1-TOK-4 MOA1-TOK-5
func TestRandomGames(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 4
	}
	ss := setups()
	for g := 0; g < n; g++ {
		su := ss[g%len(ss)]
		su.Seed = uint64(1000 + g)
		rng := rand.New(rand.NewPCG(su.Seed, 7))
		m, err := enginetest.PlayRandom(march.Game, su, rng, 20000, func(m *engine.Match) {
			march.CheckInvariants(t, m.State)
		})
		if err != nil {
			t.Fatalf("setup %+v: %v", su, err)
		}
		march.CheckInvariants(t, m.State)
	}
}

func BenchmarkRandomGame4(b *testing.B) {
	su := engine.Setup{Game: "march", Seats: 4}
	answers := 0
	for i := 0; i < b.N; i++ {
		su.Seed = uint64(i)
		rng := rand.New(rand.NewPCG(su.Seed, 7))
		m, err := enginetest.PlayRandom(march.Game, su, rng, 20000, nil)
		if err != nil {
			b.Fatal(err)
		}
		answers += len(m.Log)
	}
	b.ReportMetric(float64(answers)/float64(b.N), "answers/game")
}
