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
	game := bot.Game{Descriptor: funants.Game, Messages: msgs, Board: board}
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
	if len(dm) == 0 || !strings.Contains(dm[0].Text, "goes on") || dm[0].Image == nil {
		t.Fatalf("Ann did not get the board as it stands: %+v", dm)
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
