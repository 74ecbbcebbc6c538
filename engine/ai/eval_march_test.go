package ai

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"formica/engine"
	"formica/engine/march"
)

// marchStart is a new game with every colony's
// points, resources, cards and ants cleared, so a test sets only what
// it checks.
func marchStart(t *testing.T, rules string, seats int) *march.State {
	t.Helper()
	m, err := engine.Start(march.Game, engine.Setup{Game: march.Game.ID, RuleSet: rules, Seats: seats, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	s := m.State.(*march.State)
	for i := range s.Players {
		p := &s.Players[i]
		p.CP, p.Food, p.Larvae, p.RestFood, p.RestLarva, p.Hand = 0, 0, 0, 0, 0, nil
	}
	for i := range s.Tiles {
		t := &s.Tiles[i]
		for k := range t.Sites {
			t.Sites[k] = -1
		}
		for k := range t.Out {
			t.Out[k] = 0
		}
	}
	return s
}

// hexDist is the axial distance of (q, r) from (0, 0).
func hexDist(q, r int) int {
	return (abs(q) + abs(r) + abs(q+r)) / 2
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// inPhase sets the round and phase of s.
func inPhase(s *march.State, round int, ph march.Phase) *march.State {
	s.Round, s.Phase = round, ph
	return s
}

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-9 {
		t.Errorf("%s: %.3f, want %.3f", what, got, want)
	}
}

// MOA1-END-2, MOA1-END-3: the most larvae, food or cards is worth 3 CP
// at the end, a tie 1 CP to each, counted in full in the last round and
// by the share of the game played before it.
func TestMarchAwards(t *testing.T) {
	w := marchWeights{awards: 1}
	s := inPhase(marchStart(t, "1e", 3), 4, march.PhaseQueen)
	s.Players[0].Food, s.Players[1].Food = 5, 4
	near(t, "MOA1-END-2/most food", marchEval(s, 0, w), 3)
	near(t, "MOA1-END-2/second", marchEval(s, 1, w), -3)
	s.Players[1].Food = 5
	near(t, "MOA1-END-3/tied food", marchEval(s, 0, w), 0)
	near(t, "MOA1-END-3/tied food, third player", marchEval(s, 2, w), -1)
	s.Players[0].Hand = []int{1, 2}
	// The Rest zone goes to the Larvae Chamber at the phase's end: 2 beat 1.
	s.Players[1].Larvae, s.Players[2].RestLarva = 1, 2
	near(t, "MOA1-END-2/cards and tied food against larvae", marchEval(s, 0, w), 4-3)
	inPhase(s, 2, march.PhaseWorker)
	near(t, "MOA1-END-2/half the game to come", marchEval(s, 0, w), 0.5*(4-3))

	// MOA1-QUEEN-5: the last Feeding comes before the awards: 5 food less
	// the 2 that feed 8 ants is less than 4.
	s = inPhase(marchStart(t, "1e", 3), 4, march.PhaseSoldier)
	s.Players[0].Food, s.Players[1].Food = 5, 4
	s.Tiles[s.At[0]].Out[0] = 8
	near(t, "MOA1-END-2/food after the Feeding", marchEval(s, 1, w), 3)
	near(t, "MOA1-END-2/food after the Feeding, the Queen phase", marchEval(inPhase(s, 4, march.PhaseQueen), 1, w), -3)
}

// addTile lays hex num of d at (q, r) from the Great Tunnel, its sites
// free, and returns its index in s.Tiles.
func addTile(s *march.State, d *march.Data, num, q, r int) int {
	gt := s.Tiles[s.At[0]]
	sites := make([]int, len(d.Hex(num).Sites))
	for k := range sites {
		sites[k] = -1
	}
	s.Tiles = append(s.Tiles, march.Tile{Num: num, Q: gt.Q + q, R: gt.R + r, Sites: sites, Out: make([]int, s.N)})
	return len(s.Tiles) - 1
}

// MOA1-SLUMBER-2, MOAE-SLUMBER-1: a hex next to the Great Tunnel scores
// its controller at every Slumber still to come; a hex further out,
// never. MOA1-QUEEN-4: a colony-point site scores at every Harvest.
func TestMarchFutureCP(t *testing.T) {
	for _, rules := range []string{"1e", "evolved"} {
		d := marchData()[rules].data
		per := 1.0
		if d.Settings != nil {
			per = float64(d.Settings.InnerMeadowCP)
		}
		// Hex 1 next to the Great Tunnel, hex 2 two steps out, and a hex
		// with a colony-point site (not its control site) far out.
		s := marchStart(t, rules, 3)
		cp, cpSite := 0, 0
		for n := 3; n <= len(d.Hexes) && cp == 0; n++ {
			for k, site := range d.Hex(n).Sites {
				if site.Res == march.ResCP && k != d.Hex(n).Control {
					cp, cpSite = n, k
				}
			}
		}
		inner, outer := addTile(s, d, 1, 0, -1), addTile(s, d, 2, 2, -1)
		control := func(i, seat int) { s.Tiles[i].Sites[d.Hex(s.Tiles[i].Num).Control] = seat }
		control(inner, 1)
		w := marchWeights{central: 1}
		for _, c := range []struct {
			round int
			ph    march.Phase
			want  float64
		}{
			{1, march.PhaseWorker, 4},
			{3, march.PhaseSoldier, 2},
			{4, march.PhaseQueen, 1},
		} {
			near(t, rules+" MOA1-SLUMBER-2/round "+string(c.ph), marchEval(inPhase(s, c.round, c.ph), 1, w), per*c.want)
		}
		control(inner, -1)
		control(outer, 1)
		near(t, rules+" MOA1-SLUMBER-2/not next to the Great Tunnel", marchEval(inPhase(s, 1, march.PhaseWorker), 1, w), 0)
		control(outer, -1)

		if cp == 0 {
			t.Errorf("%s: no hex prints a colony-point site", rules)
			continue
		}
		far := addTile(s, d, cp, -4, 0)
		s.Tiles[far].Sites[cpSite] = 2
		w = marchWeights{site: 1}
		near(t, rules+" MOA1-QUEEN-4/two Harvests to come", marchEval(inPhase(s, 3, march.PhaseSoldier), 2, w), 2)
		near(t, rules+" MOA1-QUEEN-4/this Harvest taken", marchEval(inPhase(s, 3, march.PhaseQueen), 2, w), 1)

		// MOA1-QUEEN-2: every site yields at each Harvest; a two-larvae
		// site twice a larva site.
		w = marchWeights{food: 1, larva: 10, card: 100}
		for res, want := range map[string]float64{march.ResFood: 1, march.ResLarva: 10, march.ResLarva2: 20, march.ResCard: 100} {
			found := false
			for n := 1; n <= len(d.Hexes) && !found; n++ {
				for k, site := range d.Hex(n).Sites {
					if site.Res != res || found {
						continue
					}
					found = true
					s := marchStart(t, rules, 3)
					s.Tiles[addTile(s, d, n, -4, 0)].Sites[k] = 2
					near(t, rules+" MOA1-QUEEN-2/site "+res, marchEval(inPhase(s, 3, march.PhaseSoldier), 2, w), 2*want)
				}
			}
			if !found {
				t.Errorf("%s: no site yields %s", rules, res)
			}
		}
	}
}

// MOA1-2P-5: with 2 players a hex next to the Great Tunnel scores only
// through a tunnel between them; the Great Tunnel's reverse side
// (MOA1-2P-1) opens on every other edge. MOAE-SLUMBER-1: the Evolved
// inner meadow scores by adjacency at every player count.
func TestMarchTwoPlayerCentral(t *testing.T) {
	for _, c := range []struct {
		name  string
		rules string
		seats int
		want  [2]float64 // through an open Great Tunnel edge, a closed one
	}{
		{"MOA1-2P-5", "1e", 2, [2]float64{4, 0}},
		{"MOA1-SLUMBER-2/3 players", "1e", 3, [2]float64{4, 4}},
		{"MOAE-SLUMBER-1/2 players", "evolved", 2, [2]float64{4, 4}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := marchData()[c.rules]
			side := 0
			if c.seats == 2 && r.ReverseGT {
				side = 1
			}
			// A hex with an opening across from a closed edge, turned to
			// face the Great Tunnel through an open edge and then through
			// a closed one.
			num, open := 0, 0
			for n := 1; n <= len(r.data.Hexes) && num == 0; n++ {
				ts := r.data.Hex(n).TunnelSet
				for k, o := range ts {
					if o && !ts[(k+3)%6] {
						num, open = n, k
						break
					}
				}
			}
			if num == 0 {
				t.Fatal("no hex has an opening across from a closed edge")
			}
			var got [2]float64
			for i, want := range []bool{true, false} {
				e := slices.Index(gtOpen(r.data, side), want)
				if e < 0 {
					got[i] = c.want[i] // no such edge on this side: nothing to check
					continue
				}
				s := marchStart(t, c.rules, c.seats)
				k := addTile(s, r.data, num, hexSteps[e][0], hexSteps[e][1])
				// rotate so the printed opening lies on the edge facing the Great Tunnel
				s.Tiles[k].Rot = ((e+3-open)%6 + 6) % 6
				s.Tiles[k].Sites[r.data.Hex(num).Control] = 0
				got[i] = marchEval(inPhase(s, 1, march.PhaseWorker), 0, marchWeights{central: 1})
			}
			if got != c.want {
				t.Errorf("a controlled hex through an open and a closed edge of the Great Tunnel: %v, want %v", got, c.want)
			}
		})
	}
}

// MOA1-QUEEN-6..10: one food feeds 4 ants plus 1 per abdomen Evolution,
// hungry ants eat larvae, the rest die; MOAE-QUEEN-5: in the Evolved
// edition unfed ants die at once.
func TestMarchFeed(t *testing.T) {
	for _, c := range []struct {
		name                string
		rules               string
		abdomen             int
		food, larvae, ants  int
		wantF, wantL, wantA int
	}{
		{"MOA1-QUEEN-7/enough", "1e", 0, 3, 5, 9, 0, 5, 9},
		{"MOA1-QUEEN-7/food left", "1e", 0, 4, 5, 9, 1, 5, 9},
		{"MOA1-QUEEN-6/abdomen", "1e", 1, 3, 5, 9, 1, 5, 9},
		{"MOA1-QUEEN-8/larvae eaten", "1e", 0, 2, 5, 9, 0, 4, 9},
		{"MOA1-QUEEN-9/ants die", "1e", 0, 0, 2, 5, 0, 0, 2},
		{"MOA1-QUEEN-5/no ants", "1e", 0, 2, 1, 0, 2, 1, 0},
		{"MOAE-QUEEN-5/unfed die", "evolved", 0, 0, 2, 5, 0, 2, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := &march.Player{}
			p.Evo[2] = make([]int, c.abdomen)
			f, l, a, _ := feed(marchData()[c.rules], p, c.food, c.larvae, c.ants)
			if f != c.wantF || l != c.wantL || a != c.wantA {
				t.Errorf("%d food, %d larvae, %d ants fed: %d, %d, %d; want %d, %d, %d", c.food, c.larvae, c.ants, f, l, a, c.wantF, c.wantL, c.wantA)
			}
		})
	}
}

// MOAE-QUEEN-6: ants left unfed cost the starvation points;
// MOAE-QUEEN-7, MOAE-END-3: in the last round they also cost the awards.
func TestMarchStarvation(t *testing.T) {
	s := inPhase(marchStart(t, "evolved", 3), 3, march.PhaseWorker)
	cp := float64(marchData()["evolved"].data.Settings.StarvationCP)
	s.Players[0].Food, s.Players[1].Food = 1, 0
	s.Tiles[s.At[0]].Out[0] = 5 // 1 food feeds 4: one ant unfed
	w := marchWeights{awards: 1, starve: 1}
	near(t, "MOAE-QUEEN-6/round 3", marchEval(s, 0, w), -cp)
	s.Players[0].Hand = []int{1}
	near(t, "MOAE-QUEEN-6/round 3, most cards", marchEval(s, 0, w), -cp+0.75*3)
	near(t, "MOAE-END-3/last round: no award", marchEval(inPhase(s, 4, march.PhaseWorker), 0, w), -cp)
	s.Tiles[s.At[0]].Out[0] = 4
	near(t, "MOAE-QUEEN-4/all fed", marchEval(s, 0, w), 3)
	s.Players[0].Starved = true
	near(t, "MOAE-END-3/starved in autumn", marchEval(inPhase(s, 4, march.PhaseQueen), 0, w), 0)
}

// gtOpen is the Great Tunnel's tunnel openings by edge on one side
// (0 standard, 1 reverse: MOA1-2P-1).
func gtOpen(d *march.Data, side int) []bool {
	flags := []string{d.GT.Standard, d.GT.Reverse}[side]
	open := make([]bool, 6)
	for e := 0; e < 6 && e < len(flags); e++ {
		open[e] = flags[e] == '1'
	}
	return open
}

// axial steps by edge: e, ne, nw, w, sw, se (march's board order)
var hexSteps = [6][2]int{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

// MOAE-SLUMBER-2, MOAE-GOAL-2: a Colony Goal in play scores its highest
// tier reached at every Slumber still to come; MOA1-SLUMBER-3: a
// 1st-edition goal its CP when met; MOAE-ANC-5: the Fungus Farmers score
// 1 CP per 3 food in the pantry, at most 2, at every Slumber.
func TestMarchGoals(t *testing.T) {
	w := marchWeights{goal: 1}
	s := inPhase(marchStart(t, "evolved", 3), 3, march.PhaseSoldier) // two Slumbers to come
	s.Players[0].Goals = []int{56}                                   // Huge Stores: 3, 5, 7 food
	for _, c := range []struct {
		food int
		want float64
	}{{2, 0}, {3, 2}, {6, 4}, {7, 6}} {
		s.Players[0].Food = c.food
		near(t, fmt.Sprintf("MOAE-GOAL-2/%d food", c.food), marchEval(s, 0, w), c.want)
	}
	near(t, "MOAE-GOAL-2/the last Slumber", marchEval(inPhase(s, 4, march.PhaseQueen), 0, w), 3)
	near(t, "MOAE-SLUMBER-2/the other colonies", marchEval(s, 1, w), -3)

	s = inPhase(marchStart(t, "evolved", 3), 3, march.PhaseSoldier)
	s.Players[1].Species = "farmers"
	for _, c := range []struct {
		food int
		want float64
	}{{2, 0}, {3, 2}, {8, 4}, {12, 4}} {
		s.Players[1].Food = c.food
		near(t, fmt.Sprintf("MOAE-ANC-5/Fungus Farmers, %d food", c.food), marchEval(s, 1, w), c.want)
	}

	s = inPhase(marchStart(t, "1e", 3), 3, march.PhaseSoldier)
	s.Players[2].Goals = []int{56} // Huge Stores: more food than both neighbours, 2 CP
	s.Players[0].Food, s.Players[1].Food, s.Players[2].Food = 1, 2, 3
	near(t, "MOA1-SLUMBER-3/met", marchEval(s, 2, w), 4)
	s.Players[1].Food = 3
	near(t, "MOA1-SLUMBER-3/not met", marchEval(s, 2, w), 0)
}

// MOAE-SOLD-1, MOAE-GT-9: in the Worker phase the Great Tunnel battle is
// ahead: its reward tile pays places 1 to 3 by strength (ants and head
// Evolutions, MOAE-BATTLE-3, MOAE-EVO-5), equals sharing their places'
// spoils; a lone colony takes the 1st place's; MOAE-2P-8, -10: with 2
// players the Old Guard (as many ants as the round's number) takes a
// place and loses ties.
func TestMarchGTSpoils(t *testing.T) {
	w := marchWeights{gt: 1}
	s := inPhase(marchStart(t, "evolved", 3), 3, march.PhaseWorker)
	s.Reward = 4 // 5, 3, 1 CP
	gt := &s.Tiles[0]
	gt.Out[0], gt.Out[1], gt.Out[2] = 4, 2, 1
	near(t, "MOAE-GT-9/1st against 2nd", marchEval(s, 0, w), 5-3)
	near(t, "MOAE-GT-9/3rd", marchEval(s, 2, w), 1-5)
	s.Players[1].Evo[0] = []int{1, 2}
	near(t, "MOAE-EVO-5/heads tie the 1st place", marchEval(s, 0, w), 0)
	near(t, "MOAE-EVO-5/3rd against a shared 1st", marchEval(s, 2, w), 1-4)
	near(t, "MOAE-SOLD-1/the battle is over", marchEval(inPhase(s, 3, march.PhaseSoldier), 2, w), 0)
	inPhase(s, 3, march.PhaseWorker)
	gt.Out[0], gt.Out[1] = 0, 0
	near(t, "MOAE-SOLD-1/alone", marchEval(s, 2, w), 5)

	s = inPhase(marchStart(t, "evolved", 2), 2, march.PhaseWorker)
	s.Reward = 1 // 3 CP; 1 CP and a larva; a larva
	gt = &s.Tiles[0]
	gt.Out[0], gt.Out[1] = 2, 1
	near(t, "MOAE-2P-10/a tie beats the Old Guard", marchEval(s, 0, w), 3)
	gt.Out[0] = 1
	near(t, "MOAE-2P-8/the Old Guard wins", marchEval(s, 0, w), 0)
	s.Players[0].Evo[0] = []int{1, 2}
	near(t, "MOAE-2P-8/the Old Guard 2nd", marchEval(s, 1, w), -3)
}
