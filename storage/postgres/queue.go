package postgres

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"formica/storage"
)

// ---- reminders and deadlines ----

// PutReminder stores r and returns its id. A zero ID gets a new one; a
// non-zero ID replaces that reminder (at its new time) and frees any claim
// on it (the scheduler reschedules a failed entry this way).
func (db *DB) PutReminder(ctx context.Context, r storage.Reminder) (storage.ReminderID, error) {
	if err := r.Validate(); err != nil {
		return 0, err
	}
	var id storage.ReminderID
	err := db.tx(ctx, func(tx pgx.Tx) error {
		var err error
		id, err = putReminder(ctx, tx, r)
		return err
	})
	return id, err
}

func putReminder(ctx context.Context, tx pgx.Tx, r storage.Reminder) (storage.ReminderID, error) {
	if err := r.Validate(); err != nil {
		return 0, err
	}
	id := int64(r.ID)
	r.ID = 0 // the id lives in its column
	rec, err := json.Marshal(r)
	if err != nil {
		return 0, fmt.Errorf("%w: encoding reminder: %v", storage.ErrInvalid, err)
	}
	if id == 0 {
		err = tx.QueryRow(ctx, `INSERT INTO reminders (at_ns, match_key, seat, rec)
			VALUES ($1, $2, $3, $4) RETURNING id`, r.At.UnixNano(), r.Match.String(), int32(r.Seat), rec).Scan(&id)
		return storage.ReminderID(id), err
	}
	_, err = tx.Exec(ctx, `INSERT INTO reminders (id, at_ns, match_key, seat, rec) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (id) DO UPDATE SET at_ns = excluded.at_ns, match_key = excluded.match_key,
			seat = excluded.seat, rec = excluded.rec, lease_owner = NULL, lease_until = NULL`,
		id, r.At.UnixNano(), r.Match.String(), int32(r.Seat), rec)
	return storage.ReminderID(id), err
}

// DeleteReminder removes a reminder; a missing one is not an error.
func (db *DB) DeleteReminder(ctx context.Context, id storage.ReminderID) error {
	return db.exec(ctx, "DELETE FROM reminders WHERE id = $1", int64(id))
}

// claimable is the condition for a reminder or message this process may
// take: nobody holds it, this process does, or its holder's lease ran out.
const claimable = "(lease_owner IS NULL OR lease_owner = $1 OR lease_until < now())"

// Due claims and returns every reminder with At <= now that no other
// process holds, earliest first (ties in id order). It does not remove
// them: the scheduler deletes each once handled (or reschedules it with
// PutReminder), and until then, or until the lease runs out, the other
// processes skip them. Asked again, this process gets them again.
func (db *DB) Due(ctx context.Context, now time.Time) ([]storage.Reminder, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if !storage.ValidTime(now) {
		return nil, fmt.Errorf("%w: due time %v out of range", storage.ErrInvalid, now)
	}
	var rs []storage.Reminder
	err := db.tx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `WITH c AS (
				SELECT id FROM reminders WHERE at_ns <= $2 AND `+claimable+`
				ORDER BY at_ns, id FOR UPDATE SKIP LOCKED)
			UPDATE reminders r SET lease_owner = $1, lease_until = now() + $3::interval
			FROM c WHERE r.id = c.id RETURNING r.id, r.at_ns, r.rec`,
			db.owner, now.UnixNano(), db.lease)
		if err != nil {
			return err
		}
		rs, err = scanReminders(rows)
		return err
	})
	if err != nil {
		return nil, err
	}
	return rs, nil
}

// scanReminders reads (id, at_ns, rec) rows in (at_ns, id) order.
func scanReminders(rows pgx.Rows) ([]storage.Reminder, error) {
	type row struct {
		at int64
		r  storage.Reminder
	}
	var out []row
	var id, at int64
	var rec []byte
	_, err := pgx.ForEachRow(rows, []any{&id, &at, &rec}, func() error {
		var r storage.Reminder
		if err := json.Unmarshal(rec, &r); err != nil {
			return &storage.RecordError{Bucket: "reminders", Key: strconv.FormatInt(id, 10), Err: err}
		}
		r.ID = storage.ReminderID(id)
		out = append(out, row{at, r})
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b row) int {
		return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.r.ID, b.r.ID))
	})
	rs := make([]storage.Reminder, len(out))
	for i, x := range out {
		rs[i] = x.r
	}
	return rs, nil
}

// Peek returns the earliest reminder this process could claim (others'
// claims are skipped: they fire there); ok is false when there is none.
func (db *DB) Peek(ctx context.Context) (storage.Reminder, bool, error) {
	if err := ctx.Err(); err != nil {
		return storage.Reminder{}, false, err
	}
	rows, err := db.pool.Query(ctx, `SELECT id, at_ns, rec FROM reminders WHERE `+claimable+`
		ORDER BY at_ns, id LIMIT 1`, db.owner)
	if err != nil {
		return storage.Reminder{}, false, classify(ctx, err)
	}
	rs, err := scanReminders(rows)
	if err != nil || len(rs) == 0 {
		return storage.Reminder{}, false, classify(ctx, err)
	}
	return rs[0], true, nil
}

// moveReminders re-files the reminders of match from under match to.
func moveReminders(ctx context.Context, tx pgx.Tx, from, to storage.MatchKey) error {
	rows, err := tx.Query(ctx, "SELECT id, at_ns, rec FROM reminders WHERE match_key = $1 FOR UPDATE", from.String())
	if err != nil {
		return err
	}
	rs, err := scanReminders(rows)
	if err != nil {
		return err
	}
	for _, r := range rs {
		r.Match = to
		if _, err := putReminder(ctx, tx, r); err != nil {
			return err
		}
	}
	return nil
}

// ---- outbox ----

// Enqueue queues messages outside a Save.
func (db *DB) Enqueue(ctx context.Context, msgs ...storage.Message) ([]storage.MessageID, error) {
	for _, m := range msgs {
		if err := m.Validate(); err != nil {
			return nil, err
		}
	}
	var ids []storage.MessageID
	err := db.tx(ctx, func(tx pgx.Tx) error {
		var err error
		ids, err = enqueue(ctx, tx, msgs)
		return err
	})
	return ids, err
}

func enqueue(ctx context.Context, tx pgx.Tx, msgs []storage.Message) ([]storage.MessageID, error) {
	if len(msgs) == 0 {
		return nil, nil
	}
	b := &pgx.Batch{}
	for _, m := range msgs {
		if err := m.Validate(); err != nil {
			return nil, err
		}
		m.ID = 0 // the id lives in its column
		rec, err := json.Marshal(m)
		if err != nil {
			return nil, fmt.Errorf("%w: encoding message: %v", storage.ErrInvalid, err)
		}
		b.Queue("INSERT INTO outbox (platform, recipient, rec) VALUES ($1, $2, $3) RETURNING id", m.Platform, m.To, rec)
	}
	res := tx.SendBatch(ctx, b)
	ids := make([]storage.MessageID, len(msgs))
	for i := range msgs {
		var id int64
		if err := res.QueryRow().Scan(&id); err != nil {
			_ = res.Close()
			return nil, err
		}
		ids[i] = storage.MessageID(id)
	}
	return ids, res.Close()
}

// Pending claims and returns up to limit queued messages (limit <= 0:
// all), oldest first. It takes whole queues (a recipient on a platform):
// a queue another process holds is skipped entirely, so its messages
// leave in order from one process. Asked again, this process gets what it
// holds again (renewing the lease) until it Acks them.
func (db *DB) Pending(ctx context.Context, limit int) ([]storage.Message, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var lim any // NULL: no limit
	if limit > 0 {
		lim = limit
	}
	var ms []storage.Message
	err := db.tx(ctx, func(tx pgx.Tx) error {
		// One claimer at a time, so two processes never split a queue.
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", db.lockKey("outbox")); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `WITH busy AS (
				SELECT DISTINCT platform, recipient FROM outbox
				WHERE lease_owner <> $1 AND lease_until >= now()),
			c AS (
				SELECT o.id FROM outbox o
				WHERE NOT EXISTS (SELECT 1 FROM busy b WHERE b.platform = o.platform AND b.recipient = o.recipient)
				ORDER BY o.id LIMIT $2 FOR UPDATE SKIP LOCKED)
			UPDATE outbox o SET lease_owner = $1, lease_until = now() + $3::interval
			FROM c WHERE o.id = c.id RETURNING o.id, o.rec`, db.owner, lim, db.lease)
		if err != nil {
			return err
		}
		ms = ms[:0]
		var id int64
		var rec []byte
		_, err = pgx.ForEachRow(rows, []any{&id, &rec}, func() error {
			var m storage.Message
			if err := json.Unmarshal(rec, &m); err != nil {
				return &storage.RecordError{Bucket: "outbox", Key: strconv.FormatInt(id, 10), Err: err}
			}
			m.ID = storage.MessageID(id)
			ms = append(ms, m)
			return nil
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(ms, func(a, b storage.Message) int { return cmp.Compare(a.ID, b.ID) })
	return ms, nil
}

// Ack removes sent messages. Acking a missing id is not an error.
func (db *DB) Ack(ctx context.Context, ids ...storage.MessageID) error {
	if len(ids) == 0 {
		return nil
	}
	ns := make([]int64, len(ids))
	for i, id := range ids {
		ns[i] = int64(id)
	}
	return db.exec(ctx, "DELETE FROM outbox WHERE id = ANY($1)", ns)
}

// ---- users ----

// User returns a stored user or an error wrapping storage.ErrNotFound.
func (db *DB) User(ctx context.Context, key storage.UserKey) (storage.User, error) {
	var u storage.User
	if err := key.Validate(); err != nil {
		return u, err
	}
	err := db.get(ctx, "users", key.String(), &u)
	return u, err
}

// PutUser stores u, replacing any previous record.
func (db *DB) PutUser(ctx context.Context, u storage.User) error {
	if err := u.Validate(); err != nil {
		return err
	}
	rec, err := json.Marshal(u)
	if err != nil {
		return errors.Join(storage.ErrInvalid, err)
	}
	return db.exec(ctx, `INSERT INTO users (key, rec) VALUES ($1, $2)
		ON CONFLICT (key) DO UPDATE SET rec = excluded.rec`, u.Key().String(), rec)
}

// QueueDepth counts the queued messages by platform, claimed or not,
// without claiming any (metrics must not take queues from the senders).
func (db *DB) QueueDepth(ctx context.Context) (map[string]int, error) {
	rows, err := db.pool.Query(ctx, "SELECT platform, count(*) FROM outbox GROUP BY platform")
	if err != nil {
		return nil, classify(ctx, err)
	}
	n := map[string]int{}
	var p string
	var c int
	_, err = pgx.ForEachRow(rows, []any{&p, &c}, func() error { n[p] = c; return nil })
	return n, classify(ctx, err)
}

// Reminders lists every reminder, claimed or not, in (time, id) order,
// without claiming any (migrate's verification, tests).
func (db *DB) Reminders(ctx context.Context) ([]storage.Reminder, error) {
	rows, err := db.pool.Query(ctx, "SELECT id, at_ns, rec FROM reminders")
	if err != nil {
		return nil, classify(ctx, err)
	}
	rs, err := scanReminders(rows)
	return rs, classify(ctx, err)
}

// Messages lists every queued message, claimed or not, oldest first,
// without claiming any.
func (db *DB) Messages(ctx context.Context) ([]storage.Message, error) {
	rows, err := db.pool.Query(ctx, "SELECT id, rec FROM outbox ORDER BY id")
	if err != nil {
		return nil, classify(ctx, err)
	}
	var ms []storage.Message
	var id int64
	var rec []byte
	_, err = pgx.ForEachRow(rows, []any{&id, &rec}, func() error {
		var m storage.Message
		if err := json.Unmarshal(rec, &m); err != nil {
			return &storage.RecordError{Bucket: "outbox", Key: strconv.FormatInt(id, 10), Err: err}
		}
		m.ID = storage.MessageID(id)
		ms = append(ms, m)
		return nil
	})
	return ms, classify(ctx, err)
}
