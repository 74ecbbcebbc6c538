package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"formica/bot"
	"formica/bot/bottest"
	"formica/engine/funants"
	"formica/engine/march"
	"formica/engine/micropolis"
)

// allNoBoards offers every game without renderers.
func allNoBoards() ([]bot.Game, error) {
	mic, err1 := micropolis.Messages()
	moa, err2 := march.Messages()
	fun, err3 := funants.Messages()
	return []bot.Game{
		{Descriptor: micropolis.Game, Messages: mic},
		{Descriptor: march.Game, Messages: moa},
		{Descriptor: funants.Game, Messages: fun},
	}, errors.Join(err1, err2, err3)
}

// --help on the program and on each command lists the games and the
// flags, on stdout, and is not an error.
func TestHelpListsGamesAndFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"--help"}, []string{"micropolis", "march", "funants", "play", "replay", "render", "serve", "--config"}},
		{[]string{"help"}, []string{"micropolis", "march", "funants"}},
		{[]string{"-h"}, []string{"micropolis"}},
		{[]string{"play", "--help"}, []string{"micropolis", "march", "funants", "Fun Ants", "2-4", "-players", "-names", "-db", "-out", "-channel", "-seed"}},
		{[]string{"play", "-h"}, []string{"-players"}},
		{[]string{"replay", "--help"}, []string{"-json", "-boards", "-db", "-out"}},
		{[]string{"render", "--help"}, []string{"-db", "-channel", "-id", "-out"}},
		{[]string{"serve", "--help"}, []string{"-db"}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, stderr, err := runGames(t, allNoBoards, "", nil, tc.args...)
			if err != nil {
				t.Fatalf("exit with error %v\n%s", err, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// play <another game> while a game runs in the default channel starts the
// new game in a channel of its own and says so; it never resumes the
// other game. Playing the first game again resumes it.
func TestPlayAnotherGameGetsItsOwnChannel(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"FORMICA_DB": filepath.Join(dir, "f.db"), "FORMICA_BOARDS": filepath.Join(dir, "boards")}
	if _, stderr, err := runGames(t, allNoBoards, "take 4 7\nquit\n", env, "play", "micropolis", "--seed", "42"); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	out, stderr, err := runGames(t, allNoBoards, "quit\n", env, "play", "march")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if strings.Contains(out, "Resuming the micropolis") {
		t.Fatalf("play march resumed the Micropolis game:\n%s", out)
	}
	for _, w := range []string{"#local holds a micropolis game", "#local-march", "March of the Ants"} {
		if !strings.Contains(out, w) {
			t.Fatalf("play march lacks %q:\n%s", w, out)
		}
	}
	out, stderr, err = runGames(t, allNoBoards, "quit\n", env, "play", "micropolis")
	if err != nil || !strings.Contains(out, "Resuming the micropolis game in #local (move 1)") {
		t.Fatalf("play micropolis did not resume its game: %v\n%s%s", err, out, stderr)
	}
	out, _, err = runGames(t, allNoBoards, "quit\n", env, "play", "march")
	if err != nil || !strings.Contains(out, "Resuming the march game in #local-march") {
		t.Fatalf("play march did not resume its own game: %v\n%s", err, out)
	}
	// A channel named on purpose is never switched: refuse.
	_, _, err = runGames(t, allNoBoards, "quit\n", env, "play", "funants", "--channel", "local")
	if err == nil || !strings.Contains(err.Error(), "micropolis") {
		t.Fatalf("play funants --channel local: err = %v, want a refusal naming the micropolis game", err)
	}
}

// replay --db on a database with a game in the replay channel replays into
// a fresh channel, says which, and ends with the script's own game.
func TestReplayIntoExistingDBUsesAFreshChannel(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "r.db")
	out, stderr, err := runGames(t, allNoBoards, "", nil, "replay", "testdata/micropolis-opening.txt", "--db", db, "--out", dir, "--json")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	script := filepath.Join(dir, "fun.txt")
	if err := os.WriteFile(script, []byte("new funants players=2 seed=5\nP1: pass\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, err = runGames(t, allNoBoards, "", nil, "replay", script, "--db", db, "--out", dir, "--json")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var res struct {
		Match struct {
			Game    string `json:"game"`
			Channel string `json:"channel"`
			Status  string `json:"status"`
		} `json:"match"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if res.Match.Game != "funants" {
		t.Fatalf("the replay ended in a %q game, want the script's funants", res.Match.Game)
	}
	if !strings.Contains(stderr, "#replay holds a micropolis game") || !strings.Contains(stderr, "#replay-2") {
		t.Fatalf("the replay did not say which channel it used:\n%s", stderr[:min(len(stderr), 600)])
	}
}

// replay writes its boards into a folder of its own (created), never over
// the boards of a game played locally; --boards final works on a fresh
// checkout where no boards folder exists yet.
func TestReplayBoardsInTheirOwnFolder(t *testing.T) {
	dir := t.TempDir()
	boards := filepath.Join(dir, "boards")
	env := map[string]string{"FORMICA_DB": filepath.Join(dir, "f.db"), "FORMICA_BOARDS": boards}
	// Stand-in boards: the test is about where boards are written, not
	// what they show (TestReplayScript writes a real one).
	micOnly := func() ([]bot.Game, error) { return []bot.Game{bottest.StandIn(bottest.Micropolis(t))}, nil }
	if _, stderr, err := runGames(t, micOnly, "take 4 7\nquit\n", env, "play", "micropolis", "--seed", "42"); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	played := snapshotDir(t, boards)
	if len(played) < 2 {
		t.Fatalf("play wrote %d boards", len(played))
	}
	out, stderr, err := runGames(t, micOnly, "", env, "replay", "testdata/micropolis-opening.txt")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for name, b := range played {
		if now, err := os.ReadFile(filepath.Join(boards, name)); err != nil || !bytes.Equal(now, b) {
			t.Fatalf("replay overwrote the played board %s", name)
		}
	}
	// Resuming the local game adds boards, never over the earlier ones.
	if _, stderr, err := runGames(t, micOnly, "take 2 0\nquit\n", env, "play", "micropolis"); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for name, b := range played {
		if now, err := os.ReadFile(filepath.Join(boards, name)); err != nil || !bytes.Equal(now, b) {
			t.Fatalf("the resumed game overwrote its board %s", name)
		}
	}
	if n := len(snapshotDir(t, boards)); n <= len(played) {
		t.Fatalf("the resumed game wrote no new board (%d files)", n)
	}
	own := filepath.Join(boards, "replay-micropolis-opening")
	if !strings.Contains(out, own) {
		t.Fatalf("replay output does not name its folder %s:\n%s", own, out)
	}
	if n := len(snapshotDir(t, own)); n < 9 {
		t.Fatalf("replay wrote %d boards into %s", n, own)
	}

	// A fresh checkout: nothing but the script.
	fresh := t.TempDir()
	env = map[string]string{"FORMICA_DB": filepath.Join(fresh, "f.db"), "FORMICA_BOARDS": filepath.Join(fresh, "boards")}
	out, stderr, err = runGames(t, micOnly, "", env, "replay", "testdata/micropolis-opening.txt", "--boards", "final")
	if err != nil {
		t.Fatalf("--boards final on a fresh checkout: %v\n%s", err, stderr)
	}
	final := filepath.Join(fresh, "boards", "replay-micropolis-opening", "micropolis-final.png")
	if _, err := os.Stat(final); err != nil || !strings.Contains(out, final) {
		t.Fatalf("final board %s: %v\n%s", final, err, out)
	}
}

func snapshotDir(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = b
	}
	return out
}
