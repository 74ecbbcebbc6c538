package myrmes

import "formica/engine"

// Standing implements engine.Progress: the year of three and the score
// track, which everyone sees (MYR-SETUP-10: it starts at 10 VP; points are
// scored at once, MYR-HUNT-3, MYR-PHER-5).
func (g *state) Standing() engine.Standing {
	st := engine.Standing{Round: min(g.Year, 3), Rounds: 3, Scores: make([]int, len(g.Players))}
	for i, p := range g.Players {
		st.Scores[i] = p.Score
	}
	return st
}
