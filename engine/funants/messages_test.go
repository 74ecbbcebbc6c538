package funants_test

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/funants"
)

// Every event, step, option label and prompt kind has English and Russian
// text whose placeholders exist in the arguments.
func TestMessages(t *testing.T) {
	msgs, err := funants.Messages()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckMessages(t, funants.Game, msgs, []engine.Setup{
		{Game: "funants", Seats: 2, Seed: 1},
		{Game: "funants", Seats: 3, Seed: 2},
		{Game: "funants", Seats: 4, Seed: 3, Options: map[string]string{"scenario": "classic-teams"}},
	})
}
