package bot_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"formica/bot"
	"formica/bot/bottest"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/micropolis"
	"formica/storage"
	"formica/storage/storagetest"
)

// `board <n>` shows the public board as it was after move n: the same
// picture the channel got after that move, with no buttons (it is
// history); a move that does not exist is refused in words with the range.
func TestBoardAfterMove(t *testing.T) {
	// Stand-in boards (one image per view): a board shown again is the
	// same bytes exactly, where a real one may differ in a few pixels
	// (the PNG encoder's palette follows the boards drawn before).
	tb := newTable(t, storagetest.Open(t, nil), bottest.StandIn(micropolisGame(t, true)))
	tb.ok("Alice", "new micropolis players=2 seed=42")
	tb.ok("Bob", "join")
	posted := map[int][]byte{0: lastPost(tb.out.Messages()).Image}
	rng := rand.New(rand.NewPCG(42, 3))
	for k := 1; k <= 4; k++ {
		tb.randomMove(rng)
		posted[k] = lastPost(tb.out.Messages()).Image
	}
	if bytes.Equal(posted[0], posted[4]) {
		t.Fatal("the boards after move 0 and move 4 are one image: the test could not tell them apart")
	}
	for _, k := range []int{0, 2, 4} {
		msgs := tb.svc.Handle(context.Background(), bot.Command{Platform: "console", Channel: tb.ch, Text: "board " + itoa(k),
			User: bot.User{Platform: "console", ID: "carol", Name: "Carol"}})
		if len(msgs) != 1 || msgs[0].Refused {
			t.Fatalf("board %d: %+v", k, msgs)
		}
		m := msgs[0]
		if !bytes.Equal(m.Image, posted[k]) {
			t.Errorf("board %d is not the board posted after move %d", k, k)
		}
		if len(m.Buttons) != 0 {
			t.Errorf("board %d carries buttons: %v", k, m.Buttons)
		}
		if want := "after move " + itoa(k) + " of 4"; !strings.Contains(m.Text, want) {
			t.Errorf("board %d says %q, want %q", k, m.Text, want)
		}
	}
	tb.refused("Carol", "board 5", "this game has had 4 moves")
	tb.refused("Carol", "board -1", "`board 0` to `board 4`")
	tb.refused("Carol", "board two", "There is no move «two»")
	if got := tb.cmd("Carol", "board"); !strings.Contains(got, "move 4") {
		t.Errorf("board now says %q", got)
	}
}

func userAt(m *storage.Match, seat engine.Seat) string {
	for _, p := range m.Players {
		if p.Seat == seat {
			return p.User
		}
	}
	return ""
}

// randomMove makes a random legal Micropolis move as the player whose turn
// it is.
func (tb *table) randomMove(rng *rand.Rand) {
	tb.t.Helper()
	m := tb.match()
	st, err := micropolis.Game.Decode(m.Snapshot)
	if err != nil {
		tb.t.Fatal(err)
	}
	seat := st.Pending()[0].Seat
	path, err := enginetest.RandomPath(st, seat, rng)
	if err != nil {
		tb.t.Fatal(err)
	}
	tb.ok(userAt(m, seat), path.String())
}
