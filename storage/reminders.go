package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"formica/engine"
)

// ReminderID identifies a reminder; ids are never reused.
type ReminderID uint64

// Reminder is an entry in the time-ordered index of reminders and
// deadlines. The scheduler (bot/) decides what Kind and Payload mean.
type Reminder struct {
	ID      ReminderID  `json:"id"`
	At      time.Time   `json:"at"`
	Kind    string      `json:"kind"` // "remind", "deadline"...
	Match   MatchKey    `json:"match"`
	Seat    engine.Seat `json:"seat"` // engine.NoSeat for the whole match
	User    string      `json:"user,omitempty"`
	Payload []byte      `json:"payload,omitempty"`
}

// PutReminder stores r and returns its id. A zero ID gets a new one; a
// non-zero ID replaces that reminder (at its new time).
func (db *DB) PutReminder(ctx context.Context, r Reminder) (ReminderID, error) {
	var id ReminderID
	err := db.write(ctx, func(tx *bolt.Tx) error {
		var err error
		id, err = putReminder(tx, r)
		return err
	})
	return id, err
}

// DeleteReminder removes a reminder; deleting a missing one is not an error
// (it may have fired or been cancelled).
func (db *DB) DeleteReminder(ctx context.Context, id ReminderID) error {
	return db.write(ctx, func(tx *bolt.Tx) error { return deleteReminder(tx, id) })
}

// CancelReminders deletes the reminders of a match for the given seats, or
// for every seat when none are given, and returns how many went.
func (db *DB) CancelReminders(ctx context.Context, key MatchKey, seats ...engine.Seat) (int, error) {
	if err := key.validate(); err != nil {
		return 0, err
	}
	if len(seats) == 0 {
		seats = nil // every seat
	}
	var n int
	err := db.write(ctx, func(tx *bolt.Tx) error {
		var err error
		n, err = cancelReminders(tx, key, seats)
		return err
	})
	return n, err
}

// Due returns every reminder with At <= now, earliest first (ties in id
// order). It does not remove them: the scheduler deletes each one once it
// has acted on it, so a crash in between repeats rather than loses it. A
// record that does not decode is skipped and moved to the quarantine (see
// Quarantined), so one damaged reminder never stops the others; err is for
// failures of the whole read (or of that move: the reminders returned are
// still valid then).
func (db *DB) Due(ctx context.Context, now time.Time) ([]Reminder, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if !validTime(now) {
		return nil, invalid("due time %v out of range", now)
	}
	limit := timeKey(now, 1<<64-1)
	var rs []Reminder
	var bad []badRecord
	err := db.view(func(tx *bolt.Tx) error {
		rs, bad = nil, nil
		b, err := bucket(tx, bkDue)
		if err != nil {
			return err
		}
		c := b.Cursor()
		for k, v := c.First(); k != nil && bytes.Compare(k, limit) <= 0; k, v = c.Next() {
			r, err := decodeReminder(k, v)
			if err != nil {
				bad = append(bad, newBad(k, v, err))
				continue
			}
			rs = append(rs, r)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return rs, db.quarantineAll(ctx, bkDue, bad)
}

// Peek returns the earliest reminder; ok is false when there is none.
// Undecodable records are skipped as in Due.
func (db *DB) Peek(ctx context.Context) (r Reminder, ok bool, err error) {
	return db.NextAfter(ctx, time.Time{})
}

// NextAfter returns the earliest reminder with At after t (the zero t means
// any); ok is false when there is none. Undecodable records are skipped as
// in Due.
func (db *DB) NextAfter(ctx context.Context, t time.Time) (r Reminder, ok bool, err error) {
	if err := ctx.Err(); err != nil {
		return r, false, err
	}
	if !t.IsZero() && !validTime(t) {
		return r, false, invalid("time %v out of range", t)
	}
	var bad []badRecord
	err = db.view(func(tx *bolt.Tx) error {
		r, ok, bad = Reminder{}, false, nil
		b, err := bucket(tx, bkDue)
		if err != nil {
			return err
		}
		c := b.Cursor()
		var k, v []byte
		if t.IsZero() {
			k, v = c.First()
		} else {
			k, v = c.Seek(timeKey(t.Add(1), 0))
		}
		for ; k != nil; k, v = c.Next() {
			got, err := decodeReminder(k, v)
			if err == nil {
				r, ok = got, true
				return nil
			}
			bad = append(bad, newBad(k, v, err))
		}
		return nil
	})
	if err != nil {
		return Reminder{}, false, err
	}
	return r, ok, db.quarantineAll(ctx, bkDue, bad)
}

// decodeReminder decodes a due record and checks it sits under its own
// time and id: the scheduler deletes by id, so a record whose id is not its
// key would fire forever.
func decodeReminder(k, v []byte) (Reminder, error) {
	var r Reminder
	err := decodeJSON(v, &r)
	switch {
	case err != nil:
	case len(k) != 16:
		err = fmt.Errorf("key is %d bytes, not 16 (time and id)", len(k))
	case !validTime(r.At) || !bytes.Equal(timeKey(r.At, uint64(r.ID)), k):
		err = fmt.Errorf("record has id %d at %v, which is not its key", r.ID, r.At)
	default:
		err = r.Match.validate()
	}
	if err != nil {
		return r, &RecordError{Bucket: bkDue, Key: fmt.Sprintf("%x", k), Err: err}
	}
	return r, nil
}

func putReminder(tx *bolt.Tx, r Reminder) (ReminderID, error) {
	if err := r.Validate(); err != nil {
		return 0, err
	}
	due, err := bucket(tx, bkDue)
	if err != nil {
		return 0, err
	}
	if r.ID == 0 {
		n, err := due.NextSequence()
		if err != nil {
			return 0, err
		}
		r.ID = ReminderID(n)
	} else if err := deleteReminder(tx, r.ID); err != nil {
		return 0, err
	}
	byID, err := bucket(tx, bkDueID)
	if err != nil {
		return 0, err
	}
	byMatch, err := bucket(tx, bkDueMatch)
	if err != nil {
		return 0, err
	}
	tk := timeKey(r.At, uint64(r.ID))
	if err := putJSON(due, tk, r); err != nil {
		return 0, err
	}
	if err := byID.Put(u64(uint64(r.ID)), tk); err != nil {
		return 0, err
	}
	return r.ID, byMatch.Put(matchSeatKey(r.Match, r.Seat, uint64(r.ID)), nil)
}

// deleteReminder removes a reminder and its index entries. An undecodable
// record (its match and seat unknown) goes to the quarantine instead, so it
// cannot block the change that cancels it.
func deleteReminder(tx *bolt.Tx, id ReminderID) error {
	due, err := bucket(tx, bkDue)
	if err != nil {
		return err
	}
	byID, err := bucket(tx, bkDueID)
	if err != nil {
		return err
	}
	byMatch, err := bucket(tx, bkDueMatch)
	if err != nil {
		return err
	}
	tk := byID.Get(u64(uint64(id)))
	if tk == nil {
		return nil
	}
	tk = bytes.Clone(tk) // bbolt's slices die with the page on Delete
	if v := due.Get(tk); v != nil {
		r, err := decodeReminder(tk, v)
		if err != nil {
			return quarantine(tx, bkDue, newBad(tk, v, err), time.Now().UTC())
		}
		if err := byMatch.Delete(matchSeatKey(r.Match, r.Seat, uint64(id))); err != nil {
			return err
		}
	}
	if err := due.Delete(tk); err != nil {
		return err
	}
	return byID.Delete(u64(uint64(id)))
}

// unindexReminder drops the index entries of a due record that no longer
// decodes. Its match is unknown, so due.match is searched by id (rare: only
// when a record is quarantined). Entries that belong to a newer reminder
// with that id (due.id points elsewhere) stay.
func unindexReminder(tx *bolt.Tx, tk []byte) error {
	if len(tk) != 16 {
		return nil // not a key we wrote: no index entries
	}
	byID, err := bucket(tx, bkDueID)
	if err != nil {
		return err
	}
	byMatch, err := bucket(tx, bkDueMatch)
	if err != nil {
		return err
	}
	idKey := tk[8:]
	if !bytes.Equal(byID.Get(idKey), tk) {
		return nil
	}
	if err := byID.Delete(idKey); err != nil {
		return err
	}
	var stale [][]byte
	c := byMatch.Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		if bytes.HasSuffix(k, idKey) {
			stale = append(stale, bytes.Clone(k))
		}
	}
	for _, k := range stale {
		if err := byMatch.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// cancelReminders deletes a match's reminders for seats (nil: all seats).
func cancelReminders(tx *bolt.Tx, key MatchKey, seats []engine.Seat) (int, error) {
	byMatch, err := bucket(tx, bkDueMatch)
	if err != nil {
		return 0, err
	}
	prefixes := [][]byte{matchPrefix(key)}
	if seats != nil {
		prefixes = prefixes[:0]
		for _, s := range seats {
			prefixes = append(prefixes, matchSeatPrefix(key, s))
		}
	}
	var keys [][]byte
	for _, p := range prefixes {
		c := byMatch.Cursor()
		for k, _ := c.Seek(p); k != nil && bytes.HasPrefix(k, p); k, _ = c.Next() {
			keys = append(keys, bytes.Clone(k))
		}
	}
	for _, k := range keys {
		if err := deleteReminder(tx, ReminderID(binary.BigEndian.Uint64(k[len(k)-8:]))); err != nil {
			return 0, err
		}
		// Normally gone already; an entry left without its reminder goes too.
		if err := byMatch.Delete(k); err != nil {
			return 0, err
		}
	}
	return len(keys), nil
}

// moveReminders re-files the reminders of match from under match to.
func moveReminders(tx *bolt.Tx, from, to MatchKey) error {
	byMatch, err := bucket(tx, bkDueMatch)
	if err != nil {
		return err
	}
	byID, err := bucket(tx, bkDueID)
	if err != nil {
		return err
	}
	due, err := bucket(tx, bkDue)
	if err != nil {
		return err
	}
	p := matchPrefix(from)
	var ids []uint64
	c := byMatch.Cursor()
	for k, _ := c.Seek(p); k != nil && bytes.HasPrefix(k, p); k, _ = c.Next() {
		ids = append(ids, binary.BigEndian.Uint64(k[len(k)-8:]))
	}
	for _, id := range ids {
		tk := byID.Get(u64(id))
		if tk == nil {
			continue
		}
		r, err := decodeReminder(tk, due.Get(tk))
		if err != nil {
			return err
		}
		r.Match = to
		if _, err := putReminder(tx, r); err != nil { // same id: replaces it
			return err
		}
	}
	return nil
}
