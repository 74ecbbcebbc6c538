package bot_test

import (
	"strings"
	"testing"

	"formica/storage/storagetest"
)

// A player may leave a running game: their seat takes default answers at
// once and from then on, and anyone not playing may join to take it over
// under their own name; with too few players left the game is aborted.
func TestLeaveAndTakeOver(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	tb.ok("Alice", "new pile size=30")
	tb.ok("Bob", "join")
	tb.ok("Carol", "join")
	tb.ok("Alice", "start")

	tb.out.Reset()
	if got := tb.cmd("Bob", "leave"); !strings.Contains(got, "You left the game") {
		t.Fatalf("leave replied %q", got)
	}
	if post := lastPost(tb.out.Messages()); !strings.Contains(post.Text, "P2 Bob left the game: their seat takes default answers") {
		t.Fatalf("the channel heard %q", post.Text)
	}
	tb.refused("Bob", "leave", "You have left this game")

	seq := tb.match().Seq
	tb.ok("Alice", "take 1")
	if got := tb.match().Seq; got != seq+2 {
		t.Fatalf("%d answers after Alice's move, want 2 (hers and the absent seat's default)", got-seq)
	}
	tb.refused("Bob", "take 1", "not your turn")

	tb.out.Reset()
	if got := tb.cmd("Dave", "join"); !strings.Contains(got, "You now play P2 Dave") {
		t.Fatalf("join replied %q", got)
	}
	if post := lastPost(tb.out.Messages()); !strings.Contains(post.Text, "Dave takes over P2 Bob: the seat is now P2 Dave.") {
		t.Fatalf("the channel heard %q", post.Text)
	}
	tb.refused("Bob", "join", "every seat is taken")
	tb.ok("Carol", "take 1")
	tb.ok("Alice", "take 1")
	seq = tb.match().Seq
	tb.ok("Dave", "take 2") // the seat is played again, not defaulted
	if m := tb.match(); m.Seq != seq+1 {
		t.Fatalf("Dave's move took %d answers", m.Seq-seq)
	}

	tb.ok("Carol", "leave")
	tb.ok("Alice", "leave")
	if post := lastPost(tb.out.Messages()); !strings.Contains(post.Text, "fewer than 2 players remain, so the game is aborted") {
		t.Fatalf("with one player left the channel heard %q", post.Text)
	}
	tb.refused("Dave", "status", "No game in this channel")
}
