package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"formica/storage"
)

// Import writes every record of d into an empty database in one
// transaction, keeping match, reminder and message ids, and moves the id
// sequences past them. It refuses a database that holds any record
// (storage.ErrConflict): a copy is made once, into a fresh schema.
func (db *DB) Import(ctx context.Context, d *storage.Dump) error {
	return db.tx(ctx, func(tx pgx.Tx) error {
		var n int
		err := tx.QueryRow(ctx, `SELECT (SELECT count(*) FROM matches) + (SELECT count(*) FROM finished)
			+ (SELECT count(*) FROM users) + (SELECT count(*) FROM reminders) + (SELECT count(*) FROM outbox)
			+ (SELECT count(*) FROM logs) + (SELECT count(*) FROM stats)`).Scan(&n)
		if err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("%w: the target database already holds %d records (migrate into an empty one)", storage.ErrConflict, n)
		}
		b := &pgx.Batch{}
		put := func(sql string, v any, args ...any) error {
			rec, err := json.Marshal(v)
			if err != nil {
				return err
			}
			b.Queue(sql, append(args, rec)...)
			return nil
		}
		for _, m := range d.Matches {
			if err := put("INSERT INTO matches (key, id, rec) VALUES ($1, $2, $3)", m, m.Key.String(), m.ID); err != nil {
				return err
			}
		}
		for _, m := range d.Finished {
			if err := put("INSERT INTO finished (id, rec) VALUES ($1, $2)", m, m.ID); err != nil {
				return err
			}
		}
		for _, s := range d.Stats {
			if err := put("INSERT INTO stats (id, rec) VALUES ($1, $2)", s, s.MatchID); err != nil {
				return err
			}
		}
		for id, log := range d.Logs {
			for _, e := range log {
				if err := put("INSERT INTO logs (match_id, seq, rec) VALUES ($1, $2, $3)", e, id, int64(e.Seq)); err != nil {
					return err
				}
			}
		}
		for _, u := range d.Users {
			if err := put("INSERT INTO users (key, rec) VALUES ($1, $2)", u, u.Key().String()); err != nil {
				return err
			}
		}
		for _, r := range d.Reminders {
			id := int64(r.ID)
			r.ID = 0
			if err := put("INSERT INTO reminders (id, at_ns, match_key, seat, rec) VALUES ($1, $2, $3, $4, $5)", r,
				id, r.At.UnixNano(), r.Match.String(), int32(r.Seat)); err != nil {
				return err
			}
		}
		for _, m := range d.Outbox {
			id := int64(m.ID)
			m.ID = 0
			if err := put("INSERT INTO outbox (id, platform, recipient, rec) VALUES ($1, $2, $3, $4)", m, id, m.Platform, m.To); err != nil {
				return err
			}
		}
		b.Queue("SELECT setval(pg_get_serial_sequence('reminders', 'id'), greatest((SELECT max(id) FROM reminders), 1))")
		b.Queue("SELECT setval(pg_get_serial_sequence('outbox', 'id'), greatest((SELECT max(id) FROM outbox), 1))")
		return tx.SendBatch(ctx, b).Close()
	})
}

// Dump reads every record (claimed or not, claiming none) in one
// repeatable-read transaction.
func (db *DB) Dump(ctx context.Context) (*storage.Dump, error) {
	d := &storage.Dump{Logs: map[string][]storage.LogEntry{}}
	err := pgx.BeginTxFunc(ctx, db.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		each := func(sql string, fn func(k string, rec []byte) error) error {
			rows, err := tx.Query(ctx, sql)
			if err != nil {
				return err
			}
			var k string
			var rec []byte
			_, err = pgx.ForEachRow(rows, []any{&k, &rec}, func() error { return fn(k, rec) })
			return err
		}
		dec := func(table, k string, rec []byte, into any) error {
			if err := json.Unmarshal(rec, into); err != nil {
				return &storage.RecordError{Bucket: table, Key: k, Err: err}
			}
			return nil
		}
		steps := []func() error{
			func() error {
				return each("SELECT key, rec FROM matches", func(k string, rec []byte) error {
					m, err := decodeMatch(k, rec)
					d.Matches = append(d.Matches, m)
					return err
				})
			},
			func() error {
				return each("SELECT id, rec FROM finished", func(k string, rec []byte) error {
					var m storage.Match
					d.Finished = append(d.Finished, &m)
					return dec("finished", k, rec, &m)
				})
			},
			func() error {
				return each("SELECT id, rec FROM stats", func(k string, rec []byte) error {
					var s storage.Stats
					err := dec("stats", k, rec, &s)
					d.Stats = append(d.Stats, s)
					return err
				})
			},
			func() error {
				return each("SELECT match_id, rec FROM logs ORDER BY match_id, seq", func(k string, rec []byte) error {
					var e storage.LogEntry
					err := dec("logs", k, rec, &e)
					d.Logs[k] = append(d.Logs[k], e)
					return err
				})
			},
			func() error {
				return each("SELECT key, rec FROM users", func(k string, rec []byte) error {
					var u storage.User
					err := dec("users", k, rec, &u)
					d.Users = append(d.Users, u)
					return err
				})
			},
			func() error {
				rows, err := tx.Query(ctx, "SELECT id, at_ns, rec FROM reminders")
				if err == nil {
					d.Reminders, err = scanReminders(rows)
				}
				return err
			},
			func() error {
				return each("SELECT id::text, rec FROM outbox ORDER BY id", func(k string, rec []byte) error {
					var m storage.Message
					err := dec("outbox", k, rec, &m)
					var id int64
					fmt.Sscan(k, &id)
					m.ID = storage.MessageID(id)
					d.Outbox = append(d.Outbox, m)
					return err
				})
			},
		}
		for _, step := range steps {
			if err := step(); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, classify(ctx, err)
	}
	d.Sort()
	return d, nil
}
