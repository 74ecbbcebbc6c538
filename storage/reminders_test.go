package storage_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"formica/engine"
	"formica/storage"
	"formica/storage/storagetest"
)

func TestRemindersTimeOrder(t *testing.T) {
	db := storagetest.Open(t, nil)
	k := key("c1")
	// Out of insertion order, one tie, one before 1970 (the sign bit).
	ats := []time.Time{t0.Add(3 * time.Hour), t0.Add(time.Hour), time.Date(1969, 7, 20, 20, 17, 0, 0, time.UTC), t0.Add(time.Hour), t0.Add(2 * time.Hour)}
	ids := make([]storage.ReminderID, len(ats))
	for i, at := range ats {
		id, err := db.PutReminder(ctx, storage.Reminder{At: at, Kind: "remind", Match: k, Seat: engine.Seat(i), User: "u", Payload: []byte{byte(i)}})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = id
	}
	due, err := db.Due(ctx, t0.Add(2*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	var got []storage.ReminderID
	for _, r := range due {
		got = append(got, r.ID)
	}
	if want := []storage.ReminderID{ids[2], ids[1], ids[3], ids[4]}; !reflect.DeepEqual(got, want) {
		t.Errorf("Due order = %v, want %v", got, want)
	}
	if due[0].Seat != 2 || due[0].Payload[0] != 2 || !due[0].At.Equal(ats[2]) {
		t.Errorf("Due[0] = %+v", due[0])
	}
	first, ok, err := db.Peek(ctx)
	if err != nil || !ok || first.ID != ids[2] {
		t.Errorf("Peek = %v %v %v, want id %d", first.ID, ok, err, ids[2])
	}
	next, ok, err := db.NextAfter(ctx, t0.Add(2*time.Hour))
	if err != nil || !ok || next.ID != ids[0] {
		t.Errorf("NextAfter = %v %v %v, want id %d", next.ID, ok, err, ids[0])
	}
	if _, ok, _ := db.NextAfter(ctx, t0.Add(3*time.Hour)); ok {
		t.Error("NextAfter the last reminder found one")
	}

	// Delete by id, idempotently.
	for range 2 {
		if err := db.DeleteReminder(ctx, ids[2]); err != nil {
			t.Fatal(err)
		}
	}
	if first, _, _ := db.Peek(ctx); first.ID != ids[1] {
		t.Errorf("after Delete, Peek = %d, want %d", first.ID, ids[1])
	}
	// Replace moves it in time.
	moved := storage.Reminder{ID: ids[0], At: t0, Kind: "deadline", Match: k, Seat: 0}
	if id, err := db.PutReminder(ctx, moved); err != nil || id != ids[0] {
		t.Fatalf("replace: %v %v", id, err)
	}
	if first, _, _ := db.Peek(ctx); first.ID != ids[0] || first.Kind != "deadline" {
		t.Errorf("after replace, Peek = %+v", first)
	}
	if due, _ := db.Due(ctx, t0.Add(10*time.Hour)); len(due) != 4 {
		t.Errorf("after replace: %d due, want 4", len(due))
	}
	if _, err := db.PutReminder(ctx, storage.Reminder{Kind: "x", Match: k}); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("zero time: err = %v, want ErrInvalid", err)
	}
}

func TestRemindersCancel(t *testing.T) {
	db := storagetest.Open(t, nil)
	// "c1" and "c1x" share a prefix: cancelling one must not touch the other.
	for _, ch := range []string{"c1", "c1x"} {
		for seat := engine.NoSeat; seat < 3; seat++ {
			for range 2 {
				if _, err := db.PutReminder(ctx, storage.Reminder{At: t0, Kind: "remind", Match: key(ch), Seat: seat}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	n, err := db.CancelReminders(ctx, key("c1"), 1, engine.NoSeat)
	if err != nil || n != 4 {
		t.Errorf("Cancel seats 1 and - = %d, %v; want 4", n, err)
	}
	count := func(ch string) map[engine.Seat]int {
		due, _ := db.Due(ctx, t0)
		c := map[engine.Seat]int{}
		for _, r := range due {
			if r.Match == key(ch) {
				c[r.Seat]++
			}
		}
		return c
	}
	if got := count("c1"); !reflect.DeepEqual(got, map[engine.Seat]int{0: 2, 2: 2}) {
		t.Errorf("c1 left %v", got)
	}
	if n, _ := db.CancelReminders(ctx, key("c1")); n != 4 {
		t.Errorf("Cancel all = %d, want 4", n)
	}
	if got := count("c1"); len(got) != 0 {
		t.Errorf("c1 left %v after cancel all", got)
	}
	if got := count("c1x"); len(got) != 4 {
		t.Errorf("c1x lost reminders: %v", got)
	}
}

// Save cancels the answering seat's reminder and schedules the next one in
// the same transaction.
func TestRemindersInChange(t *testing.T) {
	db := storagetest.Open(t, nil)
	m := newMatch("c1")
	for range 4 {
		rc, err := db.Save(ctx, answer(m))
		if err != nil {
			t.Fatal(err)
		}
		due, _ := db.Due(ctx, t0.Add(1000*time.Hour))
		if len(due) != 1 || due[0].ID != rc.Reminders[0] || due[0].Match != m.Key {
			t.Fatalf("after answer %d: due %+v, receipt %+v", m.Seq, due, rc)
		}
	}
}
