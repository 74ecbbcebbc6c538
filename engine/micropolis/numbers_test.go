package micropolis

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// Every number a Micropolis text states (rules pages, refusals, option
// labels, events) agrees with the game's constants and behaviour, in every
// language (issue 13: every numeric text agrees with the data).
func TestTextNumbersMatchTheData(t *testing.T) {
	msgs, err := Messages()
	if err != nil {
		t.Fatal(err)
	}
	// The row's cost per earlier tile, as the game charges it.
	st, err := Game.New(engine.Setup{Game: Game.ID, Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	row := st.View(engine.NoSeat).(View).Row
	perTile := row[1].Cost - row[0].Cost
	free, cost4 := row[0].Cost, row[3].Cost
	lo, hi := Game.Seats(engine.Setup{Game: Game.ID, Options: map[string]string{"variant": "twohills"}})
	scoring := []int{1, colonyVP} // 1 point per ant (MIC-SCORE-1)
	for k := 1; k < len(harvestVP); k++ {
		scoring = append(scoring, k, harvestVP[k]) // MIC-SCORE-3
	}
	scoring = append(scoring, 1, armyVP) // 1 point per tile of a royal tunnel (MIC-SCORE-4)
	for k := 1; k < len(barracksVP); k++ {
		scoring = append(scoring, barracksVP[k], k) // MIC-SCORE-6
	}
	enginetest.CheckNumbers(t, msgs, enginetest.Numbers{
		Data: map[string][]int{
			"mic.capped":                enginetest.Ns(maxArmy),
			"mic.err.no_such_slot":      enginetest.Ns(0, ringSize-1),
			"mic.opt.take":              enginetest.Ns(perTile),
			"micropolis.option.variant": enginetest.Ns(lo, hi),
			"micropolis.rules.actions":  enginetest.Ns(maxArmy),
			"micropolis.rules.end":      enginetest.Ns(ringSize, ringSize), // 10 tiles, so 10 rounds
			"micropolis.rules.goal":     enginetest.Ns(ringSize),
			"micropolis.rules.scoring":  scoring,
			"micropolis.rules.setup":    enginetest.Ns(startArmy, rowSize, 1, rowSize, 1, 0, ringSize-1),
			"micropolis.rules.turn":     enginetest.Ns(1+free, 4, cost4, rowSize),
			"micropolis.summary":        enginetest.Ns(ringSize),
		},
		NotData: map[string]string{
			"mic.err.bad_centurion":   "zero: an army is never negative",
			"mic.err.no_such_pos":     "positions are numbered from 1",
			"micropolis.option.first": "seat numbers in an example value",
		},
	})
}
