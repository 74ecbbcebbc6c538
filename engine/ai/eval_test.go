package ai

import (
	"math"
	"slices"
	"testing"

	"formica/engine/funants"
	"formica/engine/myrmes"
)

// raceView is a Fun Ants board cut down to one path: anthill A (seat 0)
// with cells a1-a3, anthill B (seat 1) with b1-b3, anthill C (unused)
// with c1, and the path a1 - x - y - b1 - c1.
func raceView(ants map[string][]funants.AntView) funants.View {
	v := funants.View{Scenario: funants.Classic, Players: []funants.PlayerView{{Seat: 0, Team: 0}, {Seat: 1, Team: 1}}}
	for _, id := range []string{"a1", "a2", "a3", "x", "y", "b1", "b2", "b3", "c1"} {
		c := funants.CellView{ID: id, Ants: ants[id]}
		v.Cells = append(v.Cells, c)
	}
	for _, e := range [][2]string{{"a1", "a2"}, {"a2", "a3"}, {"a1", "x"}, {"x", "y"}, {"y", "b1"}, {"b1", "b2"}, {"b2", "b3"}, {"b1", "c1"}} {
		v.Edges = append(v.Edges, funants.EdgeView{A: e[0], B: e[1]})
	}
	v.Anthills = []funants.AnthillView{
		{ID: "A", Owner: 0, Cells: []string{"a1", "a2", "a3"}},
		{ID: "B", Owner: 1, Cells: []string{"b1", "b2", "b3"}},
		{ID: "C", Owner: -1, Cells: []string{"c1"}},
	}
	return v
}

// FUN-WIN-1: a player wins by moving an ant next to an opponent's
// anthill, so the evaluation counts how far each player's nearest ant is
// from one (never from an unused anthill or their own).
func TestRaceDistances(t *testing.T) {
	w := func(owner int) []funants.AntView { return []funants.AntView{{Owner: owner, Kind: funants.Worker}} }
	for _, c := range []struct {
		name string
		ants map[string][]funants.AntView
		want []int
	}{
		{"FUN-WIN-1/no ants", nil, []int{0, 0}},
		{"FUN-WIN-1/one step", map[string][]funants.AntView{"y": w(0)}, []int{1, 0}},
		{"FUN-WIN-1/two steps", map[string][]funants.AntView{"x": w(0), "a1": w(1)}, []int{2, 1}},
		{"FUN-WIN-1/unused anthill", map[string][]funants.AntView{"c1": w(1)}, []int{0, 4}},
		{"FUN-WIN-1/nearest ant", map[string][]funants.AntView{"a2": w(0), "x": w(0), "y": w(1)}, []int{2, 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := raceDistances(raceView(c.ants)); !slices.Equal(got, c.want) {
				t.Errorf("raceDistances = %v, want %v", got, c.want)
			}
		})
	}
	t.Run("FUN-WIN-1/closer is better", func(t *testing.T) {
		far := funantsEval(raceView(map[string][]funants.AntView{"x": w(0)}), 0)
		near := funantsEval(raceView(map[string][]funants.AntView{"y": w(0)}), 0)
		threat := funantsEval(raceView(map[string][]funants.AntView{"a2": w(0), "x": w(1)}), 0)
		if !(near > far && far > threat) {
			t.Errorf("one step from winning %.2f, two %.2f, opponent one step from our anthill %.2f: want falling", near, far, threat)
		}
	})
}

// MYR-WIN-1, MYR-WIN-3: each food the coming winter asks for (3 plus the
// year, less one per soldier) and the storeroom lacks costs 3 VP.
func TestMyrmesWinterFood(t *testing.T) {
	view := func(year int, p0 myrmes.ViewPlayer) myrmes.View {
		return myrmes.View{Year: year, Players: []myrmes.ViewPlayer{p0, {Score: 20}}}
	}
	for _, c := range []struct {
		name string
		year int
		p0   myrmes.ViewPlayer
		want float64 // p0's margin over p1, who has 20 VP and nothing else
	}{
		{"MYR-WIN-3/fed", 1, myrmes.ViewPlayer{Score: 20, Store: [3]int{4, 0, 0}}, 0.4 + 3*4},
		{"MYR-WIN-3/two food short", 1, myrmes.ViewPlayer{Score: 20, Store: [3]int{2, 0, 0}}, 0.2 - 3*2 + 3*4},
		{"MYR-WIN-1/year 3 asks 6", 3, myrmes.ViewPlayer{Score: 20, Store: [3]int{4, 0, 0}}, 0.4 - 3*2 + 3*6},
		{"MYR-WIN-1/soldiers lower the bill", 1, myrmes.ViewPlayer{Score: 20, Soldiers: 2, Store: [3]int{2, 0, 0}}, 0.6 + 0.2 + 3*4},
	} {
		t.Run(c.name, func(t *testing.T) {
			// p1 owes the whole winter too: 3 VP per food of 3+year.
			if got := myrmesEval(view(c.year, c.p0), 0); math.Abs(got-c.want) > 1e-9 {
				t.Errorf("margin %.2f, want %.2f", got, c.want)
			}
		})
	}
}
