package telegram_test

import (
	"strings"
	"testing"

	"formica/bot/telegram/faketg"
)

// Watching, a player's games and the stats through Telegram: a spectator's
// /watch brings each turn to their private chat; /mygames lists the game;
// once the game ends, /stats and /leaderboard count it, the leaderboard
// with its table picture.
func TestWatchMyGamesAndStats(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	dave := faketg.User{ID: 14, FirstName: "Dave", Lang: "en"}
	e.fake.StartedBot(dave, true)
	channel := startGame(t, e)
	said := func(u faketg.User, s string) faketg.Message {
		t.Helper()
		for _, chat := range []int64{u.ID, group.ID} {
			if m, ok := e.lastWith(chat, -1, s); ok {
				return m
			}
		}
		t.Fatalf("%s was not told %q; last in private: %q", u.FirstName, s, e.last(u.ID, -1).Text)
		return faketg.Message{}
	}
	e.say(group, 0, dave, "/watch")
	said(dave, "You now get every turn of Micropolis by DM")
	e.say(group, 0, alice, "/mygames")
	if m := said(alice, "Your games ("); !strings.Contains(m.Text, "Micropolis in") {
		t.Fatalf("alice's mygames: %q", m.Text)
	}
	e.typeMove(channel)
	if m := said(dave, "👁 Micropolis in"); m.Photo == nil {
		t.Fatalf("dave's turn digest has no board: %q", m.Text)
	}
	e.say(group, 0, alice, "/end yes")
	said(alice, "the scores as they stand are final.")
	e.say(group, 0, alice, "/stats")
	said(alice, "• Micropolis: 1 played")
	e.say(group, 0, alice, "/leaderboard")
	if m := said(alice, "Micropolis in this channel — wins, games, average score, rating:"); !strings.Contains(m.Text, "1. ") {
		t.Fatalf("leaderboard: %q", m.Text)
	}
	var table bool
	for _, chat := range []int64{alice.ID, group.ID} {
		for _, m := range e.fake.Messages(chat, -1) {
			table = table || m.Photo != nil && strings.Contains(m.Text, "Micropolis in this channel")
		}
	}
	if !table {
		t.Fatal("the leaderboard came without its table picture")
	}
}
