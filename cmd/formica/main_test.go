package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"formica/bot"
	"formica/bot/console"
	"formica/engine/micropolis"
	"formica/internal/testscale"
)

// run runs the program with args and the environment env.
func run(t *testing.T, stdin string, env map[string]string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	return runGames(t, nil, stdin, env, args...)
}

// noBoards offers Micropolis without its renderer, for tests that do not
// look at boards (rendering is the slow part under -race).
func noBoards() ([]bot.Game, error) {
	msgs, err := micropolis.Messages()
	return []bot.Game{{Descriptor: micropolis.Game, Messages: msgs}}, err
}

func runGames(t *testing.T, gs func() ([]bot.Game, error), stdin string, env map[string]string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{Args: args, Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb,
		Getenv: func(k string) string { return env[k] }, Games: gs}
	err = m.Run(context.Background())
	if cerr := m.Close(); err == nil {
		err = cerr
	}
	return out.String(), errb.String(), err
}

// The replay of a script in testdata goes through the real service and
// console adapter; the final state and board come back as JSON and a PNG.
func TestReplayScript(t *testing.T) {
	dir := t.TempDir()
	args := []string{"replay", "testdata/micropolis-opening.txt", "--json", "--out", dir}
	if testscale.Race {
		args = append(args, "--boards", "final") // a board costs a second there
	}
	out, stderr, err := run(t, "", nil, args...)
	if err != nil {
		t.Fatalf("replay: %v\n%s", err, stderr)
	}
	var res struct {
		Match struct {
			Game    string          `json:"game"`
			Status  string          `json:"status"`
			Version int             `json:"version"`
			View    json.RawMessage `json:"view"`
			Players []struct {
				Name string `json:"name"`
			} `json:"players"`
		} `json:"match"`
		Board string `json:"board"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if res.Match.Game != "micropolis" || res.Match.Status != "active" || res.Match.Version != 9 || len(res.Match.Players) != 3 {
		t.Fatalf("final state %+v", res.Match)
	}
	if !strings.Contains(stderr, "not your turn") || !strings.Contains(stderr, "not playing") {
		t.Errorf("transcript lacks the refusals:\n%s", stderr)
	}
	f, err := os.Open(res.Board)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("board %s: %v", res.Board, err)
	}
	if b := img.Bounds(); b.Dx() < 200 || b.Dy() < 200 {
		t.Fatalf("board is only %v", b)
	}
	if filepath.Dir(res.Board) != dir {
		t.Errorf("board written to %s, want under %s", res.Board, dir)
	}
}

// A malformed or truncated script fails with an error naming its line.
func TestReplayErrorsNameTheLine(t *testing.T) {
	for name, tc := range map[string]struct{ script, want string }{
		"no colon":      {"new micropolis players=3 seed=42\nP1 take 4 7\n", "line 2"},
		"truncated":     {"new micropolis players=3 seed=42\nP1: take 4 7\nP2: take 2", "line 3"},
		"unknown game":  {"new chess players=2\n", "line 1"},
		"no players":    {"new micropolis seed=1\n", "line 1"},
		"bad seat":      {"new micropolis players=3\nP9: take 1 1\n", "line 2"},
		"wrong refusal": {"new micropolis players=3 seed=42\n! P1: take 4 7\n", "line 2"},
		"empty":         {"# nothing\n", "no setup line"},
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.txt")
			if err := os.WriteFile(path, []byte(tc.script), 0o644); err != nil {
				t.Fatal(err)
			}
			_, _, err := runGames(t, noBoards, "", nil, "replay", path, "--out", t.TempDir())
			var se *console.ScriptError
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to name %q", err, tc.want)
			}
			if tc.want != "no setup line" && !errors.As(err, &se) {
				t.Fatalf("err %v is not a *console.ScriptError", err)
			}
		})
	}
}

// With no arguments and no tokens, formica plays Micropolis in the
// terminal; the game lives in the database, so a second run resumes it.
func TestDefaultPlaysLocallyAndResumes(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"FORMICA_DB": filepath.Join(dir, "f.db"), "FORMICA_BOARDS": filepath.Join(dir, "boards")}
	out, stderr, err := runGames(t, noBoards, "quit\n", env)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for _, want := range []string{"Micropolis begins", "P1 (Alice) > ", "Saved."} {
		if !strings.Contains(out, want) {
			t.Fatalf("first run lacks %q:\n%s", want, out)
		}
	}
	// The same game, resumed by play with a fixed seed on another channel.
	args := []string{"play", "micropolis", "--seed", "42", "--channel", "seeded"}
	if _, stderr, err := runGames(t, noBoards, "take 4 7\n", env, args...); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	out, stderr, err = runGames(t, noBoards, "take 2 0\n", env, args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for _, want := range []string{"Resuming the micropolis game", "(move 1)", "P2 Bob: `take 2 0`", "P3 (Carol) > "} {
		if !strings.Contains(out, want) {
			t.Fatalf("second run lacks %q:\n%s", want, out)
		}
	}
}

func TestRenderStoredMatch(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "f.db")
	if _, stderr, err := run(t, "quit\n", nil, "play", "micropolis", "--players", "2", "--db", db, "--out", dir); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	file := filepath.Join(dir, "b.png")
	if _, stderr, err := run(t, "", nil, "render", "--db", db, "--out", file); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(b)); err != nil {
		t.Fatal(err)
	}
}

func TestBadUsage(t *testing.T) {
	if _, _, err := run(t, "", nil, "frobnicate"); err == nil || !strings.Contains(err.Error(), "unknown command") {
		t.Fatalf("err = %v", err)
	}
	if _, _, err := run(t, "", nil, "serve", "--db", filepath.Join(t.TempDir(), "x.db")); err == nil || !strings.Contains(err.Error(), "FORMICA_DISCORD_TOKEN") {
		t.Fatalf("serve without tokens: err = %v", err)
	}
	if _, _, err := run(t, "", map[string]string{"FORMICA_LANG": "klingon"}); err == nil || !strings.Contains(err.Error(), "FORMICA_LANG") {
		t.Fatalf("bad env: err = %v", err)
	}
}
