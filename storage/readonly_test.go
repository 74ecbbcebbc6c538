package storage_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"formica/storage"
)

// ReadOnly reads an existing database without changing a byte, refuses
// writes, and neither creates a missing file nor accepts an empty one.
func TestOpenReadOnly(t *testing.T) {
	path := filled(t)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	db, err := storage.Open(path, &storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := readAll(db); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Save(ctx, answer(newMatch("zz"))); err == nil {
		t.Fatal("a write to a read-only database succeeded")
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("a read-only open changed the file")
	}

	missing := filepath.Join(t.TempDir(), "missing.db")
	if _, err := storage.Open(missing, &storage.Options{ReadOnly: true}); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("read-only open of a missing file: %v", err)
	}
	if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("a read-only open created the file")
	}
}
