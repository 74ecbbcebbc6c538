package micropolis

import (
	"testing"

	"formica/engine"
)

func place(s *state, seat, h int, tiles map[int]int) {
	hl := s.hl(seat, h)
	for slot, id := range tiles {
		hl.Slots[slot] = int16(id)
		hl.Count++
	}
}

// MIC-SCORE-0, MIC-SCORE-1, MIC-SCORE-2, MIC-SCORE-3, MIC-SCORE-4,
// MIC-SCORE-5, MIC-SCORE-6, MIC-SCORE-7, MIC-QUEEN-1, MIC-FRUIT-1,
// MIC-FRUIT-2, MIC-FRUIT-3, MIC-GEO-3, MIC-AMB-13, MIC-AMB-14, MIC-WIN-1:
// tunnels join on matching ports (also across the 9|0 seam), each category
// is scored as written, and the most VP wins.
func TestScoring(t *testing.T) {
	s := newGame(t, 2)
	// P1: 16 (B4, full) | 1 (queen) | 32 (cherry) | 39 (pomegranate) form one
	// tunnel across slots 9,0,1,2 via the middle port; 6 has no left port.
	place(s, 0, 0, map[int]int{9: 16, 0: 1, 1: 32, 2: 39, 3: 6})
	s.hl(0, 0).Full[9] = true
	// P2: 23 (queen) -> 21 (queen) -> 12 -> 60 join through outer then inner ports.
	place(s, 1, 0, map[int]int{0: 23, 1: 21, 2: 12, 3: 60})
	s.hl(0, 0).Army, s.hl(1, 0).Army = 7, 7
	ts, _ := s.tunnels(s.hl(0, 0))
	if len(ts) != 2 || ts[0].ants != 8 || ts[0].queens != 1 || ts[0].kinds() != 2 {
		t.Fatalf("P1 tunnels %+v", ts)
	}
	s.finish()
	p1, p2 := s.Final.Scores[0].Total, s.Final.Scores[1].Total
	want1 := Categories{Population: 11, Colony: 0, Harvest: 5 + 5, Royal: 4, Army: 5, Barracks: 10, Sum: 40}
	want2 := Categories{Population: 9, Colony: 5, Harvest: 10, Royal: 0, Army: 5, Barracks: 0, Sum: 29}
	if p1 != want1 || p2 != want2 {
		t.Fatalf("P1 %+v\nP2 %+v", p1, p2)
	}
	r := s.Result()
	if r.Scores[0] != 40 || r.Rank[0] != 1 || r.Rank[1] != 2 || len(r.Detail) != 12 {
		t.Fatalf("result %+v", r)
	}
	// Gifts fill missing kinds up to six.
	if k := (&tunnel{fruits: 0b111111, gifts: 2}).kinds(); k != 6 {
		t.Fatalf("kinds %d", k)
	}
	if k := (&tunnel{fruits: 0b11, gifts: 1}).kinds(); k != 3 || harvestVP[k] != 10 {
		t.Fatalf("kinds %d", k)
	}
}

// MIC-WIN-2, MIC-WIN-3, MIC-AMB-11, MIC-AMB-12, MIC-BARR-5: equal VP: the
// larger army wins (barracks excluded); still equal: both win. Everyone tied
// for Colony gets 5.
func TestTieBreak(t *testing.T) {
	s := newGame(t, 3)
	place(s, 0, 0, map[int]int{0: 32})
	place(s, 1, 0, map[int]int{0: 39})
	s.hl(0, 0).Army, s.hl(1, 0).Army, s.hl(2, 0).Army = 6, 4, 8
	s.finish()
	r := s.Result()
	if r.Scores[0] != 9 || r.Scores[1] != 9 || r.Scores[2] != 5 {
		t.Fatalf("scores %v", r.Scores)
	}
	if r.Rank[0] != 1 || r.Rank[1] != 2 || r.Rank[2] != 3 {
		t.Fatalf("ranks %v", r.Rank)
	}
	s2 := newGame(t, 2)
	s2.hl(0, 0).Army, s2.hl(1, 0).Army = 3, 3
	s2.finish()
	if r := s2.Result(); r.Rank[0] != 1 || r.Rank[1] != 1 || r.Scores[0] != 10 {
		t.Fatalf("shared win %+v", r)
	}
}

// MIC-WIN-2 MIC-BARR-5: the tie-break compares army soldiers; soldiers in
// barracks are not in the army. P1 (army 6, an empty barracks) and P2 (army
// 4, a full barracks of 4) tie on 13 VP, by hand:
// P1: Population 2+4, Colony 5 (the largest tunnel, 4 ants), Harvest 2
// (grape) = 13; P2: Population 2+1, Barracks 10 (B4 full) = 13; P3 takes
// the army bonus with 9. P1 wins; counting barracks (4+4 = 8) P2 would.
func TestTieBreakIgnoresBarracks(t *testing.T) {
	s := newGame(t, 3)
	place(s, 0, 0, map[int]int{0: 16, 5: 37})
	place(s, 1, 0, map[int]int{0: 16, 5: 36})
	s.hl(1, 0).Full[0] = true
	s.hl(0, 0).Army, s.hl(1, 0).Army, s.hl(2, 0).Army = 6, 4, 9
	s.finish()
	r := s.Result()
	if r.Scores[0] != 13 || r.Scores[1] != 13 || r.Scores[2] != 5 {
		t.Fatalf("scores %v, want 13 13 5", r.Scores)
	}
	if r.Rank[0] != 1 || r.Rank[1] != 2 {
		t.Fatalf("ranks %v: the larger army (6, barracks not counted) must win", r.Rank)
	}
}

// MIC-SCORE-6: every full barracks scores 2, 4, 7 or 10 for 1..4 soldiers;
// an empty one scores nothing. Tiles 22, 17, 35, 16 hold B1..B4.
func TestBarracksValues(t *testing.T) {
	for _, c := range []struct{ tile, size, vp int }{{22, 1, 2}, {17, 2, 4}, {35, 3, 7}, {16, 4, 10}} {
		s := newGame(t, 2)
		if got := s.tile(c.tile).Barracks; got != c.size {
			t.Fatalf("tile %d holds B%d, want B%d", c.tile, got, c.size)
		}
		place(s, 0, 0, map[int]int{0: c.tile})
		if got, _ := s.scoreHill(s.hl(0, 0)); got.Barracks != 0 {
			t.Fatalf("empty B%d scores %d", c.size, got.Barracks)
		}
		s.hl(0, 0).Full[0] = true
		if got, _ := s.scoreHill(s.hl(0, 0)); got.Barracks != c.vp {
			t.Errorf("full B%d scores %d, want %d", c.size, got.Barracks, c.vp)
		}
	}
}

// MIC-SCORE-3 MIC-AMB-14: a tunnel with k different fruits scores
// 2, 5, 10, 15, 20, 25 for k = 1..6; gifts count as missing kinds, at most
// six in all.
func TestHarvestSizes(t *testing.T) {
	want := []int{0, 2, 5, 10, 15, 20, 25}
	for k := 0; k <= 6; k++ {
		tn := tunnel{fruits: uint8(1<<k - 1)}
		if got := harvestVP[tn.kinds()]; got != want[k] {
			t.Errorf("%d fruit kinds score %d, want %d", k, got, want[k])
		}
		for g := 1; k+g <= 8; g++ {
			tn := tunnel{fruits: uint8(1<<k - 1), gifts: g}
			if got := harvestVP[tn.kinds()]; got != want[min(6, k+g)] {
				t.Errorf("%d kinds + %d gifts score %d, want %d", k, g, got, want[min(6, k+g)])
			}
		}
	}
}

// MIC-WIN-2 MIC-ADV-19 MIC-WIN-3: in the two-anthill variant the tie-break
// compares the larger army first (8 beats 7, though 1 is below 5), then
// the next; P3's army of 10 takes the army bonus; the winner is
// marked in the final table, the game-over event names every winner, and
// nobody is to play any more.
func TestTieBreakTwoHillsAndWinners(t *testing.T) {
	s := newGame(t, 3, "variant=twohills")
	s.hl(0, 0).Army, s.hl(0, 1).Army = 1, 8
	s.hl(1, 0).Army, s.hl(1, 1).Army = 7, 5
	s.hl(2, 0).Army, s.hl(2, 1).Army = 10, 0
	s.finish()
	r := s.Result()
	// Every anthill ties for Colony (no tiles): 5 each; P3 also has the
	// army bonus.
	if r.Scores[0] != 10 || r.Scores[1] != 10 || r.Scores[2] != 15 || r.Rank[0] != 2 || r.Rank[1] != 3 || r.Rank[2] != 1 {
		t.Fatalf("scores %v ranks %v: on equal VP the army of 8 must rank P1 above P2", r.Scores, r.Rank)
	}
	if s.Final.Scores[0].Winner || s.Final.Scores[1].Winner || !s.Final.Scores[2].Winner {
		t.Fatalf("winner flags %+v", s.Final.Scores)
	}
	if v := s.View(engine.NoSeat).(View); v.Current != -1 || v.Phase != "over" {
		t.Fatalf("after the end: current %d phase %q", v.Current, v.Phase)
	}
	s2 := newGame(t, 2)
	s2.hl(0, 0).Army, s2.hl(1, 0).Army = 3, 3
	ev := s2.finish()
	if len(ev) != 1 || ev[0].Args["winners"] != s2.who(0)+", "+s2.who(1) {
		t.Fatalf("game over event %+v", ev)
	}
}
