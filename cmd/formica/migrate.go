package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"formica/storage"
	"formica/storage/postgres"
)

// migrate copies a bbolt database into an empty PostgreSQL one and checks
// the copy: every match, answer log, finished match, stats record, user
// (and their settings), reminder and queued message, compared record by
// record after the copy is read back.
func (m *Main) migrate(ctx context.Context, args []string) error {
	fs := m.newFlags("migrate", "--from bolt.db --to postgres://user@host/db", false)
	from := fs.String("from", "", "the bbolt database file to copy (read only; stop the bot first)")
	to := fs.String("to", "", "the PostgreSQL database to copy into (postgres://...; must hold no Formica records)")
	if _, err := m.parse(fs, args); err != nil {
		return err
	}
	if *from == "" || !isPostgres(*to) {
		return errors.New("migrate needs --from FILE (a bbolt database) and --to postgres://user@host/db")
	}
	src, err := storage.Open(*from, &storage.Options{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("migrate --from: %w", err)
	}
	defer src.Close()
	dst, err := postgres.Open(ctx, *to, nil)
	if err != nil {
		return fmt.Errorf("migrate --to: %w", err)
	}
	defer dst.Close()
	d, err := src.Dump(ctx)
	if err != nil {
		return fmt.Errorf("migrate: reading %s: %w", *from, err)
	}
	if err := dst.Import(ctx, d); err != nil {
		return fmt.Errorf("migrate: writing: %w", err)
	}
	back, err := dst.Dump(ctx)
	if err != nil {
		return fmt.Errorf("migrate: reading the copy back: %w", err)
	}
	if err := sameDump(d, back); err != nil {
		return fmt.Errorf("migrate: the copy differs from %s: %w", *from, err)
	}
	c := d.Counts()
	fmt.Fprintf(m.Stdout, "migrated and verified: %d matches, %d finished, %d stats, %d answers, %d users, %d reminders, %d queued messages\n",
		c["matches"], c["finished"], c["stats"], c["answers"], c["users"], c["reminders"], c["outbox"])
	return nil
}

// sameDump compares two dumps kind by kind: the counts, then every record
// as its JSON encoding (the form both stores keep).
func sameDump(a, b *storage.Dump) error {
	ca, cb := a.Counts(), b.Counts()
	kinds := []string{"matches", "finished", "stats", "answers", "users", "reminders", "outbox"}
	for _, k := range kinds {
		if ca[k] != cb[k] {
			return fmt.Errorf("%s: %d in the source, %d in the copy", k, ca[k], cb[k])
		}
	}
	parts := func(d *storage.Dump) []any {
		return []any{d.Matches, d.Finished, d.Stats, d.Logs, d.Users, d.Reminders, d.Outbox}
	}
	pa, pb := parts(a), parts(b)
	names := []string{"matches", "finished", "stats", "answers", "users", "reminders", "outbox"}
	for i := range pa {
		ja, err1 := json.Marshal(pa[i])
		jb, err2 := json.Marshal(pb[i])
		if err := errors.Join(err1, err2); err != nil {
			return err
		}
		if !bytes.Equal(ja, jb) {
			return fmt.Errorf("%s: contents differ (first difference at byte %d)", names[i], firstDiff(ja, jb))
		}
	}
	return nil
}

func firstDiff(a, b []byte) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}
