package myrmes

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// Every key the game emits has a text in en, ru, uk and pl whose
// placeholders are among its arguments.
func TestMessages(t *testing.T) {
	msgs, err := Messages()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckMessages(t, Game, msgs, []engine.Setup{
		{Game: "myrmes", Seats: 4, Seed: 1},
		{Game: "myrmes", Seats: 2, Seed: 2},
		{Game: "myrmes", Seats: 3, Seed: 5, Options: map[string]string{"upgrade": "and"}},
	})
}

// Every key in the four languages with the same placeholders.
func TestCatalog(t *testing.T) {
	msgs, err := Messages()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckCatalog(t, msgs, nil)
}
