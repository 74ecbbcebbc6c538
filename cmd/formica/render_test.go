package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// render only reads the database: the file's bytes are unchanged, and it
// works while another reader holds the file under a shared lock (a
// read-write open would wait for an exclusive lock and fail).
func TestRenderOpensReadOnly(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "f.db")
	if _, stderr, err := runGames(t, noBoards, "quit\n", nil, "play", "micropolis", "--players", "2", "--db", db, "--out", dir); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	before, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	reader, err := bolt.Open(db, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	file := filepath.Join(dir, "b.png")
	if _, stderr, err := run(t, "", nil, "render", "--db", db, "--out", file); err != nil {
		t.Fatalf("render beside another reader: %v\n%s", err, stderr)
	}
	after, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Fatal("render changed the database file")
	}
	if _, err := os.Stat(file); err != nil {
		t.Fatal(err)
	}
}

// render --db on a missing file is an error naming it, and creates nothing.
func TestRenderMissingDB(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "missing.db")
	_, _, err := runGames(t, noBoards, "", nil, "render", "--db", db, "--out", filepath.Join(dir, "b.png"))
	if err == nil || !strings.Contains(err.Error(), "missing.db") {
		t.Fatalf("err = %v, want an error naming missing.db", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("render created %v", ents)
	}
}
