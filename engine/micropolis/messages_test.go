package micropolis_test

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/micropolis"
)

// Every event, step, option label, prompt kind and score category has English
// and Russian text whose placeholders exist in the arguments.
func TestMessages(t *testing.T) {
	msgs, err := micropolis.Messages()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckMessages(t, micropolis.Game, msgs, []engine.Setup{
		{Game: "micropolis", Seats: 4, Seed: 1},
		{Game: "micropolis", Seats: 3, Seed: 2, Options: map[string]string{"variant": "twohills"}},
	})
}
