package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/internal/testscale"
)

var regen = flag.Bool("regen", false, "rewrite testdata/*-full.txt from seeded random games")

// fullGames are complete games kept as replay scripts: each is played
// through the real service, console adapter and renderers, and must end.
var fullGames = []struct {
	file  string
	setup engine.Setup
}{
	{"micropolis-full.txt", engine.Setup{Game: "micropolis", Seats: 4, Seed: 11}},
	{"funants-full.txt", engine.Setup{Game: "funants", Seats: 2, Seed: 5}},
	{"march-full.txt", engine.Setup{Game: "march", Seats: 3, Seed: 3}},
}

// writeScript plays a seeded random game and writes it as a script, the
// way players would type it.
func writeScript(t *testing.T, path string, s engine.Setup) {
	gs, err := games()
	if err != nil {
		t.Fatal(err)
	}
	var d *engine.Descriptor
	for _, g := range gs {
		if g.ID == s.Game {
			d = g.Descriptor
		}
	}
	m, err := enginetest.PlayRandom(d, s, rand.New(rand.NewPCG(s.Seed, 2)), 20000, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# A complete %d-player %s game (seeded random play, regenerate with -regen).\n", s.Seats, d.Name)
	opts := []string{fmt.Sprintf("players=%d", s.Seats), fmt.Sprintf("seed=%d", s.Seed)}
	keys := make([]string, 0, len(s.Options))
	for k := range s.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		opts = append(opts, k+"="+s.Options[k])
	}
	fmt.Fprintf(&b, "new %s %s\n", s.Game, strings.Join(opts, " "))
	for _, a := range m.Log {
		fmt.Fprintf(&b, "%s: %s\n", a.Seat, a.Path)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Complete games of every game, typed through the bot core by script,
// finish with a final board that decodes as a PNG.
func TestReplayFullGames(t *testing.T) {
	for _, fg := range testscale.Pick(fullGames, 1) { // under -race Micropolis's: seconds a game there
		t.Run(fg.setup.Game, func(t *testing.T) {
			path := filepath.Join("testdata", fg.file)
			if *regen {
				writeScript(t, path, fg.setup)
			}
			dir := t.TempDir()
			// Every turn's board under a full run; under -short (and -race
			// in CI) the final board only, which keeps this test quick.
			boards := "all"
			if testing.Short() {
				boards = "final"
			}
			out, stderr, err := run(t, "", nil, "replay", path, "--json", "--out", dir, "--boards", boards)
			if err != nil {
				t.Fatalf("replay: %v\n%s", err, tail(stderr, 2000))
			}
			var res struct {
				Match struct {
					Status string          `json:"status"`
					View   json.RawMessage `json:"view"`
					Result *engine.Result  `json:"result"`
				} `json:"match"`
				Board string `json:"board"`
			}
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatalf("output is not JSON: %v", err)
			}
			if res.Match.Status != "finished" {
				t.Fatalf("status %q after the whole script, want finished", res.Match.Status)
			}
			// The final scores, computed apart from the engine from the
			// final board. March CP accrue over the whole game and cannot
			// be read off the final board: its track before the awards is
			// worked out by hand (marchTrackCP), the awards are read off
			// the final board.
			if score := map[string]func(*testing.T, json.RawMessage) []int{
				"micropolis": micropolisScores, "funants": funantsScores, "march": marchScores,
			}[fg.setup.Game]; score != nil {
				if res.Match.Result == nil {
					t.Fatal("no result after the whole script")
				}
				if want := score(t, res.Match.View); !slices.Equal(res.Match.Result.Scores, want) {
					t.Fatalf("final scores %v, computed from the final board %v", res.Match.Result.Scores, want)
				}
			}
			f, err := os.Open(res.Board)
			if err != nil {
				t.Fatalf("final board: %v", err)
			}
			defer f.Close()
			img, err := png.Decode(f)
			if err != nil {
				t.Fatalf("final board %s: %v", res.Board, err)
			}
			if b := img.Bounds(); b.Dx() < 600 || b.Dy() < 600 {
				t.Fatalf("final board is only %v", b)
			}
		})
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}
