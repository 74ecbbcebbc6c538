package storage_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"formica/storage"
	"formica/storage/storagetest"
)

// filled writes a closed database with several matches (enough for branch
// and overflow pages) and returns its path.
func filled(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "real.db")
	db, err := storage.Open(path, &storage.Options{NoSync: true, NoBatch: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 40 {
		m := newMatch(string(rune('a'+i%26)) + string(rune('0'+i/26)))
		for range 5 {
			if _, err := db.Save(ctx, answer(m)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// readAll touches every record, as the bot does at start-up.
func readAll(db *storage.DB) error {
	ms, errs, err := db.Matches(ctx)
	if err != nil {
		return err
	}
	for _, m := range ms {
		if _, err := db.Log(ctx, m.ID); err != nil {
			errs = append(errs, err)
		}
	}
	if _, err := db.Due(ctx, t0.Add(1e6*time.Hour)); err != nil {
		errs = append(errs, err)
	}
	if _, err := db.Pending(ctx, 0); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

func TestOpenGarbageIsCorrupt(t *testing.T) {
	dir := t.TempDir()
	cases := map[string][]byte{
		"text":  []byte("this is not a database\n"),
		"zeros": make([]byte, 64<<10),
		"noise": bytes.Repeat([]byte{0xde, 0xad, 0xbe, 0xef, 0x01}, 20000),
	}
	for name, data := range cases {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		db, err := storage.Open(path, nil)
		if !errors.Is(err, storage.ErrCorrupt) {
			t.Errorf("%s: Open err = %v, want ErrCorrupt", name, err)
		}
		if db != nil {
			db.Close()
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, data) {
			t.Errorf("%s: Open modified the file", name)
		}
	}
}

func TestOpenTruncatedIsCorrupt(t *testing.T) {
	path := filled(t)
	info, _ := os.Stat(path)
	b, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var used int64 // bbolt grows the file ahead of use: cut into the used pages
	b.View(func(tx *bolt.Tx) error { used = tx.Size(); return nil })
	b.Close()
	for _, size := range []int64{100, 4096, 3 * 4096, used / 2, used - 4096} {
		data, _ := os.ReadFile(path)
		p := filepath.Join(t.TempDir(), "t.db")
		if err := os.WriteFile(p, data[:size], 0o600); err != nil {
			t.Fatal(err)
		}
		db, err := storage.Open(p, nil)
		if !errors.Is(err, storage.ErrCorrupt) {
			t.Errorf("truncated to %d of %d: Open err = %v, want ErrCorrupt", size, info.Size(), err)
		}
		if db != nil {
			db.Close()
		}
	}
}

// Flipping bytes in any page never panics: Open fails with ErrCorrupt, or
// (a damaged value, or a meta page bbolt recovers from its twin) opens and
// reads return errors or data.
func TestOpenFlippedPagesNeverPanics(t *testing.T) {
	path := filled(t)
	data, _ := os.ReadFile(path)
	const page = 4096
	var corrupt, opened int
	offsets, stride := []int{0, 8, 10, 12, 16, 24, 40, page / 2}, 1
	if testing.Short() {
		offsets, stride = []int{0, 10, 16}, 7
	}
	for p := 0; p < len(data)/page; p += stride {
		for _, off := range offsets {
			bad := bytes.Clone(data)
			for i := range 4 {
				bad[p*page+off+i] ^= 0xa5
			}
			f := filepath.Join(t.TempDir(), "f.db")
			if err := os.WriteFile(f, bad, 0o600); err != nil {
				t.Fatal(err)
			}
			db, err := storage.Open(f, &storage.Options{NoSync: true, MaxBatchDelay: time.Microsecond})
			if err != nil {
				if !errors.Is(err, storage.ErrCorrupt) {
					t.Errorf("page %d+%d: Open err = %v, want ErrCorrupt", p, off, err)
				}
				corrupt++
				continue
			}
			opened++
			_ = readAll(db) // must not panic; errors are fine
			_, _ = db.Save(ctx, answer(newMatch("new")))
			db.Close()
		}
	}
	t.Logf("%d damaged files refused, %d opened", corrupt, opened)
	if corrupt == 0 {
		t.Error("no damaged file was refused")
	}
}

func TestOpenForeignBolt(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, fill func(tx *bolt.Tx) error) string {
		path := filepath.Join(dir, name)
		b, err := bolt.Open(path, 0o600, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Update(fill); err != nil {
			t.Fatal(err)
		}
		b.Close()
		return path
	}
	meta := func(app, schema string) func(tx *bolt.Tx) error {
		return func(tx *bolt.Tx) error {
			b, err := tx.CreateBucket([]byte("meta"))
			if err != nil {
				return err
			}
			b.Put([]byte("app"), []byte(app))
			return b.Put([]byte("schema"), []byte(schema))
		}
	}
	cases := []struct {
		name string
		fill func(tx *bolt.Tx) error
		want error
	}{
		{"other-app-buckets", func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("widgets")); return err }, storage.ErrForeign},
		{"other-app-meta", meta("etcd", "1"), storage.ErrForeign},
		{"newer-schema", meta("formica", "99"), storage.ErrSchema},
		{"bad-schema", meta("formica", "one"), storage.ErrSchema},
	}
	for _, c := range cases {
		path := write(c.name, c.fill)
		db, err := storage.Open(path, nil)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: Open err = %v, want %v", c.name, err, c.want)
		}
		if db != nil {
			db.Close()
		}
	}
	// An empty bbolt file has nothing to lose: it is adopted.
	path := write("empty", func(*bolt.Tx) error { return nil })
	db, err := storage.Open(path, nil)
	if err != nil {
		t.Fatalf("empty bbolt file: %v", err)
	}
	db.Close()
}

func TestOpenLockedTimesOut(t *testing.T) {
	db := storagetest.Open(t, nil)
	start := time.Now()
	_, err := storage.Open(db.Path(), &storage.Options{Timeout: 100 * time.Millisecond})
	if !errors.Is(err, storage.ErrLocked) {
		t.Fatalf("second Open err = %v, want ErrLocked", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("locked Open took %v", d)
	}
}

func TestClosedDB(t *testing.T) {
	db := storagetest.Open(t, nil)
	db.Close()
	if _, err := db.Match(ctx, key("c")); !errors.Is(err, storage.ErrClosed) {
		t.Errorf("read after Close: %v", err)
	}
	if _, err := db.Save(ctx, answer(newMatch("c"))); !errors.Is(err, storage.ErrClosed) {
		t.Errorf("write after Close: %v", err)
	}
}

// One undecodable match record is reported by key; the others load.
func TestUndecodableMatchDoesNotStopOthers(t *testing.T) {
	path := filled(t)
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = b.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("matches")).Put([]byte("discord:broken"), []byte(`{"key":{"platform":`))
	})
	b.Close()
	if err != nil {
		t.Fatal(err)
	}
	db, err := storage.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ms, errs, err := db.Matches(ctx)
	if err != nil || len(ms) != 40 || len(errs) != 1 {
		t.Fatalf("Matches = %d matches, errs %v, err %v; want 40 and one error", len(ms), errs, err)
	}
	var re *storage.RecordError
	if !errors.As(errs[0], &re) || re.Key != "discord:broken" || !errors.Is(errs[0], storage.ErrDecode) {
		t.Errorf("error = %v, want RecordError for discord:broken", errs[0])
	}
	if _, err := db.Match(ctx, key("broken")); !errors.Is(err, storage.ErrDecode) {
		t.Errorf("Match(broken) err = %v, want ErrDecode", err)
	}
	if _, err := db.Match(ctx, ms[0].Key); err != nil {
		t.Errorf("Match(%s): %v", ms[0].Key, err)
	}
}
