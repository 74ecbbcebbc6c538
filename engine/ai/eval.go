package ai

import (
	"reflect"
	"slices"

	"formica/engine"
	"formica/engine/funants"
	"formica/engine/march"
	"formica/engine/micropolis"
	"formica/engine/myrmes"
)

// Evaluate scores s for seat from what seat sees, higher is better: a
// finished game by rank (and score), a running one by the game's scoring
// as it stands, seat's points against the best of the others'.
func Evaluate(s engine.State, seat engine.Seat) float64 {
	if r := s.Result(); r != nil {
		return 1000*reward(r, seat) + margin(r.Scores, int(seat))
	}
	// The package names the game without building a view (a view costs
	// as much as the rest of an evaluation; micropolis and march need none).
	switch pkgOf(s) {
	case funantsPkg:
		return funantsEval(s.View(seat).(funants.View), int(seat))
	case myrmesPkg:
		return myrmesEval(s.View(seat).(myrmes.View), int(seat))
	case marchPkg:
		if m := s.(*march.State); !m.Opt.Uprising && len(m.Players) > 1 {
			return marchEval(m, int(seat), marchW)
		}
	}
	if p, ok := s.(engine.Progress); ok {
		if sc := p.Standing().Scores; len(sc) > int(seat) {
			return margin(sc, int(seat))
		}
	}
	return 0
}

// funantsEval: the race to build the anthill (FUN-WIN-1a), cakes to pay
// for it and the workers that mine them (FUN-RES-2), ants on the board
// by strength, and in Classic the race to a cell next to an opponent's
// anthill (FUN-WIN-1b): a player one step from it wins on their next
// move, so the nearest ant weighs like a level or more.
func funantsEval(v funants.View, seat int) float64 {
	scores := make([]float64, len(v.Players))
	for i, p := range v.Players {
		scores[i] = 8*float64(len(p.Levels)+len(p.Captured)) + float64(p.Tokens) + 0.3*float64(p.HandSize) +
			0.5*float64(len(p.Entrances))
	}
	for _, c := range v.Cells {
		mines := c.Kind == funants.KindCake || c.Kind == funants.KindCentre
		for _, a := range c.Ants {
			if a.Owner < 0 || a.Owner >= len(scores) {
				continue
			}
			scores[a.Owner] += 0.4
			if a.Kind == funants.Soldier {
				scores[a.Owner] += 0.4
			}
			if mines && a.Kind == funants.Worker {
				scores[a.Owner] += 1.5
			}
		}
	}
	if v.Scenario == funants.Classic {
		for i, d := range raceDistances(v) {
			if d > 0 {
				scores[i] += 12 / float64(d*d)
			}
		}
	}
	return marginF(scores, seat)
}

// raceDistances is, for each player, the fewest moves any of their ants
// needs to reach a cell next to an opponent's anthill (0: no ant on the
// board), along the board's paths. It runs in every evaluation of a
// playout's greedy answers: one search from each owned anthill serves all
// its opponents, and the board is indexed once.
func raceDistances(v funants.View) []int {
	n := len(v.Cells)
	idx := make(map[string]int, n)
	for i, c := range v.Cells {
		idx[c.ID] = i
	}
	// The links as one flat adjacency list (start[c] to start[c+1]).
	start := make([]int, n+1)
	ends := make([]int, 2*len(v.Edges))
	for k, e := range v.Edges {
		ends[2*k], ends[2*k+1] = idx[e.A], idx[e.B]
		start[ends[2*k]+1]++
		start[ends[2*k+1]+1]++
	}
	for c := range n {
		start[c+1] += start[c]
	}
	adj := make([]int, len(ends))
	fill := slices.Clone(start[:n])
	for k := 0; k < len(ends); k += 2 {
		a, b := ends[k], ends[k+1]
		adj[fill[a]], fill[a] = b, fill[a]+1
		adj[fill[b]], fill[b] = a, fill[b]+1
	}
	out := make([]int, len(v.Players))
	dist := make([]int, n)
	queue := make([]int, 0, n)
	for _, h := range v.Anthills {
		if h.Owner < 0 || h.Owner >= len(v.Players) {
			continue // unused: nobody races to it (FUN-WIN-1b)
		}
		queue = queue[:0]
		for c := range dist {
			dist[c] = -1
		}
		for _, id := range h.Cells {
			if c, ok := idx[id]; ok && dist[c] < 0 {
				dist[c] = 0
				queue = append(queue, c)
			}
		}
		for k := 0; k < len(queue); k++ {
			q := queue[k]
			for _, m := range adj[start[q]:start[q+1]] {
				if dist[m] < 0 {
					dist[m] = dist[q] + 1
					queue = append(queue, m)
				}
			}
		}
		team := v.Players[h.Owner].Team
		for c, cell := range v.Cells {
			if dist[c] < 0 {
				continue
			}
			d := max(dist[c], 1)
			for _, a := range cell.Ants {
				if a.Owner >= 0 && a.Owner < len(out) && v.Players[a.Owner].Team != team && (out[a.Owner] == 0 || d < out[a.Owner]) {
					out[a.Owner] = d
				}
			}
		}
	}
	return out
}

// pkgOf is the import path of the package that implements s: it names
// the game.
func pkgOf(s engine.State) string {
	t := reflect.TypeOf(s)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.PkgPath()
}

var (
	funantsPkg    = reflect.TypeFor[funants.View]().PkgPath()
	marchPkg      = reflect.TypeFor[march.View]().PkgPath()
	micropolisPkg = reflect.TypeFor[micropolis.View]().PkgPath()
	myrmesPkg     = reflect.TypeFor[myrmes.View]().PkgPath()
)

// myrmesEval: victory points, less what this year's winter will take
// (MYR-WIN-1 to MYR-WIN-3: 3 VP per food owed and not in the storeroom,
// soldiers lowering what is owed), then what makes points: ants,
// resources.
func myrmesEval(v myrmes.View, seat int) float64 {
	scores := make([]float64, len(v.Players))
	for i, p := range v.Players {
		scores[i] = float64(p.Score) + 0.3*float64(p.Workers+p.Soldiers+p.Nurses) +
			0.1*float64(p.Store[0]+p.Store[1]+p.Store[2]+p.Larvae)
		if v.Year >= 1 && v.Year <= 3 {
			owed := max(0, myrmesWinterBase+v.Year-p.Soldiers)
			scores[i] -= 3 * float64(max(0, owed-p.Store[0]))
		}
	}
	return marginF(scores, seat)
}

// myrmesWinterBase: a year's winter asks for 3 food plus the year's
// number (MYR-WIN-1: 4, 5, 6).
const myrmesWinterBase = 3

func margin(scores []int, seat int) float64 {
	f := make([]float64, len(scores))
	for i, s := range scores {
		f[i] = float64(s)
	}
	return marginF(f, seat)
}

// marginF is seat's score minus the best other score (its own score alone
// in a solo game).
func marginF(scores []float64, seat int) float64 {
	if seat < 0 || seat >= len(scores) {
		return 0
	}
	best, any := 0.0, false
	for i, s := range scores {
		if i != seat && (!any || s > best) {
			best, any = s, true
		}
	}
	return scores[seat] - best
}

// reward is a finished game's value for seat in [0, 1]: 1 for a win
// (shared or not), 0 for the last place, linear between.
func reward(r *engine.Result, seat engine.Seat) float64 {
	n := len(r.Rank)
	if int(seat) >= n {
		return 0
	}
	rank := r.Rank[seat]
	if n == 1 {
		if rank == 1 {
			return 1
		}
		return 0
	}
	worst := 1
	for _, k := range r.Rank {
		worst = max(worst, k)
	}
	if worst == 1 {
		return 1
	}
	return float64(worst-rank) / float64(worst-1)
}
