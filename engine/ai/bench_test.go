package ai_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"formica/engine"
	"formica/engine/ai"
	"formica/engine/enginetest"
)

// positions returns states from random games of d, every 10th answer.
func positions(b *testing.B, d *engine.Descriptor, seats int) []engine.State {
	var out []engine.State
	for seed := uint64(1); seed <= 3; seed++ {
		_, err := enginetest.PlayRandom(d, engine.Setup{Game: d.ID, Seats: seats, Seed: seed}, rand.New(rand.NewPCG(seed, 5)), 20000, func(m *engine.Match) {
			if len(m.Log)%10 == 0 {
				out = append(out, m.State.Clone())
			}
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	return out
}

// BenchmarkPlayouts: full random games per second the way search plays them
// (one clone, answers from Choices applied in place) beside the anchor, the
// same games through engine.Match.Answer (check, clone, apply), in one run.
func BenchmarkPlayouts(b *testing.B) {
	for _, g := range games {
		n := g.seats[len(g.seats)-1]
		b.Run(fmt.Sprintf("%s/%dp", g.d.ID, n), func(b *testing.B) {
			b.ReportAllocs()
			var fast, anchor, answers float64
			seed := uint64(0)
			for b.Loop() {
				seed++
				su := engine.Setup{Game: g.d.ID, Seats: n, Seed: seed}
				t0 := enginetest.CPUTime()
				m, err := engine.Start(g.d, su)
				if err != nil {
					b.Fatal(err)
				}
				k, err := ai.Playout(m.State.Clone(), rand.New(rand.NewPCG(seed, 9)))
				if err != nil {
					b.Fatal(err)
				}
				t1 := enginetest.CPUTime()
				if _, err := enginetest.PlayRandom(g.d, su, rand.New(rand.NewPCG(seed, 9)), 100000, nil); err != nil {
					b.Fatal(err)
				}
				t2 := enginetest.CPUTime()
				fast += (t1 - t0).Seconds()
				anchor += (t2 - t1).Seconds()
				answers += float64(k)
			}
			b.ReportMetric(float64(b.N)/fast, "playouts/s")
			b.ReportMetric(float64(b.N)/anchor, "anchor-games/s")
			b.ReportMetric(answers/float64(b.N), "answers/game")
		})
	}
}

// BenchmarkDecide: one decision of the default level (search, the game's
// settings, no wall-clock cap) from positions of random games, in CPU
// milliseconds, beside the anchor, a greedy decision on the same position
// in the same run.
func BenchmarkDecide(b *testing.B) {
	for _, g := range games {
		n := g.seats[len(g.seats)-1]
		b.Run(fmt.Sprintf("%s/%dp", g.d.ID, n), func(b *testing.B) {
			ps := positions(b, g.d, n)
			b.ReportAllocs()
			var search, anchor time.Duration
			i := 0
			for b.Loop() {
				s := ps[i%len(ps)]
				i++
				p := s.Pending()[0]
				t0 := enginetest.CPUTime()
				if _, err := ai.Decide(s, p.Seat, ai.Config{Level: ai.Default}, uint64(i)); err != nil {
					b.Fatal(err)
				}
				t1 := enginetest.CPUTime()
				if _, err := ai.Decide(s, p.Seat, ai.Config{Level: ai.Greedy}, uint64(i)); err != nil {
					b.Fatal(err)
				}
				search += t1 - t0
				anchor += enginetest.CPUTime() - t1
			}
			b.ReportMetric(float64(search.Microseconds())/1000/float64(i), "cpu-ms/op")
			b.ReportMetric(float64(anchor.Microseconds())/1000/float64(i), "anchor-greedy-cpu-ms/op")
		})
	}
}
