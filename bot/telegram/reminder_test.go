package telegram_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"formica/bot/schedule/scheduletest"
	"formica/bot/telegram/faketg"
)

// Reminders and deadlines through the real Telegram adapter: the service
// runs on an injected clock; the test moves it and fires what is due with
// Service.Tick, then looks at what the fake Bot API received.

// tick fires what is due on the service's clock and waits until the
// outbox has drained (sent, or dropped with the fallback note queued and
// sent too).
func (e *env) tick() int {
	e.t.Helper()
	n, err := e.svc.Tick(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	e.settle()
	return n
}

// entries lists the service's scheduled reminders and deadlines as
// "kind@offset from t0".
func (e *env) entries(t0 time.Time) string {
	e.t.Helper()
	due, err := e.db.Due(context.Background(), t0.Add(1000*time.Hour))
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, r := range due {
		out = append(out, r.Kind+"@"+r.At.Sub(t0).String())
	}
	return strings.Join(out, " ")
}

// counts is how many messages each of users' private chats and the
// group hold now.
func counts(f *faketg.Server, users ...faketg.User) map[int64]int {
	n := map[int64]int{group.ID: len(f.Messages(group.ID, -1))}
	for _, u := range users {
		n[u.ID] = len(f.Messages(u.ID, -1))
	}
	return n
}

// newSince returns the messages chat received after it held before[chat].
func newSince(f *faketg.Server, before map[int64]int, chat int64) []faketg.Message {
	return f.Messages(chat, -1)[before[chat]:]
}

// checkReminder checks a reminder in a private chat: it names the game
// and the group, its example is the first word of a legal move, and its
// commands are written as Telegram commands.
func (e *env) checkReminder(channel string, m faketg.Message) {
	e.t.Helper()
	_, path := e.legalMove(channel)
	// The game by its title in the reader's language, the group by its
	// title; every command as the slash command to send.
	if !strings.Contains(m.Text, "Micropolis") && !strings.Contains(m.Text, "Микрополис") {
		e.t.Fatalf("reminder does not name the game: %q", m.Text)
	}
	for _, want := range []string{"«" + group.Title + "»", "<code>/" + path[0] + "</code>", "<code>/options</code>", "<code>/remind off</code>", "<code>/settings dm=off</code>"} {
		if !strings.Contains(m.Text, want) {
			e.t.Fatalf("reminder lacks %q: %q", want, m.Text)
		}
	}
}

// TestRemindersAndDeadlineInPrivateChat: in a group game of Micropolis,
// an hour after a prompt opens its player (who started the bot) gets the
// reminder in their private chat, and nobody else gets anything; their
// answer cancels it. The next player has blocked the bot: they get
// nothing, and the group gets the service's note, which mentions them and
// reveals nothing of the reminder. A deadline with ontimeout=default
// falls back to a reminder post in the group (Micropolis's prompts have no
// default answer) and the game waits.
func TestRemindersAndDeadlineInPrivateChat(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
	clock := scheduletest.NewClock(t0)
	e := newEnvClock(t, clock.Now)
	f := e.fake
	channel := startGame(t, e)
	players := []faketg.User{alice, bob, carol, stranger}
	seat, _ := e.legalMove(channel)
	first := e.userOf(channel, seat)
	if got := e.entries(t0); got != "remind@1h0m0s" {
		t.Fatalf("scheduled %q, want the first player's reminder in 1h", got)
	}

	clock.Add(59 * time.Minute)
	if n := e.tick(); n != 0 {
		t.Fatalf("%d entries fired before the hour", n)
	}
	before := counts(f, players...)
	clock.Add(time.Minute)
	if n := e.tick(); n != 1 {
		t.Fatalf("%d entries fired at 1h, want the reminder", n)
	}
	dm := newSince(f, before, first.ID)
	if len(dm) != 1 || !strings.Contains(dm[0].Text, "it is your turn in Micropolis") || dm[0].Chat.Type != "private" {
		t.Fatalf("%s's private chat got %+v, want one reminder", first.FirstName, dm)
	}
	e.checkReminder(channel, dm[0])
	for _, u := range players {
		if u.ID != first.ID && len(newSince(f, before, u.ID)) != 0 {
			t.Fatalf("%s, not to move, got a private message", u.FirstName)
		}
	}
	if got := newSince(f, before, group.ID); len(got) != 0 {
		t.Fatalf("the reminder posted in the group: %+v", got)
	}

	// The player answers: the reminder is cancelled; the next player's
	// opens. That player blocks the bot.
	e.typeMove(channel)
	seat, _ = e.legalMove(channel)
	second := e.userOf(channel, seat)
	if second.ID == first.ID {
		t.Fatal("the same player moves twice")
	}
	if got := e.entries(t0); got != "remind@2h0m0s" {
		t.Fatalf("scheduled %q after the answer, want only the next player's reminder at 2h", got)
	}
	f.Block(second, true)
	before = counts(f, players...)
	clock.Add(time.Hour)
	if n := e.tick(); n != 1 {
		t.Fatalf("%d entries fired at 2h, want one reminder", n)
	}
	for _, u := range players {
		if got := newSince(f, before, u.ID); len(got) != 0 {
			t.Fatalf("%s got a private message: %+v", u.FirstName, got)
		}
	}
	posts := newSince(f, before, group.ID)
	if len(posts) != 1 {
		t.Fatalf("the group got %d posts, want the undelivered-DM note: %+v", len(posts), posts)
	}
	note := posts[0]
	t.Logf("note: %q", note.Text)
	if !strings.Contains(note.Text, mentionOf(second)) || !strings.Contains(note.Text, "private message") {
		t.Fatalf("the note does not tell %s: %q", second.FirstName, note.Text)
	}
	_, path := e.legalMove(channel)
	for _, secret := range []string{"your turn", "Since your last turn", "<code>" + path[0] + "</code>", "ваш ход", "Micropolis"} {
		if strings.Contains(note.Text, secret) {
			t.Fatalf("the note reveals the reminder (%q): %q", secret, note.Text)
		}
	}
	if b, ok := urlButton(note); !ok || !strings.Contains(b.URL, "start=") {
		t.Fatalf("the note has no link to open the private chat: %+v", note)
	}

	// A deadline set mid-game applies to the open prompt (opened at 1h).
	e.say(group, 0, alice, "/settings deadline=2h ontimeout=default")
	if got := e.entries(t0); got != "deadline@3h0m0s remind@14h0m0s" {
		t.Fatalf("scheduled %q, want the deadline at 3h and the next reminder at 14h", got)
	}
	f.Block(second, false)
	seq := e.match(channel).Seq
	before = counts(f, players...)
	clock.Add(time.Hour)
	due, err := e.db.Due(context.Background(), clock.Now())
	if err != nil || len(due) != 1 {
		t.Fatalf("due at 3h: %v %v, want the deadline", due, err)
	}
	if n := e.tick(); n != 1 {
		t.Fatalf("%d entries fired at 3h, want the deadline", n)
	}
	// The same entry again, as after a crash between the commit and the
	// entry's deletion: nothing more happens.
	if err := e.svc.Fire(context.Background(), due[0]); err != nil {
		t.Fatal(err)
	}
	e.settle()
	if e.match(channel).Seq != seq {
		t.Fatal("the deadline moved the game: Micropolis has no default answer")
	}
	posts = newSince(f, before, group.ID)
	if len(posts) != 1 || !strings.Contains(posts[0].Text, "no default answer") || !strings.Contains(posts[0].Text, mentionOf(second)) {
		t.Fatalf("the group got %+v, want the no-default fallback mentioning %s", posts, second.FirstName)
	}
	dm = newSince(f, before, second.ID)
	if len(dm) != 1 {
		t.Fatalf("%s's private chat got %+v, want the overdue reminder", second.FirstName, dm)
	}
	t.Logf("overdue reminder to %s: %q", second.FirstName, dm[0].Text)
	e.checkReminder(channel, dm[0])
	for _, u := range players {
		if u.ID != second.ID && len(newSince(f, before, u.ID)) != 0 {
			t.Fatalf("%s got a private message about another player's deadline", u.FirstName)
		}
	}
}

// TestBlockedBotStopsReminders: a player who blocks the bot (Telegram
// tells it with my_chat_member) gets no reminder attempts, and the group
// gets no "could not reach" note either, while the game goes on; after
// they unblock it, reminders come again.
func TestBlockedBotStopsReminders(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
	clock := scheduletest.NewClock(t0)
	e := newEnvClock(t, clock.Now)
	f := e.fake
	channel := startGame(t, e)
	seat, _ := e.legalMove(channel)
	first := e.userOf(channel, seat)
	private := faketg.Chat{ID: first.ID, Type: "private"}
	e.handled(f.MemberStatus(private, first, "member", "kicked"))
	before := counts(f, alice, bob, carol)
	sends := f.Requests("sendMessage") + f.Requests("sendPhoto")
	clock.Add(time.Hour)
	if n := e.tick(); n != 1 {
		t.Fatalf("%d entries fired at 1h, want the reminder", n)
	}
	if got := f.Requests("sendMessage") + f.Requests("sendPhoto"); got != sends {
		t.Fatalf("%d posts attempted for a player who blocked the bot", got-sends)
	}
	if got := newSince(f, before, group.ID); len(got) != 0 {
		t.Fatalf("the group was told about a blocked player: %q", got[0].Text)
	}
	if e.match(channel).Status != "active" {
		t.Fatal("the game was not kept")
	}
	// Unblocked: the next reminder is sent again.
	e.handled(f.MemberStatus(private, first, "kicked", "member"))
	e.typeMove(channel) // first moves; the next player is reminded at 2h
	e.typeMove(channel) // the second, too: first is next again or after
	for range 3 {
		if s, _ := e.legalMove(channel); e.userOf(channel, s).ID == first.ID {
			break
		}
		e.typeMove(channel)
	}
	before = counts(f, first)
	clock.Add(time.Hour)
	e.tick()
	if got := newSince(f, before, first.ID); len(got) != 1 {
		t.Fatalf("after unblocking, %s got %d reminders, want 1", first.FirstName, len(got))
	}
}
