package myrmes

import (
	"math/rand/v2"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

func TestEffects(t *testing.T) {
	t.Run("MYR-EFF-8", func(t *testing.T) {
		m := workers(t, ",level=3,food=1,workers=3", "dice=3,1,1 prey=none") // die 3 = Victory point +1
		do(t, m, "P1: r3")
		eq(t, "queen's chamber with VP +1", gs(m).Players[0].Score, 13)
		do(t, m, "P2: r0", "P1: out c3", "P1: d3", "P1: place pair d3-e3")
		eq(t, "no bonus on 0 VP", gs(m).Players[0].Score, 13)
		do(t, m, "P2: out j7", "P2: stop", "P1: out c3", "P1: c4", "P1: place line3 c4-d4-e4")
		eq(t, "pheromone with VP +1", gs(m).Players[0].Score, 16)
	})
	t.Run("MYR-STRUCT-6", func(t *testing.T) {
		m := start(t, "starts=c3,j7 first=1 prey=none dice=5,1,1 give=P1:larvae=2,nurses=2;P2:larvae=0,nurses=2")
		do(t, m, "P1: worker", "P1: 0 0 2 0", "P2: 0 0 2 0")
		eq(t, "P1 with Worker +1", gs(m).Players[0].Workers, 4)
		eq(t, "P2 with Soldier +1 only", gs(m).Players[1].Workers, 3)
	})
}

// TestStructure follows random games season by season.
func TestStructure(t *testing.T) {
	order := map[Phase]int{PhaseBirths: 0, PhaseCap: 1, PhaseWorkers: 2, PhaseHarvest: 3, PhaseAtelier: 4, PhaseKeep: 5}
	games := 6
	if testing.Short() {
		games = 2
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		s := engine.Setup{Game: "myrmes", Seats: 2 + int(seed%3), Seed: seed}
		type at struct{ y, s int }
		var seasons []at
		last := Phase(0)
		years := map[int][3]int{}
		_, err := enginetest.PlayRandom(Game, s, rand.New(rand.NewPCG(seed, 9)), 20000, func(m *engine.Match) {
			g := gs(m)
			cur := at{g.Year, g.Season}
			if len(seasons) == 0 || seasons[len(seasons)-1] != cur {
				seasons = append(seasons, cur)
				last = g.Phase
				years[g.Year] = g.Dice
			}
			if g.Phase != PhaseWinter && order[g.Phase] < order[last] { // MYR-STRUCT-4
				t.Fatalf("seed %d: phase %s after %s in year %d season %d", seed, g.Phase, last, g.Year, g.Season)
			}
			last = g.Phase
			if g.Phase == PhaseWinter && g.Season != 3 {
				t.Fatalf("winter outside season 3")
			}
		})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		// MYR-STRUCT-1, MYR-STRUCT-2: 3 years of spring, summer, autumn and winter.
		// Seasons without any decision pass unseen, so check the order only.
		for i := 1; i < len(seasons); i++ {
			a, b := seasons[i-1], seasons[i]
			if b.y*4+b.s <= a.y*4+a.s || b.y > 3 {
				t.Fatalf("seed %d: season %v after %v", seed, b, a)
			}
		}
	}
}

func TestTurnOrder(t *testing.T) {
	t.Run("MYR-STRUCT-5", func(t *testing.T) {
		m := start(t, "players=3 starts=c4,j4,f7 first=2 prey=none dice=5,1,1 give=P1:larvae=0,nurses=0;P2:larvae=0,nurses=0;P3:larvae=0,nurses=0")
		var seats []engine.Seat
		for range 3 {
			p := m.State.Pending()[0]
			seats = append(seats, p.Seat)
			do(t, m, p.Seat.String()+": r0")
		}
		eq(t, "order", seats[0]*100+seats[1]*10+seats[2], engine.Seat(120)) // P2, P3, P1
	})
	t.Run("MYR-SORT-7", func(t *testing.T) {
		m := workers(t, "", "")
		do(t, m, "P1: out c3")
		eq(t, "one prompt, the sortie", len(m.State.Pending()), 1)
		eq(t, "kind", m.State.Pending()[0].Kind, kSortie)
	})
}
