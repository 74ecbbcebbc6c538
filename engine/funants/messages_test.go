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

// Every key in en, ru, uk and pl with the same placeholders and the plural
// forms each language needs; uk and pl never fall back to English words.
func TestCatalog(t *testing.T) {
	msgs, err := funants.Messages()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckCatalog(t, msgs, func(key string) bool { return key == "game.name.Fun Ants" }) // the brand
}
