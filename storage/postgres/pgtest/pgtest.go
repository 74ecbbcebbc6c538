// Package pgtest opens throw-away PostgreSQL stores for tests: each in a
// schema of its own, dropped on cleanup, on the server named by
// FORMICA_TEST_POSTGRES. Without that variable the tests skip, saying how
// to run them, unless FORMICA_REQUIRE_POSTGRES=1 (CI sets both: .ci/postgres),
// which turns the skip into a failure.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"formica/storage/postgres"
)

// Env names the variables the tests read.
const (
	EnvDSN     = "FORMICA_TEST_POSTGRES"
	EnvRequire = "FORMICA_REQUIRE_POSTGRES"
)

// DSN returns the test server's address, or skips t (fails it when
// FORMICA_REQUIRE_POSTGRES=1) when none is configured.
func DSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(EnvDSN)
	if dsn == "" {
		msg := "PostgreSQL tests skipped: set " + EnvDSN + "=postgres://user@host/db (a server the tests may create schemas in; .ci/postgres starts a throwaway one)"
		if os.Getenv(EnvRequire) == "1" {
			t.Fatal(msg + ", and " + EnvRequire + "=1 says they must run")
		}
		t.Skip(msg)
	}
	return dsn
}

// Schema creates a fresh schema name and drops the schema on cleanup.
func Schema(t testing.TB) string {
	t.Helper()
	dsn := DSN(t)
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "t_" + hex.EncodeToString(b[:])
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			t.Errorf("pgtest: dropping schema %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{name}.Sanitize()+" CASCADE"); err != nil {
			t.Errorf("pgtest: dropping schema %s: %v", name, err)
		}
	})
	return name
}

// Open opens a store in a fresh schema (see Schema) and closes it on
// cleanup. opts may be nil; its Schema is replaced.
func Open(t testing.TB, opts *postgres.Options) *postgres.DB {
	t.Helper()
	var o postgres.Options
	if opts != nil {
		o = *opts
	}
	o.Schema = Schema(t)
	return OpenIn(t, o)
}

// OpenIn opens another handle on the schema o names (a second process on
// the same database) and closes it on cleanup.
func OpenIn(t testing.TB, o postgres.Options) *postgres.DB {
	t.Helper()
	db, err := postgres.Open(context.Background(), DSN(t), &o)
	if err != nil {
		t.Fatalf("pgtest: open: %v", err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}
