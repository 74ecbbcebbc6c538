package myrmes

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"formica/engine"
	"formica/engine/enginetest"
)

// midGame is a 4-player game stopped after n random answers, with the next
// answer ready for its prompted seat.
func midGame(b *testing.B, n int) (*engine.Match, engine.Answer) {
	s := engine.Setup{Game: "myrmes", Seats: 4, Seed: 42}
	rng := rand.New(rand.NewPCG(1, 2))
	m, err := enginetest.PlayRandom(Game, s, rng, n, nil)
	if err == nil || m == nil {
		b.Fatal("want a game stopped mid-way")
	}
	seat := m.State.Pending()[0].Seat
	path, err := enginetest.RandomPath(m.State, seat, rng)
	if err != nil {
		b.Fatal(err)
	}
	return m, engine.Answer{Seat: seat, Path: path}
}

// BenchmarkAnswer validates and applies one answer through Match.Answer
// (Check + Clone + Apply) mid-game; the target is a median under 30 µs,
// reported as median-µs over the answers of a whole game.
func BenchmarkAnswer(b *testing.B) {
	m, a := midGame(b, 60)
	b.ReportAllocs()
	for b.Loop() {
		mm := &engine.Match{Setup: m.Setup, State: m.State}
		if _, err := mm.Answer(a); err != nil {
			b.Fatal(err)
		}
	}
	// The median over every answer of a full game, each timed alone.
	s := engine.Setup{Game: "myrmes", Seats: 4, Seed: 7}
	full, err := enginetest.PlayRandom(Game, s, rand.New(rand.NewPCG(7, 1)), 20000, nil)
	if err != nil {
		b.Fatal(err)
	}
	r, _ := engine.Start(Game, s)
	var ds []time.Duration
	for _, ans := range full.Log {
		t0 := time.Now()
		if _, err := r.Answer(ans); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t0))
	}
	slices.Sort(ds)
	b.ReportMetric(float64(ds[len(ds)/2].Microseconds()), "median-µs")
}

// BenchmarkGame4 plays a full random 4-player game (target under 10 ms).
func BenchmarkGame4(b *testing.B) {
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		s := engine.Setup{Game: "myrmes", Seats: 4, Seed: seed}
		if _, err := enginetest.PlayRandom(Game, s, rand.New(rand.NewPCG(seed, 3)), 20000, nil); err != nil {
			b.Fatal(err)
		}
	}
}
