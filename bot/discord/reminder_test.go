package discord_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"formica/bot/discord/fakediscord"
	"formica/bot/schedule/scheduletest"
	"formica/storage"
)

// Reminders and deadlines through the real Discord adapter: the service
// runs on an injected clock; the test moves it and fires what is due with
// Service.Tick, then looks at what the fake Discord received.

// tick fires what is due on the service's clock and waits until the
// outbox has drained (everything it queued was sent or dropped).
func (e *env) tick() int {
	e.t.Helper()
	n, err := e.proc.svc.Tick(e.ctx())
	if err != nil {
		e.t.Fatal(err)
	}
	e.settle()
	return n
}

// settle waits until the service's outbox is empty.
func (e *env) settle() {
	e.t.Helper()
	ctx := e.ctx()
	for {
		p, err := e.proc.db.Pending(ctx, 1)
		if err == nil && len(p) == 0 {
			return
		}
		select {
		case <-ctx.Done():
			e.t.Fatalf("the outbox did not drain (log:\n%s)", e.log.String())
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// dms returns the messages the bot posted in user's DM channel.
func (e *env) dms(u fakediscord.User) []fakediscord.Message {
	return e.fake.ChannelMessages(fakediscord.DMChannel(u.ID))
}

// entries lists the service's scheduled reminders and deadlines as
// "kind@offset from t0".
func (e *env) entries(t0 time.Time) []string {
	e.t.Helper()
	due, err := e.proc.db.Due(e.ctx(), t0.Add(1000*time.Hour))
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, r := range due {
		out = append(out, r.Kind+"@"+r.At.Sub(t0).String())
	}
	return out
}

// checkReminder checks that a reminder DM names the game and the channel
// and gives a command that works: its example move is one of the
// suggestions /ants play offers u now.
func (e *env) checkReminder(u fakediscord.User, dm fakediscord.Message) {
	e.t.Helper()
	// The channel is a mention (a link), and every command is the slash
	// command that works on Discord.
	for _, want := range []string{"Micropolis", "<#" + channel + ">", "`/ants options`", "`/ants remind value:off`", "`/ants settings options:dm=off`"} {
		if !strings.Contains(dm.Content, want) {
			e.t.Fatalf("reminder to %s lacks %q: %q", u.Name, want, dm.Content)
		}
	}
	_, rest, ok := strings.Cut(dm.Content, "send `/ants play move:")
	example, _, ok2 := strings.Cut(rest, "`")
	if !ok || !ok2 || example == "" {
		e.t.Fatalf("reminder to %s has no example move: %q", u.Name, dm.Content)
	}
	choices, err := e.fake.Autocomplete(e.ctx(), u, channel, "ants", "play", fakediscord.Opt{Name: "move", Value: "", Focused: true})
	if err != nil {
		e.t.Fatal(err)
	}
	for _, c := range choices {
		if c.Value == example || strings.HasPrefix(c.Value, example+" ") {
			return
		}
	}
	e.t.Fatalf("the reminder's example %q is not a move /ants play suggests to %s: %+v", example, u.Name, choices)
}

// TestRemindersAndDeadlineByDM: three users start Micropolis by slash
// commands; an hour later exactly the player to move gets a DM (a DM
// channel the bot opened) naming the game, the channel and a move to play,
// and nothing more is posted in the channel. Their answer cancels their
// reminder; the next hour reminds only the next player. A deadline set
// mid-game with ontimeout=default falls back to a reminder in the channel
// and by DM, because Micropolis's prompts have no default answer
// (Prompt.Default is empty), and the game waits.
func TestRemindersAndDeadlineByDM(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
	clock := scheduletest.NewClock(t0)
	e := newEnv(t)
	e.clock = clock.Now
	e.start()

	e.slash(alice, "new", fakediscord.Opt{Name: "game", Value: "micropolis"})
	e.slash(bob, "join")
	e.slash(carol, "join")
	if _, err := e.fake.WaitMessage(e.ctx(), func(m fakediscord.Message) bool {
		return m.ChannelID == channel && strings.Contains(m.Content, "carol")
	}); err != nil {
		t.Fatalf("carol's join not announced: %v", err)
	}
	e.slash(alice, "start")
	board := e.waitBoards(1)
	first := e.current(board)
	e.settle()
	if got := strings.Join(e.entries(t0), " "); got != "remind@1h0m0s" {
		t.Fatalf("scheduled %q, want the first player's reminder in 1h", got)
	}
	everyone := []fakediscord.User{alice, bob, carol, dave}
	for _, u := range everyone {
		if n := len(e.dms(u)); n != 0 {
			t.Fatalf("%s got %d DMs before any reminder", u.Name, n)
		}
	}

	// Not yet due: nothing.
	clock.Add(59 * time.Minute)
	if n := e.tick(); n != 0 {
		t.Fatalf("%d entries fired before the hour", n)
	}
	// One hour: exactly the player to move is reminded, by DM.
	posts := len(e.fake.ChannelMessages(channel))
	opened := len(e.fake.Requests("POST", "/users/@me/channels"))
	clock.Add(time.Minute)
	if n := e.tick(); n != 1 {
		t.Fatalf("%d entries fired at 1h, want the reminder", n)
	}
	dm := e.dms(first)
	if len(dm) != 1 {
		t.Fatalf("%s got %d DMs, want one reminder (log:\n%s)", first.Name, len(dm), e.log.String())
	}
	e.checkReminder(first, dm[0])
	if !strings.Contains(dm[0].Content, "it is your turn in Micropolis") {
		t.Fatalf("first reminder wording: %q", dm[0].Content)
	}
	for _, u := range everyone {
		if u.ID != first.ID && len(e.dms(u)) != 0 {
			t.Fatalf("%s, not to move, got a DM: %q", u.Name, e.dms(u)[0].Content)
		}
	}
	if got := len(e.fake.Requests("POST", "/users/@me/channels")); got != opened+1 {
		t.Fatalf("%d DM channels opened for one reminder", got-opened)
	}
	if got := len(e.fake.ChannelMessages(channel)); got != posts {
		t.Fatalf("the reminder posted %d messages in the game channel", got-posts)
	}

	// The player answers: their reminder is cancelled and the next
	// player's first reminder comes an hour later.
	board = e.playByTyping(first, 1)
	second := e.current(board)
	if second.ID == first.ID {
		t.Fatal("the same player moves twice")
	}
	e.settle()
	if got := strings.Join(e.entries(t0), " "); got != "remind@2h0m0s" {
		t.Fatalf("scheduled %q after the answer, want only the next player's reminder at 2h", got)
	}
	posts = len(e.fake.ChannelMessages(channel))
	clock.Add(time.Hour)
	if n := e.tick(); n != 1 {
		t.Fatalf("%d entries fired at 2h, want one reminder", n)
	}
	if n := len(e.dms(first)); n != 1 {
		t.Fatalf("%s, who answered, got %d more DMs", first.Name, n-1)
	}
	dm = e.dms(second)
	if len(dm) != 1 {
		t.Fatalf("%s got %d DMs, want one reminder", second.Name, len(dm))
	}
	e.checkReminder(second, dm[0])
	if !strings.Contains(dm[0].Content, "Since your last turn") {
		t.Fatalf("the reminder does not say what happened meanwhile: %q", dm[0].Content)
	}
	for _, u := range everyone {
		if u.ID != first.ID && u.ID != second.ID && len(e.dms(u)) != 0 {
			t.Fatalf("%s got a DM: %q", u.Name, e.dms(u)[0].Content)
		}
	}
	if got := len(e.fake.ChannelMessages(channel)); got != posts {
		t.Fatalf("the reminder posted %d messages in the game channel", got-posts)
	}

	// A deadline set mid-game applies to the open prompt (opened at 1h).
	e.reply(e.slash(alice, "settings", fakediscord.Opt{Name: "options", Value: "deadline=2h ontimeout=default"}))
	e.settle()
	if got := strings.Join(e.entries(t0), " "); got != "deadline@3h0m0s remind@14h0m0s" {
		t.Fatalf("scheduled %q, want the deadline at 3h and the next reminder at 14h", got)
	}
	seq := e.match().Seq
	posts = len(e.fake.ChannelMessages(channel))
	clock.Add(time.Hour)
	if n := e.tick(); n != 1 {
		t.Fatalf("%d entries fired at 3h, want the deadline", n)
	}
	if m := e.match(); m.Seq != seq {
		t.Fatalf("the deadline moved the game (seq %d -> %d): Micropolis has no default answer", seq, m.Seq)
	}
	msgs := e.fake.ChannelMessages(channel)
	if len(msgs) != posts+1 {
		t.Fatalf("the deadline posted %d messages in the channel, want 1", len(msgs)-posts)
	}
	note := msgs[len(msgs)-1]
	if !strings.Contains(note.Content, "no default answer") || !strings.Contains(note.Content, "<@"+second.ID+">") ||
		len(note.Mentions) != 1 || note.Mentions[0] != second.ID || len(note.Files) != 0 {
		t.Fatalf("deadline fallback post: %q mentions %v", note.Content, note.Mentions)
	}
	dm = e.dms(second)
	if len(dm) != 2 || !strings.Contains(dm[1].Content, "Your time is up") {
		t.Fatalf("%s's DMs after the deadline: %d, last %q", second.Name, len(dm), dm[len(dm)-1].Content)
	}
	e.checkReminder(second, dm[1])
	if n := len(e.dms(first)); n != 1 {
		t.Fatalf("%s got a DM about another player's deadline", first.Name)
	}
	if got := strings.Join(e.entries(t0), " "); got != "remind@14h0m0s" {
		t.Fatalf("scheduled %q after the deadline, want only the next reminder", got)
	}
}

// match is the game stored for the test channel.
func (e *env) match() *storage.Match {
	e.t.Helper()
	m, err := e.proc.db.Match(context.Background(), storage.MatchKey{Platform: "discord", Channel: channel})
	if err != nil {
		e.t.Fatal(err)
	}
	return m
}
