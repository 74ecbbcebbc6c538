package telegram_test

import (
	"strings"
	"testing"

	"formica/bot/telegram/faketg"
)

// TestGamesInForum: /games in one topic of a forum lists the games of
// every topic of the group, with whose move each waits for.
func TestGamesInForum(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, u := range []faketg.User{alice, bob, carol} {
		e.fake.StartedBot(u, true)
	}
	e.say(forum, 7, alice, "/new micropolis")
	e.say(forum, 7, carol, "/join")
	e.say(forum, 7, alice, "/start")
	e.say(forum, 8, bob, "/new micropolis")
	e.say(group, 0, bob, "/new micropolis")
	e.say(forum, 8, alice, "/games")
	got := e.last(alice.ID, -1).Text
	if !strings.Contains(got, "Games here (2):") || strings.Count(got, "• Micropolis") != 2 ||
		!strings.Contains(got, "move 0: waiting for") || !strings.Contains(got, "waiting for players (1 joined)") {
		t.Fatalf("/games in topic 8 replied %q", got)
	}
}
