package main

import (
	"context"
	"strings"

	"formica/bot"
	"formica/storage"
	"formica/storage/postgres"
)

// database is what the commands need of a store: the service's Store plus
// health, queue depth and Close. *storage.DB (bbolt) and *postgres.DB are
// both one.
type database interface {
	bot.Store
	Writable(ctx context.Context) error
	QueueDepth(ctx context.Context) (map[string]int, error)
	Close() error
}

var (
	_ database        = (*storage.DB)(nil)
	_ database        = (*postgres.DB)(nil)
	_ bot.MatchLocker = (*postgres.DB)(nil)
)

// isPostgres reports whether the db setting names a PostgreSQL server
// rather than a bbolt file.
func isPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// openDB opens a PostgreSQL store for a postgres:// address and the bbolt
// file at path otherwise (opts applies to bbolt only).
func openDB(ctx context.Context, path string, opts *storage.Options) (database, error) {
	if isPostgres(path) {
		return postgres.Open(ctx, path, nil)
	}
	return storage.Open(path, opts)
}
