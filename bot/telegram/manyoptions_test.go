package telegram_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"formica/bot"
	"formica/bot/bottest"
	"formica/bot/telegram/faketg"
)

// labelled returns the button of m whose text contains part.
func labelled(m faketg.Message, part string) (faketg.Button, bool) {
	if m.Keyboard != nil {
		for _, row := range m.Keyboard.Rows {
			for _, b := range row {
				if strings.Contains(b.Text, part) && b.CallbackData != "" {
					return b, true
				}
			}
		}
	}
	return faketg.Button{}, false
}

// buttons counts m's callback buttons.
func buttons(m faketg.Message) int {
	n := 0
	if m.Keyboard != nil {
		for _, row := range m.Keyboard.Rows {
			n += len(row)
		}
	}
	return n
}

// TestMoreThan20OptionsOnTelegram plays a real March of the Ants position
// in which alice may play any of 21 cards, a private step (MOA1-ASYNC-2).
// In her private chat the "play" button turns the prompt into a keyboard of
// 20 cards and ◀ 1/2 ▶; ▶ redraws it at page 2, which holds the 21st card,
// and pressing it plays it. A page button of a prompt that has moved on is
// refused and changes nothing.
func TestMoreThan20OptionsOnTelegram(t *testing.T) {
	t.Parallel()
	pos := bottest.MarchHand21(t)
	// On an injected clock: Telegram's group pacing (10 posts a minute)
	// holds the 51 turns' posts for minutes of that clock, not real time.
	e := newEnvOnClock(t, []bot.Game{bottest.March(t)})
	f := e.fake
	f.StartedBot(alice, true)
	f.StartedBot(bob, true)
	channel := strconv.FormatInt(group.ID, 10)
	e.say(group, 0, alice, "/new march "+pos.Options)
	e.say(group, 0, bob, "/join")
	e.say(group, 0, alice, "/start")
	players := []faketg.User{alice, bob}
	for i, a := range pos.Answers {
		e.say(group, 0, players[a.Seat], "/"+a.Path.String())
		if got := e.match(channel).Seq; got != uint64(i+1) {
			t.Fatalf("answer %d %q not applied (seq %d); logs:\n%s", i+1, a.Path, got, e.logs.String())
		}
	}
	dm := e.last(alice.ID, -1)
	play, ok := labelled(dm, "play")
	if !ok {
		t.Fatalf("alice's last DM has no play button: %+v", dm)
	}
	e.press(alice, dm.ID, play.CallbackData)
	dm, _ = f.Message(dm.ID)
	if _, ok := labelled(dm, "Honeypot"); ok || buttons(dm) != 22 {
		t.Fatalf("page 1 has %d buttons (the 21st card: %v), want 20 cards and 1/2 ▶: %+v", buttons(dm), ok, dm.Keyboard)
	}
	next, ok := labelled(dm, "▶")
	if !ok {
		t.Fatalf("page 1 has no ▶: %+v", dm.Keyboard)
	}
	e.press(alice, dm.ID, next.CallbackData)
	dm, _ = f.Message(dm.ID)
	honeypot, ok := labelled(dm, "Honeypot")
	if !ok || buttons(dm) != 3 {
		t.Fatalf("page 2 has %d buttons, want the 21st card (Honeypot) and ◀ 2/2: %+v", buttons(dm), dm.Keyboard)
	}
	if e.match(channel).Seq != uint64(len(pos.Answers)) {
		t.Fatal("turning a page applied something")
	}
	stalePage := next.CallbackData
	e.press(alice, dm.ID, honeypot.CallbackData)
	// Then the card's own steps, first option each, until it is played.
	for step := 0; e.match(channel).Seq == uint64(len(pos.Answers)); step++ {
		m := e.last(alice.ID, -1)
		b, ok := button(m, "a")
		if !ok {
			b, ok = button(m, "s")
		}
		if step > 5 || !ok {
			t.Fatalf("playing Honeypot stalled at %+v", m)
		}
		e.press(alice, m.ID, b.CallbackData)
	}
	log, err := e.db.Log(context.Background(), e.match(channel).ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := log[len(log)-1]; got.Seat != 0 || !strings.HasPrefix(got.Path.String(), "play c48") {
		t.Fatalf("the log ends with %v %q, want P1 playing c48", got.Seat, got.Path)
	}
	// A page of the old prompt is stale: refused with a notice, nothing redrawn.
	before, _ := f.Message(dm.ID)
	e.handled(f.PressRaw(alice, dm.ID, stalePage))
	e.settle()
	after, _ := f.Message(dm.ID)
	if a := f.Answers(); a[len(a)-1].Text == "" || after.Edits != before.Edits {
		t.Fatalf("a stale page press got %+v and %d edits (was %d)", a[len(a)-1], after.Edits, before.Edits)
	}
}
