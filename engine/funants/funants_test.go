package funants_test

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/funants"
)

// setups covers every player count, layout and scenario. near starts the
// Pyramids games with two levels already captured by each player (the
// "captured" option), so short runs stay short: random play needs thousands
// of answers to capture three levels from scratch.
func setups(pyr, near bool) []engine.Setup {
	var out []engine.Setup
	mk := func(n int, opts map[string]string, captured string) {
		if near && captured != "" {
			opts["captured"] = captured
		}
		out = append(out, engine.Setup{Game: "funants", Seats: n, Seed: uint64(n*1000 + len(out)), Options: opts})
	}
	if !pyr {
		mk(2, map[string]string{"scenario": funants.Classic, "layout": "adjacent"}, "")
		mk(2, map[string]string{"scenario": funants.Classic, "layout": "diagonal"}, "")
		mk(3, map[string]string{"scenario": funants.Classic}, "")
		mk(4, map[string]string{"scenario": funants.Classic}, "")
		mk(4, map[string]string{"scenario": funants.ClassicTeams, "allies": "diagonal"}, "")
		mk(4, map[string]string{"scenario": funants.ClassicTeams, "allies": "adjacent"}, "")
		return out
	}
	mk(2, map[string]string{"scenario": funants.Pyramids, "layout": "adjacent"}, "2,2")
	mk(2, map[string]string{"scenario": funants.Pyramids, "layout": "diagonal"}, "2,2")
	mk(3, map[string]string{"scenario": funants.Pyramids}, "2,2,2")
	mk(4, map[string]string{"scenario": funants.Pyramids}, "2,2,2,2")
	mk(4, map[string]string{"scenario": funants.PyramidsTeams, "allies": "diagonal"}, "2,2,2,2")
	mk(4, map[string]string{"scenario": funants.PyramidsTeams, "allies": "adjacent"}, "0,2,0,2")
	return out
}

// TestRandomGames plays random games in every scenario and player count and
// checks the invariants: every game ends, no negative resources, at most two
// ants of a player per cell (FUN-CELL-1), one ant on a cake cell (FUN-CELL-2),
// two on a centre cell (FUN-CELL-3).
func TestRandomGames(t *testing.T) {
	// Games per setup; -games=N raises them all for a nightly run (~1,900
	// games took ~30 min). Full Pyramids games take over ten seconds each,
	// so only the nightly run plays them from the start; by default they are
	// covered from a near-finished position.
	classic, near, pyr := enginetest.Games(12, 1), enginetest.Games(1, 1), enginetest.Games(0, 0)
	run := func(setups []engine.Setup, games, max, dead int) {
		if games > 0 {
			enginetest.Run(t, funants.Game, enginetest.Config{Setups: setups, Games: games, Short: games, MaxAnswers: max, Check: invariants, DeadEnds: dead})
		}
	}
	run(setups(false, false), classic, 5000, 0)
	nearSetups := setups(true, true)
	if testing.Short() {
		// One 2-player and one team Pyramids game.
		nearSetups = []engine.Setup{nearSetups[0], nearSetups[4]}
	}
	run(nearSetups, near, 100000, 100)
	run(setups(true, false), pyr, 400000, 100)
}

func invariants(t testing.TB, s engine.State) {
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
}

// TestScripts runs the rule scenarios in testdata/*.txt.
func TestScripts(t *testing.T) {
	enginetest.RunScripts(t, funants.Game, "testdata/*.txt")
}
