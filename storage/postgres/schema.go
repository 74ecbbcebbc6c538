package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"formica/storage"
)

// migrations are the schema's versions in order: migrations[i] takes the
// database from version i to i+1. Append only; never edit a released one.
var migrations = []string{
	// 1: the layout of storage.DB's buckets as tables. rec columns hold the
	// same JSON records; the others index and claim them.
	`CREATE TABLE matches (
		key  text PRIMARY KEY,
		id   text NOT NULL UNIQUE,
		rec  bytea NOT NULL
	);
	CREATE TABLE finished (id text PRIMARY KEY, rec bytea NOT NULL);
	CREATE TABLE stats (id text PRIMARY KEY, rec bytea NOT NULL);
	CREATE TABLE logs (
		match_id text NOT NULL,
		seq      bigint NOT NULL,
		rec      bytea NOT NULL,
		PRIMARY KEY (match_id, seq)
	);
	CREATE TABLE users (key text PRIMARY KEY, rec bytea NOT NULL);
	CREATE TABLE reminders (
		id          bigserial PRIMARY KEY,
		at_ns       bigint NOT NULL,
		match_key   text NOT NULL,
		seat        integer NOT NULL,
		rec         bytea NOT NULL,
		lease_owner text,
		lease_until timestamptz
	);
	CREATE INDEX reminders_at ON reminders (at_ns, id);
	CREATE INDEX reminders_match ON reminders (match_key, seat);
	CREATE TABLE outbox (
		id          bigserial PRIMARY KEY,
		platform    text NOT NULL,
		recipient   text NOT NULL,
		rec         bytea NOT NULL,
		lease_owner text,
		lease_until timestamptz
	);
	CREATE INDEX outbox_queue ON outbox (platform, recipient, id);`,
}

// migrate brings the schema to len(migrations), one transaction per step,
// with every Open serialized by an advisory lock held for the whole run.
func (db *DB) migrate(ctx context.Context) error {
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("postgres: connect: %w", redact(err))
	}
	defer conn.Release()
	key := db.lockKey("migrate")
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", key); err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	defer conn.Exec(context.Background(), "SELECT pg_advisory_unlock($1)", key) //nolint:errcheck // the session ends with the pool
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS formica_schema (
		version    integer PRIMARY KEY,
		app        text NOT NULL DEFAULT 'formica',
		applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	var have int
	if err := conn.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM formica_schema").Scan(&have); err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	if have > len(migrations) {
		return fmt.Errorf("%w: the database has schema %d, this build knows up to %d (upgrade formica)", storage.ErrSchema, have, len(migrations))
	}
	for v := have; v < len(migrations); v++ {
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, migrations[v]); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, "INSERT INTO formica_schema (version) VALUES ($1)", v+1)
			return err
		})
		if err != nil {
			return fmt.Errorf("postgres: migration %d: %w", v+1, err)
		}
	}
	return nil
}

// SchemaVersion returns the version the database is at.
func (db *DB) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := db.pool.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM formica_schema").Scan(&v)
	return v, err
}

// Exec runs one statement outside the store's methods (operators' tools
// and tests).
func (db *DB) Exec(ctx context.Context, sql string, args ...any) error {
	_, err := db.pool.Exec(ctx, sql, args...)
	return classify(ctx, err)
}
