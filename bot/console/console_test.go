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
	"formica/bot/bottest"
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

// A huge pasted line is one refused command, quoted briefly; the game goes
// on and the next line is read.
func TestHugeLineIsRefusedNotFatal(t *testing.T) {
	db := storagetest.Open(t, nil)
	var out bytes.Buffer
	tbl := &console.Table{Service: service(t, db), Sender: &console.Sender{W: &out, Dir: t.TempDir()},
		Players: []string{"Alice", "Bob"}, Setup: "new micropolis seed=42"}
	in := "take " + strings.Repeat("x", 900<<10) + "\nstatus\nquit\n"
	if err := tbl.Play(context.Background(), strings.NewReader(in)); err != nil {
		t.Fatalf("Play: %v", err)
	}
	if !strings.Contains(out.String(), "Saved.") {
		t.Fatalf("the game did not go on to quit:\n%.2000s", out.String())
	}
	if out.Len() > 20000 {
		t.Fatalf("the huge line was echoed: %d bytes of output", out.Len())
	}
}

// The console lists every option of a step, past the 20 a grid of buttons
// holds: in a real March of the Ants position P1 may play any of 21 cards,
// and `options play` offers all 21 to type.
func TestConsoleListsEveryOption(t *testing.T) {
	pos := bottest.MarchHand21(t)
	svc, err := bot.New(bot.Config{Store: storagetest.Open(t, nil), Games: []bot.Game{bottest.March(t)}})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	names := []string{"Ann", "Ben"}
	tbl := &console.Table{Service: svc, Sender: &console.Sender{W: &out, Dir: t.TempDir()}, Players: names, Setup: "new march " + pos.Options}
	var in strings.Builder
	for _, a := range pos.Answers {
		in.WriteString(names[a.Seat] + ": " + a.Path.String() + "\n")
	}
	in.WriteString("Ann: options play\nquit\n")
	if err := tbl.Play(context.Background(), strings.NewReader(in.String())); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out.String(), "\n")
	var last string
	for _, l := range lines {
		if s, ok := strings.CutPrefix(l, "  type: "); ok {
			last = s
		}
	}
	if n := len(strings.Split(last, " | ")); n != 21 || !strings.Contains(last, "play c48 (Honeypot") {
		t.Fatalf("options play offers %d to type, want all 21 with the 21st, Honeypot: %q", n, last)
	}
}
