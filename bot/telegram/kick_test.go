package telegram_test

import (
	"strings"
	"testing"
)

// The creator removes a player and then ends the game with the scores as
// they stand: the group reads why, the ranking, and gets the score table
// and the timelapse.
func TestKickAndEnd(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	channel := startGame(t, e)
	e.typeMove(channel)
	e.say(group, 0, bob, "/kick Carol")
	if got := e.last(bob.ID, -1).Text; !strings.Contains(got, "создатель") {
		t.Fatalf("bob's /kick got %q, want a refusal: only the creator", got)
	}
	e.say(group, 0, alice, "/kick Carol")
	if _, ok := e.lastWith(group.ID, -1, "Alice removed P3 Carol from the game"); !ok {
		t.Fatalf("no kick notice in the group; last %q", e.last(group.ID, -1).Text)
	}
	e.say(group, 0, alice, "/end yes")
	ranking, ok := e.lastWith(group.ID, -1, "Alice ended the game; the scores as they stand are final.")
	if !ok || !strings.Contains(ranking.Text, "1. ") {
		t.Fatalf("no ranking in the group; last %q", e.last(group.ID, -1).Text)
	}
	var table, anim bool
	for _, m := range e.fake.Messages(group.ID, -1) {
		table = table || m.Photo != nil && strings.Contains(m.Text, "Micropolis: final scores")
		anim = anim || m.Animation && len(m.Photo) > 0
	}
	if !table || !anim {
		t.Fatalf("score table posted %v, timelapse %v; want both", table, anim)
	}
}
