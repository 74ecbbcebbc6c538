package march

import (
	"slices"
	"testing"
)

// sideViews is the public battle of the spectator's view: its sides, or
// nil outside a battle.
func (g *tg) sideViews() []SideView {
	b := g.s().View(-1).(*View).Battle
	if b == nil {
		return nil
	}
	return b.Sides
}

func TestEvolvedRulesMore(t *testing.T) {
	t.Run("MOAE-2P-3 the Old Guard is set aside in the 2-player game only", func(t *testing.T) {
		for _, c := range []struct {
			players int
			want    []SideView
		}{
			// round 2: 2 Old Guard ants (MOAE-2P-6) beside P1's 3
			{2, []SideView{{0, 3}, {SideOldGuard, 2}}},
			{3, nil}, // P1 alone in the Great Tunnel: no battle
		} {
			g := newEvolved(t, c.players)
			g.reset(5, 0)
			g.gtAnts(0, 3)
			s := g.s()
			s.Players[0].Rests = []string{defenderTile}
			g.hand(0, 2) // a card: the battle waits for P1's ferocity
			g.soldierRound(2)
			if got := g.sideViews(); !slices.Equal(got, c.want) {
				t.Errorf("%d players: Great Tunnel battle %v, want %v", c.players, got, c.want)
			}
			if got := g.s().oldGuard(); got != (c.players == 2) {
				t.Errorf("%d players: Old Guard %v", c.players, got)
			}
		}
		if newTG(t, 2).s().oldGuard() {
			t.Error("an Old Guard in the 1st edition's 2-player game")
		}
	})

	t.Run("MOAE-CENT-4 the centipede's strength marker is on the track during its fight only", func(t *testing.T) {
		g := newEvolved(t, 3)
		g.reset(5, 0)
		tl := g.place(14, 1, 0, 0)
		tl.Centi = true
		g.s().Counters--
		g.ant(14, 0, 0)
		g.ant(14, 0, -1)
		g.check()
		g.s().Phase = PhaseWorker
		if b := g.s().View(-1).(*View).Battle; b != nil {
			t.Fatalf("before the Soldier phase: battle %+v", b)
		}
		g.hand(0, 2)
		g.deckTop(22) // ferocity 3 for the centipede: it wins 2+3 against 2+2
		g.soldierRound(2)
		g.wantPending("P1:eferocity")
		// P1's 2 ants against the size track's 2 for 3 players
		if got := g.sideViews(); !slices.Equal(got, []SideView{{0, 2}, {SideCentipede, 2}}) {
			t.Fatalf("during the fight: %v", got)
		}
		if b := g.s().View(-1).(*View).Battle; !slices.Equal(b.Strength, []int{2, 2}) || !b.Centipede {
			t.Fatalf("strength track %v, centipede %v", b.Strength, b.Centipede)
		}
		g.ans(0, "c2")
		g.settle(func() bool { return g.s().Phase != PhaseSoldier })
		if g.s().tile(14).ants(0) != 0 || !g.s().tile(14).Centi {
			t.Fatalf("the centipede lost: P1 %d ants", g.s().tile(14).ants(0))
		}
		if b := g.s().View(-1).(*View).Battle; b != nil {
			t.Fatalf("after the fight: battle %+v", b)
		}
	})

	t.Run("MOAE-QUEEN-10 the Queen's Choice resolves in player order from the active player", func(t *testing.T) {
		g := evolvedBoard(t, 3, 2, 0)
		g.s().Active = 1
		g.queen()
		g.feedAll()
		g.wantPending("P2:edecree P3:edecree P1:edecree")
		// one food token left in the supply, the rest in P1's pantry: the
		// first to choose food takes it
		s := g.s()
		extra := s.Food - 1
		s.Players[0].Food += extra
		s.Food = 1
		g.ans(0, "food food")
		g.ans(2, "food larvae")
		ev := g.ans(1, "food food")
		s = g.s()
		// each fed 2 ants with 1 food: 1 left; P2 chooses first and takes
		// the supply's last food, P3 then takes only its 3 larvae
		if f := []int{s.Players[0].Food - extra, s.Players[1].Food, s.Players[2].Food}; !slices.Equal(f, []int{1, 2, 1}) {
			t.Fatalf("food (P1 less its extra) %v, want [1 2 1]", f)
		}
		if s.Players[2].Larvae != 3 {
			t.Fatalf("P3 %d larvae, want 3", s.Players[2].Larvae)
		}
		var order []string
		for _, e := range ev {
			if e.Key == "moa.choice_food" || e.Key == "moa.choice_larvae" {
				if len(order) == 0 || order[len(order)-1] != e.Args["seat"] {
					order = append(order, e.Args["seat"])
				}
			}
		}
		if !slices.Equal(order, []string{"P2", "P3", "P1"}) {
			t.Fatalf("choices resolved for seats %v, want P2, P3, P1", order)
		}
	})

	t.Run("MOAE-SLUMBER-4 every player scores at once, whoever is active, then the next round", func(t *testing.T) {
		for active := range 3 {
			g := cardBoardE(t, 2, 0)
			g.ant(1, 0, 0) // P1 controls tile 1, P2 tile 3: both inner meadow
			g.ant(3, 1, 0)
			g.check()
			g.s().Active = active
			g.s().Round = 1
			g.queen()
			g.feedAll()
			for p := range 3 {
				g.ans(p, "larvae larvae")
			}
			s := g.s()
			if cp := []int{s.Players[0].CP, s.Players[1].CP, s.Players[2].CP}; !slices.Equal(cp, []int{1, 1, 0}) {
				t.Errorf("P%d active: CP %v, want [1 1 0]", active+1, cp)
			}
			if s.Round != 2 || s.Phase != PhaseWorker {
				t.Errorf("P%d active: round %d %s, want round 2 worker", active+1, s.Round, s.Phase)
			}
		}
	})
}
