package myrmes

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// Every key the game emits has a text in en, ru, uk and pl whose
// placeholders are among its arguments.
func TestMessages(t *testing.T) {
	for _, lang := range []string{"en", "ru", "uk", "pl"} {
		if Messages[lang] == nil {
			t.Errorf("no %s catalog", lang)
		}
	}
	enginetest.CheckMessages(t, Game, Messages, []engine.Setup{
		{Game: "myrmes", Seats: 4, Seed: 1},
		{Game: "myrmes", Seats: 2, Seed: 2},
		{Game: "myrmes", Seats: 3, Seed: 5, Options: map[string]string{"upgrade": "and"}},
	})
}
