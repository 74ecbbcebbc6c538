package enginetest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"formica/engine"
)

// RunScripts runs every rule scenario matching glob (e.g. "testdata/*.txt").
// A scenario is plain text, one instruction a line:
//
//	# MIC-DRAFT-2: skipping tiles costs one soldier each   (comments name rule IDs)
//	setup players=3 seed=7 ruleset=1e variant=twohills     (first instruction)
//	P1: take 3                                             (an answer that must succeed)
//	! P2: take 9 => MIC-DRAFT-2                            (must fail; error text contains the part after =>)
//	view players.0.soldiers = 5                            (spectator view, dotted JSON path, JSON value)
//	view@P2 hand.0 = "c12"                                 (P2's view)
//	pending P1 P3                                          (exactly these seats are prompted)
//	over                                                   (the game has ended)
//	score P1 = 23                                          (final score)
//
// Each file is its own subtest named after the file.
func RunScripts(t *testing.T, d *engine.Descriptor, glob string) {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files match %s", glob)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) { runScript(t, d, f) })
	}
}

func runScript(t *testing.T, d *engine.Descriptor, file string) {
	fh, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var m *engine.Match
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		at := fmt.Sprintf("%s:%d: %s", filepath.Base(file), n, line)
		if m == nil {
			m, err = scriptSetup(d, line)
			if err != nil {
				t.Fatalf("%s: %v", at, err)
			}
			continue
		}
		if err := scriptLine(m, line); err != nil {
			t.Fatalf("%s: %v", at, err)
		}
	}
	if m == nil {
		t.Fatalf("%s: no setup line", file)
	}
}

// ParseSeat reads "P1" (1-based) as a Seat.
func ParseSeat(s string) (engine.Seat, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(strings.ToUpper(s), "P"))
	if err != nil || n < 1 {
		return 0, fmt.Errorf("bad seat %q (want P1, P2...)", s)
	}
	return engine.Seat(n - 1), nil
}

func scriptSetup(d *engine.Descriptor, line string) (*engine.Match, error) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "setup" {
		return nil, fmt.Errorf("first instruction must be 'setup ...'")
	}
	s := engine.Setup{Game: d.ID, Options: map[string]string{}}
	for _, kv := range f[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("setup wants key=value, got %q", kv)
		}
		var err error
		switch k {
		case "players":
			s.Seats, err = strconv.Atoi(v)
		case "seed":
			s.Seed, err = strconv.ParseUint(v, 10, 64)
		case "ruleset":
			s.RuleSet = v
		default:
			s.Options[k] = v
		}
		if err != nil {
			return nil, fmt.Errorf("setup %s: %v", k, err)
		}
	}
	return engine.Start(d, s)
}

func scriptLine(m *engine.Match, line string) error {
	word, rest, _ := strings.Cut(line, " ")
	switch {
	case word == "!":
		ans, want, _ := strings.Cut(rest, "=>")
		seat, path, err := scriptAnswer(ans)
		if err != nil {
			return err
		}
		before, _ := engine.Hash(m.State)
		_, err = m.Answer(engine.Answer{Seat: seat, Path: path})
		if err == nil {
			return fmt.Errorf("answer accepted, want an error")
		}
		if w := strings.TrimSpace(want); w != "" && !strings.Contains(errText(err), w) {
			return fmt.Errorf("error %q does not mention %q", errText(err), w)
		}
		if after, _ := engine.Hash(m.State); after != before {
			return fmt.Errorf("rejected answer changed the state")
		}
	case word == "view" || strings.HasPrefix(word, "view@"):
		seat := engine.NoSeat
		if _, who, ok := strings.Cut(word, "@"); ok {
			s, err := ParseSeat(who)
			if err != nil {
				return err
			}
			seat = s
		}
		key, want, ok := strings.Cut(rest, "=")
		if !ok {
			return fmt.Errorf("view wants 'path = value'")
		}
		return checkJSON(m.State.View(seat), strings.TrimSpace(key), strings.TrimSpace(want))
	case word == "pending":
		var got []string
		for _, p := range m.State.Pending() {
			got = append(got, p.Seat.String())
		}
		if g, w := strings.Join(got, " "), strings.Join(strings.Fields(strings.ToUpper(rest)), " "); g != w {
			return fmt.Errorf("pending %q, want %q", g, w)
		}
	case word == "over":
		if m.State.Result() == nil {
			return fmt.Errorf("game is not over")
		}
	case word == "score":
		r := m.State.Result()
		if r == nil {
			return fmt.Errorf("game is not over")
		}
		who, want, _ := strings.Cut(rest, "=")
		seat, err := ParseSeat(strings.TrimSpace(who))
		if err != nil {
			return err
		}
		if got := strconv.Itoa(r.Scores[seat]); got != strings.TrimSpace(want) {
			return fmt.Errorf("score %s = %s, want %s", seat, got, strings.TrimSpace(want))
		}
	default:
		seat, path, err := scriptAnswer(line)
		if err != nil {
			return err
		}
		if _, err := m.Answer(engine.Answer{Seat: seat, Path: path}); err != nil {
			return fmt.Errorf("answer rejected: %s", errText(err))
		}
	}
	return nil
}

func scriptAnswer(s string) (engine.Seat, engine.Path, error) {
	who, cmd, ok := strings.Cut(strings.TrimSpace(s), ":")
	if !ok {
		return 0, nil, fmt.Errorf("want 'P1: command'")
	}
	seat, err := ParseSeat(strings.TrimSpace(who))
	return seat, engine.ParsePath(cmd), err
}

func errText(err error) string {
	if re, ok := err.(*engine.RuleError); ok {
		return fmt.Sprintf("%s %s %v", re.Error(), re.Key, re.Args)
	}
	return err.Error()
}

// checkJSON compares the value at a dotted path ("players.0.soldiers") of
// v's JSON form with want, itself JSON.
func checkJSON(v any, path, want string) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var cur any
	if err := json.Unmarshal(b, &cur); err != nil {
		return err
	}
	if path != "" && path != "." {
		for _, k := range strings.Split(path, ".") {
			switch c := cur.(type) {
			case map[string]any:
				var ok bool
				if cur, ok = c[k]; !ok {
					return fmt.Errorf("view has no %q in %s", k, path)
				}
			case []any:
				i, err := strconv.Atoi(k)
				if err != nil || i < 0 || i >= len(c) {
					return fmt.Errorf("index %q out of range in %s (len %d)", k, path, len(c))
				}
				cur = c[i]
			default:
				return fmt.Errorf("cannot index %q in %s", k, path)
			}
		}
	}
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		return fmt.Errorf("expected value %q is not JSON: %v", want, err)
	}
	gb, _ := json.Marshal(cur)
	wb, _ := json.Marshal(w)
	if string(gb) != string(wb) {
		return fmt.Errorf("%s = %s, want %s", path, gb, wb)
	}
	return nil
}
