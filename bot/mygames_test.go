package bot_test

import (
	"strings"
	"testing"

	"formica/storage/storagetest"
)

// mygames lists a player's running games across channels, the ones waiting
// for them first, privately; lobbies and other people's games are not
// listed.
func TestMyGames(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil), micropolisGame(t, false))
	tb.ch = "first"
	tb.ok("Alice", "new micropolis players=2 seed=42")
	tb.ok("Bob", "join")
	tb.ch = "second"
	tb.ok("Bob", "new micropolis players=2 seed=43")
	tb.ok("Alice", "join")
	tb.ch = "third"
	tb.ok("Alice", "new micropolis players=3")
	tb.ch = "fourth"
	tb.ok("Bob", "new micropolis players=2 seed=44")
	tb.ok("Carol", "join")

	got := tb.cmd("Alice", "mygames")
	want := []string{
		"Your games (1 waiting for you):",
		"▶ Micropolis in first, move 0: your turn",
		"• Micropolis in second, move 0: waiting for P1 Bob",
	}
	at := -1
	for _, w := range want {
		i := strings.Index(got, w)
		if i < 0 || i < at {
			t.Fatalf("mygames replied\n%s\nwant %q after the lines before it", got, w)
		}
		at = i
	}
	if strings.Contains(got, "third") || strings.Contains(got, "fourth") {
		t.Errorf("a lobby or another's game is listed:\n%s", got)
	}
	if got := tb.cmd("Dave", "mygames"); !strings.Contains(got, "You are not playing any game here") {
		t.Errorf("a player without games got %q", got)
	}
}
