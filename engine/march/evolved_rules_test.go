package march

import (
	"slices"
	"testing"
)

func TestEvolvedSteps(t *testing.T) {
	t.Run("MOAE-STEP-1 an ant steps from a site to an empty site of the same tile", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 0, 1) // P1 on tile 1's larva site
		g.turn(0)
		g.ans(0, "march")
		if !g.has(0, "1", "1") {
			t.Fatalf("targets %v", g.options(0, "1"))
		}
		g.ans(0, "1 1 s1")
		if s := g.s(); s.tile(1).Sites[0] != 0 || s.tile(1).Sites[1] != -1 {
			t.Fatalf("tile 1 sites %v", s.tile(1).Sites)
		}
	})
	t.Run("MOAE-STEP-4 an outskirts ant never steps onto a site of its own tile", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 0, 0)
		g.ant(1, 1, 1)
		g.ant(1, 1, 2)
		g.ant(1, 0, -1)
		s := g.s()
		s.tile(1).Sites[1] = -1 // a free site beside an outskirts ant (a position inside a March)
		s.Players[1].Supply++
		if got := s.antStepCodes(0, "1o"); slices.Contains(got, "1") {
			t.Fatalf("outskirts ant targets %v", got)
		}
		if got := s.antStepCodes(0, "1s1"); !slices.Contains(got, "1") {
			t.Fatalf("site ant targets %v", got)
		}
	})
	t.Run("MOAE-MEADOW-11 MOAE-STEP-4 freed sites refill when the March ends, not after each step", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 1, 0)
		g.ant(1, 1, 1)
		g.ant(1, 1, 2)
		g.ant(1, 2, -1) // P3 waits on the outskirts
		g.ant(1, 2, -1)
		g.ant(1, 1, -1) // and P2 too
		g.turn(1)
		g.ans(1, "march")
		g.ans(1, "1s1 gt")
		g.ans(1, "1s2 gt")
		if s := g.s(); s.tile(1).Sites[0] != -1 || s.tile(1).Out[2] != 2 {
			t.Fatalf("refilled during the March: sites %v outskirts %v", s.tile(1).Sites, s.tile(1).Out)
		}
		g.ans(1, "done")
		g.wantPending("P2:site") // the free sites differ: the owner chooses
		g.ans(1, "s1")
		// player order from the active player P2: P2 fills first, every site it can
		if s := g.s(); s.tile(1).Sites[0] != 1 || s.tile(1).Out[2] != 1 || s.tile(1).onSites(2) != 1 {
			t.Fatalf("after the March: sites %v outskirts %v", s.tile(1).Sites, s.tile(1).Out)
		}
	})
}

func TestEvolvedExplore(t *testing.T) {
	t.Run("MOAE-EXPL-3 ants come from every adjacent connected location", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 0, 0)
		g.ant(1, 0, 1)
		s := g.s()
		s.Stack = []int{15} // Clay Tunnels: openings all round
		g.turn(0)
		g.ans(0, "explore")
		// south-east of the Great Tunnel, next to tile 1's open south-west edge
		if got := g.options(0, "gt se r0"); !slices.Equal(got, []string{"gt", "1", "1s1", "1s2"}) {
			t.Fatalf("first ant from %v", got)
		}
		if got := g.options(0, "gt se r0 gt 1s2 gt"); !slices.Equal(got, []string{"done", "1", "1s1"}) { // the Great Tunnel is empty now
			t.Fatalf("after three ants %v", got)
		}
		g.ans(0, "gt se r0 gt 1s2 done s1 s2")
		s = g.s()
		nt := s.tile(15)
		if nt == nil || nt.ants(0) != 2 || s.Tiles[0].Out[0] != 1 || s.tile(1).Sites[1] != -1 || s.tile(1).Sites[0] != 0 {
			t.Fatalf("new tile %+v, GT %d, tile 1 %v", nt, s.Tiles[0].Out[0], s.tile(1).Sites)
		}
	})
	t.Run("MOAE-EXPL-3 at least 1 ant, no ant through a closed edge", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 0, 0)
		s := g.s()
		s.Stack = []int{15}
		g.turn(0)
		g.ans(0, "explore")
		if g.has(0, "gt se r0", "done") {
			t.Fatal("explore with no ant")
		}
		// north-east of the Great Tunnel touches tile 1's closed north-west edge
		if got := g.options(0, "gt ne r0"); !slices.Equal(got, []string{"gt"}) {
			t.Fatalf("sources %v", got)
		}
	})
}

// feedAll answers every feeding prompt with the default: feed every ant
// the food can (MOAE-QUEEN-5).
func (g *tg) feedAll() {
	g.t.Helper()
	for top := g.s().top(); top != nil && top.K == kFeed; top = g.s().top() {
		p := g.s().prompted(top)[0]
		g.ans(p, itoa(g.s().maxFed(p)))
	}
}

func TestEvolvedFeeding(t *testing.T) {
	t.Run("MOAE-QUEEN-5 AMB-33 a player may leave ants unfed, keeping the food", func(t *testing.T) {
		g := cardBoardE(t, 3, 0) // 2 ants each in the Great Tunnel, 3 food
		for p := range 3 {
			g.s().Players[p].CP = 5
		}
		g.queen()
		g.wantPending("P1:feeding P2:feeding P3:feeding")
		if got := g.options(0, ""); !slices.Equal(got, []string{"2", "1", "0"}) {
			t.Fatalf("options %v", got)
		}
		g.ans(0, "0")
		g.ans(1, "1")
		g.ans(2, "2")
		g.settle(func() bool { return g.s().top().K != kLoss })
		s := g.s()
		starve := s.data.Settings.StarvationCP
		// P1 fed none: 3 food kept, 2 ants lost; P2 fed 1 for 1 food, 1 lost
		if s.Players[0].Food != 3 || s.Players[1].Food != 2 || s.Players[2].Food != 2 {
			t.Fatalf("food %d %d %d", s.Players[0].Food, s.Players[1].Food, s.Players[2].Food)
		}
		if s.Players[0].CP != 5-starve || s.Players[1].CP != 5-starve || s.Players[2].CP != 5 {
			t.Fatalf("CP %d %d %d", s.Players[0].CP, s.Players[1].CP, s.Players[2].CP)
		}
		if s.Tiles[0].Out[0] != 0 || s.Tiles[0].Out[1] != 1 || s.Tiles[0].Out[2] != 2 {
			t.Fatalf("ants %v", s.Tiles[0].Out)
		}
	})
	t.Run("MOAE-EPIC-3 rounds 4 and 5 of the Epic game: 1 food feeds 3", func(t *testing.T) {
		for _, c := range []struct {
			long  string
			round int
			want  int
		}{{"length=standard", 4, 4}, {"length=long", 3, 4}, {"length=long", 4, 3}} {
			g := newEvolved(t, 3, c.long)
			g.reset(1, 0)
			g.gtAnts(0, 5)
			s := g.s()
			s.Round = c.round
			if got := s.maxFed(0); got != c.want {
				t.Errorf("%s round %d: 1 food feeds %d, want %d", c.long, c.round, got, c.want)
			}
		}
	})
}

func TestEvolvedEpic(t *testing.T) {
	g := newEvolved(t, 3, "length=long")
	s := g.s()
	t.Run("MOAE-EPIC-1 MOAE-ROUND-1 five rounds", func(t *testing.T) {
		if s.Rounds != 5 {
			t.Fatalf("%d rounds", s.Rounds)
		}
	})
	t.Run("MOAE-EPIC-2 a third III+ reward tile under the stack", func(t *testing.T) {
		var levels []string
		for _, id := range append([]int{s.Reward}, s.Rewards...) {
			for _, w := range s.data.Rewards {
				if w.ID == id {
					levels = append(levels, w.Level)
				}
			}
		}
		if !slices.Equal(levels, []string{"I-II", "I-II", "III+", "III+", "III+"}) {
			t.Fatalf("reward stack %v", levels)
		}
	})
	t.Run("MOAE-EPIC-4 MOAE-QUEEN-9 the Queen's Choice in round 4, not in round 5", func(t *testing.T) {
		for round, want := range map[int]bool{4: true, 5: false} {
			s.Round = round
			if got := s.decreeRound(); got != want {
				t.Errorf("round %d: Queen's Choice %v", round, got)
			}
		}
		std := newEvolved(t, 3).s()
		std.Round = 4
		if std.decreeRound() {
			t.Error("a Queen's Choice in the last round of the standard game")
		}
	})
}
