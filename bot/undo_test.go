package bot_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"formica/bot"
	"formica/engine"
	"formica/storage"
	"formica/storage/storagetest"
)

// Rand makes the pile's card draw a random draw the engine reports
// (engine.Drawer): a take may not be undone alone.
func (s *pileState) Rand() *engine.RNG { return s.RNG }

// standingLog is the answers of a stored log that stand, read here
// without the service: an entry of seat -1 "undo k" keeps the first k.
func standingLog(t testing.TB, db *storage.DB, id string) []engine.Answer {
	t.Helper()
	log, err := db.Log(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.Answer
	for _, e := range log {
		if e.Seat == engine.NoSeat && len(e.Path) == 2 && e.Path[0] == "undo" {
			k, err := strconv.Atoi(e.Path[1])
			if err != nil || k > len(out) {
				t.Fatalf("bad undo entry %+v", e)
			}
			out = out[:k]
			continue
		}
		out = append(out, e.Answer())
	}
	return out
}

// replayHash replays the standing answers of the table's match and checks
// that they lead to the stored snapshot.
func (tb *table) replayHash(d *engine.Descriptor) []engine.Answer {
	tb.t.Helper()
	m := tb.match()
	live := standingLog(tb.t, tb.db, m.ID)
	rm, err := engine.Replay(d, m.Setup, live)
	if err != nil {
		tb.t.Fatalf("replaying the standing log: %v", err)
	}
	if h, _ := engine.Hash(rm.State); h != m.Hash {
		tb.t.Fatalf("the standing log replays to %s, the match is %s", h, m.Hash)
	}
	return live
}

func postsSince(msgs []bot.Message, n int) (posts, dms []bot.Message) {
	for _, m := range msgs[n:] {
		switch m.To {
		case bot.Channel:
			posts = append(posts, m)
		case bot.Direct:
			dms = append(dms, m)
		}
	}
	return posts, dms
}

// A player takes back their own move until another player moves or a move
// draws at random; past that, the table is asked and every affected player
// must agree. The channel is told what no longer stands, with the board as
// it is again; a private view that changed is sent again.
func TestUndo(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	startPile(tb, "size=10")
	start := tb.match().Hash

	tb.ok("Alice", "pass")
	sent := len(tb.out.Messages())
	tb.want("Alice", "undo", "Done: moves taken back: 1.")
	m := tb.match()
	if m.Seq != 2 || m.Hash != start {
		t.Fatalf("after the undo: seq %d hash %s, want 2 and the start's %s", m.Seq, m.Hash, start)
	}
	if live := tb.replayHash(pileGame); len(live) != 0 {
		t.Fatalf("standing answers after the undo: %v", live)
	}
	posts, _ := postsSince(tb.out.Messages(), sent)
	if len(posts) != 1 {
		t.Fatalf("the undo posted %d channel messages, want 1: %+v", len(posts), posts)
	}
	want := "↩ P1 Alice took back the moves from #1 on: everything posted after move #0 no longer stands. The board as it is now:\n▶ P1 Alice: take or pass"
	if posts[0].Text != want || len(posts[0].Image) == 0 || len(posts[0].Buttons) == 0 {
		t.Fatalf("undo post %q (image %d bytes, %d button rows), want %q with the board and buttons", posts[0].Text, len(posts[0].Image), len(posts[0].Buttons), want)
	}
	tb.want("Bob", "log", "#2 P1 Alice took back the moves after #0.")
	if got := tb.cmd("Bob", "log"); strings.Contains(got, "#1 ") {
		t.Fatalf("log still narrates the move taken back: %q", got)
	}

	tb.refused("Bob", "undo", "You have no move to take back.")
	tb.refused("Alice", "undo 0", "Usage: undo, undo 2")
	tb.ok("Alice", "pass") // #3
	tb.ok("Bob", "pass")   // #4
	tb.refused("Alice", "undo", "P2 Bob has moved since, so you can't take your move back alone. Ask the table: `undo ask`.")
	tb.refused("Bob", "undo 2", "You can take back only your last 1 moves yourself.")
	afterPasses := tb.match().Hash

	tb.ok("Alice", "take 1") // #5 draws a card at random
	stale := lastPost(tb.out.Messages()).Buttons[0][0].Data
	tb.refused("Alice", "undo", "Move #5 revealed something hidden or drew at random, so it can't be taken back alone.")
	tb.want("Alice", "undo ask", "You asked P2 Bob to agree to take back the moves from #5 on.")
	if got := lastPost(tb.out.Messages()).Text; got != "↩ P1 Alice asks to take back the moves from #5 on. P2 Bob: agree with `undo yes` or refuse with `undo no`." {
		t.Fatalf("the request posted %q", got)
	}
	tb.refused("Carol", "undo yes", "not playing")
	tb.refused("Alice", "undo yes", "P1 Alice's request to take moves back does not need your agreement.")
	sent = len(tb.out.Messages())
	tb.want("Bob", "undo yes", "You agreed to take back P1 Alice's moves.")
	if m := tb.match(); m.Hash != afterPasses || m.Seq != 6 {
		t.Fatalf("after the agreed undo: seq %d hash %s, want 6 and %s", m.Seq, m.Hash, afterPasses)
	}
	if live := tb.replayHash(pileGame); len(live) != 2 {
		t.Fatalf("standing answers %v, want the two passes", live)
	}
	_, dms := postsSince(tb.out.Messages(), sent)
	var alice *bot.Message
	for i := range dms {
		if dms[i].User == "alice" {
			alice = &dms[i]
		}
	}
	if alice == nil || alice.Text != "↩ Pile: P1 Alice took back the moves from #5 on; what you were told of them no longer stands." || len(alice.Image) == 0 {
		t.Fatalf("Alice's hand was not sent again with the notice: %+v", alice)
	}
	tb.refused("Bob", "press:"+stale, "")
	tb.refused("Bob", "undo yes", "Nobody is asking to take moves back right now.")

	// A refusal closes the request; a move voids it.
	tb.ok("Alice", "take 2") // #7
	tb.ok("Alice", "undo ask")
	tb.want("Bob", "undo no", "You refused to take back P1 Alice's moves.")
	tb.refused("Bob", "undo yes", "Nobody is asking")
	tb.ok("Alice", "undo ask")
	tb.ok("Bob", "pass")
	tb.refused("Bob", "undo yes", "Nobody is asking")
	tb.replayHash(pileGame)
}
