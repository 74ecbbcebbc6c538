package postgres_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"formica/storage"
	"formica/storage/postgres"
	"formica/storage/postgres/pgtest"
)

var (
	bg = context.Background()
	t0 = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
)

func ids(ms []storage.Message) []storage.MessageID {
	var out []storage.MessageID
	for _, m := range ms {
		out = append(out, m.ID)
	}
	return out
}

// Two processes on one database: a queue (recipient) is claimed whole by
// one of them until it acks, so each message goes out once and in order.
func TestOutboxQueuesClaimedByOneProcess(t *testing.T) {
	schema := pgtest.Schema(t)
	a := pgtest.OpenIn(t, postgres.Options{Schema: schema})
	b := pgtest.OpenIn(t, postgres.Options{Schema: schema})
	msg := func(to string) storage.Message {
		return storage.Message{Platform: "telegram", To: to, Kind: "channel", At: t0}
	}
	q1, err := a.Enqueue(bg, msg("-1"), msg("-1"), msg("-2"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := a.Pending(bg, 0)
	if err != nil || !slices.Equal(ids(got), q1) {
		t.Fatalf("a claims %v (%v), want all of %v", ids(got), err, q1)
	}
	if got, _ := b.Pending(bg, 0); len(got) != 0 {
		t.Fatalf("b got %v while a holds both queues", ids(got))
	}
	if err := a.Ack(bg, q1[0]); err != nil {
		t.Fatal(err)
	}
	more, _ := b.Enqueue(bg, msg("-1"), msg("-3"))
	if got, _ := b.Pending(bg, 0); !slices.Equal(ids(got), more[1:]) {
		t.Errorf("b got %v, want only the new queue's %v (a still holds -1 and -2)", ids(got), more[1:])
	}
	if got, _ := a.Pending(bg, 0); !slices.Equal(ids(got), []storage.MessageID{q1[1], q1[2], more[0]}) {
		t.Errorf("a asked again got %v, want what it holds plus the new message of its queue", ids(got))
	}
	// A process whose lease runs out (it crashed) loses its queues.
	c := pgtest.OpenIn(t, postgres.Options{Schema: schema, Lease: time.Microsecond})
	late, _ := c.Enqueue(bg, msg("-4"))
	if got, _ := c.Pending(bg, 0); !slices.Equal(ids(got), late) {
		t.Fatalf("c claims %v, want %v", ids(got), late)
	}
	if got, _ := b.Pending(bg, 0); !slices.Equal(ids(got), append(more[1:], late...)) {
		t.Errorf("b got %v, want %v (c's lease ran out)", ids(got), append(more[1:], late...))
	}
}

// Each due reminder is claimed by one process; a rescheduled one is free
// again; Peek does not show another process's claims.
func TestRemindersClaimedByOneProcess(t *testing.T) {
	schema := pgtest.Schema(t)
	a := pgtest.OpenIn(t, postgres.Options{Schema: schema})
	b := pgtest.OpenIn(t, postgres.Options{Schema: schema})
	k := storage.MatchKey{Platform: "discord", Channel: "c1"}
	r := storage.Reminder{At: t0, Kind: "remind", Match: k, Seat: 0}
	id, err := a.PutReminder(bg, r)
	if err != nil {
		t.Fatal(err)
	}
	later := r
	later.At = t0.Add(time.Hour)
	id2, _ := a.PutReminder(bg, later)
	if got, _ := a.Due(bg, t0); len(got) != 1 || got[0].ID != id {
		t.Fatalf("a's Due = %+v, want %d", got, id)
	}
	if got, _ := b.Due(bg, t0.Add(time.Hour)); len(got) != 1 || got[0].ID != id2 {
		t.Errorf("b's Due = %+v, want only %d (a holds %d)", got, id2, id)
	}
	if p, ok, _ := b.Peek(bg); !ok || p.ID != id2 {
		t.Errorf("b's Peek = %+v %v, want %d", p, ok, id2)
	}
	r.ID, r.At = id, t0.Add(time.Minute) // a's Fire failed: retry later
	if _, err := a.PutReminder(bg, r); err != nil {
		t.Fatal(err)
	}
	if got, _ := b.Due(bg, t0.Add(time.Minute)); len(got) != 1 || got[0].ID != id {
		t.Errorf("b's Due after a rescheduled = %+v, want %d", got, id)
	}
}

// The match lock holds across processes.
func TestMatchLockAcrossProcesses(t *testing.T) {
	schema := pgtest.Schema(t)
	a := pgtest.OpenIn(t, postgres.Options{Schema: schema})
	b := pgtest.OpenIn(t, postgres.Options{Schema: schema})
	unlock, err := a.Lock(bg, "discord:c1")
	if err != nil {
		t.Fatal(err)
	}
	other, err := b.Lock(bg, "discord:c2")
	if err != nil {
		t.Fatalf("another match's lock: %v", err)
	}
	other()
	ctx, cancel := context.WithTimeout(bg, 300*time.Millisecond)
	_, err = b.Lock(ctx, "discord:c1")
	cancel()
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("b took c1 while a holds it: err = %v", err)
	}
	got := make(chan error, 1)
	go func() {
		u, err := b.Lock(bg, "discord:c1")
		if err == nil {
			u()
		}
		got <- err
	}()
	unlock()
	if err := <-got; err != nil {
		t.Errorf("b after a unlocked: %v", err)
	}
}

// Open applies the migrations once; a database from a newer build is refused.
func TestMigrations(t *testing.T) {
	schema := pgtest.Schema(t)
	a := pgtest.OpenIn(t, postgres.Options{Schema: schema})
	v, err := a.SchemaVersion(bg)
	if err != nil || v != 1 {
		t.Fatalf("schema version %d (%v), want 1", v, err)
	}
	b := pgtest.OpenIn(t, postgres.Options{Schema: schema}) // already migrated: nothing to do
	if v, _ := b.SchemaVersion(bg); v != 1 {
		t.Errorf("reopened at version %d", v)
	}
	if err := a.Exec(bg, "INSERT INTO formica_schema (version) VALUES (99)"); err != nil {
		t.Fatal(err)
	}
	_, err = postgres.Open(bg, pgtest.DSN(t), &postgres.Options{Schema: schema})
	if !errors.Is(err, storage.ErrSchema) {
		t.Errorf("opening a database at schema 99: %v, want ErrSchema", err)
	}
}

// A process that stops gives its claims back: another takes them at once.
func TestCloseGivesClaimsBack(t *testing.T) {
	schema := pgtest.Schema(t)
	a, err := postgres.Open(bg, pgtest.DSN(t), &postgres.Options{Schema: schema})
	if err != nil {
		t.Fatal(err)
	}
	b := pgtest.OpenIn(t, postgres.Options{Schema: schema})
	sent, _ := a.Enqueue(bg, storage.Message{Platform: "discord", To: "c1", At: t0})
	r, _ := a.PutReminder(bg, storage.Reminder{At: t0, Kind: "remind", Match: storage.MatchKey{Platform: "discord", Channel: "c1"}})
	if got, _ := a.Pending(bg, 0); len(got) != 1 {
		t.Fatalf("a claims %v", ids(got))
	}
	if got, _ := a.Due(bg, t0); len(got) != 1 {
		t.Fatalf("a's Due = %+v", got)
	}
	if got, _ := b.Pending(bg, 0); len(got) != 0 {
		t.Fatalf("b got %v while a holds it", ids(got))
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if got, _ := b.Pending(bg, 0); !slices.Equal(ids(got), sent) {
		t.Errorf("b after a stopped got %v, want %v", ids(got), sent)
	}
	if got, _ := b.Due(bg, t0); len(got) != 1 || got[0].ID != r {
		t.Errorf("b's Due after a stopped = %+v, want %d", got, r)
	}
}
