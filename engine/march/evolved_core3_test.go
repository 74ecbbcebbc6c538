package march

import (
	"slices"
	"testing"

	"formica/engine"
)

// The rounds, the Great Tunnel and the loss algorithm's edges, by rule ID.
func TestEvolvedRoundsAndBattles(t *testing.T) {
	t.Run("MOAE-GT-3 MOAE-GT-7 MOAE-MEADOW-15 MOAE-BATTLE-6 the Great Tunnel battle is fought in round 1 too; 2nd and 3rd lose", func(t *testing.T) {
		g := cardBoardE(t, 2, 4) // 2 ants of each colony in the Great Tunnel, no cards
		g.gtAnts(0, 1)
		s := g.s()
		s.Players[0].Rests = []string{defenderTile}
		g.soldierRound(1)
		s = g.s()
		// P1 (3 ants) wins and loses 4/2 = 2; its 3 losses go P2, P3, P2
		if s.Tiles[0].Out[0] != 1 || s.Tiles[0].Out[1] != 0 || s.Tiles[0].Out[2] != 1 {
			t.Fatalf("ants in the Great Tunnel %v", s.Tiles[0].Out)
		}
	})
	t.Run("MOAE-BATTLE-2 MOAE-GEN-12 the control site's occupant defends a tile", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 2, 0)
		g.ant(1, 1, 1)
		if d := g.s().tileDefender(g.s().tile(1)); d != 2 {
			t.Fatalf("defender P%d", d+1)
		}
	})
	t.Run("MOAE-CENTP-1 ants may enter a centipede's tile and occupy it", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		s := g.s()
		s.tile(1).Centi = true
		s.Counters--
		g.turn(0)
		g.ans(0, "march")
		g.ans(0, "gt 1 s2")
		if s := g.s(); s.tile(1).Sites[1] != 0 || !s.tile(1).occupies(0) {
			t.Fatal("no ant on the centipede's tile")
		}
	})
	t.Run("MOAE-GEN-11 Surprise Attack fights tile battles, never the Great Tunnel", func(t *testing.T) {
		s := cardBoardE(t, 2, 4).s() // every colony in the Great Tunnel
		s.Round = 2
		if slices.Contains(surpriseTiles(s), "gt") || len(surpriseTiles(s)) != 0 {
			t.Fatalf("targets %v", surpriseTiles(s))
		}
	})
	t.Run("MOAE-MEADOW-2 a beyond-the-meadow tile is part of the meadow", func(t *testing.T) {
		g := cardBoardE(t, 2, 0)
		g.place(27, 0, 1, 0) // Morning Dew, next to the Great Tunnel
		g.ant(27, 0, 0)
		s := g.s()
		s.slumber()
		if s.Players[0].CP != s.data.Settings.InnerMeadowCP {
			t.Fatalf("%d CP", s.Players[0].CP)
		}
	})
	t.Run("MOAE-LOSS-1 MOAE-GEN-14 losses are assigned from the ants before any removal; the excess does nothing", func(t *testing.T) {
		// winner 5 ants, one loser with 2: the winner's 1 loss comes from
		// the loser's 2 ants, the loser's cap is 2, 3 losses are excess
		assigned, removed := assignLosses([]int{5, 2, 0}, []int{0, 0, 0}, 0)
		if !slices.Equal(assigned, []int{1, 2, 0}) || !slices.Equal(removed, []int{1, 2, 0}) {
			t.Fatalf("assigned %v, removed %v", assigned, removed)
		}
	})
	t.Run("MOAE-TOK-6 food goes to the pantry", func(t *testing.T) {
		s := cardBoardE(t, 2, 4).s()
		s.gainFood(1, 3)
		if s.Players[1].Food != 5 {
			t.Fatalf("%d food", s.Players[1].Food)
		}
	})
	t.Run("MOAE-PREP-0 MOAE-PREP-4 MOAE-PREP-6 MOAE-PREP-3 after the Slumber the next round begins, the meadow carries over", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 0, 0)
		s := g.s()
		next := s.Rewards[0]
		g.start(Task{K: kQueen, Seat: -1, Hex: -1, Stage: 3})
		s = g.s()
		if s.Round != 2 || s.Phase != PhaseWorker || s.tile(1).Sites[0] != 0 || s.Reward != next {
			t.Fatalf("round %d, phase %s, tile 1 %v, reward %d", s.Round, s.Phase, s.tile(1).Sites, s.Reward)
		}
	})
	t.Run("MOAE-END-1 the last round's Slumber ends the game", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		s := g.s()
		s.Round = s.Rounds
		g.start(Task{K: kQueen, Seat: -1, Hex: -1, Stage: 3})
		if g.s().Result() == nil {
			t.Fatal("no result")
		}
	})
	t.Run("MOAE-SETUP-9 the first player is chosen at random", func(t *testing.T) {
		firsts := map[int]bool{}
		for seed := uint64(1); seed <= 12; seed++ {
			m, err := engine.Start(Game, engine.Setup{Game: "march", RuleSet: "evolved", Seats: 4, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			firsts[m.State.(*State).Active] = true
		}
		if len(firsts) < 3 {
			t.Fatalf("first players %v in 12 games", firsts)
		}
	})
	t.Run("MOAE-GT-13 the reward tile stays until the round is prepared", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		s := g.s()
		w := s.Reward
		g.soldierRound(2)
		if g.s().Reward != w {
			t.Fatal("the reward tile left the Great Tunnel in the Soldier phase")
		}
	})
	t.Run("MOAE-SOLD-3 after the last battle the Queen phase begins", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.soldierRound(2)
		if p := g.s().Phase; p != PhaseQueen {
			t.Fatalf("phase %s", p)
		}
	})
	t.Run("MOAE-QUEEN-3 MOAE-GEN-3 AMB-22 harvest card draws in player order from the active player", func(t *testing.T) {
		g := cardBoardE(t, 5, 0)
		g.ant(1, 0, 2) // card sites: tile 1 s3 and, for P2, Mushroom Ring's s4
		g.place(19, 0, 1, 0)
		g.ant(19, 1, 3)
		g.deckTop(18, 19)
		g.s().Active = 1
		g.queen()
		s := g.s()
		if !slices.Equal(s.Players[1].Hand, []int{18}) || !slices.Equal(s.Players[0].Hand, []int{19}) {
			t.Fatalf("hands %v %v", s.Players[0].Hand, s.Players[1].Hand)
		}
	})
	t.Run("MOAE-EVO-12 MOAE-GEN-4 abilities at once: in player order from the active player", func(t *testing.T) {
		g := cardBoardE(t, 5, 0)
		g.ant(1, 0, 0)
		g.ant(1, 2, 1)
		g.evo(0, 45)
		g.evo(2, 45+1) // Honeypot and Leafcutter Abdomens
		g.s().Active = 2
		g.queen()
		g.wantPending("P3:eabdomen.leafcutter")
	})
	t.Run("MOAE-GEN-7 the owner chooses which ants a card removes", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 1, 0)
		g.ant(1, 1, 1)
		g.ant(1, 1, 2)
		g.ant(1, 0, -1)
		g.ant(1, 1, -1)
		g.playEvolved(0, 12) // Fungal Infection: 2 ants each
		g.ans(0, "1")
		if p := g.pending(); p != "P2:casualties" {
			t.Fatalf("pending %s", p)
		}
	})
}
