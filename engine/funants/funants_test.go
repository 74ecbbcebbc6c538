package funants_test

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/funants"
)

func setups() []engine.Setup {
	mk := func(n int, opts map[string]string) engine.Setup {
		return engine.Setup{Game: "funants", Seats: n, Seed: uint64(n*1000 + len(opts)), Options: opts}
	}
	var out []engine.Setup
	for _, sc := range []string{funants.Classic, funants.Pyramids} {
		out = append(out,
			mk(2, map[string]string{"scenario": sc, "layout": "adjacent"}),
			mk(2, map[string]string{"scenario": sc, "layout": "diagonal"}),
			mk(3, map[string]string{"scenario": sc}),
			mk(4, map[string]string{"scenario": sc}))
	}
	for _, sc := range []string{funants.ClassicTeams, funants.PyramidsTeams} {
		out = append(out,
			mk(4, map[string]string{"scenario": sc, "allies": "diagonal"}),
			mk(4, map[string]string{"scenario": sc, "allies": "adjacent"}))
	}
	return out
}

// TestRandomGames plays random games in every scenario and player count and
// checks the invariants: every game ends, no negative resources, at most two
// ants of a player per cell (FUN-CELL-1), one ant on a cake cell (FUN-CELL-2),
// two on a centre cell (FUN-CELL-3).
func TestRandomGames(t *testing.T) {
	games := 150
	if testing.Short() {
		games = 2
	}
	enginetest.Run(t, funants.Game, enginetest.Config{
		Setups: setups(), Games: games, MaxAnswers: 20000,
		Check: func(t testing.TB, s engine.State) {
			v := s.View(engine.NoSeat).(funants.View)
			for _, p := range v.Players {
				if p.Tokens < 0 || p.Workers < 0 || p.Soldiers < 0 {
					t.Fatalf("negative resources: %+v", p)
				}
			}
			for _, c := range v.Cells {
				per := map[int]int{}
				for _, a := range c.Ants {
					per[a.Owner]++
					if per[a.Owner] > 2 {
						t.Fatalf("cell %s holds 3 ants of P%d", c.ID, a.Owner+1)
					}
				}
				if (c.Kind == funants.KindCake && len(c.Ants) > 1) || (c.Kind == funants.KindCentre && len(c.Ants) > 2) {
					t.Fatalf("cell %s over its limit: %d ants", c.ID, len(c.Ants))
				}
			}
		},
	})
}
