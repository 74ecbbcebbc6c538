package myrmes

import (
	"testing"

	"formica/engine"
)

// The standing is the public score track of each seat (MYR-SETUP-10: 10
// VP at the start) and the year.
func TestStanding(t *testing.T) {
	st, err := Game.New(engine.Setup{Game: "myrmes", Seats: 3, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	g := st.(*state)
	g.Players[1].Score = 17
	sd := g.Standing()
	if sd.Round != 1 || sd.Rounds != 3 || len(sd.Scores) != 3 || sd.Scores[0] != 10 || sd.Scores[1] != 17 || sd.Scores[2] != 10 || sd.Projected {
		t.Fatalf("standing %+v, want year 1 of 3 and scores 10 17 10", sd)
	}
}
