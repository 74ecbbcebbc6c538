package bot_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/bottest"
	"formica/bot/schedule/scheduletest"
	"formica/storage"
	"formica/storage/postgres"
	"formica/storage/postgres/pgtest"
)

// countingStore is one process's PostgreSQL handle that counts what the
// service queued and which reminders it deleted (the scheduler deletes an
// entry once it fired). It embeds the store, so the cross-process match
// lock (bot.MatchLocker) is the real one.
type countingStore struct {
	*postgres.DB
	tally *tally
}

type tally struct {
	mu       sync.Mutex
	queued   int
	deleted  map[storage.ReminderID]int
	noShared bool // the mutation check: hide the match lock
}

func (c countingStore) Save(ctx context.Context, ch storage.Change) (storage.Receipt, error) {
	rc, err := c.DB.Save(ctx, ch)
	if err == nil {
		c.tally.mu.Lock()
		c.tally.queued += len(rc.Messages)
		c.tally.mu.Unlock()
	}
	return rc, err
}

func (c countingStore) Enqueue(ctx context.Context, msgs ...storage.Message) ([]storage.MessageID, error) {
	ids, err := c.DB.Enqueue(ctx, msgs...)
	if err == nil {
		c.tally.mu.Lock()
		c.tally.queued += len(ids)
		c.tally.mu.Unlock()
	}
	return ids, err
}

func (c countingStore) DeleteReminder(ctx context.Context, id storage.ReminderID) error {
	err := c.DB.DeleteReminder(ctx, id)
	if err == nil {
		c.tally.mu.Lock()
		c.tally.deleted[id]++
		c.tally.mu.Unlock()
	}
	return err
}

// process is one bot process: its own store handle, service and sender.
type process struct {
	db  *postgres.DB
	svc *bot.Service
	out *bottest.Recorder
}

func newProcess(t *testing.T, schema string, tl *tally, clock *scheduletest.Clock) *process {
	t.Helper()
	db := pgtest.OpenIn(t, postgres.Options{Schema: schema})
	var store bot.Store = countingStore{db, tl}
	if tl.noShared {
		store = struct{ bot.Store }{store} // no Lock method: local locks only
	}
	svc, err := bot.New(bot.Config{Store: store, Games: []bot.Game{pile()}, Seed: func() uint64 { return 7 }, Clock: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	rec := &bottest.Recorder{}
	svc.Attach("console", rec)
	return &process{db: db, svc: svc, out: rec}
}

// TestTwoProcessesOnePostgres runs two bot processes on one PostgreSQL
// database, each delivering the shared outbox and firing the shared
// reminders, while every move of many games reaches both of them at once
// (a webhook update retried to another instance): each move is applied
// exactly once, each post sent exactly once, each reminder fired once.
func TestTwoProcessesOnePostgres(t *testing.T) {
	twoProcesses(t, false)
}

func twoProcesses(t *testing.T, noShared bool) {
	schema := pgtest.Schema(t)
	clock := scheduletest.NewClock(t0)
	tl := &tally{deleted: map[storage.ReminderID]int{}, noShared: noShared}
	a, b := newProcess(t, schema, tl, clock), newProcess(t, schema, tl, clock)
	ctx, cancel := context.WithCancel(context.Background())
	var runs sync.WaitGroup
	for _, p := range []*process{a, b} {
		runs.Add(1)
		go func() { defer runs.Done(); _ = p.svc.Run(ctx) }()
	}
	defer runs.Wait()
	defer cancel()

	games, size := 12, 8
	if testing.Short() {
		games = 6
	}
	user := func(name string) bot.User { return bot.User{Platform: "console", ID: name, Name: name} }
	do := func(p *process, ch, who, text, id string) []bot.Message {
		return p.svc.Handle(ctx, bot.Command{Platform: "console", Channel: ch, User: user(who), Text: text, ID: id})
	}
	var wg sync.WaitGroup
	errs := make(chan error, games*size*2)
	for g := range games {
		ch := fmt.Sprint("table", g)
		wg.Add(1)
		go func() {
			defer wg.Done()
			do(a, ch, "alice", fmt.Sprintf("new pile size=%d", size), "")
			do(b, ch, "bob", "join", "")
			do(a, ch, "alice", "start", "")
			for turn := range size {
				who := []string{"alice", "bob"}[turn%2]
				id := fmt.Sprintf("console:%s:%d", ch, turn)
				var replies [2][]bot.Message
				var both sync.WaitGroup
				for i, p := range []*process{a, b} {
					both.Add(1)
					go func() { defer both.Done(); replies[i] = do(p, ch, who, "take 1", id) }()
				}
				both.Wait()
				applied, dup := 0, 0
				for _, rs := range replies {
					switch {
					case len(rs) > 0 && rs[0].Duplicate:
						dup++
					case len(rs) > 0 && rs[0].Refused && turn == size-1:
						dup++ // the game ended: the copy finds no game to repeat
					case len(rs) > 0 && !rs[0].Refused:
						applied++
					default:
						errs <- fmt.Errorf("%s turn %d: a copy got %+v", ch, turn, rs)
					}
				}
				if applied != 1 || dup != 1 {
					errs <- fmt.Errorf("%s turn %d: %d copies applied, %d answered as repeats; want 1 and 1", ch, turn, applied, dup)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	stats, _, err := a.db.AllStats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(stats) != games {
		t.Errorf("%d games finished, want %d", len(stats), games)
	}
	for _, st := range stats {
		log, err := b.db.Log(ctx, st.MatchID)
		if err != nil {
			t.Fatal(err)
		}
		if len(log) != size || st.Answers != uint64(size) {
			t.Errorf("%s: %d answers logged (stats %d), want %d: an answer lost or applied twice", st.Key, len(log), st.Answers, size)
		}
	}

	// Reminders: games left waiting on their first move, the clock moved
	// past their reminders, both schedulers firing at once.
	for g := range games {
		ch := fmt.Sprint("wait", g)
		do(a, ch, "alice", "new pile", "")
		do(b, ch, "bob", "join", "")
		do(b, ch, "alice", "start", "")
	}
	clock.Add(3 * time.Hour)
	all, err := a.db.Reminders(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var due []storage.Reminder
	for _, r := range all {
		if !r.At.After(clock.Now()) {
			due = append(due, r)
		}
	}
	if len(due) < games {
		t.Fatalf("%d reminders due, want at least one per waiting game (%d)", len(due), games)
	}
	// Both schedulers look now (each process runs one, in Run).
	a.svc.Wake()
	b.svc.Wake()
	waitUntil(t, "every due reminder fired", func() bool {
		tl.mu.Lock()
		defer tl.mu.Unlock()
		for _, r := range due {
			if tl.deleted[r.ID] == 0 {
				return false
			}
		}
		return true
	})
	waitEmpty(t, a.db)
	tl.mu.Lock()
	for _, r := range due {
		if n := tl.deleted[r.ID]; n != 1 {
			t.Errorf("reminder %d (%s seat %d) fired %d times, want once", r.ID, r.Match, r.Seat, n)
		}
	}
	tl.mu.Unlock()

	// The outbox: every queued message sent by exactly one process.
	waitEmpty(t, a.db)
	tl.mu.Lock()
	queued := tl.queued
	tl.mu.Unlock()
	sentA, sentB := len(a.out.Messages()), len(b.out.Messages())
	if sentA+sentB != queued {
		t.Errorf("sent %d+%d messages, queued %d: each must go out once", sentA, sentB, queued)
		seen := map[string]int{}
		for _, m := range append(a.out.Messages(), b.out.Messages()...) {
			seen[fmt.Sprintf("%s %s %.80q", m.Channel, m.User, m.Text)]++
		}
		for k, n := range seen {
			if n > 1 {
				t.Logf("%dx %s", n, k)
			}
		}
	}
	t.Logf("%d games x %d moves, each sent to both processes; %d reminders; %d messages sent by a, %d by b",
		games, size, len(due), sentA, sentB)
}

// waitUntil waits until ok (the deadline only bounds a failure).
func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s after a minute", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitEmpty waits until the outbox has been delivered (the Run loops are
// nudged on every commit; the deadline only bounds a failure).
func waitEmpty(t *testing.T, db *postgres.DB) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		n, err := db.QueueDepth(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n["console"] == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("outbox still holds %v after a minute", n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
