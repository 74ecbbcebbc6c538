package storage

import (
	"context"
	"encoding/binary"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"formica/engine"
)

// Change is everything one command changes in one match, written in one
// transaction: the match record, the answers appended to its log, the
// reminders cancelled and scheduled, and the messages to send.
type Change struct {
	// Match is the new record. Its Seq must equal the stored log length
	// plus len(Log). A finished or aborted Status moves it out of the
	// channel into the finished bucket and cancels all its reminders.
	Match *Match
	// Log continues the stored log: Seq stored+1, stored+2...
	Log []LogEntry
	// Stats is stored for a match that ends (Status finished or aborted).
	Stats *Stats
	// Cancel deletes this match's reminders for these seats; CancelAll for
	// every seat. Cancelling happens before Remind is applied.
	Cancel    []engine.Seat
	CancelAll bool
	// Remind schedules reminders (Match defaults to this match; a non-zero
	// ID replaces that reminder).
	Remind []Reminder
	// Outbox queues messages to send once committed (see Pending, Ack).
	Outbox []Message
}

// Receipt reports the ids given to a committed change's new records, in the
// order of Change.Remind and Change.Outbox.
type Receipt struct {
	Reminders []ReminderID
	Messages  []MessageID
}

// Save writes c in one transaction and returns after it has committed (and,
// unless Options.NoSync, reached the disk): only then may the answer be
// acknowledged and the outbox sent. On error nothing was written.
// ErrConflict means c does not follow the stored match (reload it).
func (db *DB) Save(ctx context.Context, c Change) (Receipt, error) {
	if c.Match == nil {
		return Receipt{}, invalid("change has no match")
	}
	return db.Apply(ctx, c.Match.Key, func(*Match) (Change, error) { return c, nil })
}

// Apply loads the match in key (nil when the channel has none), lets fn
// decide the change, and writes it, all in one transaction that has
// committed when Apply returns nil. An error from fn aborts the
// transaction and is returned as is.
//
// fn may run more than once (concurrent changes are batched and a batch is
// retried without a failing member), so it must be a pure function of its
// argument: no sending, no locking, no clock reads it relies on being
// single. The *Match it gets is decoded afresh each run; it may modify and
// return it.
func (db *DB) Apply(ctx context.Context, key MatchKey, fn func(cur *Match) (Change, error)) (Receipt, error) {
	if err := key.validate(); err != nil {
		return Receipt{}, err
	}
	var rc Receipt
	err := db.write(ctx, func(tx *bolt.Tx) error {
		rc = Receipt{} // a retried run starts over
		cur, err := loadMatch(tx, key)
		if err != nil {
			return err
		}
		c, err := fn(cur)
		if err != nil {
			return err
		}
		if err := c.Match.validate(); err != nil {
			return err
		}
		if c.Match.Key != key {
			return invalid("change for %s returned match of %s", key, c.Match.Key)
		}
		rc, err = writeChange(tx, cur, c)
		return err
	})
	if err != nil {
		return Receipt{}, fmt.Errorf("storage: save %s: %w", key, err)
	}
	return rc, nil
}

func writeChange(tx *bolt.Tx, cur *Match, c Change) (Receipt, error) {
	m := c.Match
	key := []byte(m.Key.String())
	if cur != nil && cur.ID != m.ID {
		return Receipt{}, fmt.Errorf("%w: channel %s holds match %s, not %s", ErrConflict, m.Key, cur.ID, m.ID)
	}
	fin, err := bucket(tx, bkFinished)
	if err != nil {
		return Receipt{}, err
	}
	if fin.Get([]byte(m.ID)) != nil {
		return Receipt{}, fmt.Errorf("%w: match %s has already ended", ErrConflict, m.ID)
	}
	if err := appendLog(tx, m, c.Log); err != nil {
		return Receipt{}, err
	}
	var ended bool
	switch {
	case m.Status.Over():
		ended = true
		if err := archive(tx, m, c.Stats); err != nil {
			return Receipt{}, err
		}
	case c.Stats != nil:
		return Receipt{}, invalid("stats given for match %s that is still %s", m.ID, m.Status)
	default:
		b, err := bucket(tx, bkMatches)
		if err != nil {
			return Receipt{}, err
		}
		if err := putJSON(b, key, m); err != nil {
			return Receipt{}, err
		}
	}
	if ended || c.CancelAll {
		if _, err := cancelReminders(tx, m.Key, nil); err != nil {
			return Receipt{}, err
		}
	} else if len(c.Cancel) > 0 {
		if _, err := cancelReminders(tx, m.Key, c.Cancel); err != nil {
			return Receipt{}, err
		}
	}
	var rc Receipt
	if !ended {
		for _, r := range c.Remind {
			if r.Match == (MatchKey{}) {
				r.Match = m.Key
			}
			id, err := putReminder(tx, r)
			if err != nil {
				return Receipt{}, err
			}
			rc.Reminders = append(rc.Reminders, id)
		}
	}
	rc.Messages, err = enqueue(tx, c.Outbox)
	return rc, err
}

// appendLog checks that log continues the stored log and that the match
// record counts it, then writes it.
func appendLog(tx *bolt.Tx, m *Match, log []LogEntry) error {
	logs, err := bucket(tx, bkLogs)
	if err != nil {
		return err
	}
	b, err := logs.CreateBucketIfNotExists([]byte(m.ID))
	if err != nil {
		return err
	}
	var last uint64
	if k, _ := b.Cursor().Last(); k != nil {
		last = binary.BigEndian.Uint64(k)
	}
	if want := last + uint64(len(log)); m.Seq != want {
		return fmt.Errorf("%w: match %s has %d answers stored, the change brings %d and claims Seq %d (stale state: reload)", ErrConflict, m.ID, last, len(log), m.Seq)
	}
	for i, e := range log {
		if e.Seq != last+uint64(i)+1 {
			return fmt.Errorf("%w: match %s answer has Seq %d, want %d", ErrConflict, m.ID, e.Seq, last+uint64(i)+1)
		}
		if !validTime(e.At) {
			return invalid("match %s answer %d has no time", m.ID, e.Seq)
		}
		if err := putJSON(b, u64(e.Seq), e); err != nil {
			return err
		}
	}
	return nil
}

// archive moves an ended match out of its channel and stores its stats.
func archive(tx *bolt.Tx, m *Match, st *Stats) error {
	act, err := bucket(tx, bkMatches)
	if err != nil {
		return err
	}
	if err := act.Delete([]byte(m.Key.String())); err != nil {
		return err
	}
	fin, err := bucket(tx, bkFinished)
	if err != nil {
		return err
	}
	if err := putJSON(fin, []byte(m.ID), m); err != nil {
		return err
	}
	if st == nil {
		return nil
	}
	if st.MatchID != m.ID {
		return invalid("stats name match %q, not %q", st.MatchID, m.ID)
	}
	stats, err := bucket(tx, bkStats)
	if err != nil {
		return err
	}
	return putJSON(stats, []byte(m.ID), st)
}
