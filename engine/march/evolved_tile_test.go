package march

import (
	"slices"
	"testing"
)

// tileArmies puts ants on hex 1 (sites f* control, l, c): sites[i] is the
// seat on site i (-1 empty), out[p] p's ants on the outskirts.
func tileArmies(g *tg, sites []int, out []int) *Tile {
	g.place(1, 1, 0, 0)
	for i, p := range sites {
		if p >= 0 {
			g.ant(1, p, i)
		}
	}
	for p, k := range out {
		for i := 0; i < k; i++ {
			g.ant(1, p, -1)
		}
	}
	g.check()
	return g.s().tile(1)
}

func TestEvolvedTileBattle(t *testing.T) {
	// P1 2 ants (control site + 1 outside), P2 3, P3 1, P4 4; P2 has a head
	// Evolution: strength 2, 3+1, 1, 4. P2 and P4 tie; P2 comes first
	// clockwise from the defender P1 and wins.
	setup := func(t *testing.T, head bool) *tg {
		g := newEvolved(t, 4)
		g.reset(5, 0)
		tileArmies(g, []int{0, 1, 2}, []int{1, 2, 0, 4})
		if head {
			g.evo(1, 23)
		}
		g.soldierRound(2)
		return g
	}
	t.Run("MOAE-BATTLE-1 MOAE-BATTLE-3 MOAE-BATTLE-5 MOAE-LOSS-8 MOAE-LOSS-7 every colony fights; losses by the algorithm, owners choose", func(t *testing.T) {
		g := setup(t, true)
		// no cards in hand: the ferocity step is skipped; losses: 7 losing
		// ants give P2 3, of which it keeps 1 ant (Lone Survivor); P2's 3
		// go to P3, P4, P1. P3 and P4 have nothing to choose.
		g.wantPending("P1:casualties P2:casualties")
		if got := g.options(0, ""); !slices.Equal(got, []string{"o", "s1"}) {
			t.Fatalf("P1 may lose %v", got)
		}
		g.ans(0, "o")
		g.ans(1, "o o")
		s := g.s()
		tl := s.tile(1)
		got := []int{tl.ants(0), tl.ants(1), tl.ants(2), tl.ants(3)}
		if want := []int{1, 1, 0, 3}; !slices.Equal(got, want) {
			t.Fatalf("ants after the battle %v, want %v", got, want)
		}
		// MOAE-SPOILS-1: 1 CP and the control site
		if s.Players[1].CP != s.data.Settings.TileBattleCP || s.Players[1].CP != 1 {
			t.Fatalf("P2 %d CP", s.Players[1].CP)
		}
		g.wantPending("P2:spoils.control")
		if got := g.options(1, ""); !slices.Equal(got, []string{"done", "s2"}) {
			t.Fatalf("P2 spoils options %v", got)
		}
		g.ans(1, "s2")
		s = g.s()
		tl = s.tile(1)
		if tl.Sites[0] != 1 || tl.Out[0] != 1 {
			t.Fatalf("control site %d, P1 outside %d: P1 must be pushed out", tl.Sites[0], tl.Out[0])
		}
	})
	t.Run("MOAE-BATTLE-5 without the head P4 is strongest", func(t *testing.T) {
		g := setup(t, false)
		// P4 wins with 4 ants: losers hold 6, so 3 to P4; its 4 losses go
		// P1, P2, P3, P1
		g.wantPending("P2:casualties")
		g.ans(1, "o")
		s := g.s()
		tl := s.tile(1)
		got := []int{tl.ants(0), tl.ants(1), tl.ants(2), tl.ants(3), s.Players[3].CP}
		if want := []int{0, 2, 0, 1, 1}; !slices.Equal(got, want) {
			t.Fatalf("ants and P4's CP %v, want %v", got, want)
		}
	})
	t.Run("MOAE-SOLD-5 MOAE-CLEAN-2 one ant battle per tile", func(t *testing.T) {
		g := newEvolved(t, 2)
		g.reset(5, 0)
		tl := tileArmies(g, []int{0, 0, 0}, []int{1, 1})
		g.soldierRound(2)
		// P1 wins 4 against 1, loses nothing; P2 loses its ant. Nothing is
		// contested after that; now make it contested again by hand and
		// check the phase does not fight it twice.
		s := g.s()
		if s.Phase == PhaseSoldier {
			t.Fatalf("still in the Soldier phase: %s", g.pending())
		}
		if tl = s.tile(1); tl.ants(1) != 0 || tl.ants(0) != 4 {
			t.Fatalf("P1 %d P2 %d ants", tl.ants(0), tl.ants(1))
		}
		g2 := newEvolved(t, 2)
		g2.reset(5, 0)
		tileArmies(g2, []int{0, 0, 0}, []int{1, 1})
		s2 := g2.s()
		s2.Fights = []int{tileBattleKey(1)}
		s2.Phase, s2.Round = PhaseSoldier, 2
		g2.start(Task{K: kSoldier, Seat: -1, Hex: 1, Stage: 1, Soldier: SoldierTask{GreatTunnel: true}})
		if tl := g2.s().tile(1); tl.ants(1) != 1 {
			t.Fatalf("a second battle on the tile: P2 has %d ants", tl.ants(1))
		}
	})
}

func TestEvolvedCentipedeOnTile(t *testing.T) {
	// hex 14 (sites f* control, p) with a centipede; 3 players, size space 1
	setup := func(t *testing.T, sites, out []int) *tg {
		g := newEvolved(t, 3)
		g.reset(5, 0)
		tl := g.place(14, 1, 0, 0)
		tl.Centi = true
		s := g.s()
		s.Counters--
		for i, p := range sites {
			if p >= 0 {
				g.ant(14, p, i)
			}
		}
		for p, k := range out {
			for i := 0; i < k; i++ {
				g.ant(14, p, -1)
			}
		}
		g.check()
		return g
	}
	t.Run("MOAE-CENT-5 MOAE-CENT-7 MOAE-CENT-8 MOAE-CENT-9 MOAE-CENT-10 MOAE-CENT-11 MOAE-CENT-12 MOAE-SOLD-6 the strongest fights first, wins, then the ants fight", func(t *testing.T) {
		// P2 holds the control site and 3 ants; P1 has 1 on site 2 and 1
		// outside: P2 fights first
		g := setup(t, []int{1, 0}, []int{1, 2, 0})
		s := g.s()
		base := s.centiStrength()
		g.hand(1, 16)      // ferocity 4
		g.deckTop(4, 7, 2) // ferocity 1, 1, 2: the centipede draws all three
		cp := s.Players[1].CP
		food := s.Players[1].Food
		g.soldierRound(2)
		g.wantPending("P2:eferocity")
		g.ans(1, "c16")
		// P2 3+4 = 7 against base 2 (3 players, as in the rulebook's
		// example) + 1 + 1 + 2 = 6: the player wins and loses
		// ceil(3/2) = 2 ants, chosen
		g.wantPending("P2:casualties")
		g.ans(1, "o o")
		s = g.s()
		if base != 2 || s.tile(14).Centi {
			t.Fatalf("base %d; the centipede is still on the tile", base)
		}
		rw := s.centiReward()
		if rw != (Gain{Food: 1, CP: 1}) || s.Players[1].Food != food+1 || s.Players[1].CP != cp+1 {
			t.Fatalf("P2 food %d CP %d, reward %+v", s.Players[1].Food, s.Players[1].CP, rw)
		}
		for _, id := range []int{4, 7, 2, 16} {
			if !slices.Contains(s.Discard, id) {
				t.Fatalf("card %d not discarded: %v", id, s.Discard)
			}
		}
		// MOAE-SOLD-6, MOAE-CENT-15: the tile is still contested (P1 has an
		// ant outside): one ant battle, P1 2 against P2 1
		tl := s.tile(14)
		if tl.ants(1) != 0 || tl.ants(0) != 2 || s.Players[0].CP != 1 {
			t.Fatalf("after the ant battle P1 %d P2 %d ants, P1 %d CP", tl.ants(0), tl.ants(1), s.Players[0].CP)
		}
		g.wantPending("P1:spoils.control")
		if got := g.options(0, ""); !slices.Equal(got, []string{"done", "o", "s2"}) {
			t.Fatalf("P1 spoils options %v", got)
		}
		g.ans(0, "o")
		if tl := g.s().tile(14); !slices.Equal(tl.Sites, []int{0, 0}) || tl.Out[0] != 0 {
			t.Fatalf("P1 did not take the control site: %v out %v", tl.Sites, tl.Out)
		}
	})
	t.Run("MOAE-CENT-11 MOAE-CENT-13 a beaten colony loses every ant and the centipede fights the next", func(t *testing.T) {
		g := setup(t, []int{1, 0}, []int{0, 1, 0})
		g.deckTop(16, 2) // ferocity 4 for the first fight, 2 for the second
		g.soldierRound(2)
		s := g.s()
		tl := s.tile(14)
		// P2 2 ants vs 3+4: loses both; P1 1 ant vs 3+2: loses it
		if tl.totalAnts() != 0 || !tl.Centi {
			t.Fatalf("ants left %d, centipede %v", tl.totalAnts(), tl.Centi)
		}
		if !slices.Contains(s.Fights, centiKey(14, 0)) || !slices.Contains(s.Fights, centiKey(14, 1)) {
			t.Fatalf("fights %v: both colonies must have fought", s.Fights)
		}
	})
	t.Run("MOAE-CENT-14 AMB-47 a colony done with the centipede is not chosen again; with the centipede left, no ant battle", func(t *testing.T) {
		g := setup(t, []int{1, 0}, []int{1, 2, 0})
		s := g.s()
		s.Fights = []int{centiKey(14, 1)}
		if f, ok := s.nextTileFight(14); !ok || f.K != kCentiFight || f.Seat != 0 {
			t.Fatalf("next fight %+v %v, want the centipede against P1", f, ok)
		}
		s.Fights = append(s.Fights, centiKey(14, 0))
		if f, ok := s.nextTileFight(14); ok {
			t.Fatalf("next fight %+v: the tile still has its centipede (MOAE-CENT-13)", f)
		}
	})
}

func TestEvolvedHeadEffects(t *testing.T) {
	t.Run("MOAE-CL-10 Armored Head prevents 1 loss", func(t *testing.T) {
		g := newEvolved(t, 2)
		g.reset(5, 0)
		// P1 2 ants + a head = 3 against P2 2 ants + Armored Head = 3: the
		// defender P1 wins; P2 is assigned 2 losses, removes 1
		tileArmies(g, []int{0, 1, 1}, []int{1, 0})
		g.evo(0, 24)
		g.evo(1, 26)
		g.soldierRound(2)
		g.wantPending("P1:casualties P2:casualties")
		g.ans(0, "o")
		g.ans(1, "s2")
		if tl := g.s().tile(1); tl.ants(1) != 1 || tl.ants(0) != 1 {
			t.Fatalf("P1 %d, P2 %d ants; want 1 and 1", tl.ants(0), tl.ants(1))
		}
	})
	t.Run("MOAE-CL-13 Trap Head pays for a ferocity card, won or lost", func(t *testing.T) {
		g := newEvolved(t, 2)
		g.reset(5, 0)
		tileArmies(g, []int{0, 1, 1}, []int{1, 3})
		g.evo(0, 29)
		g.hand(0, 4) // ferocity 1: P1 2+1+1 = 4 against P2 5
		g.soldierRound(2)
		g.ans(0, "c4")
		g.wantPending("P2:casualties")
		g.ans(1, "o")
		s := g.s()
		if s.Players[0].CP != s.data.Settings.TrapHeadCP || s.Players[0].CP != 1 || s.Players[1].CP != 1 {
			t.Fatalf("CP P1 %d P2 %d, want 1 (Trap Head) and 1 (battle)", s.Players[0].CP, s.Players[1].CP)
		}
	})
	t.Run("MOAE-CL-13 Trap Head pays nothing without a ferocity card", func(t *testing.T) {
		g := newEvolved(t, 2)
		g.reset(5, 0)
		tileArmies(g, []int{0, 1, 1}, []int{1, 3})
		g.evo(0, 29)
		g.soldierRound(2)
		g.wantPending("P2:casualties")
		g.ans(1, "o")
		if s := g.s(); s.Players[0].CP != 0 {
			t.Fatalf("P1 %d CP without playing a card", s.Players[0].CP)
		}
	})
	t.Run("MOAE-CL-7 Amazon Head takes a larva from the first loser clockwise that has one", func(t *testing.T) {
		for _, c := range []struct {
			name       string
			p3larvae   int
			wantLarvae []int
		}{
			{"from P3", 2, []int{2, 3, 1}},
			{"P3 has none: from P1", 0, []int{1, 3, 0}},
		} {
			t.Run(c.name, func(t *testing.T) {
				g := newEvolved(t, 3)
				g.reset(5, 2)
				s := g.s()
				s.loseLarvae(2, 2-c.p3larvae)
				// P2 wins 4+1 against 1 and 1
				tileArmies(g, []int{0, 1, 2}, []int{0, 3, 0})
				g.evo(1, 23)
				g.soldierRound(2)
				s = g.s()
				got := []int{s.Players[0].Larvae, s.Players[1].Larvae, s.Players[2].Larvae}
				if !slices.Equal(got, c.wantLarvae) {
					t.Fatalf("larvae %v, want %v", got, c.wantLarvae)
				}
			})
		}
		g := newEvolved(t, 2)
		g.reset(5, 0)
		tileArmies(g, []int{0, 1, 1}, []int{0, 2})
		g.evo(1, 23)
		g.soldierRound(2)
		g.wantPending("P2:spoils.control") // before the Queen phase harvest
		if s := g.s(); s.Players[1].Larvae != 1 {
			t.Fatalf("no loser has a larva: the owner has %d larvae, want 1", s.Players[1].Larvae)
		}
	})
}

func TestEvolvedCentipedeDecline(t *testing.T) {
	for _, c := range []struct {
		name string
		card int
	}{{"MOAE-CL-8 Treacherous Head", 24}, {"MOAE-CL-8 Traitor Abdomen", 44}} {
		t.Run(c.name+" MOAE-CENT-14 MOAE-CENT-16 declines: 1 ant lost, the others still fight", func(t *testing.T) {
			g := newEvolved(t, 3)
			g.reset(5, 0)
			tl := g.place(14, 1, 0, 0)
			tl.Centi = true
			g.s().Counters--
			g.ant(14, 1, 0) // P2: control site + 2 outside, fights first
			g.ant(14, 1, -1)
			g.ant(14, 1, -1)
			g.ant(14, 0, 1) // P1: 1 ant
			g.evo(1, c.card)
			g.deckTop(16) // ferocity 4: P1's 1 ant loses to 3+4
			g.soldierRound(2)
			g.wantPending("P2:card.centidecline")
			g.ans(1, "decline")
			g.ans(1, "o") // which ant: one outside
			s := g.s()
			tl = s.tile(14)
			if tl.ants(1) != 2 || tl.ants(0) != 0 || !tl.Centi {
				t.Fatalf("P2 %d ants, P1 %d, centipede %v; want 2, 0 (beaten), still there", tl.ants(1), tl.ants(0), tl.Centi)
			}
		})
	}
	t.Run("MOAE-CL-8 pass fights as usual", func(t *testing.T) {
		g := newEvolved(t, 3)
		g.reset(5, 0)
		tl := g.place(14, 1, 0, 0)
		tl.Centi = true
		g.s().Counters--
		g.ant(14, 1, 0)
		g.evo(1, 24)
		g.deckTop(16)
		g.soldierRound(2)
		g.ans(1, "pass")
		if tl := g.s().tile(14); tl.ants(1) != 0 {
			t.Fatalf("P2 kept %d ants after losing the fight", tl.ants(1))
		}
	})
}
