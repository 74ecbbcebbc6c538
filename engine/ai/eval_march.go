package ai

import (
	"sync"

	"formica/engine/march"
)

// marchRules is one rule set with its printed components, the same
// embedded file a match of it binds (march.State names its rule set only).
type marchRules struct {
	*march.RuleSet
	data *march.Data
}

var marchData = sync.OnceValue(func() map[string]*marchRules {
	out := map[string]*marchRules{}
	for _, r := range []*march.RuleSet{march.Edition1(), march.Evolved()} {
		d, err := r.LoadData(r.Data)
		if err != nil {
			continue
		}
		out[r.ID] = &marchRules{RuleSet: r, data: d}
	}
	out[""] = out["1e"]
	return out
})

// marchWeights are the evaluation's terms (see marchEval).
type marchWeights struct {
	central, site float64 // per future Slumber / Harvest still to come
	awards        float64 // the final awards as they stand, at the end
	ant, food     float64
	larva, card   float64
	tie           float64 // per ant: the tie-break (MOA1-END-4)
	starve        float64 // share of the starvation points counted (MOAE-QUEEN-6)
	goal          float64 // per future Slumber: Colony Goals and species as they stand
	gt            float64 // Evolved: the Great Tunnel reward tile's spoils by strength now
}

var marchW = marchWeights{central: 0.7, site: 0.7, awards: 1, ant: 0.3, food: 0.3, larva: 0.1, card: 0.3, tie: 0.01, starve: 1, goal: 0.7, gt: 0.7}

// marchEval is each colony's final score as the position promises it,
// seat's against the best other's: its colony points now, the central
// hexes it controls for every Slumber still to come (MOA1-SLUMBER-2), what
// its sites yield at every Harvest to come (MOA1-QUEEN-2, -4), the final
// awards it would get as things stand (MOA1-END-2, -3: in a game where
// the winner often has about ten points, three for the most larvae, food
// or cards decide it), and a little for what makes points later: ants,
// food, larvae and cards, as the coming Feeding leaves them. Ants also
// break a tie of points (MOA1-END-4). It reads the state itself, not a
// view (a view costs some thirty times more), and only what every seat
// sees: the board, the Nests, the number of cards in each hand.
func marchEval(s *march.State, seat int, w marchWeights) float64 {
	r := marchData()[s.Rules]
	if r == nil || seat < 0 || seat >= len(s.Players) {
		return 0
	}
	d := r.data
	slumbers, harvests := marchToCome(s)
	scores := make([]float64, len(s.Players))
	ants := make([]int, len(s.Players))
	central := 1.0
	if d.Settings != nil && d.Settings.InnerMeadowCP > 0 {
		central = float64(d.Settings.InnerMeadowCP) // MOAE-SLUMBER-1
	}
	for p := range scores {
		// MOA1-SLUMBER-2: what each Slumber to come scores
		scores[p] += w.central * central * float64(slumbers*s.CentralHexes(p))
		if w.goal != 0 {
			// MOA1-SLUMBER-3, MOAE-SLUMBER-2, MOAE-ANC-5: goals in play
			// and the species' conditions, as far as they are met now
			scores[p] += w.goal * float64(slumbers*s.GoalsCP(p))
		}
	}
	if w.gt != 0 {
		marchGTSpoils(s, d, w, scores)
	}
	for i := range s.Tiles {
		t := &s.Tiles[i]
		for p, n := range t.Out {
			if p < len(ants) {
				ants[p] += n
			}
		}
		for _, o := range t.Sites {
			if o >= 0 && o < len(ants) {
				ants[o]++
			}
		}
		if t.Num == 0 || t.Num > len(d.Hexes) {
			continue
		}
		h := d.Hex(t.Num)
		if h == nil || len(h.Sites) != len(t.Sites) {
			continue
		}
		for k, o := range t.Sites {
			if o < 0 {
				continue
			}
			switch h.Sites[k].Res { // MOA1-QUEEN-2: what each Harvest to come yields
			case march.ResCP:
				scores[o] += w.site * float64(harvests)
			case march.ResFood:
				scores[o] += w.food * float64(harvests)
			case march.ResLarva:
				scores[o] += w.larva * float64(harvests)
			case march.ResLarva2:
				scores[o] += 2 * w.larva * float64(harvests)
			case march.ResCard:
				scores[o] += w.card * float64(harvests)
			}
		}
	}
	fed := feedAhead(s)
	res := make([][3]int, len(s.Players)) // larvae, food, cards: the awards' counts
	for i := range s.Players {
		p := &s.Players[i]
		food, larvae, n := p.Food+p.RestFood, p.Larvae+p.RestLarva, ants[i]
		starved := p.Starved
		if fed {
			var unfed bool
			food, larvae, n, unfed = feed(r, p, food, larvae, n)
			if unfed && d.Settings != nil {
				scores[i] -= w.starve * float64(d.Settings.StarvationCP) // MOAE-QUEEN-6
				starved = starved || s.Round >= s.Rounds                 // MOAE-QUEEN-7: autumn
			}
		}
		res[i] = [3]int{larvae, food, len(p.Hand)}
		if starved {
			res[i] = [3]int{-1, -1, -1} // MOAE-END-3: no award
		}
		scores[i] += float64(p.CP) + w.ant*float64(n) + w.food*float64(food) +
			w.larva*float64(larvae) + w.card*float64(len(p.Hand)) + w.tie*float64(n)
	}
	if w.awards > 0 {
		pts, tie := 3, 1
		if st := d.Settings; st != nil {
			pts, tie = st.AwardCP, st.AwardTieCP
		}
		k := w.awards * marchAwardWeight(s)
		for a := range 3 { // MOA1-END-2: brood, storehouse, potential
			best, who := 0, 0
			for i := range res {
				switch v := res[i][a]; {
				case v > best:
					best, who = v, 1
				case v == best:
					who++
				}
			}
			if best == 0 {
				continue
			}
			got := float64(pts)
			if who > 1 {
				got = float64(tie)
			}
			for i := range res {
				if res[i][a] == best {
					scores[i] += k * got
				}
			}
		}
	}
	return marginF(scores, seat)
}

// feedAhead: this round's Feeding is still to come (the Queen phase is
// left out: whether its Feeding is done does not show).
func feedAhead(s *march.State) bool {
	return s.Phase == march.PhaseWorker || s.Phase == march.PhaseSoldier
}

// feed is what a colony keeps after the Feeding (MOA1-QUEEN-5..10): one
// food feeds the rule set's ants plus one per abdomen Evolution, hungry
// ants eat larvae, the rest die (the Evolved edition's unfed ants die at
// once, MOAE-QUEEN-5); unfed says some went unfed.
func feed(r *marchRules, p *march.Player, food, larvae, ants int) (int, int, int, bool) {
	per := r.FeedPerFood + len(p.Evo[2])
	if per <= 0 || ants == 0 {
		return food, larvae, ants, false
	}
	need := (ants + per - 1) / per
	if food >= need {
		return food - need, larvae, ants, false
	}
	hungry := ants - food*per
	if !r.StarveDies {
		eat := min(larvae, hungry)
		larvae -= eat
		hungry -= eat
	}
	return 0, larvae, ants - hungry, hungry > 0
}

// marchToCome counts the Slumber phases and Harvests still ahead in the
// game, this round's included while they are.
func marchToCome(s *march.State) (slumbers, harvests int) {
	left := s.Rounds - s.Round // whole rounds after this one
	switch s.Phase {
	case march.PhaseSetup, march.PhaseWorker, march.PhaseSoldier:
		return left + 1, left + 1
	case march.PhaseQueen:
		return left + 1, left
	case march.PhaseOver:
		return 0, 0
	}
	return left, left
}

// marchAwardWeight is how much the awards as they stand now count: food,
// larvae and cards change hands every round (feeding eats food, the
// Royal Decree adds some), so only late in the game are they what the
// end will see.
func marchAwardWeight(s *march.State) float64 {
	if s.Rounds <= 0 {
		return 0
	}
	return float64(s.Round) / float64(s.Rounds)
}

// marchGTSpoils adds to scores what the Evolved Great Tunnel battle still
// ahead this round (MOAE-SOLD-1: it opens the Soldier phase) would give
// as the tunnel stands: the reward tile's spoils by place (MOAE-GT-9), the
// places ranked by ants plus head Evolutions (MOAE-BATTLE-3; the ferocity
// cards are unknown), equal strengths sharing their places' spoils; a
// lone colony takes the 1st place's. With 2 players the Old Guard fights
// as a player with the round's number of ants and loses its ties
// (MOAE-2P-6, -8, -10).
func marchGTSpoils(s *march.State, d *march.Data, w marchWeights, scores []float64) {
	if s.Phase != march.PhaseWorker || s.Reward == 0 || len(s.Tiles) == 0 {
		return
	}
	var tile *march.RewardTile
	for i := range d.Rewards {
		if d.Rewards[i].ID == s.Reward {
			tile = &d.Rewards[i]
		}
	}
	if tile == nil {
		return
	}
	gt := &s.Tiles[0]
	type fighter struct {
		seat     int // -1: the Old Guard
		strength float64
	}
	var fs []fighter
	for p := range s.Players {
		if p < len(gt.Out) && gt.Out[p] > 0 {
			fs = append(fs, fighter{p, float64(gt.Out[p] + len(s.Players[p].Evo[0]))})
		}
	}
	if len(fs) == 0 {
		return
	}
	if s.N == 2 {
		fs = append(fs, fighter{-1, float64(s.Round) - 0.5}) // below equal players
	}
	value := func(place int) float64 {
		if place >= len(tile.Places) {
			return 0
		}
		g := tile.Places[place]
		return float64(g.CP) + w.food*float64(g.Food) + w.larva*float64(g.Larvae) + w.card*float64(g.Cards)
	}
	for _, f := range fs {
		if f.seat < 0 {
			continue
		}
		above, equal := 0, 0
		for _, o := range fs {
			switch {
			case o.strength > f.strength:
				above++
			case o.strength == f.strength:
				equal++
			}
		}
		v := 0.0
		for k := above; k < above+equal; k++ {
			v += value(k)
		}
		scores[f.seat] += w.gt * v / float64(equal)
	}
}
