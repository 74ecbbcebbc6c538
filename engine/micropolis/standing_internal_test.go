package micropolis

import (
	"fmt"
	"slices"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// TestStandingProjectsFinish: the projected scores (MIC-SCORE-1..7, Colony
// and Army to the best of all anthills, MIC-AMB-11, MIC-BARR-5) are exactly
// what finish would give if the game ended now, before every answer of
// random games in both variants, and projecting changes nothing in the
// state (it no longer works on a copy).
func TestStandingProjectsFinish(t *testing.T) {
	for v, seats := range map[string][]int{Classic: {2, 4, 6}, TwoHills: {2, 3}} {
		for _, n := range seats {
			s := engine.Setup{Game: "micropolis", Seats: n, Seed: 11, Options: map[string]string{OptVariant: v}}
			for _, g := range enginetest.RandomGames(s.Seed, enginetest.Games(2, 1)) {
				s.Seed = g.Seed
				checked := 0
				_, err := enginetest.PlayRandom(Game, s, g.Rand(), 5000, func(m *engine.Match) {
					st := m.State.(*state)
					before, err := engine.Hash(st)
					if err != nil {
						t.Fatal(err)
					}
					got := st.Standing()
					c := st.Clone().(*state)
					c.finish()
					if !got.Projected || !slices.Equal(got.Scores, c.Res.Scores) {
						t.Fatalf("%s %dp %q round %d: Standing %v (projected %v), finish %v", g, n, v, st.Round, got.Scores, got.Projected, c.Res.Scores)
					}
					if after, _ := engine.Hash(st); after != before {
						t.Fatalf("%s %dp %q: Standing changed the state", g, n, v)
					}
					checked++
				})
				if err != nil {
					t.Fatal(fmt.Errorf("%s: %w", g, err))
				}
				if checked < 20 {
					t.Fatalf("%s: only %d positions checked", g, checked)
				}
			}
		}
	}
}
