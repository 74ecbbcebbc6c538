package bot_test

import (
	"strings"
	"testing"

	"formica/bot"
	"formica/engine/funants"
	"formica/storage/storagetest"
)

// One board post a turn: the sub-steps one player answers in a row are
// told to the channel together when the turn passes; meanwhile the player
// sees the board as it stands by DM, and nobody else hears anything.
func TestOnePostPerTurn(t *testing.T) {
	msgs, err := funants.Messages()
	if err != nil {
		t.Fatal(err)
	}
	board := func(any, string) ([]byte, error) { return []byte("board"), nil }
	hand := func(any, string) ([]byte, error) { return []byte("hand"), nil }
	game := bot.Game{Descriptor: funants.Game, Messages: msgs, Board: board, Private: hand}
	tb := newTable(t, storagetest.Open(t, nil), game)
	tb.cmd("Ann", "new funants players=2 seed=5")
	tb.cmd("Ben", "join")
	tb.cmd("Ann", "pass")
	tb.cmd("Ben", "pass")

	tb.out.Reset()
	tb.cmd("Ann", "hire w b1")
	var dm []bot.Message
	for _, m := range tb.out.Messages() {
		switch {
		case m.To == bot.Channel:
			t.Errorf("a sub-step of Ann's turn was posted to the channel: %q", m.Text)
		case m.User == "ann":
			dm = append(dm, m)
		default:
			t.Errorf("%s was told of Ann's sub-step: %q", m.User, m.Text)
		}
	}
	if len(dm) == 0 || !strings.Contains(dm[0].Text, "goes on") || string(dm[0].Image) != "board" {
		t.Fatalf("Ann did not get the board as it stands: %+v", dm)
	}
	for _, m := range dm {
		if string(m.Image) == "hand" {
			t.Errorf("Ann's hand was sent again though hiring changed nothing in it")
		}
	}

	tb.out.Reset()
	tb.cmd("Ann", "pass")
	var posts []string
	for _, m := range tb.out.Messages() {
		if m.To == bot.Channel {
			posts = append(posts, m.Text)
		}
	}
	if len(posts) != 1 {
		t.Fatalf("the turn passing posted %d times: %q", len(posts), posts)
	}
	for _, want := range []string{"hires a worker on b1", "ends the turn", "▶ P2 Ben"} {
		if !strings.Contains(posts[0], want) {
			t.Errorf("the turn's post lacks %q:\n%s", want, posts[0])
		}
	}
}

// A hand is re-sent when it changed, and only then.
func TestHandResentOnChange(t *testing.T) {
	msgs, err := funants.Messages()
	if err != nil {
		t.Fatal(err)
	}
	hand := func(any, string) ([]byte, error) { return []byte("hand"), nil }
	tb := newTable(t, storagetest.Open(t, nil), bot.Game{Descriptor: funants.Game, Messages: msgs, Private: hand})
	tb.cmd("Ann", "new funants players=2 seed=5")
	tb.cmd("Ben", "join")
	hands := func() (n int) {
		for _, m := range tb.out.Messages() {
			if string(m.Image) == "hand" {
				n++
			}
		}
		tb.out.Reset()
		return n
	}
	if n := hands(); n != 2 {
		t.Fatalf("%d hands sent at the start, want each player's", n)
	}
	for _, step := range []struct{ user, move string }{{"Ann", "pass"}, {"Ben", "pass"}, {"Ann", "hire w b1"}, {"Ann", "pass"}} {
		tb.cmd(step.user, step.move)
		if n := hands(); n != 0 {
			t.Fatalf("%s %q changed no hand but %d were sent", step.user, step.move, n)
		}
	}
	tb.cmd("Ben", "swap sabotage")
	if n := hands(); n != 1 {
		t.Fatalf("Ben's swap sent %d hands, want his", n)
	}
}
