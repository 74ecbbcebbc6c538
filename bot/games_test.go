package bot_test

import (
	"context"
	"strings"
	"testing"

	"formica/bot"
	"formica/storage/storagetest"
)

// `games` lists the games of the caller's chat (its topics or threads),
// in lobby or with whose move each waits for; another chat's are not
// listed.
func TestGamesInChat(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	say := func(chat, channel, user, text string) string {
		t.Helper()
		c := bot.Command{Platform: "console", Chat: chat, Channel: channel, Text: text,
			User: bot.User{Platform: "console", ID: strings.ToLower(user), Name: user}}
		var out []string
		for _, m := range tb.svc.Handle(context.Background(), c) {
			out = append(out, m.Text)
		}
		if err := tb.svc.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		return strings.Join(out, "\n")
	}
	if got := say("g1", "g1/7", "Alice", "games"); !strings.Contains(got, "No games here.") {
		t.Fatalf("games in an empty chat: %q", got)
	}
	say("g1", "g1/7", "Alice", "new pile size=5")
	say("g1", "g1/7", "Bob", "join")
	say("g1", "g1/7", "Alice", "start")
	say("g1", "g1/7", "Alice", "take 1")
	say("g1", "g1/8", "Carol", "new pile")
	say("g2", "g2", "Dave", "new pile")
	want := "Games here (2):\n• Pile in g1/7, move 1: waiting for P2 Bob\n• Pile in g1/8: waiting for players (1 joined)"
	if got := say("g1", "g1/8", "Bob", "games"); got != want {
		t.Fatalf("games in g1:\n%s\nwant\n%s", got, want)
	}
	if got := say("g2", "g2", "Bob", "games"); got != "Games here (1):\n• Pile in g2: waiting for players (1 joined)" {
		t.Fatalf("games in g2: %q", got)
	}
}
