package march

import (
	"slices"
	"testing"

	"formica/engine"
)

// The shared core as the Evolved rule set uses it: tokens, costs, the
// meadow, reactions and Evolutions, each subtest named by the rule it
// checks.
func TestEvolvedCore(t *testing.T) {
	t.Run("MOAE-SETUP-2 MOAE-CENT-17 the size marker starts on the player count's space", func(t *testing.T) {
		for n := 2; n <= 5; n++ {
			s := newEvolved(t, n).s()
			if s.CentiSize != s.data.Centipede.Start(n) || s.CentiSize < 0 {
				t.Fatalf("%d players: space %d", n, s.CentiSize)
			}
		}
	})
	t.Run("MOAE-SETUP-10 MOAE-PSETUP-3 66 cards, every score at 0", func(t *testing.T) {
		s := newEvolved(t, 4).s()
		n := len(s.Deck) + len(s.Discard)
		for _, p := range s.Players {
			n += len(p.Hand)
			if p.CP != 0 {
				t.Fatalf("a score of %d", p.CP)
			}
		}
		if n != 66 {
			t.Fatalf("%d cards", n)
		}
	})
	t.Run("MOAE-EXPL-1 MOAE-FORAGE-1 MOAE-MARCH-1 an action costs 1 food; MOAE-PLAY-1 MOAE-REST-1 a card or a Rest none", func(t *testing.T) {
		for _, c := range []struct {
			cmd  string
			food int
		}{{"explore", 1}, {"forage", 1}, {"march", 1}, {"play c19 l", 0}} {
			g := cardBoardE(t, 2, 4)
			g.hand(0, 19)
			g.turn(0)
			g.ans(0, c.cmd)
			if f := g.s().Players[0].Food; f != 2-c.food {
				t.Errorf("%s: %d food left", c.cmd, f)
			}
		}
		g := cardBoardE(t, 2, 4)
		g.s().Players[0].Acted = true
		g.turn(0)
		g.s().Players[0].Acted = true
		g.ans(0, "rest "+g.options(0, "rest")[0])
		if f := g.s().Players[0].Food; f < 2 {
			t.Errorf("Rest cost food: %d left", f)
		}
	})
	t.Run("MOAE-REST-5 MOAE-REACT-5 MOAE-WORK-3 a Rest has no reaction; the marker moves on", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.s().Players[0].Acted = true
		g.turn(0)
		g.s().Players[0].Acted = true
		g.ans(0, "rest "+g.options(0, "rest")[0])
		g.wantPending("P2:action")
	})
	t.Run("MOAE-WORK-4 after a Rest only Rest", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.s().Players[0].Rested = true
		g.turn(0)
		if got := g.options(0, ""); !slices.Equal(got, []string{"rest"}) {
			t.Fatalf("actions %v", got)
		}
	})
	t.Run("MOAE-REACT-3 MOAE-REACT-6 with 3 players both others react, left first", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.turn(0)
		g.ans(0, "forage")
		g.ans(0, g.options(0, "")[0]) // the Forage discard
		g.wantPending("P2:reaction.forage")
		g.ans(1, "take")
		g.wantPending("P3:reaction.forage")
	})
	t.Run("MOAE-EXPL-5 the Explore reaction: a larva onto an occupied tile or into the Great Tunnel", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 1, 0)
		s := g.s()
		s.Stack = []int{15}
		g.turn(0)
		g.ans(0, "explore")
		g.ans(0, "gt nw r0 gt done s1")
		g.wantPending("P2:reaction.explore")
		if got := g.options(1, ""); !slices.Equal(got, []string{"pass", "gt", "1"}) {
			t.Fatalf("targets %v", got)
		}
	})
	t.Run("MOAE-PLAY-4 MOAE-PLAY-3 the Play a Card reaction: discard 1, draw 1, not with an empty hand", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.hand(1, 19)
		g.playEvolved(0, 18)
		g.wantPending("P2:reaction.play")
		g.ans(1, "c19")
		s := g.s()
		if len(s.Players[1].Hand) != 1 || s.Players[1].Hand[0] == 19 || !slices.Contains(s.Discard, 19) {
			t.Fatalf("P2 hand %v", s.Players[1].Hand)
		}
		if g.pending() != "P2:action" { // P3 has no card to discard
			t.Fatalf("pending %s", g.pending())
		}
	})
	t.Run("MOAE-TOK-2 MOAE-TOK-4 no larva without an egg", func(t *testing.T) {
		s := cardBoardE(t, 2, 4).s()
		s.Players[0].Supply = 0
		if n := s.gainLarvae(0, 3); n != 0 || s.Players[0].Larvae != 4 {
			t.Fatalf("gained %d", n)
		}
	})
	t.Run("MOAE-TOK-1 MOAE-TOK-3 MOAE-TOK-5 a moved larva becomes an ant, a spent ant an egg", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.hand(0, 11) // Egg Thief: 2 ants only
		g.turn(0)
		eggs := g.s().Players[0].Supply
		g.ans(0, "play c11 gt gt")
		s := g.s()
		if s.Tiles[0].Out[0] != 0 || s.Players[0].Supply != eggs+2-2 { // 2 ants back, 2 larvae taken by Egg Thief from eggs
			t.Fatalf("GT %d, eggs %d (was %d)", s.Tiles[0].Out[0], s.Players[0].Supply, eggs)
		}
		g2 := cardBoardE(t, 2, 4)
		g2.turn(0)
		g2.ans(0, "march")
		g2.ans(0, "larva gt")
		if s := g2.s(); s.Players[0].Larvae != 3 || s.Tiles[0].Out[0] != 3 {
			t.Fatalf("larvae %d, Great Tunnel %d", s.Players[0].Larvae, s.Tiles[0].Out[0])
		}
	})
	t.Run("MOAE-MEADOW-10 MOAE-MEADOW-6 a full tile puts the ant on the outskirts", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(3, 1, 0)
		g.ant(3, 1, 1)
		g.turn(0)
		g.ans(0, "march")
		g.ans(0, "gt 3")
		if s := g.s(); s.tile(3).Out[0] != 1 {
			t.Fatalf("tile 3 %+v", *s.tile(3))
		}
	})
	t.Run("MOAE-MEADOW-14 MOAE-MEADOW-13 contested: outskirts with two colonies, or a centipede with ants", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 0, 0)
		g.ant(1, 1, 1) // shared, not contested
		s := g.s()
		if s.tile(1).antContested() {
			t.Fatal("a shared tile is contested")
		}
		g.ant(1, 1, 2)
		g.ant(1, 1, -1)
		if !s.tile(1).antContested() {
			t.Fatal("outskirts and two colonies: not contested")
		}
		if !slices.Contains(surpriseTiles(func() *State { s.Round = 2; return s }()), "1") {
			t.Fatal("Surprise Attack does not see it")
		}
		s.tile(3).Centi = true
		g.ant(3, 2, 0)
		if !slices.Contains(surpriseTiles(s), "3") {
			t.Fatal("a centipede with an ant is contested")
		}
	})
	t.Run("MOAE-GT-5 MOAE-CENTP-2 MOAE-TILE-5 never a centipede in the Great Tunnel, one per tile, one wormhole per tile", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		s := g.s()
		s.tile(3).Centi = true
		s.tile(1).Worm = true
		s.Counters -= 2
		g.playEvolved(0, 6)
		if got := g.options(0, ""); !slices.Equal(got, []string{"pass", "1"}) {
			t.Fatalf("centipede targets %v", got)
		}
		g2 := cardBoardE(t, 2, 4)
		g2.s().tile(1).Worm = true
		g2.s().Counters--
		g2.playEvolved(0, 2)
		if got := g2.options(0, ""); !slices.Equal(got, []string{"pass", "3"}) {
			t.Fatalf("wormhole targets %v", got)
		}
	})
	t.Run("MOAE-WORM-1 MOAE-WORM-2 one step between wormhole locations; MOAE-WORM-3 never for Explore", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 0, 0)
		s := g.s()
		far := g.place(11, 3, -2, 0) // not adjacent to tile 1
		s.tile(1).Worm, far.Worm = true, true
		s.Counters -= 2
		if !slices.Contains(s.stepCodes(0, s.tile(1)), "11") {
			t.Fatalf("steps %v", s.stepCodes(0, s.tile(1)))
		}
		for _, src := range s.exploreSourcesAt(0, 15, 4, -2, 0) {
			if src.Num == 1 {
				t.Fatal("an Explore source through a wormhole")
			}
		}
	})
	t.Run("MOAE-STEP-3 ant steps move no larva", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.evo(0, 31) // Acrobat Head: 2 ant steps
		s := g.s()
		s.Phase, s.Round = PhaseSoldier, 2
		g.start(Task{K: kSoldier, Seat: -1, Hex: 1})
		if g.has(0, "", "larva") {
			t.Fatal("a larva in ant steps")
		}
	})
	t.Run("MOAE-EVO-2 MOAE-EVO-3 MOAE-EVO-4 a new Evolution on top: only the top one acts, all count", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.evo(0, 30, 26) // Berserker Head under Armored Head
		s := g.s()
		if s.activeEffect(0, 0) != "armor" || s.evoStrength(0) != 2 {
			t.Fatalf("top %s, strength bonus %d", s.activeEffect(0, 0), s.evoStrength(0))
		}
		g.hand(0, 23)
		g.turn(0)
		g.ans(0, "play c23 l l")
		if s := g.s(); !slices.Equal(s.Players[0].Evo[0], []int{30, 26, 23}) {
			t.Fatalf("heads %v", s.Players[0].Evo[0])
		}
	})
	t.Run("MOAE-EVO-7 each abdomen Evolution feeds 1 more ant per food", func(t *testing.T) {
		g := cardBoardE(t, 1, 0)
		g.gtAnts(0, 4) // 6 ants
		s := g.s()
		if s.maxFed(0) != 4 {
			t.Fatalf("1 food feeds %d", s.maxFed(0))
		}
		g.evo(0, 45, 52)
		if s.maxFed(0) != 6 {
			t.Fatalf("with 2 abdomens 1 food feeds %d", s.maxFed(0))
		}
	})
	t.Run("MOAE-GOAL-3 a third Colony Goal replaces one", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		s := g.s()
		g.takeCard(56)
		g.takeCard(57)
		s.Players[0].Goals = []int{56, 57}
		g.hand(0, 63)
		g.turn(0)
		if got := g.options(0, "play c63 l"); !slices.Equal(got, []string{"c56", "c57"}) {
			t.Fatalf("replace %v", got)
		}
		g.ans(0, "play c63 l c56")
		if s := g.s(); !slices.Equal(s.Players[0].Goals, []int{57, 63}) {
			t.Fatalf("goals %v", s.Players[0].Goals)
		}
	})
	t.Run("MOAE-QUEEN-1 MOAE-MEADOW-4 harvest from occupied sites only", func(t *testing.T) {
		g := cardBoardE(t, 5, 0)
		g.ant(1, 0, 0) // food site
		g.ant(1, 0, 2) // card site
		g.ant(1, 1, 1)
		g.ant(1, 0, -1) // outskirts: nothing
		g.queen()
		g.feedAll()
		s := g.s()
		if len(s.Players[0].Hand) != 1 || s.Players[1].Larvae < 1 {
			t.Fatalf("P1 %d cards, P2 %d larvae", len(s.Players[0].Hand), s.Players[1].Larvae)
		}
	})
	t.Run("MOAE-GEN-5 hand sizes are public, the cards are not", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.hand(0, 18, 19)
		v := g.s().View(engine.Seat(1)).(*View)
		if v.Panels[0].HandSize != 2 || len(v.Hand) != 0 {
			t.Fatalf("P2 sees P1's hand size %d, hand %v", v.Panels[0].HandSize, v.Hand)
		}
	})
}
