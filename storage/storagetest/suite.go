package storagetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"formica/engine"
	"formica/storage"
)

// Store is what the suite exercises: every method the bot's service uses
// (bot.Store has the same method set; it is repeated here so this package
// does not import bot).
type Store interface {
	Match(ctx context.Context, key storage.MatchKey) (*storage.Match, error)
	FinishedMatch(ctx context.Context, id string) (*storage.Match, error)
	Log(ctx context.Context, matchID string) ([]storage.LogEntry, error)
	Save(ctx context.Context, c storage.Change) (storage.Receipt, error)
	Enqueue(ctx context.Context, msgs ...storage.Message) ([]storage.MessageID, error)
	Pending(ctx context.Context, limit int) ([]storage.Message, error)
	Ack(ctx context.Context, ids ...storage.MessageID) error
	User(ctx context.Context, key storage.UserKey) (storage.User, error)
	PutUser(ctx context.Context, u storage.User) error
	Due(ctx context.Context, now time.Time) ([]storage.Reminder, error)
	Peek(ctx context.Context) (storage.Reminder, bool, error)
	PutReminder(ctx context.Context, r storage.Reminder) (storage.ReminderID, error)
	DeleteReminder(ctx context.Context, id storage.ReminderID) error
	Matches(ctx context.Context) (ms []*storage.Match, errs []error, err error)
	AllStats(ctx context.Context) (all []storage.Stats, errs []error, err error)
	Move(ctx context.Context, from, to storage.MatchKey) error
}

// Run is the storage conformance suite: every implementation of Store
// (bbolt, PostgreSQL) must pass it. open returns a new, empty store for
// one subtest and arranges its cleanup.
func Run(t *testing.T, open func(t *testing.T) Store) {
	for _, c := range suite {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					f, ok := r.(failed)
					if !ok {
						panic(r)
					}
					t.Fatalf("%s: %v", f.at, f.err)
				}
			}()
			c.run(t, open(t))
		})
	}
}

var suite = []struct {
	name string
	run  func(t *testing.T, db Store)
}{
	{"MatchNotFound", testMatchNotFound},
	{"SaveAndLoad", testSaveAndLoad},
	{"SaveStaleSeqConflicts", testStaleSeq},
	{"SaveOtherMatchConflicts", testOtherMatch},
	{"SaveInvalidWritesNothing", testInvalid},
	{"FinishArchives", testFinish},
	{"Matches", testMatches},
	{"Reminders", testReminders},
	{"SaveReminders", testSaveReminders},
	{"Outbox", testOutbox},
	{"Users", testUsers},
	{"Move", testMove},
	{"ConcurrentSavesOneWins", testConcurrentSaves},
	{"ConcurrentMatches", testConcurrentMatches},
	{"CancelledContext", testCancelled},
}

var (
	t0  = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	bg  = context.Background()
	ann = storage.Player{User: "u1", Name: "Ann", Seat: 0}
	bob = storage.Player{User: "u2", Name: "Bob", Seat: 1}
)

func mkey(ch string) storage.MatchKey { return storage.MatchKey{Platform: "discord", Channel: ch} }

// NewMatch is an active two-seat match in channel ch with no answers.
func NewMatch(ch string) *storage.Match {
	return &storage.Match{
		Key: mkey(ch), ID: storage.NewID(),
		Setup:   engine.Setup{Game: "micropolis", Seats: 2, Seed: 7, Options: map[string]string{"b": "2", "a": "1"}},
		Creator: "u1", Players: []storage.Player{ann, bob},
		Status: storage.StatusActive, CreatedAt: t0, UpdatedAt: t0,
		Settings: json.RawMessage(`{"deadline":"24h"}`),
		Snapshot: []byte("state-0"), Hash: "h0",
	}
}

// Answer advances m by one answer and returns the change storing it the way
// the bot's hot path does: log entry, the answering seat's reminders
// cancelled, a reminder for the other seat, a post to the channel.
func Answer(m *storage.Match) storage.Change {
	m.Seq++
	seat := engine.Seat((m.Seq - 1) % 2)
	at := t0.Add(time.Duration(m.Seq) * time.Minute)
	m.UpdatedAt = at
	m.Snapshot = fmt.Appendf(nil, "state-%d", m.Seq)
	m.Hash = fmt.Sprintf("h%d", m.Seq)
	return storage.Change{
		Match:  m,
		Log:    []storage.LogEntry{{Seq: m.Seq, Seat: seat, Path: engine.Path{"take", fmt.Sprint(m.Seq)}, User: "u1", At: at}},
		Cancel: []engine.Seat{seat},
		Remind: []storage.Reminder{{At: at.Add(time.Hour), Kind: "remind", Seat: 1 - seat, User: "u2", Payload: []byte(`{"n":1}`)}},
		Outbox: []storage.Message{{Platform: "discord", To: m.Key.Channel, Match: m.Key, Kind: "channel", Payload: fmt.Appendf(nil, `{"turn":%d}`, m.Seq), At: at}},
	}
}

// same reports whether a and b encode to the same JSON: records are
// stored as JSON, so this is what "stored unchanged" means.
func same(t *testing.T, what string, got, want any) {
	t.Helper()
	g, err1 := json.Marshal(got)
	w, err2 := json.Marshal(want)
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: encoding: %v %v", what, err1, err2)
	}
	if string(g) != string(w) {
		t.Errorf("%s =\n%s\nwant\n%s", what, g, w)
	}
}

// failed is must's panic, turned into t.Fatal by Run: Go cannot pass a
// call's two results next to t.
type failed struct {
	at  string
	err error
}

// must returns v, or fails the subtest when err is not nil (only on the
// test's goroutine).
func must[T any](v T, err error) T {
	if err != nil {
		_, file, line, _ := runtime.Caller(1)
		panic(failed{at: fmt.Sprintf("%s:%d", filepath.Base(file), line), err: err})
	}
	return v
}

// check fails the subtest when err is not nil.
func check(err error) {
	if err != nil {
		_, file, line, _ := runtime.Caller(1)
		panic(failed{at: fmt.Sprintf("%s:%d", filepath.Base(file), line), err: err})
	}
}

func wantErr(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Errorf("%s: err = %v, want %v", what, err, target)
	}
}

func save(t *testing.T, db Store, c storage.Change) storage.Receipt {
	t.Helper()
	return must(db.Save(bg, c))
}

func pendingIDs(t *testing.T, db Store) []storage.MessageID {
	t.Helper()
	var ids []storage.MessageID
	for _, m := range must(db.Pending(bg, 0)) {
		ids = append(ids, m.ID)
	}
	return ids
}

func dueIDs(t *testing.T, db Store, now time.Time) []storage.ReminderID {
	t.Helper()
	var ids []storage.ReminderID
	for _, r := range must(db.Due(bg, now)) {
		ids = append(ids, r.ID)
	}
	return ids
}

func testMatchNotFound(t *testing.T, db Store) {
	_, err := db.Match(bg, mkey("nowhere"))
	wantErr(t, "Match of an empty channel", err, storage.ErrNotFound)
	_, err = db.FinishedMatch(bg, "nosuchid")
	wantErr(t, "FinishedMatch of an unknown id", err, storage.ErrNotFound)
	_, err = db.Log(bg, "nosuchid")
	wantErr(t, "Log of an unknown id", err, storage.ErrNotFound)
	_, err = db.User(bg, storage.UserKey{Platform: "discord", ID: "nobody"})
	wantErr(t, "User never stored", err, storage.ErrNotFound)
}

func testSaveAndLoad(t *testing.T, db Store) {
	m := NewMatch("c1")
	m.Status = storage.StatusLobby
	save(t, db, storage.Change{Match: m})
	same(t, "lobby", must(db.Match(bg, m.Key)), m)
	if log := must(db.Log(bg, m.ID)); len(log) != 0 {
		t.Errorf("a lobby's log = %+v, want empty", log)
	}
	m.Status = storage.StatusActive
	var entries []storage.LogEntry
	for range 3 {
		c := Answer(m)
		entries = append(entries, c.Log...)
		save(t, db, c)
	}
	same(t, "match after 3 answers", must(db.Match(bg, m.Key)), m)
	same(t, "log", must(db.Log(bg, m.ID)), entries)
	// Two answers in one change.
	c1, c2 := Answer(m), Answer(m)
	c2.Log = append(c1.Log, c2.Log...)
	save(t, db, c2)
	entries = append(entries, c2.Log...)
	got := must(db.Log(bg, m.ID))
	same(t, "log after a two-answer change", got, entries)
	if len(got) != 5 || got[4].Seq != 5 || got[4].Path[1] != "5" {
		t.Errorf("log = %+v, want 5 entries ending with take 5", got)
	}
}

func testStaleSeq(t *testing.T, db Store) {
	m := NewMatch("c1")
	save(t, db, Answer(m))
	stale := *m
	save(t, db, Answer(m)) // the store is at Seq 2
	before := pendingIDs(t, db)
	dueBefore := dueIDs(t, db, t0.Add(48*time.Hour))
	c := Answer(&stale) // claims Seq 2 again
	_, err := db.Save(bg, c)
	wantErr(t, "a second writer of Seq 2", err, storage.ErrConflict)
	// A change that skips ahead conflicts too.
	ahead := *m
	ahead.Seq++
	c = Answer(&ahead)
	_, err = db.Save(bg, c)
	wantErr(t, "a change skipping Seq 3", err, storage.ErrConflict)
	// Seq that does not count the log it brings.
	bad := *m
	c = Answer(&bad)
	c.Match.Seq = 5
	_, err = db.Save(bg, c)
	wantErr(t, "Seq not counting its log", err, storage.ErrConflict)

	same(t, "match after the conflicts", must(db.Match(bg, m.Key)), m)
	if log := must(db.Log(bg, m.ID)); len(log) != 2 {
		t.Errorf("log has %d entries after the conflicts, want 2", len(log))
	}
	if after := pendingIDs(t, db); !slices.Equal(after, before) {
		t.Errorf("outbox after the conflicts = %v, want %v (nothing queued)", after, before)
	}
	if after := dueIDs(t, db, t0.Add(48*time.Hour)); !slices.Equal(after, dueBefore) {
		t.Errorf("reminders after the conflicts = %v, want %v", after, dueBefore)
	}
}

func testOtherMatch(t *testing.T, db Store) {
	m := NewMatch("c1")
	save(t, db, Answer(m))
	other := NewMatch("c1")
	_, err := db.Save(bg, storage.Change{Match: other})
	wantErr(t, "another match in an occupied channel", err, storage.ErrConflict)
	if got := must(db.Match(bg, m.Key)); got.ID != m.ID {
		t.Errorf("channel holds %s, want %s", got.ID, m.ID)
	}
}

func testInvalid(t *testing.T, db Store) {
	_, err := db.Save(bg, storage.Change{})
	wantErr(t, "a change without a match", err, storage.ErrInvalid)
	m := NewMatch("c1")
	m.Status = "paused"
	_, err = db.Save(bg, storage.Change{Match: m})
	wantErr(t, "unknown status", err, storage.ErrInvalid)
	m = NewMatch("c1")
	m.ID = ""
	_, err = db.Save(bg, storage.Change{Match: m})
	wantErr(t, "no id", err, storage.ErrInvalid)
	m = NewMatch("c1")
	c := Answer(m)
	c.Log[0].At = time.Time{}
	_, err = db.Save(bg, c)
	wantErr(t, "an answer without a time", err, storage.ErrInvalid)
	c = Answer(NewMatch("c2"))
	c.Outbox[0].To = ""
	_, err = db.Save(bg, c)
	wantErr(t, "a message without a recipient", err, storage.ErrInvalid)
	c = Answer(NewMatch("c3"))
	c.Remind[0].At = time.Time{}
	_, err = db.Save(bg, c)
	wantErr(t, "a reminder without a time", err, storage.ErrInvalid)
	c = Answer(NewMatch("c4"))
	c.Stats = &storage.Stats{MatchID: c.Match.ID}
	_, err = db.Save(bg, c)
	wantErr(t, "stats for an active match", err, storage.ErrInvalid)

	// Nothing of the failed changes was written.
	ms, _, err := db.Matches(bg)
	if err != nil || len(ms) != 0 {
		t.Errorf("Matches after invalid changes = %d, %v; want none", len(ms), err)
	}
	if ids := pendingIDs(t, db); len(ids) != 0 {
		t.Errorf("outbox after invalid changes = %v, want empty", ids)
	}
	if ids := dueIDs(t, db, t0.Add(1000*time.Hour)); len(ids) != 0 {
		t.Errorf("reminders after invalid changes = %v, want none", ids)
	}
}

func testFinish(t *testing.T, db Store) {
	m := NewMatch("c1")
	save(t, db, Answer(m))
	keep := NewMatch("c2")
	save(t, db, Answer(keep))
	c := Answer(m)
	m.Status = storage.StatusFinished
	st := &storage.Stats{MatchID: m.ID, Key: m.Key, Setup: m.Setup, Players: m.Players,
		Scores: []int{31, 24}, Rank: []int{1, 2}, Status: storage.StatusFinished, Answers: m.Seq,
		StartedAt: t0, FinishedAt: t0.Add(time.Hour)}
	c.Stats = st
	rc := save(t, db, c)
	if len(rc.Reminders) != 0 {
		t.Errorf("an ending change scheduled reminders %v, want none", rc.Reminders)
	}
	if len(rc.Messages) != 1 {
		t.Errorf("an ending change queued %v, want its one post", rc.Messages)
	}
	_, err := db.Match(bg, m.Key)
	wantErr(t, "the channel of a finished match", err, storage.ErrNotFound)
	same(t, "finished match", must(db.FinishedMatch(bg, m.ID)), m)
	if log := must(db.Log(bg, m.ID)); len(log) != 2 {
		t.Errorf("finished match's log has %d entries, want 2", len(log))
	}
	all, errs, err := db.AllStats(bg)
	if err != nil || len(errs) != 0 {
		t.Fatalf("AllStats: %v %v", errs, err)
	}
	same(t, "stats", all, []storage.Stats{*st})
	for _, r := range must(db.Due(bg, t0.Add(1000*time.Hour))) {
		if r.Match == m.Key {
			t.Errorf("reminder %+v of the finished match is still due", r)
		}
	}
	if ids := dueIDs(t, db, t0.Add(1000*time.Hour)); len(ids) != 1 {
		t.Errorf("due = %v, want only the other match's reminder", ids)
	}
	// Written again after it ended: a conflict.
	again := *m
	again.Status = storage.StatusActive
	_, err = db.Save(bg, Answer(&again))
	wantErr(t, "a finished match written again", err, storage.ErrConflict)
	// The channel is free for a new match.
	save(t, db, storage.Change{Match: NewMatch("c1")})

	// Aborted without stats.
	c = Answer(keep)
	keep.Status = storage.StatusAborted
	save(t, db, c)
	same(t, "aborted match", must(db.FinishedMatch(bg, keep.ID)), keep)
	if all := must3(t, db.AllStats); len(all) != 1 {
		t.Errorf("AllStats after an abort without stats = %d records, want 1", len(all))
	}
}

func must3[T any](t *testing.T, f func(context.Context) ([]T, []error, error)) []T {
	t.Helper()
	v, errs, err := f(bg)
	if err != nil || len(errs) > 0 {
		t.Fatalf("%v %v", errs, err)
	}
	return v
}

func testMatches(t *testing.T, db Store) {
	lobby := NewMatch("a")
	lobby.Status = storage.StatusLobby
	save(t, db, storage.Change{Match: lobby})
	active := NewMatch("b")
	save(t, db, Answer(active))
	done := NewMatch("c")
	c := Answer(done)
	done.Status = storage.StatusAborted
	save(t, db, c)
	ms := must3(t, db.Matches)
	slices.SortFunc(ms, func(a, b *storage.Match) int { return cmpStr(a.Key.Channel, b.Key.Channel) })
	same(t, "Matches", ms, []*storage.Match{lobby, active})
}

func cmpStr(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func testReminders(t *testing.T, db Store) {
	if _, ok, err := db.Peek(bg); ok || err != nil {
		t.Fatalf("Peek of an empty index: ok=%v err=%v", ok, err)
	}
	k := mkey("c1")
	mk := func(min int, kind string) storage.Reminder {
		return storage.Reminder{At: t0.Add(time.Duration(min) * time.Minute), Kind: kind, Match: k, Seat: 1, User: "u2", Payload: []byte(`{"x":1}`)}
	}
	late := must(db.PutReminder(bg, mk(30, "deadline")))
	early := must(db.PutReminder(bg, mk(10, "remind")))
	tie := must(db.PutReminder(bg, mk(10, "remind")))
	if early == late || tie == early || early == 0 {
		t.Fatalf("ids %d %d %d are not distinct and non-zero", late, early, tie)
	}
	r, ok := must2(t, db.Peek)
	if !ok || r.ID != early {
		t.Errorf("Peek = %+v %v, want the earliest (%d)", r, ok, early)
	}
	want := mk(10, "remind")
	want.ID = early
	same(t, "peeked reminder", r, want)
	if got := dueIDs(t, db, t0.Add(9*time.Minute)); len(got) != 0 {
		t.Errorf("due before any = %v", got)
	}
	if got := dueIDs(t, db, t0.Add(10*time.Minute)); !slices.Equal(got, []storage.ReminderID{early, tie}) {
		t.Errorf("due at 10 min = %v, want %v (time, then id)", got, []storage.ReminderID{early, tie})
	}
	// Due does not remove: asked again, the same.
	if got := dueIDs(t, db, t0.Add(time.Hour)); !slices.Equal(got, []storage.ReminderID{early, tie, late}) {
		t.Errorf("due at 1 h = %v, want %v", got, []storage.ReminderID{early, tie, late})
	}
	// Replacing by id moves it.
	moved := mk(60, "remind")
	moved.ID = early
	if id := must(db.PutReminder(bg, moved)); id != early {
		t.Errorf("replacing kept id %d, want %d", id, early)
	}
	if got := dueIDs(t, db, t0.Add(time.Hour)); !slices.Equal(got, []storage.ReminderID{tie, late, early}) {
		t.Errorf("due after moving %d = %v, want %v", early, got, []storage.ReminderID{tie, late, early})
	}
	check(db.DeleteReminder(bg, tie))
	check(db.DeleteReminder(bg, tie)) // deleting a missing one is no error
	if got := dueIDs(t, db, t0.Add(time.Hour)); !slices.Equal(got, []storage.ReminderID{late, early}) {
		t.Errorf("due after deleting %d = %v", tie, got)
	}
	if r, ok := must2(t, db.Peek); !ok || r.ID != late {
		t.Errorf("Peek after delete = %+v, want %d", r, late)
	}
	_, err := db.PutReminder(bg, storage.Reminder{Kind: "remind", Match: k})
	wantErr(t, "a reminder without a time", err, storage.ErrInvalid)
	_, err = db.PutReminder(bg, storage.Reminder{At: t0, Kind: "remind"})
	wantErr(t, "a reminder without a match", err, storage.ErrInvalid)
	_, err = db.Due(bg, time.Time{})
	wantErr(t, "Due at the zero time", err, storage.ErrInvalid)
}

func must2[T any](t *testing.T, f func(context.Context) (T, bool, error)) (T, bool) {
	t.Helper()
	v, ok, err := f(bg)
	if err != nil {
		t.Fatal(err)
	}
	return v, ok
}

func testSaveReminders(t *testing.T, db Store) {
	m := NewMatch("c1")
	rc := save(t, db, Answer(m)) // seat 0 answered: seat 1 reminded
	if len(rc.Reminders) != 1 {
		t.Fatalf("receipt reminders = %v, want 1", rc.Reminders)
	}
	due := must(db.Due(bg, t0.Add(time.Hour+time.Minute)))
	if len(due) != 1 || due[0].ID != rc.Reminders[0] || due[0].Match != m.Key || due[0].Seat != 1 {
		t.Fatalf("due = %+v, want the receipt's reminder of seat 1 in %s", due, m.Key)
	}
	rc2 := save(t, db, Answer(m)) // seat 1 answered: its reminder cancelled, seat 0 reminded
	got := dueIDs(t, db, t0.Add(24*time.Hour))
	if !slices.Equal(got, rc2.Reminders) {
		t.Errorf("due after seat 1 answered = %v, want only %v (Cancel before Remind)", got, rc2.Reminders)
	}
	// Another match's reminders are not touched by this match's Cancel.
	o := NewMatch("c2")
	orc := save(t, db, Answer(o))
	c := Answer(m)
	c.Remind = []storage.Reminder{{At: t0, Kind: "deadline", Seat: 0}, {At: t0.Add(time.Second), Kind: "remind", Seat: 1}}
	rc3 := save(t, db, c)
	got = dueIDs(t, db, t0.Add(24*time.Hour))
	want := append(slices.Clone(rc3.Reminders), orc.Reminders...)
	if !slices.Equal(got, want) {
		t.Errorf("due = %v, want %v", got, want)
	}
	// Cancel names seats: the other seat's reminder stays.
	c = Answer(m)
	c.Cancel, c.Remind = []engine.Seat{0}, nil
	save(t, db, c)
	got = dueIDs(t, db, t0.Add(24*time.Hour))
	want = append(slices.Clone(rc3.Reminders[1:]), orc.Reminders...)
	if !slices.Equal(got, want) {
		t.Errorf("due after cancelling seat 0 = %v, want %v (seat 1's stays)", got, want)
	}
	// CancelAll clears every seat of this match, then schedules anew.
	c = Answer(m)
	c.CancelAll = true
	rc4 := save(t, db, c)
	got = dueIDs(t, db, t0.Add(24*time.Hour))
	want = append(slices.Clone(orc.Reminders), rc4.Reminders...)
	if !slices.Equal(got, want) {
		t.Errorf("due after CancelAll = %v, want %v", got, want)
	}
	for _, r := range must(db.Due(bg, t0.Add(24*time.Hour))) {
		if r.ID == rc4.Reminders[0] && (r.Match != m.Key || r.Kind != "remind") {
			t.Errorf("a Remind without Match got %+v, want this match", r)
		}
	}
}

func testOutbox(t *testing.T, db Store) {
	m := NewMatch("c1")
	var sent []storage.MessageID
	for range 3 {
		sent = append(sent, save(t, db, Answer(m)).Messages...)
	}
	dm := storage.Message{Platform: "telegram", To: "@77", Kind: "direct", Payload: []byte(`{"t":"hi"}`), At: t0}
	extra := must(db.Enqueue(bg, dm, dm))
	if len(extra) != 2 || extra[0] == extra[1] {
		t.Fatalf("Enqueue ids = %v, want two distinct", extra)
	}
	sent = append(sent, extra...)
	msgs := must(db.Pending(bg, 0))
	var got []storage.MessageID
	for _, msg := range msgs {
		got = append(got, msg.ID)
	}
	if !slices.Equal(got, sent) {
		t.Fatalf("Pending ids = %v, want commit order %v", got, sent)
	}
	if !slices.IsSorted(got) {
		t.Errorf("ids %v do not grow in commit order", got)
	}
	want := dm
	want.ID = extra[0]
	same(t, "queued direct message", msgs[3], want)
	if msgs[0].Match != m.Key || string(msgs[0].Payload) != `{"turn":1}` || msgs[0].To != "c1" || msgs[0].Kind != "channel" {
		t.Errorf("first post = %+v", msgs[0])
	}
	if two := must(db.Pending(bg, 2)); len(two) != 2 || two[0].ID != sent[0] || two[1].ID != sent[1] {
		t.Errorf("Pending(2) = %+v, want the two oldest", two)
	}
	check(db.Ack(bg, sent[0], sent[2], sent[2], 999999))
	if left := pendingIDs(t, db); !slices.Equal(left, []storage.MessageID{sent[1], sent[3], sent[4]}) {
		t.Errorf("after Ack = %v, want %v", left, []storage.MessageID{sent[1], sent[3], sent[4]})
	}
	_, err := db.Enqueue(bg, storage.Message{Platform: "telegram", Kind: "direct", At: t0})
	wantErr(t, "a message without a recipient", err, storage.ErrInvalid)
	// Ids are never reused after an Ack.
	check(db.Ack(bg, sent...))
	next := must(db.Enqueue(bg, dm))
	if next[0] <= sent[len(sent)-1] {
		t.Errorf("id after acking everything = %d, want above %d", next[0], sent[len(sent)-1])
	}
}

func testUsers(t *testing.T, db Store) {
	u := storage.User{Platform: "telegram", ID: "42", Name: "Ann", Lang: "uk", DM: true, TZ: "Europe/Kyiv",
		QuietFrom: 23 * 60, QuietTo: 8 * 60, VacationUntil: t0.Add(72 * time.Hour), PrivateChat: "42",
		Prefs: json.RawMessage(`{"style":"short"}`)}
	check(db.PutUser(bg, u))
	same(t, "user", must(db.User(bg, u.Key())), u)
	u.Lang, u.DM = "pl", false
	check(db.PutUser(bg, u))
	same(t, "replaced user", must(db.User(bg, u.Key())), u)
	_, err := db.User(bg, storage.UserKey{Platform: "discord", ID: "42"})
	wantErr(t, "the same id on another platform", err, storage.ErrNotFound)
	bad := u
	bad.QuietFrom = 24 * 60
	wantErr(t, "quiet hours past midnight", db.PutUser(bg, bad), storage.ErrInvalid)
	bad = u
	bad.ID = ""
	wantErr(t, "a user without an id", db.PutUser(bg, bad), storage.ErrInvalid)
	same(t, "user after bad writes", must(db.User(bg, u.Key())), u)
}

func testMove(t *testing.T, db Store) {
	m := NewMatch("-100")
	rc := save(t, db, Answer(m))
	to := storage.MatchKey{Platform: "discord", Channel: "-100200"}
	check(db.Move(bg, m.Key, to))
	_, err := db.Match(bg, m.Key)
	wantErr(t, "the old channel", err, storage.ErrNotFound)
	got := must(db.Match(bg, to))
	if got.ID != m.ID || got.Key != to || got.Seq != 1 {
		t.Errorf("moved match = %+v, want %s in %s at Seq 1", got, m.ID, to)
	}
	due := must(db.Due(bg, t0.Add(24*time.Hour)))
	if len(due) != 1 || due[0].ID != rc.Reminders[0] || due[0].Match != to {
		t.Errorf("reminders after Move = %+v, want %d filed under %s", due, rc.Reminders[0], to)
	}
	// The moved match continues where it was, and its Cancel finds the reminder.
	m.Key = to
	c := Answer(m)
	c.CancelAll = true
	c.Remind = nil
	save(t, db, c)
	if ids := dueIDs(t, db, t0.Add(24*time.Hour)); len(ids) != 0 {
		t.Errorf("reminders after cancelling the moved match = %v, want none", ids)
	}
	wantErr(t, "moving from an empty channel", db.Move(bg, mkey("empty"), mkey("x")), storage.ErrNotFound)
	o := NewMatch("other")
	save(t, db, Answer(o))
	wantErr(t, "moving onto an occupied channel", db.Move(bg, to, o.Key), storage.ErrConflict)
	if got := must(db.Match(bg, to)); got.ID != m.ID {
		t.Errorf("after a refused move the channel holds %s, want %s", got.ID, m.ID)
	}
}

// testConcurrentSaves races writers that all continue the same stored
// state: exactly one commits, every other gets ErrConflict.
func testConcurrentSaves(t *testing.T, db Store) {
	m := NewMatch("c1")
	save(t, db, Answer(m))
	const n = 8
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		mi := *m
		c := Answer(&mi)
		c.Log[0].User = fmt.Sprint("writer", i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = db.Save(bg, c)
		}()
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, storage.ErrConflict):
			t.Errorf("a losing writer got %v, want ErrConflict", err)
		}
	}
	if won != 1 {
		t.Errorf("%d writers committed Seq 2, want exactly 1", won)
	}
	if log := must(db.Log(bg, m.ID)); len(log) != 2 {
		t.Errorf("log has %d entries, want 2", len(log))
	}
	if got := must(db.Match(bg, m.Key)); got.Seq != 2 {
		t.Errorf("stored Seq = %d, want 2", got.Seq)
	}
	if ids := pendingIDs(t, db); len(ids) != 2 {
		t.Errorf("outbox holds %d posts, want 2 (one per committed answer)", len(ids))
	}
}

// testConcurrentMatches commits many games at once: none is lost.
func testConcurrentMatches(t *testing.T, db Store) {
	const games, turns = 16, 5
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := NewMatch(fmt.Sprint("g", g))
			for range turns {
				if _, err := db.Save(bg, Answer(m)); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	ms := must3(t, db.Matches)
	if len(ms) != games {
		t.Fatalf("%d matches stored, want %d", len(ms), games)
	}
	for _, m := range ms {
		if log := must(db.Log(bg, m.ID)); m.Seq != turns || len(log) != turns {
			t.Errorf("%s: Seq %d, %d log entries, want %d", m.Key, m.Seq, len(log), turns)
		}
	}
	if ids := pendingIDs(t, db); len(ids) != games*turns {
		t.Errorf("outbox holds %d, want %d", len(ids), games*turns)
	}
}

func testCancelled(t *testing.T, db Store) {
	ctx, cancel := context.WithCancel(bg)
	cancel()
	_, err := db.Match(ctx, mkey("c1"))
	wantErr(t, "Match", err, context.Canceled)
	_, err = db.Save(ctx, Answer(NewMatch("c1")))
	wantErr(t, "Save", err, context.Canceled)
	_, err = db.Pending(ctx, 0)
	wantErr(t, "Pending", err, context.Canceled)
	if ms := must3(t, db.Matches); len(ms) != 0 {
		t.Errorf("a cancelled Save wrote %d matches", len(ms))
	}
}
