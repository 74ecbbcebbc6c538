package bot_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/micropolis"
	"formica/storage/storagetest"
)

// The creator removes an absent player (a newcomer takes the seat with
// `join`), then ends the game with the scores as they stand: the channel
// gets the ranking and the score table, and a watcher gets the table too
// (the timelapse, drawn only for games with a board, is in
// TestWatcherGetsEndPictures).
func TestKickAndEnd(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil), micropolisGame(t, false)) // no boards: quick under -race
	tb.ok("Alice", "new micropolis players=3 seed=42")
	tb.ok("Bob", "join")
	tb.ok("Carol", "join")
	rng := rand.New(rand.NewPCG(42, 3))
	for range 4 {
		tb.randomMove(rng)
	}
	tb.refused("Bob", "kick P3", "Only the game's creator")
	tb.refused("Alice", "kick", "Usage: kick <player>, by seat (P2) or name.")
	tb.refused("Alice", "kick P9", "Usage: kick <player>")
	tb.refused("Alice", "kick alice", "To leave the game yourself, use `leave`.")
	tb.want("Alice", "kick carol", "P3 Carol is removed from the game.")
	if got := lastPost(tb.out.Messages()).Text; !strings.HasPrefix(got, "Alice removed P3 Carol from the game; their seat takes default answers until someone takes it with `join`.") {
		t.Fatalf("kick post %q", got)
	}
	tb.refused("Alice", "kick P3", "P3 Carol has already left the game")
	tb.want("Dave", "join", "P3")
	if m := tb.match(); userAt(m, 2) != "dave" {
		t.Fatalf("seat P3 is %q's, want dave's", userAt(m, 2))
	}
	tb.want("Carol", "watch", "You now get every turn")
	for range 2 {
		tb.randomMove(rng)
	}

	m := tb.match()
	st, err := micropolis.Game.Decode(m.Snapshot)
	if err != nil {
		t.Fatal(err)
	}
	scores := st.(engine.Progress).Standing().Scores
	tb.want("Alice", "end", "This ends the Micropolis game now, with the scores as they stand, for everyone. To end it, send `end yes`.")
	sent := len(tb.out.Messages())
	tb.want("Alice", "end yes", "The game is over.")
	posts, dms := postsSince(tb.out.Messages(), sent)
	if len(posts) != 2 {
		t.Fatalf("end posted %d channel messages, want the ranking and the score table (no board: no timelapse)", len(posts))
	}
	lines := strings.Split(posts[0].Text, "\n")
	if lines[0] != "Alice ended the game; the scores as they stand are final." || lines[1] != "🏁 Micropolis is over!" {
		t.Fatalf("end post %q", posts[0].Text)
	}
	best := 0
	for s, v := range scores {
		if v > scores[best] {
			best = s
		}
	}
	name := map[int]string{0: "Alice", 1: "Bob", 2: "Dave"}[best]
	if want := fmt.Sprintf("1. P%d %s: %d points", best+1, name, scores[best]); lines[2] != want {
		t.Fatalf("first rank %q, want %q (scores %v)", lines[2], want, scores)
	}
	if !strings.HasSuffix(posts[1].ImageName, "-scores.png") {
		t.Fatalf("end picture %q", posts[1].ImageName)
	}
	var got []string
	for _, dm := range dms {
		if dm.User == "carol" && dm.ImageName != "" {
			got = append(got, dm.ImageName[strings.LastIndex(dm.ImageName, "-"):])
		}
	}
	if strings.Join(got, " ") != "-scores.png" {
		t.Fatalf("the watcher got pictures %v, want the score table", got)
	}
	for _, dm := range dms {
		if dm.User == "carol" && len(dm.Buttons) > 0 {
			t.Fatalf("the watcher got buttons")
		}
	}
	if got := tb.cmd("Alice", "stats"); !strings.Contains(got, "Micropolis") {
		t.Fatalf("stats after the end: %q", got)
	}
	tb.refused("Alice", "end yes", "")
}

// At a game's natural end a watcher gets the end pictures (the score
// table and the timelapse) by DM, as the channel does, and never a
// player's private view or event.
func TestWatcherGetsEndPictures(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	startPile(tb, "size=3")
	tb.want("Carol", "watch", "You now get every turn")
	sent := len(tb.out.Messages())
	tb.ok("Alice", "take 3")
	_, dms := postsSince(tb.out.Messages(), sent)
	var names []string
	for _, dm := range dms {
		if dm.User != "carol" {
			continue
		}
		names = append(names, dm.ImageName)
		if strings.Contains(dm.Text, "You drew") {
			t.Fatalf("the watcher got a player's private event: %q", dm.Text)
		}
	}
	if strings.Join(names, " ") != "pile-1.png pile-scores.png pile-timelapse.gif" {
		t.Fatalf("the watcher got images %v, want the board, the score table and the timelapse", names)
	}
}
