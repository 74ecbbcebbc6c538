package bot_test

import (
	"context"
	"formica/bot/schedule/scheduletest"
	"strings"
	"sync"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/bottest"
	"formica/engine"
	"formica/storage"
	"formica/storage/storagetest"
)

// Scheduler tests: an injected clock moves, Service.Tick fires what is
// due; nothing sleeps.

var t0 = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

// clockTable is a table whose service reads clock.
func clockTable(t *testing.T, db *storage.DB, clock *scheduletest.Clock) *table {
	t.Helper()
	svc, err := bot.New(bot.Config{Store: db, Games: []bot.Game{pile()}, Seed: func() uint64 { return 7 }, Clock: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	rec := &bottest.Recorder{}
	svc.Attach("console", rec)
	return &table{t: t, svc: svc, db: db, out: rec, ch: "table1"}
}

// tick fires what is due and delivers it; it returns how many fired.
func (tb *table) tick() int {
	tb.t.Helper()
	n, err := tb.svc.Tick(context.Background())
	if err != nil {
		tb.t.Fatal(err)
	}
	if err := tb.svc.Flush(context.Background()); err != nil {
		tb.t.Fatal(err)
	}
	return n
}

// dms returns the reminder DMs sent to user since the last Reset.
func (tb *table) dms(user string) []string {
	var out []string
	for _, m := range tb.out.Messages() {
		if m.To == bot.Direct && m.User == user && strings.Contains(m.Text, "remind off") {
			out = append(out, m.Text)
		}
	}
	return out
}

// entries lists the scheduled entries as "kind:seat@offset".
func (tb *table) entries() []string {
	tb.t.Helper()
	due, err := tb.db.Due(context.Background(), t0.Add(1000*time.Hour))
	if err != nil {
		tb.t.Fatal(err)
	}
	var out []string
	for _, e := range due {
		out = append(out, e.Kind+":"+e.Seat.String()+"@"+e.At.Sub(t0).String())
	}
	return out
}

func (tb *table) wantEntries(want string) {
	tb.t.Helper()
	if got := strings.Join(tb.entries(), " "); got != want {
		tb.t.Fatalf("entries %q, want %q", got, want)
	}
}

// A prompt that opens gets its reminder (default: 1 h, then every 12 h,
// wording escalating); an answer cancels it in the same commit and opens
// the next player's; the reminder says who, where, what, how, and what
// happened since the player's last turn, in their language.
func TestRemindersFollowPrompts(t *testing.T) {
	clock := scheduletest.NewClock(t0)
	tb := clockTable(t, storagetest.Open(t, nil), clock)
	startPile(tb, "size=9")
	tb.wantEntries("remind:P1@1h0m0s")
	clock.Add(30 * time.Minute)
	tb.want("Alice", "take 2", "✓")
	tb.wantEntries("remind:P2@1h30m0s")
	if tb.tick() != 0 {
		t.Fatal("fired early")
	}
	clock.Add(time.Hour)
	tb.out.Reset()
	if tb.tick() != 1 {
		t.Fatal("the reminder did not fire on time")
	}
	dm := tb.dms("bob")
	if len(dm) != 1 || !strings.Contains(dm[0], "P2 Bob, it is your turn in Pile (channel table1): take or pass") ||
		!strings.Contains(dm[0], "Since your last turn") || !strings.Contains(dm[0], "P1 Alice took 2; 7 left.") ||
		!strings.Contains(dm[0], "send `take` in table1") {
		t.Fatalf("first reminder %q", dm)
	}
	if len(tb.dms("alice")) != 0 {
		t.Fatal("Alice, who answered, was reminded")
	}
	// One reminder entry per player per game: the next replaces this one.
	tb.wantEntries("remind:P2@13h30m0s")
	clock.Add(12 * time.Hour)
	tb.tick()
	clock.Add(12 * time.Hour)
	tb.tick()
	dm = tb.dms("bob")
	if len(dm) != 3 || !strings.HasPrefix(dm[1], "⏰ Reminder") || !strings.HasPrefix(dm[2], "⚠️") {
		t.Fatalf("escalation: %q", dm)
	}
	// In the player's language.
	tb.want("Bob", "settings lang=ru", "Настройки сохранены")
	clock.Add(12 * time.Hour)
	tb.tick()
	if dm = tb.dms("bob"); len(dm) != 4 || !strings.Contains(dm[3], "все в игре Pile") || !strings.Contains(dm[3], "С вашего прошлого хода") {
		t.Fatalf("Russian reminder %q", dm[len(dm)-1])
	}
}

// The race: the entry was due a moment after the player answered. Fire
// re-checks under the match lock that the prompt it was scheduled for
// (its Seq) is still open, so the stale entry sends nothing.
func TestAnsweredPromptGetsNoReminder(t *testing.T) {
	clock := scheduletest.NewClock(t0)
	tb := clockTable(t, storagetest.Open(t, nil), clock)
	startPile(tb, "size=9")
	clock.Add(time.Hour)
	due, err := tb.db.Due(context.Background(), clock.Now())
	if err != nil || len(due) != 1 {
		t.Fatalf("due %v %v", due, err)
	}
	tb.want("Alice", "take 1", "✓")
	tb.want("Bob", "pass", "✓") // Alice's turn again: a new prompt, a new Seq
	tb.out.Reset()
	if err := tb.svc.Fire(context.Background(), due[0]); err != nil {
		t.Fatal(err)
	}
	tb.svc.Flush(context.Background())
	if n := len(tb.out.Messages()); n != 0 {
		t.Fatalf("a stale entry sent %d messages: %+v", n, tb.out.Messages())
	}

	// The same race run concurrently (for -race): the answer and the
	// firing serialize on the match lock; whichever wins, Alice gets at
	// most the reminder of the prompt that was open.
	tb2 := clockTable(t, storagetest.Open(t, nil), scheduletest.NewClock(t0))
	startPile(tb2, "size=9")
	due, _ = tb2.db.Due(context.Background(), t0.Add(time.Hour))
	var wg sync.WaitGroup
	wg.Add(2)
	var answered []bot.Message
	go func() {
		defer wg.Done()
		answered = tb2.svc.Handle(context.Background(), bot.Command{Platform: "console", Channel: tb2.ch, Text: "take 1", User: bot.User{Platform: "console", ID: "alice"}})
	}()
	go func() { defer wg.Done(); _ = tb2.svc.Fire(context.Background(), due[0]) }()
	wg.Wait()
	if len(answered) != 1 || answered[0].Refused {
		t.Fatalf("answer %+v", answered)
	}
	if err := tb2.svc.Fire(context.Background(), due[0]); err != nil {
		t.Fatal(err)
	}
	tb2.svc.Flush(context.Background())
	if n := len(tb2.dms("alice")); n > 1 {
		t.Fatalf("%d reminders for one prompt", n)
	}
}

// Quiet hours (in the player's zone) defer a reminder to their end; a
// vacation defers reminders and pushes deadlines back.
func TestQuietHoursAndVacationDefer(t *testing.T) {
	clock := scheduletest.NewClock(t0) // 12:00 UTC = 14:00 in Kyiv
	tb := clockTable(t, storagetest.Open(t, nil), clock)
	tb.want("Alice", "settings tz=Europe/Kyiv quiet=14:30-20:00", "Settings saved")
	tb.want("Alice", "settings", "quiet = 14:30-20:00")
	startPile(tb, "size=9")
	// 1 h after 14:00 local is 15:00, inside quiet hours: sent at 20:00 local = 18:00 UTC.
	tb.wantEntries("remind:P1@6h0m0s")
	// Quiet hours set after scheduling still hold: the entry waits.
	tb.want("Bob", "settings quiet=00:00-23:59", "Settings saved")
	tb.want("Alice", "take 1", "✓")
	clock.Add(time.Hour)
	tb.out.Reset()
	tb.tick()
	if len(tb.dms("bob")) != 0 {
		t.Fatal("a reminder went out inside quiet hours")
	}
	tb.wantEntries("remind:P2@11h59m0s") // 23:59 UTC

	// Vacation: the deadline pauses until it ends.
	clock2 := scheduletest.NewClock(t0)
	tv := clockTable(t, storagetest.Open(t, nil), clock2)
	tv.want("Alice", "settings vacation=2026-03-04", "Settings saved") // until the end of 4 March
	tv.want("Alice", "settings", "vacation = 2026-03-04")
	tv.ok("Alice", "new pile size=9 deadline=24h ontimeout=default")
	tv.ok("Bob", "join")
	tv.ok("Alice", "start")
	tv.wantEntries("remind:P1@60h0m0s deadline:P1@84h0m0s")
	tv.want("Alice", "status", "on vacation to 2026-03-04")
	clock2.Add(30 * time.Hour)
	if tv.tick() != 0 {
		t.Fatal("a deadline fired during the vacation")
	}
}

// A deadline with ontimeout=default takes the prompt's default answer
// through the normal commit path: the board is posted and the next
// player's clock starts. ai acts the same until an AI exists, and says so.
func TestDeadlineTakesDefaultAnswer(t *testing.T) {
	for _, policy := range []string{"default", "ai"} {
		clock := scheduletest.NewClock(t0)
		tb := clockTable(t, storagetest.Open(t, nil), clock)
		startPile(tb, "size=9 deadline=2h ontimeout="+policy)
		tb.wantEntries("remind:P1@1h0m0s deadline:P1@2h0m0s")
		if policy == "ai" {
			tb.want("Carol", "status", "there is no AI player yet")
		}
		clock.Add(2 * time.Hour)
		tb.out.Reset()
		if n := tb.tick(); n != 2 {
			t.Fatalf("%s: fired %d, want the reminder and the deadline", policy, n)
		}
		post := lastPost(tb.out.Messages())
		if !strings.Contains(post.Text, "ran out of time") || !strings.Contains(post.Text, "P1 Alice passed.") || len(post.Image) == 0 {
			t.Fatalf("%s: post %q", policy, post.Text)
		}
		if policy == "ai" && !strings.Contains(post.Text, "no AI player yet") {
			t.Fatalf("ai fallback not said: %q", post.Text)
		}
		if m := tb.match(); m.Seq != 1 {
			t.Fatalf("seq %d", m.Seq)
		}
		log, _ := tb.db.Log(context.Background(), tb.match().ID)
		if log[0].User != "" || log[0].Path.String() != "pass" {
			t.Fatalf("log entry %+v, want the service's pass", log[0])
		}
		tb.wantEntries("remind:P2@3h0m0s deadline:P2@4h0m0s")
	}
}

// ontimeout=remind: the deadline only reminds, urgently, in the channel
// and by DM; the game waits.
func TestDeadlineRemindOnly(t *testing.T) {
	clock := scheduletest.NewClock(t0)
	tb := clockTable(t, storagetest.Open(t, nil), clock)
	startPile(tb, "size=9 deadline=30m remind=off")
	tb.wantEntries("deadline:P1@30m0s")
	clock.Add(time.Hour)
	tb.out.Reset()
	tb.tick()
	post := lastPost(tb.out.Messages())
	if !strings.Contains(post.Text, "your time is up") || post.Mentions[0] != "alice" {
		t.Fatalf("post %+v", post)
	}
	if dm := tb.dms("alice"); len(dm) != 1 || !strings.Contains(dm[0], "Your time is up") {
		t.Fatalf("dm %q", dm)
	}
	if tb.match().Seq != 0 {
		t.Fatal("remind policy moved the game")
	}
	tb.want("Bob", "status", "out of time")
	tb.wantEntries("")
}

// ontimeout=vote: the others vote; a majority decides. skip takes the
// default once; wait gives one more turn time; remove hands the seat to
// default answers for the rest of the game, or aborts the game when fewer
// than the minimum players would remain.
func TestDeadlineVote(t *testing.T) {
	clock := scheduletest.NewClock(t0)
	tb := clockTable(t, storagetest.Open(t, nil), clock)
	tb.ok("Alice", "new pile size=20 deadline=1h ontimeout=vote remind=off")
	tb.ok("Bob", "join")
	tb.ok("Carol", "join")
	tb.ok("Alice", "start")
	tb.refused("Bob", "vote skip", "no vote")
	clock.Add(time.Hour)
	tb.out.Reset()
	tb.tick()
	post := lastPost(tb.out.Messages())
	if !strings.Contains(post.Text, "vote skip") || len(post.Buttons) != 1 || len(post.Mentions) != 2 {
		t.Fatalf("vote post %+v", post)
	}
	tb.refused("Alice", "vote skip", "about you")
	tb.refused("Bob", "vote maybe", "Usage: vote")
	// wait: Bob and Carol agree; the deadline moves one turn time on.
	tb.want("Bob", "vote wait", "Your vote: wait")
	tb.want("Carol", "status", "Vote on P1 Alice: 1 of 2 voted")
	tb.want("Carol", "vote wait", "wait")
	if !strings.Contains(lastPost(tb.out.Messages()).Text, "wait for P1 Alice another 1h") {
		t.Fatalf("wait post %q", lastPost(tb.out.Messages()).Text)
	}
	tb.wantEntries("deadline:P1@2h0m0s")
	// skip (by the button).
	clock.Add(time.Hour)
	tb.tick()
	skip := lastPost(tb.out.Messages()).Buttons[0][0].Data
	tb.press("Bob", skip)
	tb.want("Carol", "vote skip", "skip")
	if m := tb.match(); m.Seq != 1 || !strings.Contains(lastPost(tb.out.Messages()).Text, "skipped this time") {
		t.Fatalf("skip: seq %d, post %q", m.Seq, lastPost(tb.out.Messages()).Text)
	}
	// Bob times out; Alice and Carol remove him: his seat passes from now on.
	clock.Add(time.Hour)
	tb.tick()
	tb.want("Alice", "vote remove", "remove")
	tb.want("Carol", "vote remove", "remove")
	if m := tb.match(); m.Seq != 2 {
		t.Fatalf("seq %d after removal", m.Seq)
	}
	tb.want("Carol", "take 1", "✓")
	tb.want("Alice", "take 1", "✓") // Bob's seat answers at once
	if m := tb.match(); m.Seq != 5 || !strings.Contains(lastPost(tb.out.Messages()).Text, "P2 Bob is absent: default answer `pass`") {
		t.Fatalf("seq %d, post %q", m.Seq, lastPost(tb.out.Messages()).Text)
	}
	tb.want("Carol", "status", "absent")

	// Two players: removing one leaves fewer than the minimum: abort.
	tb2 := clockTable(t, storagetest.Open(t, nil), scheduletest.NewClock(t0))
	startPile(tb2, "size=9 deadline=1h ontimeout=vote")
	tb2.svc.Tick(context.Background()) // nothing due yet
	clock2 := scheduletest.NewClock(t0.Add(2 * time.Hour))
	tb3 := clockTable(t, tb2.db, clock2)
	tb3.tick()
	tb3.want("Bob", "vote remove", "remove")
	if _, err := tb3.db.Match(context.Background(), storage.MatchKey{Platform: "console", Channel: tb3.ch}); err == nil {
		t.Fatal("the game was not aborted")
	}
	if !strings.Contains(lastPost(tb3.out.Messages()).Text, "fewer than 2 players remain") {
		t.Fatalf("abort post %q", lastPost(tb3.out.Messages()).Text)
	}
}

// A time bank (initial + increment per turn, capped) decreases by the time
// a turn took and refills by the increment; its balance is the deadline.
func TestTimeBank(t *testing.T) {
	clock := scheduletest.NewClock(t0)
	tb := clockTable(t, storagetest.Open(t, nil), clock)
	startPile(tb, "size=20 bank=2h+1h/3h ontimeout=default remind=off")
	tb.wantEntries("deadline:P1@2h0m0s")
	clock.Add(30 * time.Minute)
	tb.want("Bob", "status", "P1 Alice: time bank 1h30m, waited for 30m, deadline in 1h30m")
	tb.want("Bob", "status", "Holding the game up: P1 Alice (30m)")
	tb.want("Alice", "take 1", "✓") // 2h - 30m + 1h = 2h30m
	clock.Add(10 * time.Minute)
	tb.want("Bob", "take 1", "✓") // 2h - 10m + 1h = 2h50m
	tb.want("Alice", "status", "P1 Alice: time bank 2h30m")
	tb.want("Alice", "status", "P2 Bob: time bank 2h50m")
	tb.wantEntries("deadline:P1@3h10m0s") // 40m + 2h30m
	tb.want("Alice", "take 1", "✓")       // 2h30m + 1h capped at 3h
	tb.want("Alice", "status", "P1 Alice: time bank 3h")
	// Bob lets his bank run out: the default answer is taken.
	clock.Add(3 * time.Hour)
	tb.tick()
	if !strings.Contains(lastPost(tb.out.Messages()).Text, "P2 Bob ran out of time") {
		t.Fatalf("post %q", lastPost(tb.out.Messages()).Text)
	}
	tb.want("Alice", "status", "P2 Bob: time bank -10m")
}

// Close and reopen the bbolt file, build a new service: every entry is
// still there; what came due while the bot was down fires once at start.
func TestRestartKeepsEntries(t *testing.T) {
	path := t.TempDir() + "/f.db"
	db, err := storage.Open(path, &storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	clock := scheduletest.NewClock(t0)
	tb := clockTable(t, db, clock)
	startPile(tb, "size=9 deadline=3h ontimeout=default")
	before := tb.entries()
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	clock.Add(5 * time.Hour) // down while the reminder and the deadline came due
	tb2 := clockTable(t, storagetest.OpenAt(t, path, nil), clock)
	if got := tb2.entries(); strings.Join(got, " ") != strings.Join(before, " ") {
		t.Fatalf("entries after restart %q, want %q", got, before)
	}
	if n := tb2.tick(); n != 2 {
		t.Fatalf("fired %d at start-up, want 2", n)
	}
	if n := tb2.tick(); n != 0 {
		t.Fatalf("fired %d more", n)
	}
	if len(tb2.dms("alice")) != 1 || tb2.match().Seq != 1 {
		t.Fatalf("dms %q, seq %d", tb2.dms("alice"), tb2.match().Seq)
	}
}

// Timing settings change during the game (creator or admin) and
// reschedule open prompts; players is fixed at the start; remind off
// stops one player's reminders in one game, keeping the deadline.
func TestSettingsDuringGame(t *testing.T) {
	clock := scheduletest.NewClock(t0)
	tb := clockTable(t, storagetest.Open(t, nil), clock)
	startPile(tb, "size=9")
	tb.refused("Bob", "settings deadline=5h", "creator")
	tb.refused("Alice", "settings players=3", "before the game starts")
	tb.want("Alice", "settings deadline=5h remind=30m,1h", "Settings saved")
	tb.wantEntries("remind:P1@30m0s deadline:P1@5h0m0s")
	tb.want("Alice", "remind off", "No more reminders")
	tb.wantEntries("deadline:P1@5h0m0s")
	tb.want("Alice", "status", "reminders off")
	tb.want("Alice", "remind on", "on again")
	tb.wantEntries("remind:P1@30m0s deadline:P1@5h0m0s")
	tb.want("Bob", "settings", "deadline = 5h")
	tb.want("Bob", "settings dm=off", "Settings saved")
	tb.want("Alice", "take 1", "✓")
	tb.wantEntries("deadline:P2@5h0m0s")
}

// Bad values get clear errors in the caller's language, and change nothing.
func TestBadSettingsAreLocalized(t *testing.T) {
	tb := clockTable(t, storagetest.Open(t, nil), scheduletest.NewClock(t0))
	tb.refused("Alice", "new pile deadline=-5h", "Bad value for deadline: «-5h». Use a positive time per turn")
	tb.refused("Alice", "settings tz=Mars/Olympus", "Use a time zone name such as Europe/Kyiv")
	tb.refused("Alice", "settings lang=tlh", "Use one of en, ru, uk, pl")
	tb.refused("Alice", "settings quiet=25:00-08:00", "HH:MM-HH:MM")
	tb.refused("Alice", "settings vacation=2020-01-01", "YYYY-MM-DD")
	tb.refused("Alice", "settings colour=red", "Unknown setting colour")
	tb.refused("Alice", "settings deadline=2h", "game setting")
	tb.want("Alice", "lang ru", "")
	tb.refused("Alice", "settings tz=Mars/Olympus", "название часового пояса")
	tb.refused("Alice", "new pile bank=12h", "начальное+прибавка/предел")
	tb.want("Alice", "lang uk", "")
	tb.refused("Alice", "settings dm=maybe", "on або off")
	tb.want("Alice", "lang pl", "")
	tb.refused("Alice", "new pile ontimeout=explode", "remind, default, ai lub vote")
}

// A command delivered twice with the same ID (a crash between commit and
// the adapter's acknowledgement) applies once.
func TestCommandIDAppliesOnce(t *testing.T) {
	tb := clockTable(t, storagetest.Open(t, nil), scheduletest.NewClock(t0))
	startPile(tb, "size=9")
	c := bot.Command{Platform: "console", Channel: tb.ch, Text: "take 1", ID: "telegram:42", User: bot.User{Platform: "console", ID: "alice"}}
	if r := tb.svc.Handle(context.Background(), c); len(r) != 1 || r[0].Refused {
		t.Fatalf("first %+v", r)
	}
	r := tb.svc.Handle(context.Background(), c)
	if len(r) != 1 || r[0].Refused || !strings.Contains(r[0].Text, "Already done") {
		t.Fatalf("repeat %+v", r)
	}
	if m := tb.match(); m.Seq != 1 {
		t.Fatalf("seq %d: applied twice", m.Seq)
	}
	c.ID, c.User.ID = "telegram:43", "bob"
	if r := tb.svc.Handle(context.Background(), c); len(r) != 1 || r[0].Refused {
		t.Fatalf("next id %+v", r)
	}
}

var _ = engine.NoSeat

// A player who never chose a language is reminded in the one their
// platform reports for them (remembered from their last command), not the
// channel's.
func TestReminderInThePlatformLanguage(t *testing.T) {
	clock := scheduletest.NewClock(t0)
	tb := clockTable(t, storagetest.Open(t, nil), clock)
	tb.ok("Alice", "new pile size=9")
	c := bot.Command{Platform: "console", Channel: tb.ch, Text: "join", User: bot.User{Platform: "console", ID: "bob", Name: "Bob", Lang: "ru-RU"}}
	for _, m := range tb.svc.Handle(context.Background(), c) {
		if m.Refused {
			t.Fatalf("join refused: %s", m.Text)
		}
	}
	tb.ok("Alice", "start")
	tb.want("Alice", "take 2", "✓")
	clock.Add(time.Hour)
	tb.out.Reset()
	tb.tick()
	dm := tb.dms("bob")
	if len(dm) != 1 || !strings.Contains(dm[0], "С вашего прошлого хода") {
		t.Fatalf("reminder to Bob (platform language ru) %q, want it in Russian", dm)
	}
}
