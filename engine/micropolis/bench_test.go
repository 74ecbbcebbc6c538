package micropolis_test

import (
	"math/rand/v2"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/micropolis"
)

// BenchmarkAnswer measures validating and applying one answer through
// Match.Answer (Check + Clone + Apply) in a 6-player game mid-way.
func BenchmarkAnswer(b *testing.B) {
	s := engine.Setup{Game: "micropolis", Seats: 6, Seed: 42}
	rng := rand.New(rand.NewPCG(1, 2))
	m, err := enginetest.PlayRandom(micropolis.Game, s, rng, 30, nil)
	if err == nil || m == nil {
		b.Fatal("want a game stopped mid-way")
	}
	seat := m.State.Pending()[0].Seat
	path, err := enginetest.RandomPath(m.State, seat, rng)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		mm := &engine.Match{Setup: m.Setup, State: m.State}
		if _, err := mm.Answer(engine.Answer{Seat: seat, Path: path}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGame6 plays a full random 6-player game.
func BenchmarkGame6(b *testing.B) {
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		s := engine.Setup{Game: "micropolis", Seats: 6, Seed: seed}
		if _, err := enginetest.PlayRandom(micropolis.Game, s, rand.New(rand.NewPCG(seed, 3)), 5000, nil); err != nil {
			b.Fatal(err)
		}
	}
}
