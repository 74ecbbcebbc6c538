package main

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// A complete Myrmes game typed through the bot core and the console
// adapter ends with the scores worked out by hand from the rules:
//
//	P1: 10 + 2 (termite, MYR-HUNT-2) + 6 (2 prey, MYR-OBJ-5)
//	    + 7 (3 food, 6 + 1 with Victory point +1, MYR-EFF-8) = 25;
//	    winter 1 owes 4, pays 1: -9 (MYR-WIN-3) = 16; winter 2: -15 = 1;
//	    winter 3: -18 = -17.
//	P2: 10; winters -12, -15, -18 = -35 (P2 never gets food).
func TestMyrmesScriptedGame(t *testing.T) {
	dir := t.TempDir()
	out, stderr, err := run(t, "", nil, "replay", filepath.Join("testdata", "myrmes-scripted.txt"), "--json", "--out", dir, "--boards", "final")
	if err != nil {
		t.Fatalf("replay: %v\n%s", err, tail(stderr, 2000))
	}
	var res struct {
		Match struct {
			Status string `json:"status"`
			Result *struct {
				Scores []int `json:"scores"`
				Rank   []int `json:"rank"`
			} `json:"result"`
		} `json:"match"`
		Board string `json:"board"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("output is not JSON: %v", err)
	}
	if res.Match.Status != "finished" || res.Match.Result == nil {
		t.Fatalf("status %q, want finished with a result", res.Match.Status)
	}
	if s := res.Match.Result.Scores; len(s) != 2 || s[0] != -17 || s[1] != -35 {
		t.Fatalf("scores %v, want [-17 -35]", s)
	}
	if r := res.Match.Result.Rank; r[0] != 1 || r[1] != 2 {
		t.Fatalf("rank %v, want [1 2]", r)
	}
	f, err := os.Open(res.Board)
	if err != nil {
		t.Fatalf("final board: %v", err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Fatalf("final board: %v", err)
	}
}
