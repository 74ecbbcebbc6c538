package bot_test

import (
	"strings"
	"testing"

	"formica/bot"
	"formica/engine/funants"
	"formica/storage/storagetest"
)

// TestLobbyValidatesFreeTextOptions: a free-text setup option the game
// cannot start with is refused when the lobby opens, naming the option and
// its value, and no lobby is left behind; a good one opens the lobby and
// the game starts with it.
func TestLobbyValidatesFreeTextOptions(t *testing.T) {
	msgs, err := funants.Messages()
	if err != nil {
		t.Fatal(err)
	}
	fun := bot.Game{Descriptor: funants.Game, Messages: msgs}
	for _, tc := range []struct{ args, want string }{
		{"deck=999,-1", "deck=999,-1"},
		{"tokens=x,y", "tokens=x,y"},
		{"ants=zz:q9", "ants=zz:q9"},
		{"deck=3 tokens=banana", "tokens=banana"},
		{"players=2 anthills=nw,se,sw", "anthills=nw,se,sw"},
	} {
		t.Run(tc.args, func(t *testing.T) {
			tb := newTable(t, storagetest.Open(t, nil), fun)
			got := tb.cmd("Alice", "new funants "+tc.args)
			if !strings.Contains(got, tc.want) || !strings.Contains(got, "setup does not work") {
				t.Fatalf("new funants %s: %q, want a refusal naming %q", tc.args, got, tc.want)
			}
			if r := tb.cmd("Bob", "join"); !strings.Contains(r, "no game") && !strings.Contains(r, "No game") {
				t.Fatalf("a lobby was opened anyway: join replied %q", r)
			}
		})
	}
	t.Run("good deck", func(t *testing.T) {
		tb := newTable(t, storagetest.Open(t, nil), fun)
		tb.want("Alice", "new funants deck=3,1", "Fun Ants")
		tb.cmd("Bob", "join")
		tb.cmd("Alice", "start")
		if m := tb.match(); m.Status != "active" {
			t.Fatalf("match is %q after start", m.Status)
		}
	})
}
