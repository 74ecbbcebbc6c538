package march

import (
	"slices"
	"strings"
	"testing"
)

func TestEvolvedBattleRank(t *testing.T) {
	t.Run("MOAE-BATTLE-5 highest strength first, ties clockwise from the defender", func(t *testing.T) {
		if got := battleRank([]int{5, -1, 7, 5, 7}, 3); !slices.Equal(got, []int{4, 2, 3, 0}) {
			t.Fatalf("places %v", got)
		}
	})
	t.Run("MOAE-GT-10 AMB-28 a defender outside the battle still breaks ties", func(t *testing.T) {
		if got := battleRank([]int{4, 4, -1}, 2); !slices.Equal(got, []int{0, 1}) {
			t.Fatalf("places %v", got)
		}
		if got := battleRank([]int{4, 4, -1}, 1); !slices.Equal(got, []int{1, 0}) {
			t.Fatalf("places %v", got)
		}
	})
	t.Run("MOAE-BATTLE-4 ferocity from the defender's left, defender last", func(t *testing.T) {
		if got := ferocityOrder([]bool{true, true, false, true}, 0); !slices.Equal(got, []int{1, 3, 0}) {
			t.Fatalf("order %v", got)
		}
	})
	t.Run("MOAE-GT-11 a Great Defender outside the battle plays no card", func(t *testing.T) {
		if got := ferocityOrder([]bool{true, true, false, true}, 2); !slices.Equal(got, []int{3, 0, 1}) {
			t.Fatalf("order %v", got)
		}
	})
}

func TestEvolvedLosses(t *testing.T) {
	for _, c := range []struct {
		name                    string
		ants, prevent           []int
		winner                  int
		wantAssigned, wantRemov []int
	}{
		// losers hold 7 ants: 3 losses to the winner, who keeps 1 ant; the
		// winner's 3 losses go round the losers from its left; Armored Head
		// prevents one
		{"MOAE-LOSS-2 MOAE-LOSS-3 MOAE-LOSS-6 MOAE-LOSS-7 four players", []int{2, 3, 1, 4}, []int{0, 0, 0, 1}, 1, []int{1, 3, 1, 1}, []int{1, 2, 1, 0}},
		// the round robin skips a capped loser; what is left has no effect
		{"MOAE-LOSS-3 MOAE-LOSS-4 MOAE-LOSS-5 capped losers", []int{6, 1, 2}, []int{0, 0, 0}, 0, []int{1, 1, 2}, []int{1, 1, 2}},
		// Armored Head raises the cap: a 1-ant loser may be assigned 2
		{"MOAE-LOSS-4 MOAE-CL-10 prevention raises the cap", []int{3, 1, 0}, []int{0, 1, 0}, 0, []int{0, 2, 0}, []int{0, 1, 0}},
		{"MOAE-LOSS-6 Lone Survivor", []int{1, 4}, []int{0, 0}, 0, []int{1, 1}, []int{0, 1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, r := assignLosses(c.ants, c.prevent, c.winner)
			if !slices.Equal(a, c.wantAssigned) || !slices.Equal(r, c.wantRemov) {
				t.Fatalf("assigned %v removed %v, want %v %v", a, r, c.wantAssigned, c.wantRemov)
			}
		})
	}
}

func TestEvolvedCentipedeFights(t *testing.T) {
	t.Run("MOAE-CENT-5 most ants first, ties clockwise from the controller", func(t *testing.T) {
		skip := make([]bool, 4)
		if p := centipedeFoe([]int{2, 3, 3, 0}, 2, 0, skip); p != 2 {
			t.Fatalf("first foe P%d", p+1)
		}
		skip[2] = true // MOAE-CENT-14: fought already
		if p := centipedeFoe([]int{2, 3, 3, 0}, 2, 0, skip); p != 1 {
			t.Fatalf("next foe P%d", p+1)
		}
		if p := centipedeFoe([]int{0, 2, 2}, -1, 2, make([]bool, 3)); p != 2 {
			t.Fatalf("no controller: foe P%d, want the active player first", p+1)
		}
	})
	t.Run("MOAE-CENT-9 every 1-ferocity card draws another", func(t *testing.T) {
		deck := []int{11, 12, 13, 14}
		fer := map[int]int{11: 1, 12: 1, 13: 3, 14: 2}
		draw := func() int {
			if len(deck) == 0 {
				return 0
			}
			id := deck[0]
			deck = deck[1:]
			return id
		}
		total, drawn := centipedeFerocity(draw, func(id int) int { return fer[id] })
		if total != 5 || !slices.Equal(drawn, []int{11, 12, 13}) {
			t.Fatalf("ferocity %d from %v", total, drawn)
		}
		deck = []int{11}
		if total, drawn := centipedeFerocity(draw, func(id int) int { return fer[id] }); total != 1 || len(drawn) != 1 {
			t.Fatalf("an empty deck ends the draws: %d from %v", total, drawn)
		}
	})
	t.Run("MOAE-CENT-10 MOAE-CENT-11 the player wins ties and loses half rounded up", func(t *testing.T) {
		if won, lost := centipedeLosses(5, 6, 6); !won || lost != 3 {
			t.Fatalf("tie: won %v lost %d", won, lost)
		}
		if won, lost := centipedeLosses(5, 5, 6); won || lost != 5 {
			t.Fatalf("weaker: won %v lost %d", won, lost)
		}
	})
}

func TestEvolvedCentipedeTrack(t *testing.T) {
	g := newEvolved(t, 4)
	s := g.s()
	t.Run("MOAE-CENT-17 the start depends on the player count", func(t *testing.T) {
		if s.CentiSize != 2 || s.centiStrength() != 3 || s.centiReward() != (Gain{Food: 1, CP: 1}) {
			t.Fatalf("space %d strength %d reward %+v", s.CentiSize, s.centiStrength(), s.centiReward())
		}
	})
	t.Run("MOAE-CENT-2 MOAE-CENT-3 each centipede tile placed grows them; rewards by section", func(t *testing.T) {
		g.reset(2, 4)
		s = g.s()
		for _, num := range []int{14, 17} { // centipede tiles
			s.hexAdded(0, g.place(num, num, 0, 0))
		}
		if s.CentiSize != 4 || s.centiStrength() != 4 || s.centiReward() != (Gain{Larvae: 2, CP: 2}) {
			t.Fatalf("space %d strength %d reward %+v", s.CentiSize, s.centiStrength(), s.centiReward())
		}
		g.place(2, 2, 0, 0)
		s.hexAdded(0, s.tile(2)) // no centipede symbol
		if s.CentiSize != 4 {
			t.Fatalf("a plain tile moved the marker to %d", s.CentiSize)
		}
	})
	t.Run("§15.4 the marker stays at the bottom", func(t *testing.T) {
		for i := 0; i < 20; i++ {
			s.growCentipedes()
		}
		if s.CentiSize != len(s.data.Centipede.Spaces)-1 || s.centiStrength() != 11 {
			t.Fatalf("space %d strength %d", s.CentiSize, s.centiStrength())
		}
	})
}

func (g *tg) soldierRound(round int) {
	s := g.s()
	s.Phase, s.Round = PhaseSoldier, round
	g.start(Task{K: kSoldier, Seat: -1, Hex: 1, Stage: 1})
}

func TestEvolvedGreatTunnelBattle(t *testing.T) {
	t.Run("MOAE-SETUP-7 MOAE-SETUP-8 two I-II reward tiles on two III+, the top one face up", func(t *testing.T) {
		s := newEvolved(t, 3).s()
		level := func(id int) string { s.Reward = id; return s.rewardTile().Level }
		top := s.Reward
		got := []string{level(top), level(s.Rewards[0]), level(s.Rewards[1]), level(s.Rewards[2])}
		if len(s.Rewards) != 3 || !slices.Equal(got, []string{"I-II", "I-II", "III+", "III+"}) {
			t.Fatalf("reward levels %v", got)
		}
	})
	t.Run("MOAE-SOLD-1 a lone colony in the Great Tunnel takes the 1st place spoils", func(t *testing.T) {
		g := newEvolved(t, 3)
		g.reset(5, 0)
		g.gtAnts(0, 2)
		s := g.s()
		s.Reward = 1 // 3 CP / 1 CP + 1 larva / 1 larva
		g.soldierRound(2)
		if s := g.s(); s.Players[0].CP != 3 || s.Tiles[0].Out[0] != 2 {
			t.Fatalf("P1 %d CP, %d ants", s.Players[0].CP, s.Tiles[0].Out[0])
		}
	})
	t.Run("MOAE-GT-8 MOAE-GT-9 MOAE-GT-10 MOAE-GT-11 MOAE-GT-12 MOAE-SPOILS-1 MOAE-SPOILS-2 every colony in one battle, places 1-3", func(t *testing.T) {
		g := newEvolved(t, 3)
		g.reset(5, 0)
		g.gtAnts(0, 3)
		g.gtAnts(1, 1)
		g.gtAnts(2, 2)
		g.evo(2, 23, 24) // two head Evolutions
		g.hand(0, 4)     // Adaptive Radiation, ferocity 1
		s := g.s()
		s.Reward = 1
		s.Players[1].Rests = []string{defenderTile} // P2 defends (MOAE-GT-10)
		g.soldierRound(2)
		g.wantPending("P1:eferocity") // the others have no card to play
		g.ans(0, "c4")
		s = g.s()
		// strength: P1 3+1, P2 1, P3 2+2 heads; P1 and P3 tie, and P3 comes
		// first clockwise from the defender P2. Losses: P1 and P2 hold 4
		// ants, so 2 to P3, who keeps 1; P3's 2 go to P1 then P2.
		ants := []int{s.Tiles[0].Out[0], s.Tiles[0].Out[1], s.Tiles[0].Out[2]}
		if !slices.Equal(ants, []int{2, 0, 1}) {
			t.Fatalf("ants left in the Great Tunnel %v", ants)
		}
		got := []int{s.Players[0].CP, s.Players[0].Larvae, s.Players[1].CP, s.Players[1].Larvae, s.Players[2].CP, s.Players[2].Larvae}
		if want := []int{1, 1, 0, 1, 3, 0}; !slices.Equal(got, want) {
			t.Fatalf("CP/larvae of P1..P3 %v, want %v (P2 gains with no ant left)", got, want)
		}
	})
	t.Run("MOAE-SOLD-2 no tile battles in round 1", func(t *testing.T) {
		for _, round := range []int{1, 2} {
			g := newEvolved(t, 3)
			g.reset(5, 0)
			g.place(1, 1, 0, 0)
			g.ant(1, 0, 0)
			g.ant(1, 1, 1)
			g.ant(1, 0, 2)
			g.ant(1, 1, -1) // every site taken and an ant outside: contested
			g.hand(0, 4)
			g.soldierRound(round)
			fought := strings.Contains(g.pending(), "ferocity") && g.s().Phase == PhaseSoldier
			if fought != (round == 2) {
				t.Fatalf("round %d: pending %s in the %s phase", round, g.pending(), g.s().Phase)
			}
		}
	})
}
