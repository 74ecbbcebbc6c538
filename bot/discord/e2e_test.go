package discord_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/bottest"
	"formica/bot/discord/fakediscord"
)

// TestConversation is a whole game start on the fake Discord: three users
// create a Micropolis game, join (by command and by button), start, and play
// turns by buttons and by /ants play with autocomplete; a stranger's and an
// out-of-turn press are refused privately, a stale press too; the bot
// restarts mid-game and the game goes on from the bbolt file.
func TestConversation(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.games = []bot.Game{bottest.Micropolis(t)} // real boards: the one game on Discord that posts them
	t0 := time.Now()
	e.start()
	t.Logf("%s started", time.Since(t0))

	cmds := e.fake.Commands(fakediscord.Guild)
	if len(cmds) != 1 || cmds[0].Name != "ants" {
		t.Fatalf("registered %+v, want one /ants", cmds)
	}
	var subs []string
	for _, o := range cmds[0].Options {
		subs = append(subs, o.Name)
	}
	for _, want := range []string{"new", "join", "leave", "start", "abort", "status", "board", "hand", "log", "rules", "settings", "play"} {
		if !slices.Contains(subs, want) {
			t.Errorf("subcommand %q not registered (have %v)", want, subs)
		}
	}

	// Autocomplete offers the game for /ants new.
	choices, err := e.fake.Autocomplete(e.ctx(), alice, channel, "ants", "new", fakediscord.Opt{Name: "game", Value: "mic", Focused: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(choices) == 0 || choices[0].Value != "micropolis" {
		t.Fatalf("autocomplete for new game:mic = %+v, want micropolis", choices)
	}

	e.slash(alice, "new", fakediscord.Opt{Name: "game", Value: "micropolis"})
	lobby, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
		return m.ChannelID == channel && !m.Ephemeral && len(m.Buttons()) > 0
	})
	if err != nil {
		t.Fatalf("no lobby post: %v\n%s", err, e.log.String())
	}
	join, ok := lobby.Button("join")
	if !ok {
		t.Fatalf("lobby post has no join button: %+v", lobby.Rows)
	}
	e.reply(e.press(bob, lobby, join.CustomID)) // joined before carol
	e.slash(carol, "join")
	if _, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
		return m.ChannelID == channel && strings.Contains(m.Content, "carol")
	}); err != nil {
		t.Fatalf("carol's join not announced: %v", err)
	}
	e.slash(alice, "start")
	t.Logf("%s lobby done", time.Since(t0))
	board := e.waitBoards(1)
	t.Logf("%s board 1", time.Since(t0))
	e.checkBoard(board)
	if got := e.current(board); got.ID != alice.ID {
		t.Fatalf("first turn is %s's, want alice (first=1)", got.Name)
	}

	// Private views are ephemeral replies.
	for _, sub := range []string{"hand", "status", "board"} {
		r := e.reply(e.slash(bob, sub))
		if sub == "board" {
			e.checkBoard(r)
		}
	}

	// A stranger's press and an out-of-turn press are refused privately and
	// change nothing.
	first := board.Rows[0][0].CustomID
	for _, u := range []fakediscord.User{dave, bob} {
		r := e.reply(e.press(u, board, first))
		t.Logf("%s's press: %q", u.Name, r.Content)
		if r.Content == "" || len(r.Buttons()) > 0 {
			t.Fatalf("%s's press: reply %q with %d buttons, want a refusal", u.Name, r.Content, len(r.Buttons()))
		}
	}

	// Turn 1 by buttons, turn 2 by typing with autocomplete.
	board = e.playByButtons(alice, board, 1)
	e.checkBoard(board)
	next := e.current(board)
	if next.ID == alice.ID {
		t.Fatalf("alice moves twice in a row")
	}
	// A press on the first board's buttons is stale now.
	old := e.boards()[0]
	r := e.reply(e.press(next, old, old.Rows[0][0].CustomID))
	if r.Content == "" || len(e.boards()) != 2 {
		t.Fatalf("stale press: reply %q, %d boards", r.Content, len(e.boards()))
	}
	t.Logf("%s turn 1", time.Since(t0))
	board = e.playByTyping(next, 2)
	t.Logf("%s turn 2", time.Since(t0))
	e.checkBoard(board)

	// Restart mid-game: the game continues from the database.
	e.stop()
	e.start()
	t.Logf("%s restart", time.Since(t0))
	cur := e.current(board)
	board = e.playByTyping(cur, 3)
	cur = e.current(board)
	board = e.playByButtons(cur, board, 4)
	e.checkBoard(board)
	if n := len(e.boards()); n != 5 {
		t.Fatalf("%d board posts, want 5 (the start and one per turn, none twice)", n)
	}
	e.noDuplicates()
}

// playByButtons makes u's move by pressing the first choice of the board
// and then of each private step reply, until board post n+1 appears.
func (e *env) playByButtons(u fakediscord.User, board fakediscord.Message, n int) fakediscord.Message {
	e.t.Helper()
	msg := board
	for range 12 {
		var ix *fakediscord.Interaction
		if sel := msg.Selects(); len(sel) > 0 && len(msg.Buttons()) == 0 {
			var err error
			ix, err = e.fake.Select(u, msg, sel[0].CustomID, sel[0].Options[0].Value)
			if err != nil {
				e.t.Fatal(err)
			}
			e.acked(ix, fakediscord.CallbackDeferUpdate)
		} else if bs := msg.Buttons(); len(bs) > 0 {
			ix = e.press(u, msg, bs[0].CustomID)
		} else {
			return e.waitBoards(n + 1) // the move is complete ("✓ ..."); the board follows
		}
		msgs, err := e.fake.WaitMessages(e.ctx(), func(ms []fakediscord.Message) bool {
			if len(boards(ms)) > n {
				return true
			}
			for _, m := range ms {
				if m.Interaction == ix.ID {
					return true
				}
			}
			return false
		})
		if err != nil {
			e.t.Fatalf("press by %s: no reply and no new board: %v\n%s", u.Name, err, e.log.String())
		}
		if b := boards(msgs); len(b) > n {
			return b[n]
		}
		for _, m := range msgs {
			if m.Interaction == ix.ID {
				if !m.Ephemeral {
					e.t.Fatalf("step reply is not ephemeral: %q", m.Content)
				}
				msg = m
			}
		}
	}
	e.t.Fatalf("%s's move by buttons did not finish", u.Name)
	return fakediscord.Message{}
}

// playByTyping makes u's move with /ants play, building the move from
// autocomplete suggestions (the engine's legal options).
func (e *env) playByTyping(u fakediscord.User, n int) fakediscord.Message {
	e.t.Helper()
	text := ""
	for range 12 {
		choices, err := e.fake.Autocomplete(e.ctx(), u, channel, "ants", "play", fakediscord.Opt{Name: "move", Value: text, Focused: true})
		if err != nil {
			e.t.Fatal(err)
		}
		if len(choices) == 0 {
			e.t.Fatalf("no suggestions for %q", text)
		}
		done := false
		for _, c := range choices {
			if text != "" && c.Value == strings.TrimSpace(text) {
				done = true
			}
		}
		if done {
			break
		}
		text = choices[0].Value + " "
	}
	e.slash(u, "play", fakediscord.Opt{Name: "move", Value: strings.TrimSpace(text)})
	return e.waitBoards(n + 1)
}

// noDuplicates checks that no message was posted twice to a channel.
func (e *env) noDuplicates() {
	e.t.Helper()
	seen := map[string]bool{}
	for _, m := range e.fake.Messages() {
		if m.Interaction != "" {
			continue
		}
		key := m.ChannelID + "\x00" + m.Nonce
		if m.Nonce == "" || seen[key] {
			e.t.Errorf("message posted twice or without a nonce: %q", m.Content)
		}
		seen[key] = true
	}
}
