package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"formica/storage"
)

// Options tune Open. The zero value (or nil) is the production default.
type Options struct {
	// Schema, when set, keeps the tables in that schema (created if
	// missing) instead of the connection's default: several deployments,
	// or tests, share one database.
	Schema string
	// Owner names this process in leases (default: a random id per Open).
	Owner string
	// Lease is how long a claimed reminder or outbox queue stays with this
	// process without being renewed (default 2 minutes; the bot renews
	// every 30 s while it works). After it, another process takes over.
	Lease time.Duration
	// MaxConns bounds the connections for reads and writes (default 16);
	// LockConns those holding match locks (default 32).
	MaxConns, LockConns int32
}

// DB is an open PostgreSQL store. It is safe for concurrent use by many
// goroutines and many processes.
type DB struct {
	pool   *pgxpool.Pool
	locks  *pgxpool.Pool
	schema string
	owner  string
	lease  time.Duration
	salt   string // keys advisory locks by schema, so schemas never block each other
}

// Open connects to the database named by dsn ("postgres://user@host/db",
// or a key=value string), applies the schema migrations this build knows,
// and returns the store. It fails with storage.ErrSchema when the
// database was migrated by a newer build.
func Open(ctx context.Context, dsn string, opts *Options) (*DB, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Lease <= 0 {
		o.Lease = 2 * time.Minute
	}
	if o.MaxConns <= 0 {
		o.MaxConns = 16
	}
	if o.LockConns <= 0 {
		o.LockConns = 32
	}
	if o.Owner == "" {
		var b [8]byte
		_, _ = rand.Read(b[:])
		o.Owner = hex.EncodeToString(b[:])
	}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: the db setting is not a valid PostgreSQL address: %w", redact(err))
	}
	if o.Schema != "" {
		if err := createSchema(ctx, cfg.ConnConfig, o.Schema); err != nil {
			return nil, err
		}
		cfg.ConnConfig.RuntimeParams["search_path"] = o.Schema
	}
	cfg.MaxConns = o.MaxConns
	lcfg := cfg.Copy()
	lcfg.MaxConns = o.LockConns
	db := &DB{schema: o.Schema, owner: o.Owner, lease: o.Lease, salt: o.Schema}
	if db.pool, err = pgxpool.NewWithConfig(ctx, cfg); err != nil {
		return nil, fmt.Errorf("postgres: connect: %w", redact(err))
	}
	if db.locks, err = pgxpool.NewWithConfig(ctx, lcfg); err != nil {
		db.pool.Close()
		return nil, fmt.Errorf("postgres: connect: %w", redact(err))
	}
	if err := db.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// createSchema makes the schema on a connection of its own (the pool's
// connections use it as their search_path from the start).
func createSchema(ctx context.Context, cc *pgx.ConnConfig, schema string) error {
	conn, err := pgx.ConnectConfig(ctx, cc)
	if err != nil {
		return fmt.Errorf("postgres: connect: %w", redact(err))
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgx.Identifier{schema}.Sanitize()); err != nil {
		return fmt.Errorf("postgres: create schema %q: %w", schema, err)
	}
	return nil
}

// Close gives back this process's claims on reminders and outbox queues
// (so another process takes them at once rather than when the lease runs
// out: a rolling restart delays nothing) and releases every connection.
// Session locks held die with them.
func (db *DB) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := db.tx(ctx, func(tx pgx.Tx) error {
		for _, table := range []string{"outbox", "reminders"} {
			if _, err := tx.Exec(ctx, "UPDATE "+table+" SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1", db.owner); err != nil {
				return err
			}
		}
		return nil
	})
	db.locks.Close()
	db.pool.Close()
	if err != nil {
		return fmt.Errorf("postgres: close: giving back claims (they return when their lease runs out): %w", err)
	}
	return nil
}

// Owner is the name this process claims leases under.
func (db *DB) Owner() string { return db.owner }

// Writable checks that a write transaction commits (for health checks).
func (db *DB) Writable(ctx context.Context) error {
	return db.tx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "SELECT 1")
		return err
	})
}

// tx runs fn in a transaction that has committed when tx returns nil.
func (db *DB) tx(ctx context.Context, fn func(pgx.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	err := pgx.BeginFunc(ctx, db.pool, fn)
	return classify(ctx, err)
}

// exec runs one statement in its own (implicit) transaction: one round
// trip instead of three.
func (db *DB) exec(ctx context.Context, sql string, args ...any) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	_, err := db.pool.Exec(ctx, sql, args...)
	return classify(ctx, err)
}

// classify maps PostgreSQL's errors onto storage's: a unique violation is
// another writer that got there first (ErrConflict), as is a serialization
// failure or deadlock; a closed pool is ErrClosed.
func classify(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	if ce := ctx.Err(); ce != nil && !errors.Is(err, ce) {
		return fmt.Errorf("%w: %w", ce, err)
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "23505", "40001", "40P01":
			return fmt.Errorf("%w: %s", storage.ErrConflict, pe.Message)
		}
	}
	if strings.Contains(err.Error(), "closed pool") {
		return fmt.Errorf("%w: %w", storage.ErrClosed, err)
	}
	return err
}

// redact drops the password from an error that may quote the DSN.
func redact(err error) error {
	s := err.Error()
	if i := strings.Index(s, "://"); i >= 0 {
		if j := strings.Index(s[i:], "@"); j > 0 {
			if k := strings.Index(s[i:i+j], ":"); k > 0 {
				s = s[:i+k] + ":xxxxx" + s[i+j:]
			}
		}
	}
	return errors.New(s)
}

// lockKey is the advisory lock number of name in this schema.
func (db *DB) lockKey(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte(db.salt))
	h.Write([]byte{0})
	h.Write([]byte(name))
	return int64(h.Sum64())
}

// Lock takes the cross-process lock of key (the bot's "platform:channel")
// and returns its release. The bot holds it around each command and each
// reminder of that match, so two processes never work on one match at
// once. It holds a connection of its own (Options.LockConns) meanwhile.
func (db *DB) Lock(ctx context.Context, key string) (func(), error) {
	conn, err := db.locks.Acquire(ctx)
	if err != nil {
		return nil, classify(ctx, err)
	}
	k := db.lockKey("match:" + key)
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", k); err != nil {
		conn.Release()
		return nil, classify(ctx, err)
	}
	return func() {
		// Unlock even when the command's context is gone; a connection
		// that cannot unlock is closed, which releases its locks.
		uctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if _, err := conn.Exec(uctx, "SELECT pg_advisory_unlock($1)", k); err != nil {
			_ = conn.Hijack().Close(uctx)
			return
		}
		conn.Release()
	}, nil
}
