package march_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
)

// BenchmarkGames is full random 5-player games per second on one core.
func BenchmarkGames(b *testing.B) { enginetest.BenchGames(b, march.Game, 5, nil) }

// BenchmarkAnswers is the median answer of recorded 5-player games.
func BenchmarkAnswers(b *testing.B) { enginetest.BenchAnswer(b, march.Game, 5, nil) }

// BenchmarkEvolvedGame is a full random 4-player Evolved game (goal: under
// 20 ms). Its anchor, played in the same loop, is a full random 4-player
// 1st edition game of the same seed: "ratio" = Evolved / 1st edition.
func BenchmarkEvolvedGame(b *testing.B) {
	d := evolvedGame()
	var evo, first, evoCPU, firstCPU time.Duration
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		for _, rs := range []string{"evolved", "1e"} {
			su := engine.Setup{Game: "march", RuleSet: rs, Seats: 4, Seed: seed}
			t0, c0 := time.Now(), enginetest.CPUTime()
			if _, err := enginetest.PlayRandom(d, su, rand.New(rand.NewPCG(seed, 9)), 100000, nil); err != nil {
				b.Fatalf("%s seed %d: %v", rs, seed, err)
			}
			// CPU time as well: wall time swings with the shared machine's load
			if rs == "evolved" {
				evo += time.Since(t0)
				evoCPU += enginetest.CPUTime() - c0
			} else {
				first += time.Since(t0)
				firstCPU += enginetest.CPUTime() - c0
			}
		}
	}
	b.ReportMetric(float64(evo.Microseconds())/1000/float64(b.N), "evolved-ms/game")
	b.ReportMetric(float64(first.Microseconds())/1000/float64(b.N), "anchor-1e-ms/game")
	b.ReportMetric(float64(evo)/float64(first), "ratio")
	if firstCPU > 0 {
		b.ReportMetric(float64(evoCPU.Microseconds())/1000/float64(b.N), "evolved-cpu-ms/game")
		b.ReportMetric(float64(firstCPU.Microseconds())/1000/float64(b.N), "anchor-1e-cpu-ms/game")
	}
}

// BenchmarkEvolvedAnswer is the median answer of recorded 4-player Evolved
// games (goal: under 50 µs), its anchor encoding the state before each.
func BenchmarkEvolvedAnswer(b *testing.B) {
	enginetest.BenchAnswerOf(b, evolvedGame(), engine.Setup{Game: "march", RuleSet: "evolved", Seats: 4})
}

// BenchmarkEvolvedSpeciesGame is a full random 4-player Evolved game with
// the Ancient Species and the advanced draft (MOAE-ANC-1, MOAE-PSETUP-6).
// Its anchor, played in the same loop, is the plain Evolved game of the same
// seed: "ratio" = with species / without, in CPU time.
func BenchmarkEvolvedSpeciesGame(b *testing.B) {
	d := evolvedGame()
	var cpu [2]time.Duration
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		for i, opts := range []map[string]string{{"species": "on", "draft": "on"}, nil} {
			su := engine.Setup{Game: "march", RuleSet: "evolved", Seats: 4, Seed: seed, Options: opts}
			c0 := enginetest.CPUTime()
			if _, err := enginetest.PlayRandom(d, su, rand.New(rand.NewPCG(seed, 9)), 100000, nil); err != nil {
				b.Fatalf("%v seed %d: %v", opts, seed, err)
			}
			cpu[i] += enginetest.CPUTime() - c0
		}
	}
	if cpu[1] > 0 {
		b.ReportMetric(float64(cpu[0].Microseconds())/1000/float64(b.N), "species-cpu-ms/game")
		b.ReportMetric(float64(cpu[1].Microseconds())/1000/float64(b.N), "anchor-evolved-cpu-ms/game")
		b.ReportMetric(float64(cpu[0])/float64(cpu[1]), "ratio")
	}
}
