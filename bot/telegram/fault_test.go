package telegram_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/telegram/faketg"
)

// startGame opens, fills and starts a three-player Micropolis game in the
// group (everyone has opened the bot's private chat) and returns its channel.
func startGame(t *testing.T, e *env) string {
	t.Helper()
	for _, u := range []faketg.User{alice, bob, carol} {
		e.fake.StartedBot(u, true)
	}
	e.say(group, 0, alice, "/new micropolis")
	e.say(group, 0, bob, "/join")
	e.say(group, 0, carol, "/join")
	e.say(group, 0, alice, "/start")
	board := e.last(group.ID, -1)
	if board.Photo == nil {
		t.Fatalf("game did not start: %+v\nlogs:\n%s", board, e.logs.String())
	}
	return strconv.FormatInt(group.ID, 10)
}

// typeMove makes the prompted player type a legal move.
func (e *env) typeMove(channel string) {
	e.t.Helper()
	seat, path := e.legalMove(channel)
	e.say(group, 0, e.userOf(channel, seat), "/"+path.String())
}

// posts counts successful posting calls per method.
func posts(f *faketg.Server, chat int64) map[string]int {
	n := map[string]int{}
	for _, c := range f.Calls() {
		if c.ChatID == chat {
			n[c.Method]++
		}
	}
	return n
}

// TestFloodControl429: a 429 with retry_after delays the turn's photo; the
// outbox retries it after the delay; it is posted exactly once.
func TestFloodControl429(t *testing.T) {
	t.Parallel()
	e := newEnvOnClock(t, nil)
	channel := startGame(t, e)
	before := posts(e.fake, group.ID)["sendPhoto"]
	e.fake.Fail(faketg.Fault{Method: "sendPhoto", ChatID: group.ID, Code: 429, RetryAfter: 1})
	start := e.waited
	e.typeMove(channel)
	if e.fake.Faults() != 0 {
		t.Fatal("the 429 was never hit")
	}
	if got := posts(e.fake, group.ID)["sendPhoto"]; got != before+1 {
		t.Fatalf("%d photos posted after a 429, want exactly 1", got-before)
	}
	// On the injected clock: the retry came exactly at retry_after.
	if d := e.waited - start; d != time.Second {
		t.Fatalf("retried after %s, want retry_after (1s)", d)
	}
	if !strings.Contains(e.logs.String(), "retry") {
		t.Error("the delay was not logged")
	}
}

// TestServerErrors500: a 500 (JSON) and a proxy's 502 page are transient:
// the photo goes out once, after retries.
func TestServerErrors500(t *testing.T) {
	t.Parallel()
	e := newEnvOnClock(t, nil)
	channel := startGame(t, e)
	before := posts(e.fake, group.ID)["sendPhoto"]
	e.fake.Fail(faketg.Fault{Method: "sendPhoto", ChatID: group.ID, Code: 500})
	e.fake.Fail(faketg.Fault{Method: "sendPhoto", ChatID: group.ID, Code: 502, HTML: true})
	start := e.waited
	e.typeMove(channel)
	// The outbox's backoff, on the injected clock: 1 s, then 2 s.
	if d := e.waited - start; d != 3*time.Second {
		t.Errorf("the photo waited %s for its retries, want 3s", d)
	}
	if e.fake.Faults() != 0 {
		t.Fatal("the faults were not all hit")
	}
	if got := posts(e.fake, group.ID)["sendPhoto"]; got != before+1 {
		t.Fatalf("%d photos posted, want exactly 1", got-before)
	}
}

// TestBlockedPlayer: a player who blocked the bot (403) keeps playing from
// the group; their private replies fail permanently and the group is asked,
// once, with a mention and an "open chat" link, to unblock; following the
// link restores private delivery.
func TestBlockedPlayer(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	channel := startGame(t, e)
	e.fake.Block(bob, true)

	// Direct delivery reports a permanent failure to the service.
	err := e.ad.Send(context.Background(), bot.Message{To: bot.Direct, Platform: "telegram",
		Channel: channel, User: "12", Text: "your hand"})
	if !errors.Is(err, bot.ErrPermanent) {
		t.Fatalf("Send to a blocked user: %v, want ErrPermanent", err)
	}
	// The next channel post mentioning bob carries an open-chat link.
	err = e.ad.Send(context.Background(), bot.Message{To: bot.Channel, Platform: "telegram",
		Channel: channel, Mentions: []string{"12"}, Text: "note"})
	if err != nil {
		t.Fatal(err)
	}
	if b, ok := urlButton(e.last(group.ID, -1)); !ok || !strings.Contains(b.URL, "start=o") {
		t.Fatalf("no open-chat link for bob: %+v", e.last(group.ID, -1))
	}

	// Bob's turn: his typed move works; his private confirmation cannot be
	// delivered, so the group is asked (once) to open the chat.
	for range 3 {
		seat, _ := e.legalMove(channel)
		if e.userOf(channel, seat).ID == bob.ID {
			break
		}
		e.typeMove(channel)
	}
	seq := e.match(channel).Seq
	e.typeMove(channel) // bob's
	if e.match(channel).Seq != seq+1 {
		t.Fatal("bob's move was not applied")
	}
	e.say(group, 0, bob, "/status")
	var asks []faketg.Message
	for _, m := range e.fake.Messages(group.ID, -1) {
		if b, ok := urlButton(m); ok && strings.Contains(b.URL, "start=o") && !strings.Contains(m.Text, "your turn") && m.Text != "note\n"+mentionOf(bob) {
			asks = append(asks, m)
		}
	}
	if len(asks) != 1 || !strings.Contains(asks[0].Text, "tg://user?id=12") {
		t.Fatalf("want one open-chat request for bob, got %d", len(asks))
	}
	link, _ := urlButton(asks[0])
	// Bob unblocks and follows the link: his view comes by DM.
	e.fake.Block(bob, false)
	n := len(e.fake.Messages(bob.ID, -1))
	e.handled(e.fake.Start(bob, startPayload(t, link.URL)))
	e.settle()
	dms := e.fake.Messages(bob.ID, -1)[n:]
	// The greeting (in bob's language, ru) and the service's answer to "hand".
	if len(dms) != 2 || !strings.Contains(dms[0].Text, "закрытые данные") || !strings.Contains(dms[1].Text, "Микрополис") {
		t.Fatalf("bob's DM after opening the chat: %+v", dms)
	}
}

// TestPhotoRefused: when Telegram refuses the photo for good (400), the
// turn still reaches the group as text, with its buttons.
func TestPhotoRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	channel := startGame(t, e)
	e.fake.Fail(faketg.Fault{Method: "sendPhoto", ChatID: group.ID, Code: 400, Desc: "Bad Request: PHOTO_INVALID_DIMENSIONS"})
	seq := e.match(channel).Seq
	e.typeMove(channel)
	last := e.last(group.ID, -1)
	if last.Photo != nil || !strings.Contains(last.Text, "your turn") {
		t.Fatalf("turn not posted as text: %+v", last)
	}
	if _, ok := button(last, "s"); !ok {
		t.Fatal("the text fallback lost the prompt's buttons")
	}
	// And the game goes on with the next photo.
	e.typeMove(channel)
	if e.last(group.ID, -1).Photo == nil || e.match(channel).Seq != seq+2 {
		t.Fatal("the game stalled after a refused photo")
	}
}

// TestCrashBeforeHandling: an update received but not handled when the bot
// dies is not confirmed, comes again after the restart and is handled once.
func TestCrashBeforeHandling(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	channel := startGame(t, e)
	// A /join by a stranger probes the private chat first (sendChatAction);
	// hanging that probe holds the update mid-handling.
	e.fake.Fail(faketg.Fault{Method: "sendChatAction", ChatID: stranger.ID, Hang: true})
	id := e.fake.Say(group, 0, stranger, "/join")
	if !faketg.Wait(wait, func() bool { return e.fake.Faults() == 0 }) {
		t.Fatal("the update was not picked up")
	}
	e.stop() // the crash: the update is in flight
	if e.fake.Confirmed() >= id {
		t.Fatal("an unhandled update was confirmed")
	}
	e.start()
	e.handled(id)
	e.settle()
	if n := e.fake.Delivered(id); n != 2 {
		t.Fatalf("update delivered %d times, want 2 (before and after the crash)", n)
	}
	// It was handled: the stranger (no private chat) got the join link.
	if m, ok := e.lastWith(group.ID, -1, "tg://user?id=99"); !ok || m.Keyboard == nil {
		t.Fatal("the redelivered /join was not handled")
	}
	// And a move typed after the restart is applied once.
	seq := e.match(channel).Seq
	e.typeMove(channel)
	if e.match(channel).Seq != seq+1 {
		t.Fatal("move after restart not applied exactly once")
	}
}

func mentionOf(u faketg.User) string {
	return `<a href="tg://user?id=` + strconv.FormatInt(u.ID, 10) + `">` + u.FirstName + `</a>`
}

// A command that was handled and committed, but whose confirmation never
// reached Telegram (the bot crashed first), comes again after the restart
// and is not applied twice: the update id is the command's idempotency key.
// Here Bob left the lobby and joined again; the redelivered /leave must not
// unseat him.
func TestRedeliveredCommandAppliesOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for _, u := range []faketg.User{alice, bob} {
		e.fake.StartedBot(u, true)
	}
	channel := strconv.FormatInt(group.ID, 10)
	e.say(group, 0, alice, "/new micropolis")
	e.say(group, 0, bob, "/join")
	leave := e.fake.Say(group, 0, bob, "/leave")
	e.handled(leave)
	e.settle()
	e.say(group, 0, bob, "/join")
	if n := len(e.match(channel).Players); n != 2 {
		t.Fatalf("%d players seated, want 2", n)
	}
	e.stop()
	e.fake.Unconfirm(leave)
	e.start()
	e.handled(leave)
	e.settle()
	if n := e.fake.Delivered(leave); n < 2 {
		t.Fatalf("update delivered %d times, want it again after the restart", n)
	}
	if n := len(e.match(channel).Players); n != 2 {
		t.Fatalf("the redelivered /leave was applied again: %d players seated, want 2", n)
	}
}
