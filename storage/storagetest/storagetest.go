// Package storagetest opens throw-away Formica databases for tests.
package storagetest

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"formica/storage"
)

// Open opens a new database in t.TempDir() with fsync off (unless opts says
// otherwise). On cleanup it checks the file's consistency and that every
// record decodes, then closes it.
func Open(t testing.TB, opts *storage.Options) *storage.DB {
	t.Helper()
	if opts == nil {
		opts = &storage.Options{NoSync: true}
	}
	return OpenAt(t, filepath.Join(t.TempDir(), "formica.db"), opts)
}

// OpenAt opens the database at path with the same cleanup as Open. Use it
// to reopen a file after closing it.
func OpenAt(t testing.TB, path string, opts *storage.Options) *storage.DB {
	t.Helper()
	db, err := storage.Open(path, opts)
	if err != nil {
		t.Fatalf("storagetest: open %s: %v", path, err)
	}
	t.Cleanup(func() {
		if err := db.Check(context.Background()); err != nil && !errors.Is(err, storage.ErrClosed) {
			t.Errorf("storagetest: %s fails its check: %v", path, err)
		}
		_ = db.Close()
	})
	return db
}
