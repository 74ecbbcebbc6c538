package storage_test

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"formica/engine"
	"formica/storage"
	"formica/storage/storagetest"
)

func u64(n uint64) []byte { return binary.BigEndian.AppendUint64(nil, n) }

// rawUpdate edits a closed database file with bbolt directly, as damage
// (or another tool) would.
func rawUpdate(t *testing.T, path string, fn func(tx *bolt.Tx) error) {
	t.Helper()
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = b.Update(fn)
	if cerr := b.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
}

// dueKey is the due-bucket key of reminder id, read from the due.id index.
func dueKey(tx *bolt.Tx, id storage.ReminderID) []byte {
	return bytes.Clone(tx.Bucket([]byte("due.id")).Get(u64(uint64(id))))
}

// queues is a closed file with four messages and four reminders, the
// second message and the earliest reminder (match c1, seat 0) damaged, plus
// records that decode but cannot be acked or deleted by their id, and keys
// we never write.
type queues struct {
	path     string
	goodMsgs []storage.MessageID
	goodRems []storage.ReminderID // earliest first
	c1Left   int                  // good reminders of c1
	garbage  map[string][]byte    // bucket/hex key -> raw value written
}

func damagedQueues(t *testing.T) queues {
	t.Helper()
	q := queues{path: filepath.Join(t.TempDir(), "q.db"), garbage: map[string][]byte{}}
	db, err := storage.Open(q.path, &storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	var msgs []storage.MessageID
	for i := range 4 {
		ids, err := db.Enqueue(ctx, storage.Message{Platform: "discord", To: "c1", Kind: "board", Payload: []byte{byte(i)}, At: t0})
		if err != nil {
			t.Fatal(err)
		}
		msgs = append(msgs, ids...)
	}
	var rems []storage.ReminderID
	for i, r := range []storage.Reminder{
		{At: t0.Add(1 * time.Hour), Kind: "remind", Match: key("c1"), Seat: 0},
		{At: t0.Add(2 * time.Hour), Kind: "remind", Match: key("c1"), Seat: 1},
		{At: t0.Add(3 * time.Hour), Kind: "deadline", Match: key("c1"), Seat: engine.NoSeat},
		{At: t0.Add(90 * time.Minute), Kind: "remind", Match: key("c2"), Seat: 2},
	} {
		r.Payload = []byte{byte(i)}
		id, err := db.PutReminder(ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		rems = append(rems, id)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	q.goodMsgs = []storage.MessageID{msgs[0], msgs[2], msgs[3]}
	q.goodRems = []storage.ReminderID{rems[3], rems[1], rems[2]}
	q.c1Left = 2
	put := func(tx *bolt.Tx, bk string, k, v []byte) error {
		q.garbage[bk+"/"+hex.EncodeToString(k)] = v
		return tx.Bucket([]byte(bk)).Put(k, v)
	}
	rawUpdate(t, q.path, func(tx *bolt.Tx) error {
		return errors.Join(
			put(tx, "outbox", u64(uint64(msgs[1])), []byte(`{"id":`)),
			put(tx, "outbox", u64(999), []byte(`null`)),            // decodes, but Ack(0) would never remove it
			put(tx, "outbox", []byte("zz"), []byte(`{"id":1000}`)), // not one of our keys
			put(tx, "due", dueKey(tx, rems[0]), []byte("\xff\xfe")),
			put(tx, "due", []byte("x"), []byte(`{}`)), // sorts before every time key
		)
	})
	return q
}

func messageIDs(ms []storage.Message) []storage.MessageID {
	var ids []storage.MessageID
	for _, m := range ms {
		ids = append(ids, m.ID)
	}
	return ids
}

func reminderIDs(rs []storage.Reminder) []storage.ReminderID {
	var ids []storage.ReminderID
	for _, r := range rs {
		ids = append(ids, r.ID)
	}
	return ids
}

// checkQuarantine asserts the quarantine holds exactly the garbage written,
// with its raw bytes, the decoding error and a time.
func checkQuarantine(t *testing.T, db *storage.DB, q queues) {
	t.Helper()
	qs, err := db.Quarantined(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]byte{}
	for _, r := range qs {
		got[r.Bucket+"/"+r.Key] = r.Value
		if r.Err == "" || r.At.IsZero() || time.Since(r.At) > time.Hour {
			t.Errorf("quarantined %s/%s: error %q at %v, want both set", r.Bucket, r.Key, r.Err, r.At)
		}
	}
	if !reflect.DeepEqual(got, q.garbage) {
		t.Errorf("Quarantined = %q,\nwant %q", got, q.garbage)
	}
}

// A damaged outbox or reminder record is skipped and moved to the
// quarantine: the others are returned in order, the reminder indexes stay
// consistent, and all of it survives a reopen.
func TestQuarantineSkipsUndecodable(t *testing.T) {
	q := damagedQueues(t)
	db, err := storage.Open(q.path, &storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Check(ctx); !errors.Is(err, storage.ErrDecode) {
		t.Errorf("Check before reads = %v, want ErrDecode", err)
	}
	if qs, err := db.Quarantined(ctx); err != nil || len(qs) != 0 {
		t.Errorf("Quarantined before reads = %v, %v; want none", qs, err)
	}

	// Limit counts good messages only.
	two, err := db.Pending(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := messageIDs(two); !reflect.DeepEqual(got, q.goodMsgs[:2]) {
		t.Errorf("Pending(2) = %v, want %v", got, q.goodMsgs[:2])
	}
	msgs, err := db.Pending(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := messageIDs(msgs); !reflect.DeepEqual(got, q.goodMsgs) {
		t.Errorf("Pending = %v, want %v", got, q.goodMsgs)
	}
	if msgs[1].Payload[0] != 2 {
		t.Errorf("Pending[1] = %+v, want the third message", msgs[1])
	}

	// Peek skips the damaged earliest reminder (and the bad key before it).
	first, ok, err := db.Peek(ctx)
	if err != nil || !ok || first.ID != q.goodRems[0] {
		t.Errorf("Peek = %d %v %v, want %d", first.ID, ok, err, q.goodRems[0])
	}
	due, err := db.Due(ctx, t0.Add(10*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if got := reminderIDs(due); !reflect.DeepEqual(got, q.goodRems) {
		t.Errorf("Due = %v, want %v", got, q.goodRems)
	}
	checkQuarantine(t, db, q)
	if err := db.Check(ctx); err != nil {
		t.Errorf("Check after quarantine: %v", err)
	}
	// Reading again moves nothing more.
	if _, err := db.Pending(ctx, 0); err != nil {
		t.Fatal(err)
	}
	checkQuarantine(t, db, q)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	// Reopen: the quarantine and the good records are all there, and the
	// damaged reminder's index entries are gone (cancel counts only good ones).
	db = storagetest.OpenAt(t, q.path, &storage.Options{NoSync: true})
	checkQuarantine(t, db, q)
	if msgs, _ := db.Pending(ctx, 0); !reflect.DeepEqual(messageIDs(msgs), q.goodMsgs) {
		t.Errorf("after reopen Pending = %v, want %v", messageIDs(msgs), q.goodMsgs)
	}
	if n, err := db.CancelReminders(ctx, key("c1")); err != nil || n != q.c1Left {
		t.Errorf("CancelReminders(c1) = %d, %v; want %d", n, err, q.c1Left)
	}
	due, _ = db.Due(ctx, t0.Add(10*time.Hour))
	if got := reminderIDs(due); !reflect.DeepEqual(got, q.goodRems[:1]) {
		t.Errorf("after cancel Due = %v, want only c2's %v", got, q.goodRems[:1])
	}
	if err := db.Check(ctx); err != nil {
		t.Errorf("Check after cancel: %v", err)
	}
}

// NextAfter skips damaged reminders after t too.
func TestQuarantineNextAfter(t *testing.T) {
	q := damagedQueues(t)
	db := storagetest.OpenAt(t, q.path, &storage.Options{NoSync: true})
	// The damaged reminder is at t0+1h: the next after t0+30m is c2's.
	r, ok, err := db.NextAfter(ctx, t0.Add(30*time.Minute))
	if err != nil || !ok || r.ID != q.goodRems[0] {
		t.Errorf("NextAfter = %d %v %v, want %d", r.ID, ok, err, q.goodRems[0])
	}
	qs, _ := db.Quarantined(ctx)
	if len(qs) != 1 || qs[0].Bucket != "due" {
		t.Errorf("Quarantined = %+v, want the damaged reminder only", qs)
	}
	// Clean the rest up so the cleanup Check passes.
	if _, err := db.Pending(ctx, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Due(ctx, t0.Add(10*time.Hour)); err != nil {
		t.Fatal(err)
	}
}

// A change that cancels a damaged reminder (the bot's hot path: Save with
// Cancel) quarantines it instead of failing, before any Due read.
func TestQuarantineOnCancel(t *testing.T) {
	q := damagedQueues(t)
	db := storagetest.OpenAt(t, q.path, &storage.Options{NoSync: true, NoBatch: true})
	n, err := db.CancelReminders(ctx, key("c1"), 0)
	if err != nil || n != 1 {
		t.Fatalf("CancelReminders(c1, seat 0) = %d, %v; want the damaged one", n, err)
	}
	qs, _ := db.Quarantined(ctx)
	if len(qs) != 1 || qs[0].Bucket != "due" || !strings.Contains(qs[0].Err, "invalid character") {
		t.Errorf("Quarantined = %+v, want the damaged reminder with its JSON error", qs)
	}
	if _, err := db.Pending(ctx, 0); err != nil {
		t.Fatal(err)
	}
	if due, err := db.Due(ctx, t0.Add(10*time.Hour)); err != nil || len(due) != 3 {
		t.Errorf("Due = %v, %v; want 3", reminderIDs(due), err)
	}
}

// Concurrent readers meeting the same damaged record move it once.
func TestQuarantineConcurrentReaders(t *testing.T) {
	q := damagedQueues(t)
	db := storagetest.OpenAt(t, q.path, &storage.Options{NoSync: true, MaxBatchDelay: time.Millisecond})
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if msgs, err := db.Pending(ctx, 0); err != nil || len(msgs) != len(q.goodMsgs) {
				t.Errorf("Pending = %v, %v", messageIDs(msgs), err)
			}
			if due, err := db.Due(ctx, t0.Add(10*time.Hour)); err != nil || len(due) != len(q.goodRems) {
				t.Errorf("Due = %v, %v", reminderIDs(due), err)
			}
		})
	}
	wg.Wait()
	checkQuarantine(t, db, q)
}

// A file from before the quarantine bucket (same schema) opens and gets it.
func TestQuarantineBucketAddedOnOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := storage.Open(path, &storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	rawUpdate(t, path, func(tx *bolt.Tx) error { return tx.DeleteBucket([]byte("quarantine")) })
	db = storagetest.OpenAt(t, path, &storage.Options{NoSync: true})
	if qs, err := db.Quarantined(ctx); err != nil || len(qs) != 0 {
		t.Errorf("Quarantined = %v, %v; want none", qs, err)
	}
	if _, err := db.Enqueue(ctx, storage.Message{Platform: "p", To: "t"}); err != nil {
		t.Fatal(err)
	}
	if msgs, err := db.Pending(ctx, 0); err != nil || len(msgs) != 1 {
		t.Errorf("Pending = %v, %v", msgs, err)
	}
}

// The answer log is the truth: an undecodable entry fails Log, naming the
// match and the entry, and never panics (even on a key we never write).
func TestLogNamesUndecodableEntry(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log.db")
	db, err := storage.Open(path, &storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	m := newMatch("c1")
	for range 3 {
		if _, err := db.Save(ctx, answer(m)); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	for _, tc := range []struct {
		key  []byte
		want string
	}{{[]byte("x"), m.ID + "/0x78"}, {u64(2), m.ID + "/2"}} { // the second sorts first
		rawUpdate(t, path, func(tx *bolt.Tx) error {
			return tx.Bucket([]byte("logs")).Bucket([]byte(m.ID)).Put(tc.key, []byte(`{"seq":`))
		})
		db, err := storage.Open(path, &storage.Options{NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		_, err = db.Log(ctx, m.ID)
		var re *storage.RecordError
		if !errors.As(err, &re) || re.Bucket != "logs" || re.Key != tc.want || !errors.Is(err, storage.ErrDecode) {
			t.Errorf("Log = %v, want a RecordError for %s", err, tc.want)
		}
		db.Close()
	}
}
