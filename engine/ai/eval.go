package ai

import (
	"formica/engine"
	"formica/engine/funants"
	"formica/engine/myrmes"
)

// Evaluate scores s for seat from what seat sees, higher is better: a
// finished game by rank (and score), a running one by the game's scoring
// as it stands, seat's points against the best of the others'.
func Evaluate(s engine.State, seat engine.Seat) float64 {
	if r := s.Result(); r != nil {
		return 1000*reward(r, seat) + margin(r.Scores, int(seat))
	}
	switch v := s.View(seat).(type) {
	case funants.View:
		return funantsEval(v, int(seat))
	case myrmes.View:
		scores := make([]float64, len(v.Players))
		for i, p := range v.Players {
			// Victory points, then what makes them: ants, resources.
			scores[i] = float64(p.Score) + 0.3*float64(p.Workers+p.Soldiers+p.Nurses) +
				0.1*float64(p.Store[0]+p.Store[1]+p.Store[2]+p.Larvae)
		}
		return marginF(scores, int(seat))
	}
	if p, ok := s.(engine.Progress); ok {
		if sc := p.Standing().Scores; len(sc) > int(seat) {
			return margin(sc, int(seat))
		}
	}
	return 0
}

// funantsEval: the race to build the anthill (FUN-WIN), cakes to pay for
// it and ants on the board.
func funantsEval(v funants.View, seat int) float64 {
	scores := make([]float64, len(v.Players))
	for i, p := range v.Players {
		scores[i] = 8*float64(len(p.Levels)+len(p.Captured)) + float64(p.Tokens) + 0.3*float64(p.HandSize) +
			0.5*float64(len(p.Entrances))
	}
	for _, c := range v.Cells {
		for _, a := range c.Ants {
			if a.Owner >= 0 && a.Owner < len(scores) {
				scores[a.Owner] += 0.4
			}
		}
	}
	return marginF(scores, seat)
}

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
