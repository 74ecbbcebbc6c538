package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/bottest"
	"formica/storage"
	"formica/storage/storagetest"
)

// table drives one service in one console channel as several users.
type table struct {
	t   *testing.T
	svc *bot.Service
	db  *storage.DB
	out *bottest.Recorder
	ch  string
}

func newTable(t *testing.T, db *storage.DB, games ...bot.Game) *table {
	t.Helper()
	if len(games) == 0 {
		games = []bot.Game{pile()}
	}
	svc, err := bot.New(bot.Config{Store: db, Games: games, Seed: func() uint64 { return 7 },
		Clock: func() time.Time { return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) }})
	if err != nil {
		t.Fatal(err)
	}
	rec := &bottest.Recorder{}
	svc.Attach("console", rec)
	return &table{t: t, svc: svc, db: db, out: rec, ch: "table1"}
}

// cmd runs text as user and returns the caller's replies joined.
func (tb *table) cmd(user, text string) string {
	tb.t.Helper()
	return tb.run(bot.Command{Text: text}, user)
}

func (tb *table) press(user, data string) string {
	tb.t.Helper()
	return tb.run(bot.Command{Press: data}, user)
}

func (tb *table) run(c bot.Command, user string) string {
	tb.t.Helper()
	c.Platform, c.Channel = "console", tb.ch
	c.User = bot.User{Platform: "console", ID: strings.ToLower(user), Name: user}
	msgs := tb.svc.Handle(context.Background(), c)
	var texts []string
	for _, m := range msgs {
		if m.To != bot.Caller || m.User != c.User.ID {
			tb.t.Fatalf("reply %+v is not for the caller", m)
		}
		texts = append(texts, m.Text)
	}
	if err := tb.svc.Flush(context.Background()); err != nil {
		tb.t.Fatalf("flush: %v", err)
	}
	return strings.Join(texts, "\n")
}

// want runs a command and checks that the reply contains want.
func (tb *table) want(user, text, want string) {
	tb.t.Helper()
	if got := tb.cmd(user, text); !strings.Contains(got, want) {
		tb.t.Fatalf("%s: %q replied %q, want it to contain %q", user, text, got, want)
	}
}

func (tb *table) match() *storage.Match {
	tb.t.Helper()
	m, err := tb.db.Match(context.Background(), storage.MatchKey{Platform: "console", Channel: tb.ch})
	if err != nil {
		tb.t.Fatal(err)
	}
	return m
}

func TestLobbyAndGame(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	tb.want("Alice", "new pile size=5", "Lobby")
	tb.want("Alice", "join", "already")
	tb.want("Bob", "join", "seat")
	tb.want("Bob", "start", "Only the game's creator")
	tb.want("Alice", "start", "started")
	if m := tb.match(); m.Status != storage.StatusActive || len(m.Players) != 2 {
		t.Fatalf("match %+v", m)
	}
	tb.want("Bob", "take 1", "not your turn")
	tb.want("Carol", "take 1", "not playing")
	tb.want("Alice", "take 9", "Take 1 to 3. Choose from `1`, `2`, `3`.")
	tb.want("Alice", "take", "«take» is not a whole move yet. Next comes “count”: choose from `1`, `2`, `3`.")
	tb.want("Alice", "take 2", "✓ take 2")
	tb.want("Bob", "pass", "✓")
	tb.want("Alice", "take 3", "✓")
	all := tb.out.Messages()
	last := lastPost(all)
	if !strings.Contains(last.Text, "over") {
		t.Fatalf("last post %q does not announce the end", last.Text)
	}
	if _, err := tb.db.Match(context.Background(), storage.MatchKey{Platform: "console", Channel: tb.ch}); err == nil {
		t.Fatal("finished match still in its channel")
	}
	for _, m := range all {
		t.Logf("%d %s %q buttons=%d img=%d", m.To, m.User, m.Text, len(m.Buttons), len(m.Image))
	}
}

// lastPost is the last channel post about a turn: the score table and
// timelapse that follow the end (timelapse_test.go) are not.
func lastPost(msgs []bot.Message) bot.Message {
	for i := len(msgs) - 1; i >= 0; i-- {
		if n := msgs[i].ImageName; strings.HasSuffix(n, "-scores.png") || strings.HasSuffix(n, "-timelapse.gif") {
			continue
		}
		if msgs[i].To == bot.Channel {
			return msgs[i]
		}
	}
	return bot.Message{}
}
