package myrmes

import (
	"slices"
	"testing"

	"formica/engine"
)

func TestSetup(t *testing.T) {
	t.Run("MYR-SETUP-2", func(t *testing.T) {
		g := gs(start(t, "players=4 seed=3"))
		eq(t, "supply", g.Supply, [4]int{26, 30, 15, 15}) // 30 larvae less one per player
		eq(t, "pools", g.Pools, [2]int{8, 8})
	})
	t.Run("MYR-SETUP-3", func(t *testing.T) {
		g := gs(start(t, "players=3 seed=3"))
		eq(t, "year", g.Year, 1)
		eq(t, "season", g.Season, 0)
	})
	t.Run("MYR-SETUP-4", func(t *testing.T) {
		seen := map[int]bool{}
		for seed := 1; seed < 40; seed++ {
			g := gs(start(t, "players=2 seed="+itoa(seed)))
			for _, d := range g.Dice {
				if d < 1 || d > 6 {
					t.Fatalf("die %d", d)
				}
				seen[d] = true
			}
			v := g.View(engine.NoSeat).(View)
			eq(t, "public dice", v.Dice, g.Dice)
		}
		eq(t, "faces seen", len(seen), 6)
	})
	t.Run("MYR-SETUP-5", func(t *testing.T) {
		for _, n := range []int{2, 3, 4} {
			g := gs(start(t, "players="+itoa(n)+" seed=5"))
			count, spaces := 0, 0
			for i, c := range g.Cells {
				if g.b.cells[i].Terrain == Prey && g.used(i) {
					spaces++
				}
				if c.Prey >= 0 {
					count++
					if !g.used(i) || g.b.cells[i].Terrain != Prey { // AMB-35
						t.Fatalf("prey on %s", g.label(i))
					}
				}
			}
			eq(t, "prey tokens", count, min(18, spaces))
		}
		eq(t, "4-player prey", func() int {
			n := 0
			for _, c := range gs(start(t, "players=4 seed=1")).Cells {
				if c.Prey >= 0 {
					n++
				}
			}
			return n
		}(), 18)
	})
	t.Run("MYR-SETUP-6", func(t *testing.T) {
		for seed := 1; seed < 30; seed++ {
			g := gs(start(t, "players=4 seed="+itoa(seed)))
			var levels []int
			reqs := map[string]bool{}
			for _, o := range g.Objs {
				levels = append(levels, g.b.Objectives[o.Def].Level)
				reqs[g.b.req(o.Def)] = true
			}
			slices.Sort(levels)
			eq(t, "levels", slices.Equal(levels, []int{1, 1, 2, 2, 3, 3}), true)
			eq(t, "distinct requirements", len(reqs), 6)
		}
	})
	t.Run("MYR-SETUP-8", func(t *testing.T) {
		for _, p := range gs(start(t, "players=4 seed=2")).Players {
			eq(t, "nurses", p.Nurses, 3)
			eq(t, "workers", p.Workers, 2)
			eq(t, "larvae", p.Larvae, 1)
		}
	})
	t.Run("MYR-SETUP-9", func(t *testing.T) {
		for _, n := range []int{2, 3, 4} {
			g := gs(start(t, "players="+itoa(n)+" seed=9"))
			var exits []int
			for i, c := range g.Cells {
				if c.Tunnel >= 0 {
					exits = append(exits, i)
				}
			}
			eq(t, "exits", len(exits), n)
			for _, e := range exits {
				if !slices.Contains(g.b.starts[n], e) {
					t.Fatalf("%d players: exit on %s, not a start space", n, g.label(e))
				}
			}
		}
	})
	t.Run("MYR-SETUP-10", func(t *testing.T) {
		for _, p := range gs(start(t, "players=3 seed=2")).Players {
			eq(t, "score", p.Score, 10)
			eq(t, "level", p.Level, 0)
		}
	})
	t.Run("MYR-SETUP-11", func(t *testing.T) {
		g := gs(start(t, "players=2 dice=4,1,6"))
		for _, p := range g.Players {
			eq(t, "event", g.b.Events[p.Event], "hex")
		}
	})
	t.Run("MYR-SETUP-12", func(t *testing.T) {
		p := gs(start(t, "players=2 seed=4")).Players[0]
		eq(t, "pheromone tiles", p.Pher[0]+p.Pher[1]+p.Pher[2]+p.Pher[3]+p.Pher[4]+p.Pher[5]+p.Pher[6]+p.Pher[7]+p.Pher[8]+p.Pher[9]+p.Pher[10]+p.Pher[11], 17)
		eq(t, "ownership cubes", p.Cubes, 4)
	})
	t.Run("MYR-SETUP-13", func(t *testing.T) {
		firsts := map[int]bool{}
		for seed := 1; seed < 30; seed++ {
			firsts[gs(start(t, "players=3 seed="+itoa(seed))).First] = true // AMB-25
		}
		eq(t, "first players seen", len(firsts), 3)
		eq(t, "first=2", gs(start(t, "players=3 first=2")).First, 1)
	})
	t.Run("MYR-SETUP-14", func(t *testing.T) {
		for _, p := range gs(start(t, "players=4 seed=8")).Players {
			eq(t, "store", p.Store, [3]int{})
			eq(t, "soldiers", p.Soldiers, 0)
		}
	})
}

func TestPlayerCount(t *testing.T) {
	used := func(n int) int {
		g := gs(start(t, "players="+itoa(n)))
		k := 0
		for i := range g.Cells {
			if g.used(i) {
				k++
			}
		}
		return k
	}
	t.Run("MYR-PC-1", func(t *testing.T) { eq(t, "4-player garden", used(4), 108) })
	t.Run("MYR-PC-2", func(t *testing.T) { eq(t, "3-player garden", used(3), 84) })
	t.Run("MYR-PC-3", func(t *testing.T) { eq(t, "2-player garden", used(2), 70) })
	t.Run("MYR-PC-6", func(t *testing.T) {
		b := gs(start(t, "players=2")).b
		eq(t, "2-player starts are F", slices.Equal(b.starts[2], b.starts[4][:1]) || b.starts[2][0] == b.starts[4][0], true)
		eq(t, "F within the 4-player starts", slices.Contains(b.starts[4], b.starts[2][1]), true)
		eq(t, "H", len(b.starts[3]), 3)
	})
	t.Run("MYR-PC-4", func(t *testing.T) {
		m := start(t, "starts=b3,j7 first=1 prey=none give=P1:larvae=0,nurses=0;P2:larvae=0,nurses=0")
		do(t, m, "P1: out b3")
		refused(t, m, "P1: a3", "MYR-PC-4")
		if offered(t, m, 0, "", "a3") {
			t.Fatal("unused space offered")
		}
	})
	t.Run("MYR-PC-5", func(t *testing.T) {
		for n, want := range map[int]int{2: 5, 3: 4, 4: 3} {
			eq(t, "bonus", laterBonus(n), want)
		}
	})
}
