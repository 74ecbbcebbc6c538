package discord_test

import (
	"strings"
	"testing"

	"formica/bot/discord/fakediscord"
)

// One game per thread: a thread is a channel of its own, so each holds its
// game and gets its posts; /ants games in any of them lists the server's
// games.
func TestGamesInThreads(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.start()
	const th1, th2 = "700000000000000011", "700000000000000012"
	slash := func(u fakediscord.User, ch, sub string, opts ...fakediscord.Opt) fakediscord.Message {
		t.Helper()
		ix, err := e.fake.Slash(u, ch, "ants", sub, opts...)
		if err != nil {
			t.Fatal(err)
		}
		e.acked(ix, fakediscord.CallbackDeferMessage)
		return e.reply(ix)
	}
	slash(alice, th1, "new", fakediscord.Opt{Name: "game", Value: "micropolis"})
	slash(bob, th1, "join")
	slash(alice, th1, "start")
	slash(carol, th2, "new", fakediscord.Opt{Name: "game", Value: "micropolis"})
	msgs, err := e.fake.WaitMessages(e.ctx(), func(ms []fakediscord.Message) bool {
		for _, m := range ms {
			if m.ChannelID == th1 && len(m.Files) > 0 {
				return true
			}
		}
		return false
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		if m.ChannelID == th2 && len(m.Files) > 0 || m.ChannelID == channel {
			t.Fatalf("thread 1's game posted in %s: %q", m.ChannelID, m.Content)
		}
	}
	got := slash(dave, th2, "more games").Content
	if !strings.Contains(got, "Games here (2):") || !strings.Contains(got, "<#"+th1+">, move 0: waiting for") || !strings.Contains(got, "<#"+th2+">: waiting for players (1 joined)") {
		t.Fatalf("/ants games replied %q", got)
	}
}
