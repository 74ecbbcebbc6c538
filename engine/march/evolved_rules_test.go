package march

import (
	"slices"
	"strings"
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
	t.Run("MOAE-EXPL-3 MOAE-TILE-2 at least 1 ant, no ant through a closed edge, which the new tile may face", func(t *testing.T) {
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

func TestEvolvedTwoPlayers(t *testing.T) {
	t.Run("MOAE-2P-1 MOAE-2P-2 AMB-8 each places a starting tile with 3 ants, the standard set-up stays", func(t *testing.T) {
		g := newEvolved(t, 2)
		g.wantPending("P1:starthex")
		s := g.s()
		if len(s.top().Explore.Hexes) != 2 || slices.Contains(s.Stack, s.top().Explore.Hexes[0]) {
			t.Fatalf("offered %v", s.top().Explore.Hexes)
		}
		g.ans(0, strings.TrimSpace(g.finish(0, "")))
		g.ans(1, strings.TrimSpace(g.finish(1, "")))
		s = g.s()
		for p := 0; p < 2; p++ {
			pl := s.Players[p]
			if pl.Larvae != 4 || s.Tiles[0].Out[p] != 2 || pl.Supply != 27 || s.antsInAnthill(p) != 5 {
				t.Fatalf("P%d: %d larvae, %d in the GT, %d eggs, %d ants", p+1, pl.Larvae, s.Tiles[0].Out[p], pl.Supply, s.antsInAnthill(p))
			}
		}
		if len(s.Tiles) != 3 || !s.tunnelTo(&s.Tiles[0], &s.Tiles[1]) || !s.tunnelTo(&s.Tiles[0], &s.Tiles[2]) {
			t.Fatal("the starting tiles are not joined to the Great Tunnel")
		}
	})
	t.Run("MOAE-2P-4 three rest tiles, the Great Defender and 2 others", func(t *testing.T) {
		g := newEvolved(t, 2)
		g.ans(0, strings.TrimSpace(g.finish(0, "")))
		g.ans(1, strings.TrimSpace(g.finish(1, "")))
		s := g.s()
		if len(s.RestUp) != 3 || s.RestUp[0] != defenderTile {
			t.Fatalf("rest tiles %v", s.RestUp)
		}
	})
	gtBattle := func(t *testing.T, p1Ants int) *tg {
		g := newEvolved(t, 2)
		g.reset(5, 0)
		g.gtAnts(0, p1Ants)
		s := g.s()
		s.Reward = 1 // 3 CP / 1 CP + 1 larva / 1 larva
		s.Players[0].Rests = []string{defenderTile}
		g.deckTop(7) // ferocity 1 for the Old Guard, no second draw
		g.soldierRound(2)
		return g
	}
	t.Run("MOAE-2P-6 MOAE-2P-8 MOAE-2P-9 MOAE-2P-11 MOAE-2P-12 the Old Guard fights one player and blocks its place", func(t *testing.T) {
		g := gtBattle(t, 2) // P1 2 ants; the Old Guard 2 (round 2) + 1 ferocity
		s := g.s()
		if s.Tiles[0].Out[0] != 0 || s.Players[0].CP != 1 || s.Players[0].Larvae != 1 || s.OldGuard != 0 {
			t.Fatalf("P1 %d ants, %d CP, %d larvae; Old Guard %d", s.Tiles[0].Out[0], s.Players[0].CP, s.Players[0].Larvae, s.OldGuard)
		}
		if !slices.Contains(s.Discard, 7) {
			t.Fatal("the Old Guard's card is not discarded")
		}
	})
	t.Run("MOAE-2P-11 the Old Guard sits just left of the defender for its losses", func(t *testing.T) {
		g := newEvolved(t, 2)
		g.reset(5, 0)
		g.gtAnts(0, 1) // P1 defends with 1 ant
		g.gtAnts(1, 2)
		s := g.s()
		s.Reward = 1
		s.Players[0].Rests = []string{defenderTile}
		g.deckTop(16) // ferocity 4: the Old Guard (1 ant in round 1) wins with 5
		g.soldierRound(1)
		s = g.s()
		// its 1 loss goes to the first player clockwise after it: P2
		if s.Tiles[0].Out[0] != 1 || s.Tiles[0].Out[1] != 1 {
			t.Fatalf("ants in the GT %v", s.Tiles[0].Out)
		}
		// 1st place blocked; P2 2nd: 1 CP and 1 larva; P1 3rd: 1 larva
		if s.Players[1].CP != 1 || s.Players[1].Larvae != 1 || s.Players[0].CP != 0 || s.Players[0].Larvae != 1 {
			t.Fatalf("P1 %d CP %d larvae, P2 %d CP %d larvae", s.Players[0].CP, s.Players[0].Larvae, s.Players[1].CP, s.Players[1].Larvae)
		}
	})
	t.Run("MOAE-2P-10 players win ties against the Old Guard", func(t *testing.T) {
		g := gtBattle(t, 3) // 3 against 2 + 1
		s := g.s()
		if s.Players[0].CP != 3 || s.Tiles[0].Out[0] != 2 {
			t.Fatalf("P1 %d CP, %d ants", s.Players[0].CP, s.Tiles[0].Out[0])
		}
	})
	t.Run("MOAE-2P-7 AMB-9 the Old Guard alone takes nothing and nobody gains", func(t *testing.T) {
		g := gtBattle(t, 0)
		s := g.s()
		if s.Players[0].CP != 0 || s.Players[1].CP != 0 || s.OldGuard != 0 || !slices.Contains(s.Deck, 7) {
			t.Fatalf("CP %d %d, Old Guard %d", s.Players[0].CP, s.Players[1].CP, s.OldGuard)
		}
	})
}
