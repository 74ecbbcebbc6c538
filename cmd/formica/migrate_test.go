package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"formica/storage"
	"formica/storage/postgres"
	"formica/storage/postgres/pgtest"
	"formica/storage/storagetest"
)

// migrateSource writes a bbolt database holding every kind of record and
// returns its path and its dump.
func migrateSource(t *testing.T) (string, *storage.Dump) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bolt.db")
	db, err := storage.Open(path, &storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	save := func(c storage.Change) {
		t.Helper()
		if _, err := db.Save(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	active := storagetest.NewMatch("active")
	for range 3 {
		save(storagetest.Answer(active))
	}
	lobby := storagetest.NewMatch("lobby")
	lobby.Status = storage.StatusLobby
	save(storage.Change{Match: lobby})
	won := storagetest.NewMatch("won")
	save(storagetest.Answer(won))
	c := storagetest.Answer(won)
	won.Status = storage.StatusFinished
	c.Stats = &storage.Stats{MatchID: won.ID, Key: won.Key, Setup: won.Setup, Players: won.Players, Scores: []int{9, 4},
		Rank: []int{1, 2}, Status: storage.StatusFinished, Answers: 2, StartedAt: won.CreatedAt, FinishedAt: won.UpdatedAt}
	save(c)
	gone := storagetest.NewMatch("gone")
	c = storagetest.Answer(gone)
	gone.Status = storage.StatusAborted
	save(c)
	for _, u := range []storage.User{
		{Platform: "telegram", ID: "42", Name: "Ann", Lang: "uk", DM: true, TZ: "Europe/Kyiv", QuietFrom: 1380, QuietTo: 480, PrivateChat: "42", Prefs: json.RawMessage(`{"style":"short"}`)},
		{Platform: "discord", ID: "7", Lang: "pl", VacationUntil: time.Date(2026, 12, 24, 0, 0, 0, 0, time.UTC)},
	} {
		if err := db.PutUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.PutReminder(ctx, storage.Reminder{At: active.UpdatedAt.Add(24 * time.Hour), Kind: "deadline", Match: active.Key, Seat: 1, User: "u2", Payload: []byte(`{"seq":3}`)}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Enqueue(ctx, storage.Message{Platform: "telegram", To: "@42", Kind: "direct", Payload: []byte(`{"text":"hi"}`), At: active.UpdatedAt}); err != nil {
		t.Fatal(err)
	}
	d, err := db.Dump(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return path, d
}

// formica migrate copies every record of a bbolt file to PostgreSQL and
// says what it verified; the bot then reads the same games from there.
func TestMigrateBoltToPostgres(t *testing.T) {
	path, src := migrateSource(t)
	schema := pgtest.Schema(t)
	pgtest.OpenIn(t, postgres.Options{Schema: schema}) // creates the schema
	dsn := pgtest.DSN(t)
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	to := dsn + sep + "search_path=" + schema
	out, _, err := run(t, "", nil, "migrate", "--from", path, "--to", to)
	if err != nil {
		t.Fatal(err)
	}
	want := "migrated and verified: 2 matches, 2 finished, 1 stats, 6 answers, 2 users, 2 reminders, 7 queued messages\n"
	if out != want {
		t.Errorf("migrate said %q, want %q", out, want)
	}
	dst := pgtest.OpenIn(t, postgres.Options{Schema: schema})
	ctx := context.Background()
	got, err := dst.Dump(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := sameDump(src, got); err != nil {
		t.Errorf("the copy read back differs: %v", err)
	}
	// The copy works as a store: the active game continues at Seq 4, and
	// new ids do not reuse the copied ones.
	m, err := dst.Match(ctx, src.Matches[0].Key)
	if err != nil || m.Seq != 3 {
		t.Fatalf("copied active match: %+v, %v", m, err)
	}
	rc, err := dst.Save(ctx, storagetest.Answer(m))
	if err != nil {
		t.Fatal(err)
	}
	if rc.Messages[0] <= src.Outbox[len(src.Outbox)-1].ID || rc.Reminders[0] <= src.Reminders[len(src.Reminders)-1].ID {
		t.Errorf("new ids %+v reuse the copied ones", rc)
	}
	// Into a database that holds records: refused, nothing written.
	_, _, err = run(t, "", nil, "migrate", "--from", path, "--to", to)
	if err == nil || !strings.Contains(err.Error(), "already holds") {
		t.Errorf("second migrate: %v, want a refusal naming the records already there", err)
	}
}

// The verification notices a record that differs, and a missing one.
func TestSameDumpNoticesDifferences(t *testing.T) {
	_, d := migrateSource(t)
	copyOf := func() *storage.Dump {
		b, _ := json.Marshal(d)
		var c storage.Dump
		if err := json.Unmarshal(b, &c); err != nil {
			t.Fatal(err)
		}
		return &c
	}
	if err := sameDump(d, copyOf()); err != nil {
		t.Fatalf("an equal copy: %v", err)
	}
	c := copyOf()
	c.Users[0].Lang = "en"
	if err := sameDump(d, c); err == nil || !strings.Contains(err.Error(), "users") {
		t.Errorf("a changed user: %v", err)
	}
	c = copyOf()
	for id := range c.Logs {
		c.Logs[id] = c.Logs[id][1:]
		break
	}
	if err := sameDump(d, c); err == nil || !strings.Contains(err.Error(), "answers: 6 in the source, 5 in the copy") {
		t.Errorf("a lost answer: %v", err)
	}
}
