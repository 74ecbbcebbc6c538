package storage_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"

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

// A match record that decodes but is not a match of its channel ("{}",
// another channel's record) is reported as undecodable, like broken JSON;
// the other matches load.
func TestMatchRecordMustBeItsChannels(t *testing.T) {
	path := filled(t)
	bdb, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, b := key("a0").String(), key("b0").String()
	err = bdb.Update(func(tx *bolt.Tx) error {
		bk := tx.Bucket([]byte("matches"))
		if err := bk.Put([]byte(a), []byte("{}")); err != nil {
			return err
		}
		return bk.Put([]byte(b), bk.Get([]byte(key("c0").String())))
	})
	if cerr := bdb.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	db, err := storage.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ms, errs, err := db.Matches(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 38 || len(errs) != 2 {
		t.Fatalf("%d matches, errors %v; want 38 and two record errors", len(ms), errs)
	}
	for _, e := range errs {
		var re *storage.RecordError
		if !errors.As(e, &re) || !errors.Is(e, storage.ErrDecode) || (re.Key != a && re.Key != b) {
			t.Fatalf("unclear error %v", e)
		}
	}
	if _, err := db.Match(ctx, key("a0")); !errors.Is(err, storage.ErrDecode) {
		t.Fatalf("Match of the empty record: %v", err)
	}
}
