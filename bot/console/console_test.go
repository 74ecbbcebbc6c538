package console_test

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"formica/bot"
	"formica/bot/console"
	"formica/engine/micropolis"
	micrender "formica/render/micropolis"
	"formica/storage"
	"formica/storage/storagetest"
)

func service(t *testing.T, db *storage.DB) *bot.Service {
	t.Helper()
	r, err := micrender.New()
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := micropolis.Messages()
	if err != nil {
		t.Fatal(err)
	}
	svc, err := bot.New(bot.Config{Store: db, Games: []bot.Game{{
		Descriptor: micropolis.Game, Messages: msgs,
		Board: func(v any, _ string) ([]byte, error) { return r.Render(v.(micropolis.View)) },
	}}})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// The hot-seat loop prompts the player in turn, runs their line, writes
// boards as PNG files and, after quitting, resumes from the database.
func TestHotSeatResumes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.db")
	boards := t.TempDir()
	play := func(input string) string {
		db := storagetest.OpenAt(t, path, nil)
		var out bytes.Buffer
		tbl := &console.Table{Service: service(t, db), Sender: &console.Sender{W: &out, Dir: boards},
			Players: []string{"Ann", "Ben", "Cat"}, Setup: "new micropolis seed=42"}
		if err := tbl.Play(context.Background(), strings.NewReader(input)); err != nil {
			t.Fatal(err)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	out := play("take 4 7\nCat: status\nquit\n")
	for _, want := range []string{"P1 (Ann) > ", "P2 (Ben) > ", "P1 Ann: `take 4 7`", "Micropolis, move 1", "Saved."} {
		if !strings.Contains(out, want) {
			t.Fatalf("first session lacks %q:\n%s", want, out)
		}
	}
	out = play("take 2 0\n")
	for _, want := range []string{"Resuming the micropolis game", "P2 Ben: `take 2 0`", "P3 (Cat) > "} {
		if !strings.Contains(out, want) {
			t.Fatalf("second session lacks %q:\n%s", want, out)
		}
	}
	files, _ := filepath.Glob(filepath.Join(boards, "*.png"))
	if len(files) < 3 {
		t.Fatalf("boards written: %v", files)
	}
	b, err := os.ReadFile(files[len(files)-1])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(b)); err != nil {
		t.Fatal(err)
	}
}

// Replay refuses a script whose refusal lines are accepted, and names the line.
func TestReplayNamesLine(t *testing.T) {
	db := storagetest.Open(t, nil)
	var out bytes.Buffer
	tbl := &console.Table{Service: service(t, db), Sender: &console.Sender{W: &out, Dir: t.TempDir()}}
	_, err := tbl.Replay(context.Background(), strings.NewReader("new micropolis players=2 seed=1\n\n# c\nP3: take 1 1\n"))
	var se *console.ScriptError
	if err == nil || !strings.Contains(err.Error(), "line 4") || !errors.As(err, &se) || se.Line != 4 {
		t.Fatalf("err = %v", err)
	}
}

// A replay never resumes a match already in its channel (its setup line
// would be ignored): it stops at the setup line, changing nothing.
func TestReplayRefusesToResume(t *testing.T) {
	db := storagetest.Open(t, nil)
	var out bytes.Buffer
	svc := service(t, db)
	tbl := &console.Table{Service: svc, Sender: &console.Sender{W: &out, Dir: t.TempDir()}, Channel: "r"}
	if _, err := tbl.Replay(context.Background(), strings.NewReader("new micropolis players=3 seed=42\nP1: take 4 7\n")); err != nil {
		t.Fatal(err)
	}
	tbl = &console.Table{Service: svc, Sender: &console.Sender{W: &out, Dir: t.TempDir()}, Channel: "r"}
	_, err := tbl.Replay(context.Background(), strings.NewReader("new micropolis players=2 seed=9\nP1: take 2 0\n"))
	var se *console.ScriptError
	if !errors.As(err, &se) || se.Line != 1 || !strings.Contains(err.Error(), "already holds a micropolis game") {
		t.Fatalf("err = %v, want a refusal at line 1", err)
	}
	info, err := svc.Info(context.Background(), bot.MatchRef{Platform: console.Platform, Channel: "r"})
	if err != nil || info.Version != 1 || len(info.Players) != 3 {
		t.Fatalf("the stored match changed: %+v %v", info, err)
	}
}
