package march_test

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
)

// TestRandomGames plays thousands of random games over every player count
// and variant, varying setup seeds and answer streams, checking the
// component invariants after every answer. -short plays a few, -games=N
// plays N per setup (nightly).
// MOA1-DATA-6 MOA1-DATA-7 MOA1-DATA-8 MOA1-TOK-1 MOA1-TOK-4 MOA1-TOK-5
func TestRandomGames(t *testing.T) {
	for i, su := range setups() {
		for _, g := range enginetest.RandomGames(uint64(1000+i), enginetest.Games(250, 1)) {
			su.Seed = g.Seed
			m, err := enginetest.PlayRandom(march.Game, su, g.Rand(), 20000, func(m *engine.Match) {
				check(t, m.State)
			})
			if err != nil {
				t.Fatalf("%d players %v, %s: %v", su.Seats, su.Options, g, err)
			}
			check(t, m.State)
		}
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

// BenchmarkAnswer replays random 4-player games answer by answer through
// engine.Match (validation, clone, apply) and reports the median answer.
func BenchmarkAnswer(b *testing.B) {
	type game struct {
		su  engine.Setup
		log []engine.Answer
	}
	var games []game
	for seed := uint64(1); seed <= 5; seed++ {
		su := engine.Setup{Game: "march", Seats: 4, Seed: seed}
		m, err := enginetest.PlayRandom(march.Game, su, rand.New(rand.NewPCG(seed, 7)), 20000, nil)
		if err != nil {
			b.Fatal(err)
		}
		games = append(games, game{m.Setup, m.Log})
	}
	var times []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := games[i%len(games)]
		m, err := engine.Start(march.Game, g.su)
		if err != nil {
			b.Fatal(err)
		}
		for _, a := range g.log {
			t0 := time.Now()
			if _, err := m.Answer(a); err != nil {
				b.Fatal(err)
			}
			times = append(times, time.Since(t0))
		}
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds()), "median-ns/answer")
}
