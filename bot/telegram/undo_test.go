package telegram_test

import (
	"strings"
	"testing"

	"formica/bot/telegram/faketg"
)

// Undo through Telegram: the mover types /undo and hears back in their own
// language by DM; the group gets the notice under the board as it was.
// Once another player has moved, the table is asked, and the others agree
// with the request's button.
func TestUndo(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	channel := startGame(t, e)
	start := e.match(channel).Hash
	seat, _ := e.legalMove(channel)
	mover := e.userOf(channel, seat)
	done := map[int64]string{alice.ID: "Done: moves taken back: 1.", bob.ID: "Отменено ходов: 1.", carol.ID: "Done: moves taken back: 1."}
	e.typeMove(channel)
	e.say(group, 0, mover, "/undo")
	if got := e.last(mover.ID, -1).Text; !strings.Contains(got, done[mover.ID]) {
		t.Fatalf("%s's /undo got %q, want %q", mover.FirstName, got, done[mover.ID])
	}
	post := e.last(group.ID, -1)
	if post.Photo == nil || !strings.Contains(post.Text, "took back the moves from #1 on: everything posted after move #0 no longer stands.") {
		t.Fatalf("group post after the undo: photo %v, %q", post.Photo != nil, post.Text)
	}
	checkPNG(t, post.Photo)
	if m := e.match(channel); m.Hash != start || m.Seq != 2 {
		t.Fatalf("after the undo: seq %d hash %s, want 2 and %s", m.Seq, m.Hash, start)
	}

	e.typeMove(channel) // #3, the mover's again
	for {
		s, _ := e.legalMove(channel)
		if s != seat {
			break
		}
		e.typeMove(channel)
	}
	e.typeMove(channel) // another player's
	e.say(group, 0, mover, "/undo ask")
	ask, ok := e.lastWith(group.ID, -1, "asks to take back the moves from #3 on")
	if !ok {
		t.Fatalf("no request in the group; last post %q", e.last(group.ID, -1).Text)
	}
	yes, ok := button(ask, "c0 undo yes")
	if !ok {
		t.Fatalf("request %q has no agree button: %+v", ask.Text, ask.Keyboard)
	}
	for _, u := range []faketg.User{alice, bob, carol} {
		if u.ID != mover.ID && e.match(channel).Hash != start {
			e.press(u, ask.ID, yes.CallbackData)
		}
	}
	if m := e.match(channel); m.Hash != start {
		t.Fatalf("after everyone agreed the match is %s, want the start's %s", m.Hash, start)
	}
	post = e.last(group.ID, -1)
	if post.Photo == nil || !strings.Contains(post.Text, "took back the moves from #3 on") {
		t.Fatalf("group post after the agreed undo: photo %v, %q", post.Photo != nil, post.Text)
	}
}
