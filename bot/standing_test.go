package bot_test

import (
	"bytes"
	"image/png"
	"strings"
	"sync"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/bottest"
	"formica/storage/storagetest"
)

// Ratings follow the games in the order they finished (multiplayer Elo,
// K 32 from 1500: worked out by hand below), and reliability counts the
// moves a player made themselves among those of their seat; both come as
// text and as a table picture.
func TestRatingAndReliability(t *testing.T) {
	db := storagetest.Open(t, nil)
	var mu sync.Mutex
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	svc, err := bot.New(bot.Config{Store: db, Games: []bot.Game{pile()}, Seed: func() uint64 { return 7 },
		Clock: func() time.Time { mu.Lock(); defer mu.Unlock(); now = now.Add(time.Minute); return now }})
	if err != nil {
		t.Fatal(err)
	}
	rec := &bottest.Recorder{}
	svc.Attach("console", rec)
	tb := &table{t: t, svc: svc, db: db, out: rec, ch: "table1"}

	startPile(tb, "size=4") // Alice wins: 1516 / 1484
	tb.ok("Alice", "take 3")
	tb.ok("Bob", "take 1")
	tb.ok("Bob", "new pile size=3") // Bob wins: +32(1-E(1484,1516)) = 1501.47 / 1498.53
	tb.ok("Alice", "join")
	tb.ok("Bob", "start")
	tb.ok("Bob", "take 3")
	// Alice 3, Bob and Carol 1 (tied second), Carol new at 1500: each
	// rating moves by 32/2 times the sum of its two duels' surprise:
	// Alice 1514.63, Bob 1493.37, Carol 1492.00. Carol leaves at her
	// turn: her seat passes for her once.
	tb.ok("Alice", "new pile size=5")
	tb.ok("Bob", "join")
	tb.ok("Carol", "join")
	tb.ok("Alice", "start")
	tb.ok("Alice", "take 2")
	tb.ok("Bob", "take 1")
	tb.ok("Carol", "take 1")
	tb.ok("Alice", "pass")
	tb.ok("Bob", "pass")
	tb.ok("Carol", "leave")
	tb.ok("Alice", "take 1")

	c := bot.Command{Platform: "console", Channel: tb.ch, Text: "stats", User: bot.User{Platform: "console", ID: "alice", Name: "Alice"}}
	msgs := svc.Handle(t.Context(), c)
	if len(msgs) != 1 {
		t.Fatalf("stats: %+v", msgs)
	}
	want := "Alice's games:\n• Pile: 3 played, 2 won, 2.0 points on average\n  rating 1515; moves made in time: 4 of 4"
	if msgs[0].Text != want {
		t.Fatalf("stats:\n%s\nwant\n%s", msgs[0].Text, want)
	}
	img, err := png.Decode(bytes.NewReader(msgs[0].Image))
	if err != nil || img.Bounds().Dx() < 300 {
		t.Fatalf("stats picture: %v", err)
	}
	tb.want("Carol", "stats", "• Pile: 1 played, 0 won, 1.0 points on average\n  rating 1492; moves made in time: 1 of 2")
	c.Text = "leaderboard"
	msgs = svc.Handle(t.Context(), c)
	want = "Pile in this channel — wins, games, average score, rating:\n1. Alice: 2 of 3 won, 2.0 on average, rating 1515\n2. Bob: 1 of 3 won, 1.7 on average, rating 1493\n3. Carol: 0 of 1 won, 1.0 on average, rating 1492"
	if len(msgs) != 1 || msgs[0].Text != want || !strings.HasSuffix(msgs[0].ImageName, ".png") {
		t.Fatalf("leaderboard: %d replies, %q (%s)\nwant %q", len(msgs), msgs[0].Text, msgs[0].ImageName, want)
	}
}
