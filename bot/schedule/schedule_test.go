package schedule

import (
	"context"
	"errors"
	"formica/bot/schedule/scheduletest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"formica/storage"
	"formica/storage/storagetest"
)

var t0 = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func TestDefaultsRemindAfterAnHourThenEveryTwelve(t *testing.T) {
	g := Defaults()
	p := Player{DM: true}
	for n, want := range []time.Duration{time.Hour, 13 * time.Hour, 25 * time.Hour} {
		if got := g.ReminderAt(t0, n, p); !got.Equal(t0.Add(want)) {
			t.Errorf("reminder %d at %v, want %v", n, got, t0.Add(want))
		}
	}
	if Level(0) != 1 || Level(1) != 2 || Level(5) != 3 {
		t.Error("wording must escalate 1, 2, then stay at 3")
	}
	if !g.ReminderAt(t0, 0, Player{DM: false}).IsZero() {
		t.Error("a player with DM reminders off must get none")
	}
	if !g.DeadlineAt(t0, 0, p).IsZero() {
		t.Error("no deadline by default")
	}
}

func TestQuietHoursDeferInPlayersZone(t *testing.T) {
	kyiv, err := ParseZone("Europe/Kyiv")
	if err != nil {
		t.Fatal(err)
	}
	from, to, err := ParseQuiet("23:00-08:00")
	if err != nil {
		t.Fatal(err)
	}
	p := Player{DM: true, Zone: kyiv, QuietFrom: from, QuietTo: to}
	// 22:30 UTC is 00:30 in Kyiv (UTC+2 in November): quiet until 08:00 Kyiv = 06:00 UTC.
	at := time.Date(2026, 11, 20, 22, 30, 0, 0, time.UTC)
	if got, want := p.Deliverable(at), time.Date(2026, 11, 21, 6, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Fatalf("deliverable %v, want %v", got, want)
	}
	// 10:00 UTC is noon in Kyiv: not quiet.
	if at := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC); !p.Deliverable(at).Equal(at) {
		t.Fatal("a reminder outside quiet hours must not move")
	}
	// Quiet hours inside one day (13:00-14:00 local).
	p2 := Player{DM: true, Zone: time.UTC, QuietFrom: 13 * 60, QuietTo: 14 * 60}
	if got := p2.Deliverable(t0.Add(90 * time.Minute)); !got.Equal(t0.Add(2 * time.Hour)) {
		t.Fatalf("deliverable %v, want 14:00", got)
	}
}

func TestVacationPausesRemindersAndDeadlines(t *testing.T) {
	until, err := ParseVacation("2026-11-24", time.UTC, t0)
	if err != nil {
		t.Fatal(err)
	}
	p := Player{DM: true, VacationUntil: until}
	g := Game{First: time.Hour, Every: 12 * time.Hour, Deadline: 48 * time.Hour, Policy: Default}
	if got := g.ReminderAt(t0, 0, p); !got.Equal(until) {
		t.Errorf("reminder during vacation at %v, want its end %v", got, until)
	}
	if got, want := g.DeadlineAt(t0, 0, p), t0.Add(48*time.Hour).Add(until.Sub(t0)); !got.Equal(want) {
		t.Errorf("deadline %v, want %v (pushed back by the vacation)", got, want)
	}
}

func TestTimeBankDecreasesAndRefills(t *testing.T) {
	b, err := ParseBank("72h+12h/96h")
	if err != nil {
		t.Fatal(err)
	}
	left := b.Initial
	left = b.Spend(left, 10*time.Hour) // 72-10+12 = 74
	if left != 74*time.Hour {
		t.Fatalf("after a 10h turn: %v, want 74h", left)
	}
	left = b.Spend(left, time.Minute) // 74h-1m+12h capped at 96h
	if left != 85*time.Hour+59*time.Minute {
		t.Fatalf("got %v", left)
	}
	left = b.Spend(96*time.Hour, 0)
	if left != 96*time.Hour {
		t.Fatalf("cap not applied: %v", left)
	}
	if got := b.Spend(time.Hour, 2*time.Hour); got != -time.Hour {
		t.Fatalf("overrun %v, want -1h and no increment", got)
	}
	g := Game{Bank: b, Policy: Default}
	if got := g.DeadlineAt(t0, 5*time.Hour, Player{}); !got.Equal(t0.Add(5 * time.Hour)) {
		t.Fatalf("bank deadline %v, want opened+balance", got)
	}
}

func TestBadSettingsAreClearErrors(t *testing.T) {
	g := Defaults()
	for _, kv := range [][2]string{
		{"deadline", "-5h"}, {"deadline", "soon"}, {"deadline", "1m"},
		{"remind", "0h"}, {"remind", "1h,1m"}, {"bank", "12h"}, {"bank", "12h+1h/1h"},
		{"ontimeout", "explode"}, {"colour", "red"},
	} {
		if err := g.Set(kv[0], kv[1]); !errors.Is(err, ErrSetting) {
			t.Errorf("%s=%s: got %v, want ErrSetting", kv[0], kv[1], err)
		}
	}
	if g != Defaults() {
		t.Fatal("a refused setting changed the game settings")
	}
	if _, err := ParseZone("Mars/Olympus"); !errors.Is(err, ErrSetting) {
		t.Errorf("unknown zone: %v", err)
	}
	if _, _, err := ParseQuiet("25:00-08:00"); !errors.Is(err, ErrSetting) {
		t.Errorf("bad quiet hours: %v", err)
	}
	if _, err := (Languages{"en", "ru"}).ParseLang("tlh"); !errors.Is(err, ErrSetting) {
		t.Errorf("unknown language: %v", err)
	}
	if _, err := ParseVacation("2020-01-01", nil, t0); !errors.Is(err, ErrSetting) {
		t.Errorf("past vacation: %v", err)
	}
	for _, ok := range [][2]string{{"deadline", "2d"}, {"remind", "30m,6h"}, {"bank", "3d+12h"}, {"ontimeout", "vote"}, {"remind", "off"}} {
		if err := g.Set(ok[0], ok[1]); err != nil {
			t.Errorf("%s=%s: %v", ok[0], ok[1], err)
		}
	}
	if g.Deadline != 48*time.Hour || g.Bank.Increment != 12*time.Hour || g.Policy != Vote || g.First != 0 {
		t.Fatalf("settings not applied: %+v", g)
	}
}

func TestFormatDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0m", 45 * time.Minute: "45m", 26*time.Hour + 5*time.Minute: "1d2h5m", -2 * time.Hour: "-2h",
	} {
		if got := FormatDuration(d); got != want {
			t.Errorf("FormatDuration(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestRunnerFiresOnTimeAndSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "formica.db")
	db := storagetest.OpenAt(t, path, nil)
	key := storage.MatchKey{Platform: "console", Channel: "table"}
	clock := scheduletest.NewClock(t0)
	for _, r := range []storage.Reminder{
		{At: t0.Add(time.Hour), Kind: "remind", Match: key, Seat: 0},
		{At: t0.Add(2 * time.Hour), Kind: "deadline", Match: key, Seat: 0},
		{At: t0.Add(3 * time.Hour), Kind: "remind", Match: key, Seat: 1},
	} {
		if _, err := db.PutReminder(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	var fired []string
	run := func(db *storage.DB) *Runner {
		return &Runner{Store: db, Now: clock.Now, Fire: func(_ context.Context, r storage.Reminder) error {
			fired = append(fired, r.Kind+"@"+r.At.Sub(t0).String())
			return nil
		}}
	}
	r := run(db)
	if n, _ := r.Tick(ctx); n != 0 {
		t.Fatalf("fired %d before anything was due", n)
	}
	clock.Add(time.Hour)
	if n, _ := r.Tick(ctx); n != 1 || fired[0] != "remind@1h0m0s" {
		t.Fatalf("at +1h fired %v", fired)
	}
	// Restart: close and reopen the file; the bot is down while the deadline
	// and the next reminder come due; both fire once at start-up.
	db.Close()
	clock.Add(5 * time.Hour)
	db = storagetest.OpenAt(t, path, nil)
	r = run(db)
	if n, err := r.Tick(ctx); n != 2 || err != nil {
		t.Fatalf("after restart fired %d (%v), want 2", n, err)
	}
	if n, _ := r.Tick(ctx); n != 0 {
		t.Fatalf("entries fired twice: %v", fired)
	}
	if want := "remind@1h0m0s deadline@2h0m0s remind@3h0m0s"; join(fired) != want {
		t.Fatalf("fired %q, want %q", join(fired), want)
	}
}

func TestRunnerRetriesFailedEntry(t *testing.T) {
	ctx := context.Background()
	db := storagetest.Open(t, nil)
	clock := scheduletest.NewClock(t0)
	key := storage.MatchKey{Platform: "console", Channel: "t"}
	db.PutReminder(ctx, storage.Reminder{At: t0, Kind: "remind", Match: key})
	fail := true
	calls := 0
	r := &Runner{Store: db, Now: clock.Now, Retry: 5 * time.Minute, Fire: func(context.Context, storage.Reminder) error {
		calls++
		if fail {
			return errors.New("platform down")
		}
		return nil
	}}
	if n, _ := r.Tick(ctx); n != 0 {
		t.Fatal("a failed entry counted as fired")
	}
	fail = false
	if n, _ := r.Tick(ctx); n != 0 || calls != 1 {
		t.Fatal("a failed entry must wait for its retry time")
	}
	clock.Add(5 * time.Minute)
	if n, _ := r.Tick(ctx); n != 1 || calls != 2 {
		t.Fatalf("retry: fired %d after %d calls", n, calls)
	}
}

func TestRunStopsOnCancel(t *testing.T) {
	db := storagetest.Open(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	r := &Runner{Store: db, Now: time.Now, Fire: func(context.Context, storage.Reminder) error { return nil }}
	go func() { done <- r.Run(ctx) }()
	r.Wake()
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func join(s []string) string { return strings.Join(s, " ") }
