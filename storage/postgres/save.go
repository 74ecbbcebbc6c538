package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"formica/storage"
)

// Save writes c in one transaction and returns after it committed. The
// match's row is locked first, so concurrent writers of one match (in any
// process) take turns; one whose change does not continue the stored log
// gets storage.ErrConflict and nothing is written.
func (db *DB) Save(ctx context.Context, c storage.Change) (storage.Receipt, error) {
	if c.Match == nil {
		return storage.Receipt{}, fmt.Errorf("%w: change has no match", storage.ErrInvalid)
	}
	if err := validateChange(c); err != nil {
		return storage.Receipt{}, fmt.Errorf("storage: save %s: %w", c.Match.Key, err)
	}
	var rc storage.Receipt
	err := db.tx(ctx, func(tx pgx.Tx) error {
		rc = storage.Receipt{}
		var err error
		rc, err = writeChange(ctx, tx, c)
		return err
	})
	if err != nil {
		return storage.Receipt{}, fmt.Errorf("storage: save %s: %w", c.Match.Key, err)
	}
	return rc, nil
}

// validateChange makes the checks that need no database, so an invalid
// change never takes a lock.
func validateChange(c storage.Change) error {
	m := c.Match
	if err := m.Validate(); err != nil {
		return err
	}
	for _, e := range c.Log {
		if !storage.ValidTime(e.At) {
			return fmt.Errorf("%w: match %s answer %d has no time", storage.ErrInvalid, m.ID, e.Seq)
		}
	}
	if c.Stats != nil && !m.Status.Over() {
		return fmt.Errorf("%w: stats given for match %s that is still %s", storage.ErrInvalid, m.ID, m.Status)
	}
	if c.Stats != nil && c.Stats.MatchID != m.ID {
		return fmt.Errorf("%w: stats name match %q, not %q", storage.ErrInvalid, c.Stats.MatchID, m.ID)
	}
	if !m.Status.Over() {
		for _, r := range c.Remind {
			if r.Match == (storage.MatchKey{}) {
				r.Match = m.Key
			}
			if err := r.Validate(); err != nil {
				return err
			}
		}
	}
	for _, msg := range c.Outbox {
		if err := msg.Validate(); err != nil {
			return err
		}
	}
	return nil
}

func writeChange(ctx context.Context, tx pgx.Tx, c storage.Change) (storage.Receipt, error) {
	m := c.Match
	key := m.Key.String()
	cur, err := loadMatch(ctx, tx, m.Key, true)
	if err != nil {
		return storage.Receipt{}, err
	}
	if cur != nil && cur.ID != m.ID {
		return storage.Receipt{}, fmt.Errorf("%w: channel %s holds match %s, not %s", storage.ErrConflict, m.Key, cur.ID, m.ID)
	}
	// One round trip: has it ended, and how long is its log.
	var ended bool
	var last uint64
	err = tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM finished WHERE id = $1),
		(SELECT coalesce(max(seq), 0) FROM logs WHERE match_id = $1)`, m.ID).Scan(&ended, &last)
	if err != nil {
		return storage.Receipt{}, err
	}
	if ended {
		return storage.Receipt{}, fmt.Errorf("%w: match %s has already ended", storage.ErrConflict, m.ID)
	}
	if err := appendLog(ctx, tx, m, last, c.Log); err != nil {
		return storage.Receipt{}, err
	}
	rec, err := json.Marshal(m)
	if err != nil {
		return storage.Receipt{}, fmt.Errorf("%w: encoding match: %v", storage.ErrInvalid, err)
	}
	ended = m.Status.Over()
	switch {
	case ended:
		if cur != nil {
			if _, err := tx.Exec(ctx, "DELETE FROM matches WHERE key = $1", key); err != nil {
				return storage.Receipt{}, err
			}
		}
		if _, err := tx.Exec(ctx, "INSERT INTO finished (id, rec) VALUES ($1, $2)", m.ID, rec); err != nil {
			return storage.Receipt{}, err
		}
		if c.Stats != nil {
			st, err := json.Marshal(c.Stats)
			if err != nil {
				return storage.Receipt{}, fmt.Errorf("%w: encoding stats: %v", storage.ErrInvalid, err)
			}
			if _, err := tx.Exec(ctx, "INSERT INTO stats (id, rec) VALUES ($1, $2)", m.ID, st); err != nil {
				return storage.Receipt{}, err
			}
		}
	case cur != nil:
		if _, err := tx.Exec(ctx, "UPDATE matches SET rec = $2 WHERE key = $1", key, rec); err != nil {
			return storage.Receipt{}, err
		}
	default:
		// No ON CONFLICT: a match created meanwhile in this channel (by
		// another process) is a unique violation, i.e. ErrConflict.
		if _, err := tx.Exec(ctx, "INSERT INTO matches (key, id, rec) VALUES ($1, $2, $3)", key, m.ID, rec); err != nil {
			return storage.Receipt{}, err
		}
	}
	switch {
	case ended || c.CancelAll:
		_, err = tx.Exec(ctx, "DELETE FROM reminders WHERE match_key = $1", key)
	case len(c.Cancel) > 0:
		seats := make([]int32, len(c.Cancel))
		for i, s := range c.Cancel {
			seats[i] = int32(s)
		}
		_, err = tx.Exec(ctx, "DELETE FROM reminders WHERE match_key = $1 AND seat = ANY($2)", key, seats)
	}
	if err != nil {
		return storage.Receipt{}, err
	}
	var rc storage.Receipt
	if !ended {
		for _, r := range c.Remind {
			if r.Match == (storage.MatchKey{}) {
				r.Match = m.Key
			}
			id, err := putReminder(ctx, tx, r)
			if err != nil {
				return storage.Receipt{}, err
			}
			rc.Reminders = append(rc.Reminders, id)
		}
	}
	rc.Messages, err = enqueue(ctx, tx, c.Outbox)
	return rc, err
}

// appendLog checks that log continues the stored log (last entries long)
// and that the match record counts it, then writes it. The match row is locked, so the stored
// length cannot change under us; two first writers of one new match meet
// at the primary key (ErrConflict).
func appendLog(ctx context.Context, tx pgx.Tx, m *storage.Match, last uint64, log []storage.LogEntry) error {
	if want := last + uint64(len(log)); m.Seq != want {
		return fmt.Errorf("%w: match %s has %d answers stored, the change brings %d and claims Seq %d (stale state: reload)", storage.ErrConflict, m.ID, last, len(log), m.Seq)
	}
	if len(log) == 0 {
		return nil
	}
	b := &pgx.Batch{}
	for i, e := range log {
		if e.Seq != last+uint64(i)+1 {
			return fmt.Errorf("%w: match %s answer has Seq %d, want %d", storage.ErrConflict, m.ID, e.Seq, last+uint64(i)+1)
		}
		rec, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("%w: encoding answer: %v", storage.ErrInvalid, err)
		}
		b.Queue("INSERT INTO logs (match_id, seq, rec) VALUES ($1, $2, $3)", m.ID, int64(e.Seq), rec)
	}
	return tx.SendBatch(ctx, b).Close()
}
