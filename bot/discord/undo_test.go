package discord_test

import (
	"context"
	"strings"
	"testing"

	"formica/bot/discord/fakediscord"
	"formica/storage"
)

// Undo through Discord: the mover takes their move back by typing, and the
// channel gets the notice with the board as it was, pinging them again.
// Once another player has moved, a plain undo is refused and the table is
// asked; the others agree by pressing the request's button.
func TestUndoAsk(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.start()
	e.slash(alice, "new", fakediscord.Opt{Name: "game", Value: "micropolis"})
	e.slash(bob, "join")
	e.slash(carol, "join")
	e.slash(alice, "start")
	board := e.waitBoards(1)
	key := storage.MatchKey{Platform: "discord", Channel: channel}
	match := func() *storage.Match {
		m, err := e.proc.db.Match(context.Background(), key)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	start := match().Hash
	mover := e.current(board)
	e.playByTyping(mover, 1)

	r := e.reply(e.slash(mover, "more undo"))
	if r.Content != "Done: moves taken back: 1." {
		t.Fatalf("undo replied %q", r.Content)
	}
	board = e.waitBoards(3)
	e.checkBoard(board)
	if !strings.HasPrefix(board.Content, "↩ ") || !strings.Contains(board.Content, " took back the moves from #1 on: everything posted after move #0 no longer stands.") {
		t.Fatalf("undo post %q", board.Content)
	}
	if got := e.current(board); got.ID != mover.ID {
		t.Fatalf("after the undo %s is pinged, want %s again", got.Name, mover.Name)
	}
	if m := match(); m.Hash != start || m.Seq != 2 {
		t.Fatalf("after the undo the match is at seq %d hash %s, want 2 and %s", m.Seq, m.Hash, start)
	}

	// The mover moves, then play goes on until another player has moved.
	n := 3
	board = e.playByTyping(mover, n)
	n++
	for e.current(board).ID == mover.ID {
		board = e.playByTyping(mover, n)
		n++
	}
	board = e.playByTyping(e.current(board), n)
	n++
	r = e.reply(e.slash(mover, "more undo"))
	if !strings.Contains(r.Content, "has moved since, so you can't take your move back alone.") {
		t.Fatalf("undo after another's move replied %q", r.Content)
	}
	e.reply(e.slash(mover, "more undo", fakediscord.Opt{Name: "value", Value: "ask"}))
	ask, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
		return m.ChannelID == channel && strings.Contains(m.Content, "asks to take back the moves from #3 on")
	})
	if err != nil {
		t.Fatal(err)
	}
	yes, ok := ask.Button("Agree")
	if !ok || len(ask.Mentions) == 0 {
		t.Fatalf("request %q: buttons %+v, mentions %v; want Agree and the players asked pinged", ask.Content, ask.Rows, ask.Mentions)
	}
	for _, id := range ask.Mentions {
		u, _ := userByID(id)
		if got := e.reply(e.press(u, ask, yes.CustomID)).Content; !strings.Contains(got, "You agreed") {
			t.Fatalf("%s's agreement replied %q", u.Name, got)
		}
	}
	board = e.waitBoards(n + 1)
	e.checkBoard(board)
	if !strings.Contains(board.Content, " took back the moves from #3 on: everything posted after move #0 no longer stands.") {
		t.Fatalf("undo post %q", board.Content)
	}
	if m := match(); m.Hash != start {
		t.Fatalf("after the agreed undo the match is %s, want the start's %s", m.Hash, start)
	}
}
