package console_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/console"
	"formica/engine/micropolis"
	"formica/storage/storagetest"
)

// screen is the console's output. At each prompt it notes what the first
// board's file held then, and sends the output so far on prompts.
type screen struct {
	mu       sync.Mutex
	b        strings.Builder
	file     string   // the first board's path
	atPrompt []string // the file's content at each prompt ("<none>": no file)
	prompts  chan string
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b.Write(p)
	if strings.HasSuffix(string(p), ") > ") {
		got, err := os.ReadFile(s.file)
		if err != nil {
			got = []byte("<none>")
		}
		s.atPrompt = append(s.atPrompt, string(got))
		s.prompts <- s.b.String()
	}
	return len(p), nil
}

// laterTable is a hot-seat Micropolis table whose boards are written later
// (Sender.Later) and drawn by board.
func laterTable(t *testing.T, board func(any, string) ([]byte, error)) (*console.Table, *screen) {
	t.Helper()
	msgs, err := micropolis.Messages()
	if err != nil {
		t.Fatal(err)
	}
	svc, err := bot.New(bot.Config{Store: storagetest.Open(t, nil), Games: []bot.Game{{Descriptor: micropolis.Game, Messages: msgs, Board: board}}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	scr := &screen{file: filepath.Join(dir, "001-micropolis-0.png"), prompts: make(chan string, 10)}
	tbl := &console.Table{Service: svc, Sender: &console.Sender{W: scr, Dir: dir, Later: true},
		Players: []string{"Ann", "Ben"}, Setup: "new micropolis seed=42"}
	return tbl, scr
}

// nextPrompt is the output up to the next prompt. The time limit only
// ends a test that would hang.
func nextPrompt(t *testing.T, scr *screen) string {
	t.Helper()
	select {
	case out := <-scr.prompts:
		return out
	case <-time.After(time.Minute):
		t.Fatal("no prompt")
		return ""
	}
}

// With Later, the first prompt shows while the board is still being drawn
// (the board here is drawn only when someone waits for it); the board's
// file is whole before the next prompt and when Play returns.
func TestLaterPromptWhileBoardDraws(t *testing.T) {
	release := make(chan struct{})
	png := []byte("\x89PNG the first board")
	var calls int
	tbl, scr := laterTable(t, func(any, string) ([]byte, error) {
		calls++
		<-release
		return png, nil
	})
	console.OnWait(tbl.Sender, sync.OnceFunc(func() { close(release) }))
	in, feed := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- tbl.Play(context.Background(), in) }()

	out := nextPrompt(t, scr)
	if !strings.Contains(out, "[image: "+scr.file+"]") || !strings.HasSuffix(out, "P1 (Ann) > ") {
		t.Fatalf("the first prompt does not follow the board's post:\n%s", out)
	}
	if _, err := io.WriteString(feed, "Ben: status\n"); err != nil {
		t.Fatal(err)
	}
	nextPrompt(t, scr)
	feed.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	scr.mu.Lock()
	defer scr.mu.Unlock()
	if len(scr.atPrompt) != 2 || scr.atPrompt[0] != "" || scr.atPrompt[1] != string(png) {
		t.Fatalf("the board file at the two prompts: %q, want empty (being drawn), then the board", scr.atPrompt)
	}
	if got, err := os.ReadFile(scr.file); err != nil || string(got) != string(png) || calls != 1 {
		t.Fatalf("board file after Play: %q %v (drawn %d times)", got, err, calls)
	}
}

// A board written later is written before Play returns, even when the
// player quits at the first prompt.
func TestLaterQuitKeepsBoard(t *testing.T) {
	release := make(chan struct{})
	tbl, scr := laterTable(t, func(any, string) ([]byte, error) {
		<-release
		return []byte("board"), nil
	})
	console.OnWait(tbl.Sender, sync.OnceFunc(func() { close(release) }))
	if err := tbl.Play(context.Background(), strings.NewReader("quit\n")); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(scr.file); err != nil || string(got) != "board" {
		t.Fatalf("board file after quitting: %q %v", got, err)
	}
}

// A board that cannot be drawn leaves no empty file behind, and the
// player is told at their next command.
func TestLaterBoardFailureIsSaid(t *testing.T) {
	tbl, scr := laterTable(t, func(any, string) ([]byte, error) { return nil, errors.New("no ink") })
	if err := tbl.Play(context.Background(), strings.NewReader("Ben: status\nquit\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(scr.file); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a board that failed left a file: %v", err)
	}
	out := scr.b.String()
	want := "P1 (Ann) >   [" + scr.file + " not written: no ink]\n"
	if !strings.Contains(out, want) {
		t.Fatalf("output lacks %q:\n%s", want, out)
	}
}
