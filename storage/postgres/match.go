package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"formica/storage"
)

// Match returns the lobby or active match in a channel, or an error
// wrapping storage.ErrNotFound.
func (db *DB) Match(ctx context.Context, key storage.MatchKey) (*storage.Match, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := key.Validate(); err != nil {
		return nil, err
	}
	m, err := loadMatch(ctx, db.pool, key, false)
	if err == nil && m == nil {
		return nil, fmt.Errorf("%w: no match in %s", storage.ErrNotFound, key)
	}
	return m, classify(ctx, err)
}

// querier is a pool or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// loadMatch returns nil, nil when the channel has none; forUpdate locks
// its row until the transaction ends.
func loadMatch(ctx context.Context, q querier, key storage.MatchKey, forUpdate bool) (*storage.Match, error) {
	sql := "SELECT rec FROM matches WHERE key = $1"
	if forUpdate {
		sql += " FOR UPDATE"
	}
	var rec []byte
	err := q.QueryRow(ctx, sql, key.String()).Scan(&rec)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return decodeMatch(key.String(), rec)
}

// decodeMatch decodes a match record and checks it is the one under k.
func decodeMatch(k string, rec []byte) (*storage.Match, error) {
	var m storage.Match
	err := json.Unmarshal(rec, &m)
	if err == nil {
		if err = m.Validate(); err == nil && m.Key.String() != k {
			err = fmt.Errorf("the record is for %s", m.Key)
		}
	}
	if err != nil {
		return nil, &storage.RecordError{Bucket: "matches", Key: k, Err: err}
	}
	return &m, nil
}

// Matches returns every lobby and active match; undecodable records are
// reported in errs and skipped.
func (db *DB) Matches(ctx context.Context) (ms []*storage.Match, errs []error, err error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	rows, err := db.pool.Query(ctx, "SELECT key, rec FROM matches ORDER BY key")
	if err != nil {
		return nil, nil, classify(ctx, err)
	}
	var k string
	var rec []byte
	_, err = pgx.ForEachRow(rows, []any{&k, &rec}, func() error {
		m, err := decodeMatch(k, rec)
		if err != nil {
			errs = append(errs, err)
			return nil
		}
		ms = append(ms, m)
		return nil
	})
	return ms, errs, classify(ctx, err)
}

// Log returns a match's answers in order (also of finished matches).
func (db *DB) Log(ctx context.Context, matchID string) ([]storage.LogEntry, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	rows, err := db.pool.Query(ctx, "SELECT seq, rec FROM logs WHERE match_id = $1 ORDER BY seq", matchID)
	if err != nil {
		return nil, classify(ctx, err)
	}
	var log []storage.LogEntry
	var seq int64
	var rec []byte
	_, err = pgx.ForEachRow(rows, []any{&seq, &rec}, func() error {
		var e storage.LogEntry
		if err := json.Unmarshal(rec, &e); err != nil {
			return &storage.RecordError{Bucket: "logs", Key: matchID + "/" + strconv.FormatInt(seq, 10), Err: err}
		}
		log = append(log, e)
		return nil
	})
	if err != nil {
		return nil, classify(ctx, err)
	}
	if len(log) > 0 {
		return log, nil
	}
	// No entries: a known match (lobby, or ended before its first answer)
	// has an empty log, an unknown id has none.
	var known bool
	err = db.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM matches WHERE id = $1)
		OR EXISTS (SELECT 1 FROM finished WHERE id = $1)`, matchID).Scan(&known)
	if err != nil {
		return nil, classify(ctx, err)
	}
	if !known {
		return nil, fmt.Errorf("%w: no log for match %q", storage.ErrNotFound, matchID)
	}
	return nil, nil
}

// FinishedMatch returns a finished or aborted match by id.
func (db *DB) FinishedMatch(ctx context.Context, id string) (*storage.Match, error) {
	var m storage.Match
	if err := db.get(ctx, "finished", id, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// MatchStats returns the stats of one finished match.
func (db *DB) MatchStats(ctx context.Context, id string) (storage.Stats, error) {
	var s storage.Stats
	err := db.get(ctx, "stats", id, &s)
	return s, err
}

// get decodes the record under key in table (finished, stats: keyed by
// id; users: keyed by key).
func (db *DB) get(ctx context.Context, table, key string, into any) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	col := "id"
	if table == "users" {
		col = "key"
	}
	var rec []byte
	err := db.pool.QueryRow(ctx, "SELECT rec FROM "+table+" WHERE "+col+" = $1", key).Scan(&rec)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%w: %s %q", storage.ErrNotFound, table, key)
	}
	if err != nil {
		return classify(ctx, err)
	}
	if err := json.Unmarshal(rec, into); err != nil {
		return &storage.RecordError{Bucket: table, Key: key, Err: err}
	}
	return nil
}

// AllStats returns the stats of every finished match; undecodable records
// are reported in errs and skipped.
func (db *DB) AllStats(ctx context.Context) (all []storage.Stats, errs []error, err error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	rows, err := db.pool.Query(ctx, "SELECT id, rec FROM stats ORDER BY id")
	if err != nil {
		return nil, nil, classify(ctx, err)
	}
	var id string
	var rec []byte
	_, err = pgx.ForEachRow(rows, []any{&id, &rec}, func() error {
		var s storage.Stats
		if err := json.Unmarshal(rec, &s); err != nil {
			errs = append(errs, &storage.RecordError{Bucket: "stats", Key: id, Err: err})
			return nil
		}
		all = append(all, s)
		return nil
	})
	return all, errs, classify(ctx, err)
}

// Move moves the lobby or active match of channel from to channel to, with
// its reminders, in one transaction (a Telegram group upgraded to a
// supergroup). ErrNotFound when from holds none, ErrConflict when to holds one.
func (db *DB) Move(ctx context.Context, from, to storage.MatchKey) error {
	if err := from.Validate(); err != nil {
		return err
	}
	if err := to.Validate(); err != nil {
		return err
	}
	err := db.tx(ctx, func(tx pgx.Tx) error {
		m, err := loadMatch(ctx, tx, from, true)
		if err != nil {
			return err
		}
		if m == nil {
			return storage.ErrNotFound
		}
		other, err := loadMatch(ctx, tx, to, true)
		if err != nil {
			return err
		}
		if other != nil {
			return fmt.Errorf("%w: channel %s already holds match %s", storage.ErrConflict, to, other.ID)
		}
		m.Key = to
		rec, err := json.Marshal(m)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE matches SET key = $2, rec = $3 WHERE key = $1", from.String(), to.String(), rec); err != nil {
			return err
		}
		return moveReminders(ctx, tx, from, to)
	})
	if err != nil {
		return fmt.Errorf("storage: move %s to %s: %w", from, to, err)
	}
	return nil
}
