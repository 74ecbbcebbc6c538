package enginetest

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"formica/engine"
)

// BenchGames plays full random games of d with seats players (seeds 1, 2,
// 3...) and reports games/s on one core alongside the usual ns/op: the
// throughput an AI's playouts get.
func BenchGames(b *testing.B, d *engine.Descriptor, seats int, opts map[string]string) {
	b.ReportAllocs()
	seed, answers, failed := uint64(0), 0, 0
	start := CPUTime()
	for b.Loop() {
		seed++
		s := engine.Setup{Game: d.ID, Seats: seats, Seed: seed, Options: opts}
		m, err := PlayRandom(d, s, rand.New(rand.NewPCG(seed, 9)), 100000, nil)
		if err != nil {
			// A rules bug, not a speed question: say so and go on, so
			// the speed of every other game is still measured.
			if failed == 0 {
				b.Logf("seed %d: %v", seed, err)
			}
			failed++
		}
		if m != nil {
			answers += len(m.Log)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	if cpu := CPUTime() - start; cpu > 0 && start > 0 {
		// On a shared machine wall time swings with load; CPU time less.
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "cpu-games/s")
	}
	b.ReportMetric(float64(answers)/float64(b.N), "answers/game")
	b.ReportMetric(float64(failed)/float64(b.N), "failed/game")
}

// BenchAnswer replays recorded random games of d answer by answer through
// engine.Match.Answer (check, clone, apply) and reports the median answer
// time; an op is one whole game. Its anchor, timed in the same loop, is
// encoding the whole state (MarshalBinary) before each answer: the
// cheapest thing that touches all of it ("anchor-ns/answer", and
// "ratio" = answer/anchor).
func BenchAnswer(b *testing.B, d *engine.Descriptor, seats int, opts map[string]string) {
	BenchAnswerOf(b, d, engine.Setup{Game: d.ID, Seats: seats, Options: opts})
}

// BenchAnswerOf is BenchAnswer for games set up like su (a rule set, say);
// the seeds are 1 to 4.
func BenchAnswerOf(b *testing.B, d *engine.Descriptor, su0 engine.Setup) {
	type game struct {
		su  engine.Setup
		log []engine.Answer
	}
	var games []game
	for seed := uint64(1); seed <= 4; seed++ {
		su := su0
		su.Seed = seed
		m, err := PlayRandom(d, su, rand.New(rand.NewPCG(seed, 9)), 100000, nil)
		if err != nil {
			b.Fatal(err)
		}
		games = append(games, game{m.Setup, m.Log})
	}
	var times, anchor []time.Duration
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		g := games[i%len(games)]
		i++
		m, err := engine.Start(d, g.su)
		if err != nil {
			b.Fatal(err)
		}
		for _, a := range g.log {
			t0 := time.Now()
			if _, err := m.State.MarshalBinary(); err != nil {
				b.Fatal(err)
			}
			t1 := time.Now()
			if _, err := m.Answer(a); err != nil {
				b.Fatal(err)
			}
			times = append(times, time.Since(t1))
			anchor = append(anchor, t1.Sub(t0))
		}
	}
	slices.Sort(times)
	slices.Sort(anchor)
	med, amed := times[len(times)/2], anchor[len(anchor)/2]
	b.ReportMetric(float64(med.Nanoseconds()), "median-ns/answer")
	b.ReportMetric(float64(amed.Nanoseconds()), "anchor-ns/answer")
	b.ReportMetric(float64(med)/float64(amed), "ratio")
}
