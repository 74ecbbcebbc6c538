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

// Every key in en, ru, uk and pl with the same placeholders and the plural
// forms each language needs; uk and pl never fall back to English words
// (centurion is Polish too).
func TestCatalog(t *testing.T) {
	msgs, err := micropolis.Messages()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckCatalog(t, msgs, func(key string) bool { return key == "mic.master.centurion" || key == "game.name.Micropolis" })
}
