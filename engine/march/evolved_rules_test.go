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
