package micropolis

import (
	"math/bits"
	"slices"

	"formica/engine"
)

// tunnel is one maximal set of joined segments (MIC-SCORE-0).
type tunnel struct {
	ants, queens, gifts int
	fruits              uint8  // bit i: fruitKinds[i]
	slots               uint16 // bit i: a segment on slot i (MIC-AMB-13)
}

func (t *tunnel) kinds() int { return min(6, bits.OnesCount8(t.fruits)+t.gifts) } // MIC-SCORE-3a, MIC-AMB-14

// tunnels joins h's segments across shared side edges: slot i's right port p
// meets slot i+1's left port p (MIC-GEO-3, §12.2, the ring closes at 9|0).
// The base has no galleries (MIC-AMB-16). segOf[slot][k] is the tunnel index
// of segment k on that slot.
func (s *state) tunnels(h *hill) (ts []tunnel, segOf [ringSize][]int) {
	return s.appendTunnels(nil, h, &segOf), segOf
}

// appendTunnels appends h's tunnels to ts and, when segOf is not nil, fills
// it as tunnels does. Scoring passes a buffer on its stack and no segOf:
// an AI search projects the scores after every answer of its playouts.
func (s *state) appendTunnels(ts []tunnel, h *hill, segOf *[ringSize][]int) []tunnel {
	var base [ringSize + 1]int
	for i, id := range h.Slots {
		n := 0
		if id != 0 {
			n = len(s.tile(int(id)).Segments)
		}
		base[i+1] = base[i] + n
	}
	var buf [2 * 64]int // parent and idx of up to 64 segments, without allocating
	var parent, idx []int
	if n := base[ringSize]; n <= 64 {
		parent, idx = buf[:n], buf[64:64+n]
	} else {
		parent, idx = make([]int, n), make([]int, n)
	}
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for i, id := range h.Slots {
		j := (i + 1) % ringSize
		if id == 0 || h.Slots[j] == 0 {
			continue
		}
		a, b := s.tile(int(id)), s.tile(int(h.Slots[j]))
		for ka, sa := range a.Segments {
			for kb, sb := range b.Segments {
				if sharePort(sa.Right, sb.Left) {
					parent[find(base[i]+ka)] = find(base[j] + kb)
				}
			}
		}
	}
	for i := range idx {
		idx[i] = -1
	}
	for i, id := range h.Slots {
		if id == 0 {
			continue
		}
		t := s.tile(int(id))
		if segOf != nil {
			segOf[i] = make([]int, len(t.Segments))
		}
		for k, sg := range t.Segments {
			r := find(base[i] + k)
			if idx[r] < 0 {
				idx[r] = len(ts)
				ts = append(ts, tunnel{})
			}
			tn := &ts[idx[r]]
			if segOf != nil {
				segOf[i][k] = idx[r]
			}
			tn.slots |= 1 << i
			tn.ants += sg.Workers
			if sg.Master != "" {
				tn.ants++
				if sg.Master == Queen {
					tn.queens++
				}
			}
			for _, f := range sg.Fruits {
				if f == Gift {
					tn.gifts++
				} else if fi := slices.Index(fruitKinds[:], f); fi >= 0 {
					tn.fruits |= 1 << fi
				}
			}
		}
	}
	return ts
}

func sharePort(a, b []int) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// Points of the scoring categories (§10).
const (
	colonyVP = 5 // MIC-SCORE-2: the most ants in one tunnel
	armyVP   = 5 // MIC-SCORE-5: the largest army
)

var harvestVP = [7]int{0, 2, 5, 10, 15, 20, 25} // MIC-SCORE-3
var barracksVP = [5]int{0, 2, 4, 7, 10}         // MIC-SCORE-6

// scoreHill computes the categories that depend on one anthill alone; Colony
// and Army are set by finish. colony is the largest tunnel's ant count.
func (s *state) scoreHill(h *hill) (c Categories, colony int) {
	var buf [4 * ringSize]tunnel
	for _, t := range s.appendTunnels(buf[:0], h, nil) {
		c.Population += t.ants // MIC-SCORE-1
		colony = max(colony, t.ants)
		c.Harvest += harvestVP[t.kinds()] // MIC-SCORE-3
		if t.queens == 1 {                // MIC-SCORE-4, MIC-QUEEN-1
			c.Royal += bits.OnesCount16(t.slots)
		}
	}
	for i, id := range h.Slots {
		if id != 0 && h.Full[i] { // MIC-SCORE-6
			c.Barracks += barracksVP[s.tile(int(id)).Barracks]
		}
	}
	return c, colony
}

// hillScore is one anthill's own categories and its largest tunnel.
type hillScore struct {
	c      Categories
	colony int
}

// appendHillScores appends every anthill's hillScore, seat by seat and hill
// by hill, and returns the largest colony and army of them all.
func (s *state) appendHillScores(all []hillScore) (_ []hillScore, bestColony, bestArmy int) {
	bestColony, bestArmy = -1, -1
	for seat := range s.Players {
		for h := range s.Players[seat].Hills {
			hl := &s.Players[seat].Hills[h]
			c, col := s.scoreHill(hl)
			all = append(all, hillScore{c, col})
			bestColony = max(bestColony, col)
			bestArmy = max(bestArmy, hl.Army)
		}
	}
	return all, bestColony, bestArmy
}

// total completes an anthill's categories with Colony and Army (§10).
func (x hillScore) total(army, bestColony, bestArmy int) Categories {
	c := x.c
	if x.colony == bestColony { // MIC-SCORE-2, MIC-AMB-11, MIC-AMB-19
		c.Colony = colonyVP
	}
	if army == bestArmy { // MIC-SCORE-5, MIC-BARR-5
		c.Army = armyVP
	}
	c.Sum = c.Population + c.Colony + c.Harvest + c.Royal + c.Army + c.Barracks // MIC-SCORE-7
	return c
}

// projected returns what each seat would score if the game ended now, as
// finish counts it, without changing or copying the state.
func (s *state) projected() []int {
	var buf [12]hillScore
	all, bestColony, bestArmy := s.appendHillScores(buf[:0])
	out := make([]int, s.N)
	i := 0
	for seat := range s.Players {
		for _, hl := range s.Players[seat].Hills {
			out[seat] += all[i].total(hl.Army, bestColony, bestArmy).Sum
			i++
		}
	}
	return out
}

// finish scores the game (§10, MIC-ADV-18) and ranks the players (§10.2).
func (s *state) finish() []engine.Event {
	all, bestColony, bestArmy := s.appendHillScores(nil)
	fin := &Final{Scores: make([]FinalScore, s.N)}
	res := &engine.Result{Scores: make([]int, s.N), Rank: make([]int, s.N)}
	for seat := range s.Players {
		fs := FinalScore{Seat: seat}
		for _, hl := range s.Players[seat].Hills {
			c := all[0].total(hl.Army, bestColony, bestArmy)
			all = all[1:]
			fs.Hills = append(fs.Hills, c)
			fs.Total.add(c)
			fs.Armies = append(fs.Armies, hl.Army)
		}
		slices.SortFunc(fs.Armies, func(a, b int) int { return b - a })
		fin.Scores[seat] = fs
		res.Scores[seat] = fs.Total.Sum
		for _, cat := range []struct {
			key string
			v   int
		}{{"mic.cat.population", fs.Total.Population}, {"mic.cat.colony", fs.Total.Colony}, {"mic.cat.harvest", fs.Total.Harvest},
			{"mic.cat.royal", fs.Total.Royal}, {"mic.cat.army", fs.Total.Army}, {"mic.cat.barracks", fs.Total.Barracks}} {
			res.Detail = append(res.Detail, engine.Score{Seat: engine.Seat(seat), Category: cat.key, Points: cat.v})
		}
	}
	// MIC-WIN-1..3, MIC-ADV-19, MIC-AMB-12, MIC-AMB-20: more VP, then the
	// larger single army, then the next; equal players share the rank.
	better := func(a, b *FinalScore) bool {
		if a.Total.Sum != b.Total.Sum {
			return a.Total.Sum > b.Total.Sum
		}
		return slices.Compare(a.Armies, b.Armies) > 0
	}
	for i := range fin.Scores {
		r := 1
		for j := range fin.Scores {
			if better(&fin.Scores[j], &fin.Scores[i]) {
				r++
			}
		}
		fin.Scores[i].Rank, fin.Scores[i].Winner = r, r == 1
		res.Rank[i] = r
	}
	s.Final, s.Res = fin, res
	s.Phase = phaseOver
	s.Current = -1
	var winners []string
	for i, fs := range fin.Scores {
		if fs.Winner {
			winners = append(winners, s.who(i))
		}
	}
	return []engine.Event{engine.Public("mic.game_over", map[string]string{"winners": joinComma(winners)})}
}

func (c *Categories) add(o Categories) {
	c.Population += o.Population
	c.Colony += o.Colony
	c.Harvest += o.Harvest
	c.Royal += o.Royal
	c.Army += o.Army
	c.Barracks += o.Barracks
	c.Sum += o.Sum
}

func joinComma(xs []string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}
