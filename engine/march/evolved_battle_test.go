package march

import (
	"slices"
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
		{"MOAE-LOSS-2/3/6/7 four players", []int{2, 3, 1, 4}, []int{0, 0, 0, 1}, 1, []int{1, 3, 1, 1}, []int{1, 2, 1, 0}},
		// the round robin skips a capped loser; what is left has no effect
		{"MOAE-LOSS-3/4/5 capped losers", []int{6, 1, 2}, []int{0, 0, 0}, 0, []int{1, 1, 2}, []int{1, 1, 2}},
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
	t.Run("MOAE-CENT-10/11 the player wins ties and loses half rounded up", func(t *testing.T) {
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
		if s.CentiSize != 2 || s.centiStrength() != 4 || s.centiReward() != (Gain{Food: 1}) {
			t.Fatalf("space %d strength %d reward %+v", s.CentiSize, s.centiStrength(), s.centiReward())
		}
	})
	t.Run("MOAE-CENT-2/3 each centipede tile placed grows them; rewards by section", func(t *testing.T) {
		g.reset(2, 4)
		s = g.s()
		for _, num := range []int{14, 17} { // centipede tiles
			s.hexAdded(0, g.place(num, num, 0, 0))
		}
		if s.CentiSize != 4 || s.centiStrength() != 5 || s.centiReward() != (Gain{Food: 1, CP: 1}) {
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
