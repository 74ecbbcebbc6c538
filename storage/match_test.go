package storage_test

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"formica/storage"
	"formica/storage/storagetest"
)

func TestMatchRoundTrip(t *testing.T) {
	db := storagetest.Open(t, nil)
	m := newMatch("c1")
	m.Status = storage.StatusLobby
	if _, err := db.Save(ctx, storage.Change{Match: m}); err != nil {
		t.Fatal(err)
	}
	m.Status = storage.StatusActive
	var want []storage.LogEntry
	for range 5 {
		c := answer(m)
		want = append(want, c.Log...)
		if _, err := db.Save(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	got, err := db.Match(ctx, m.Key)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, m) {
		t.Errorf("Match = %+v\nwant %+v", got, m)
	}
	log, err := db.Log(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(log, want) {
		t.Errorf("Log = %+v\nwant %+v", log, want)
	}
	if _, err := db.Match(ctx, key("nope")); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("missing match: err = %v, want ErrNotFound", err)
	}
	if _, err := db.Log(ctx, "nope"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("missing log: err = %v, want ErrNotFound", err)
	}
}

func TestMatchKey(t *testing.T) {
	k := storage.MatchKey{Platform: "telegram", Channel: "-100:42"}
	if k.String() != "telegram:-100:42" {
		t.Errorf("String = %q", k)
	}
	got, err := storage.ParseMatchKey(k.String())
	if err != nil || got != k {
		t.Errorf("ParseMatchKey = %v, %v; want %v", got, err, k)
	}
	for _, bad := range []string{"", "nochannel", ":c", "p:"} {
		if _, err := storage.ParseMatchKey(bad); !errors.Is(err, storage.ErrInvalid) {
			t.Errorf("ParseMatchKey(%q) err = %v, want ErrInvalid", bad, err)
		}
	}
	if a, b := storage.NewID(), storage.NewID(); a == b || len(a) != 16 {
		t.Errorf("NewID gave %q and %q", a, b)
	}
}

func TestApplyLoadsInsideTransaction(t *testing.T) {
	db := storagetest.Open(t, nil)
	m := newMatch("c1")
	if _, err := db.Save(ctx, storage.Change{Match: m}); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		_, err := db.Apply(ctx, m.Key, func(cur *storage.Match) (storage.Change, error) {
			if cur == nil {
				return storage.Change{}, errors.New("no match")
			}
			return answer(cur), nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	got, err := db.Match(ctx, m.Key)
	if err != nil || got.Seq != 3 {
		t.Fatalf("after 3 Apply: %+v, %v", got, err)
	}
	// An error from fn is returned as is and writes nothing.
	boom := errors.New("boom")
	if _, err := db.Apply(ctx, m.Key, func(cur *storage.Match) (storage.Change, error) { return storage.Change{}, boom }); !errors.Is(err, boom) {
		t.Errorf("err = %v, want boom", err)
	}
}

func TestFailedChangeWritesNothing(t *testing.T) {
	db := storagetest.Open(t, nil)
	m := newMatch("c1")
	if _, err := db.Save(ctx, answer(m)); err != nil {
		t.Fatal(err)
	}
	stale := *m
	stale.Seq = 0
	c := answer(&stale) // continues from 0: the stored log has 1 answer
	if _, err := db.Save(ctx, c); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("stale change: err = %v, want ErrConflict", err)
	}
	other := newMatch("c1") // another match in an occupied channel
	if _, err := db.Save(ctx, storage.Change{Match: other}); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("second match in channel: err = %v, want ErrConflict", err)
	}
	bad := answer(m)
	bad.Outbox = append(bad.Outbox, storage.Message{Kind: "no recipient"}) // invalid, last in the tx
	if _, err := db.Save(ctx, bad); !errors.Is(err, storage.ErrInvalid) {
		t.Fatalf("bad message: err = %v, want ErrInvalid", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	m2 := *m
	if _, err := db.Save(cancelled, answer(&m2)); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled ctx: err = %v", err)
	}
	// Only the first answer is stored, with its one message and reminder.
	log, _ := db.Log(ctx, m.ID)
	out, _ := db.Pending(ctx, 0)
	due, _ := db.Due(ctx, t0.Add(1000*time.Hour))
	got, _ := db.Match(ctx, m.Key)
	if len(log) != 1 || len(out) != 1 || len(due) != 1 || got.Seq != 1 {
		t.Errorf("after failed changes: log %d, outbox %d, due %d, seq %d; want 1 each", len(log), len(out), len(due), got.Seq)
	}
}

func TestFinishMovesMatchAndKeepsStats(t *testing.T) {
	db := storagetest.Open(t, nil)
	m := newMatch("c1")
	if _, err := db.Save(ctx, answer(m)); err != nil {
		t.Fatal(err)
	}
	c := answer(m)
	m.Status = storage.StatusFinished
	st := storage.Stats{MatchID: m.ID, Key: m.Key, Setup: m.Setup, Players: m.Players, Scores: []int{30, 41, 41}, Rank: []int{3, 1, 1},
		Status: storage.StatusFinished, Answers: m.Seq, StartedAt: m.CreatedAt, FinishedAt: m.UpdatedAt}
	c.Stats = &st
	if _, err := db.Save(ctx, c); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Match(ctx, m.Key); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("finished match still in channel: %v", err)
	}
	fin, err := db.FinishedMatch(ctx, m.ID)
	if err != nil || !reflect.DeepEqual(fin, m) {
		t.Errorf("FinishedMatch = %+v, %v", fin, err)
	}
	got, err := db.MatchStats(ctx, m.ID)
	if err != nil || !reflect.DeepEqual(got, st) {
		t.Errorf("MatchStats = %+v, %v", got, err)
	}
	if w := got.Winners(); len(w) != 2 || w[0].User != "u2" || w[1].User != "u3" {
		t.Errorf("Winners = %+v", w)
	}
	if all, errs, err := db.AllStats(ctx); len(all) != 1 || errs != nil || err != nil {
		t.Errorf("AllStats = %v, %v, %v", all, errs, err)
	}
	// Ending cancels every reminder of the match.
	if due, _ := db.Due(ctx, t0.Add(1000*time.Hour)); len(due) != 0 {
		t.Errorf("reminders left after finish: %+v", due)
	}
	if log, _ := db.Log(ctx, m.ID); len(log) != 2 {
		t.Errorf("finished log has %d answers, want 2", len(log))
	}
	// The ended match cannot be written again; the channel takes a new one.
	m.Status = storage.StatusActive
	if _, err := db.Save(ctx, answer(m)); !errors.Is(err, storage.ErrConflict) {
		t.Errorf("writing a finished match: err = %v, want ErrConflict", err)
	}
	if _, err := db.Save(ctx, storage.Change{Match: newMatch("c1")}); err != nil {
		t.Errorf("new match in freed channel: %v", err)
	}
}

func TestUsers(t *testing.T) {
	db := storagetest.Open(t, nil)
	u := storage.User{Platform: "telegram", ID: "77", Name: "Ann", Lang: "ru", DM: true, TZ: "Europe/Kyiv",
		QuietFrom: 22 * 60, QuietTo: 7 * 60, VacationUntil: t0.Add(72 * time.Hour), PrivateChat: "77", Prefs: []byte(`{"board":"large"}`)}
	if err := db.PutUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	got, err := db.User(ctx, u.Key())
	if err != nil || !reflect.DeepEqual(got, u) {
		t.Errorf("User = %+v, %v\nwant %+v", got, err, u)
	}
	if _, err := db.User(ctx, storage.UserKey{Platform: "telegram", ID: "78"}); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("missing user: %v", err)
	}
	u.QuietTo = 24 * 60
	if err := db.PutUser(ctx, u); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("bad quiet hours: %v", err)
	}
}

func TestReopenKeepsEverything(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.db")
	db := storagetest.OpenAt(t, path, &storage.Options{})
	m := newMatch("c1")
	for range 3 {
		if _, err := db.Save(ctx, answer(m)); err != nil {
			t.Fatal(err)
		}
	}
	u := storage.User{Platform: "discord", ID: "u1", Lang: "pl"}
	if err := db.PutUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = storagetest.OpenAt(t, path, &storage.Options{})
	got, err := db.Match(ctx, m.Key)
	if err != nil || !reflect.DeepEqual(got, m) {
		t.Errorf("after reopen Match = %+v, %v", got, err)
	}
	log, _ := db.Log(ctx, m.ID)
	out, _ := db.Pending(ctx, 0)
	due, _ := db.Due(ctx, t0.Add(1000*time.Hour))
	gu, _ := db.User(ctx, u.Key())
	if len(log) != 3 || len(out) != 3 || len(due) != 1 || gu.Lang != "pl" {
		t.Errorf("after reopen: log %d, outbox %d, due %d (want 3, 3, 1: each answer cancels its seat's reminder), user %+v", len(log), len(out), len(due), gu)
	}
}

// TestMove: a match moves to another channel with its reminders; the old
// channel is empty, and cancelling under the new key finds them. Moving
// onto a channel that holds a match, or from an empty one, is refused.
func TestMove(t *testing.T) {
	db := storagetest.Open(t, nil)
	m := newMatch("old")
	if _, err := db.Save(ctx, answer(m)); err != nil {
		t.Fatal(err)
	}
	if err := db.Move(ctx, key("old"), key("new")); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Match(ctx, key("old")); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("old channel still has a match: %v", err)
	}
	got, err := db.Match(ctx, key("new"))
	if err != nil || got.ID != m.ID || got.Key != key("new") || got.Seq != 1 {
		t.Fatalf("moved match: %+v, %v", got, err)
	}
	due, _ := db.Due(ctx, t0.Add(1000*time.Hour))
	if len(due) != 1 || due[0].Match != key("new") {
		t.Fatalf("reminders after the move: %+v", due)
	}
	if n, err := db.CancelReminders(ctx, key("new")); n != 1 || err != nil {
		t.Fatalf("cancel under the new key: %d, %v", n, err)
	}
	if err := db.Move(ctx, key("old"), key("new")); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("move from an empty channel: %v", err)
	}
	other := newMatch("other")
	if _, err := db.Save(ctx, answer(other)); err != nil {
		t.Fatal(err)
	}
	if err := db.Move(ctx, key("other"), key("new")); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("move onto a channel with a match: %v", err)
	}
}
