package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"formica/bot"
	"formica/bot/bottest"
	"formica/internal/testscale"
	"formica/storage"
)

// storedChannels are the console channels of the template database, one
// active match of each game.
var storedChannels = []struct{ ch, setup string }{
	{"mic", "new micropolis players=2 seed=1"},
	{"moa", "new march players=2 seed=2"},
	{"fun", "new funants players=2 seed=3"},
}

// templateDB writes a database with one active match of each game.
func templateDB(tb testing.TB) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "template.db")
	db, err := storage.Open(path, &storage.Options{NoSync: true, NoBatch: true})
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	gs, _ := allNoBoards()
	svc, err := bot.New(bot.Config{Store: db, Games: gs})
	if err != nil {
		tb.Fatal(err)
	}
	svc.Attach("console", &bottest.Recorder{})
	for _, s := range storedChannels {
		for _, c := range [][2]string{{"u1", s.setup}, {"u2", "join"}} {
			svc.Handle(context.Background(), bot.Command{Platform: "console", Channel: s.ch, Text: c[1],
				User: bot.User{Platform: "console", ID: c[0], Name: c[0]}})
		}
		if m, err := db.Match(context.Background(), storage.MatchKey{Platform: "console", Channel: s.ch}); err != nil || m.Status != storage.StatusActive {
			tb.Fatalf("%s: %v %+v", s.setup, err, m)
		}
	}
	return path
}

// FuzzStoredRecord corrupts one stored match (its whole record, its
// snapshot, or its settings) with arbitrary bytes: the database still
// opens, the damaged record is reported by name, nothing panics, the
// damaged channel gets a reply, and the other matches load and answer.
func FuzzStoredRecord(f *testing.F) {
	for i, s := range []string{"", "{", "null", "[]", `{"key":1}`, "\x00\x01\x02", `{"size":-1}`, "{}", `{"n":1e999}`, strings.Repeat("9", 400)} {
		for kind := range 9 {
			if testscale.Race && kind != i%9 {
				continue // under -race each text in one of the nine places
			}
			f.Add(uint8(kind), []byte(s))
		}
	}
	template := templateDB(f)
	f.Fuzz(func(t *testing.T, kind uint8, data []byte) {
		ctx := context.Background()
		raw, err := os.ReadFile(template)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "f.db")
		if err := os.WriteFile(path, raw, 0o600); err != nil {
			t.Fatal(err)
		}
		target := storedChannels[int(kind)%len(storedChannels)].ch
		key := "console:" + target
		bdb, err := bolt.Open(path, 0o600, nil)
		if err != nil {
			t.Fatal(err)
		}
		err = bdb.Update(func(tx *bolt.Tx) error {
			b := tx.Bucket([]byte("matches"))
			var m map[string]json.RawMessage
			if err := json.Unmarshal(b.Get([]byte(key)), &m); err != nil {
				return err
			}
			switch int(kind) / len(storedChannels) % 3 {
			case 0:
				return b.Put([]byte(key), data)
			case 1:
				m["snapshot"], _ = json.Marshal(data)
			case 2:
				if !json.Valid(data) {
					m["settings"], _ = json.Marshal(string(data))
				} else {
					m["settings"] = data
				}
			}
			v, err := json.Marshal(m)
			if err != nil {
				return err
			}
			return b.Put([]byte(key), v)
		})
		if cerr := bdb.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatal(err)
		}

		db, err := storage.Open(path, &storage.Options{NoSync: true})
		if err != nil {
			t.Fatalf("a damaged record stops the database from opening: %v", err)
		}
		defer db.Close()
		ms, errs, err := db.Matches(ctx)
		if err != nil {
			t.Fatal(err)
		}
		loaded := map[string]bool{}
		for _, m := range ms {
			loaded[m.Key.Channel] = true
		}
		for _, s := range storedChannels {
			if s.ch != target && !loaded[s.ch] {
				t.Fatalf("damaging %s lost the match in %s", target, s.ch)
			}
		}
		for _, e := range errs {
			var re *storage.RecordError
			if !errors.As(e, &re) || re.Key != key || !errors.Is(e, storage.ErrDecode) && !strings.Contains(e.Error(), key) {
				t.Fatalf("unclear record error %v", e)
			}
		}
		if !loaded[target] && len(errs) != 1 {
			t.Fatalf("the damaged match neither loads nor is reported: %v", errs)
		}

		log := &bottest.Buffer{}
		gs, _ := allNoBoards()
		svc, err := bot.New(bot.Config{Store: db, Games: gs, Logger: slog.New(slog.NewTextHandler(log, nil))})
		if err != nil {
			t.Fatal(err)
		}
		svc.Attach("console", &bottest.Recorder{})
		for _, s := range storedChannels {
			out := svc.Handle(ctx, bot.Command{Platform: "console", Channel: s.ch, Text: "status",
				User: bot.User{Platform: "console", ID: "u1", Name: "u1"}})
			if len(out) == 0 || out[0].Text == "" {
				t.Fatalf("status in %s: no reply", s.ch)
			}
			if s.ch != target && out[0].Refused {
				t.Fatalf("damaging %s broke %s: %q", target, s.ch, out[0].Text)
			}
		}
		if strings.Contains(log.String(), "panic") {
			t.Fatalf("a damaged record made the service panic:\n%s", log.String())
		}
	})
}
