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
//	options P1 take 3 => 0 9                               (exactly these codes follow the prefix)
//	len hand = 3                                           (length of a list in the view; len@P2 for P2's view)
//
// Setup facilities, for reaching a rulebook example's position. They edit
// the full state through its own encoding (MarshalBinary, then the game's
// Decode), so they exist only in scripts, never in a real game:
//
//	set players.0.food = 3                                 (any field of the full state, dotted JSON path)
//	set tasks = [{"k":"worker","seat":-1,"hex":-1}]        (whole values too: a phase's task stack, a hand)
//	state players.0.cp = 3                                 (check a field of the full state)
//	fix hex 5 at 1 0 rot 0                                 (a game's own setup command, see Fixture)
//
// Each file is its own subtest named after the file. When the package's
// TestMain ran RuleQuery (go test -run 'MOA1-BATTLE-4'), only the files
// citing that rule run.
func RunScripts(t *testing.T, d *engine.Descriptor, glob string, fix ...Fixture) {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files match %s", glob)
	}
	for _, f := range files {
		if !citesQueried(f) {
			continue
		}
		t.Run(filepath.Base(f), func(t *testing.T) { runScript(t, d, f, fix) })
	}
}

// Fixture is a game's own setup commands for scenario lines "fix <args>":
// placing hexes and ants, fixing hands, starting a phase, substituting a
// component. It lives in the game's test files, so no player can reach it.
// Fix is called with the script's match and the words after "fix"; it
// edits the match's state in place. After a "set" line re-decoded the
// state, Fix is called again with no words, so test-only component
// substitutions the encoding does not carry can be applied again.
type Fixture func(t *testing.T, m *engine.Match, args []string) error

func runScript(t *testing.T, d *engine.Descriptor, file string, fix []Fixture) {
	fh, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var m *engine.Match
	run := scriptRun{d: d, t: t}
	if len(fix) > 0 {
		run.fix = fix[0]
	}
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
		run.m = m
		if err := run.line(line); err != nil {
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

type scriptRun struct {
	d   *engine.Descriptor
	m   *engine.Match
	t   *testing.T
	fix Fixture
}

func (r scriptRun) line(line string) error {
	m := r.m
	word, rest, _ := strings.Cut(line, " ")
	switch {
	case word == "fix":
		if r.fix == nil {
			return fmt.Errorf("this game has no fixture commands")
		}
		args := strings.Fields(rest)
		if len(args) == 0 {
			return fmt.Errorf("fix wants a command")
		}
		return r.fix(r.t, m, args)
	case word == "set":
		key, val, ok := strings.Cut(rest, "=")
		if !ok {
			return fmt.Errorf("set wants 'path = value'")
		}
		return r.set(strings.TrimSpace(key), strings.TrimSpace(val))
	case word == "state":
		key, want, ok := strings.Cut(rest, "=")
		if !ok {
			return fmt.Errorf("state wants 'path = value'")
		}
		b, err := m.State.MarshalBinary()
		if err != nil {
			return err
		}
		return checkJSON(json.RawMessage(b), strings.TrimSpace(key), strings.TrimSpace(want))
	case word == "options":
		ans, want, ok := strings.Cut(rest, "=>")
		if !ok {
			return fmt.Errorf("options wants 'P1 prefix => codes'")
		}
		who, prefix, _ := strings.Cut(strings.TrimSpace(ans), " ")
		seat, err := ParseSeat(who)
		if err != nil {
			return err
		}
		st, err := m.State.Choices(seat, engine.ParsePath(prefix))
		if err != nil {
			return fmt.Errorf("choices %q: %s", prefix, errText(err))
		}
		var got []string
		for _, o := range st.Options {
			got = append(got, o.Code)
		}
		if g, w := strings.Join(got, " "), strings.Join(strings.Fields(want), " "); g != w {
			return fmt.Errorf("options after %q: %q, want %q", prefix, g, w)
		}
	case word == "len" || strings.HasPrefix(word, "len@"):
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
			return fmt.Errorf("len wants 'path = n'")
		}
		return checkLen(m.State.View(seat), strings.TrimSpace(key), strings.TrimSpace(want))
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

// set replaces the value at a dotted path of the full state's JSON and
// decodes the result as the match's new state. Only scripts do this: it is
// how a scenario reaches a rulebook example's position.
func (r scriptRun) set(path, val string) error {
	b, err := r.m.State.MarshalBinary()
	if err != nil {
		return err
	}
	var root any
	if err := json.Unmarshal(b, &root); err != nil {
		return fmt.Errorf("state is not JSON: %v", err)
	}
	var v any
	if err := json.Unmarshal([]byte(val), &v); err != nil {
		return fmt.Errorf("value %q is not JSON: %v", val, err)
	}
	keys := strings.Split(path, ".")
	cur := root
	for i, k := range keys {
		last := i == len(keys)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				c[k] = v
				break
			}
			next, ok := c[k]
			if !ok {
				return fmt.Errorf("state has no %q in %s", k, path)
			}
			cur = next
		case []any:
			n, err := strconv.Atoi(k)
			if err != nil || n < 0 || n >= len(c) {
				return fmt.Errorf("index %q out of range in %s (len %d)", k, path, len(c))
			}
			if last {
				c[n] = v
				break
			}
			cur = c[n]
		default:
			return fmt.Errorf("cannot index %q in %s", k, path)
		}
	}
	nb, err := json.Marshal(root)
	if err != nil {
		return err
	}
	st, err := r.d.Decode(nb)
	if err != nil {
		return fmt.Errorf("set %s: %v", path, err)
	}
	r.m.State = st
	if r.fix != nil {
		return r.fix(r.t, r.m, nil)
	}
	return nil
}

// checkLen compares the length of the list at a dotted path of v's JSON.
func checkLen(v any, path, want string) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var cur any
	if err := json.Unmarshal(b, &cur); err != nil {
		return err
	}
	cur, err = dig(cur, path)
	if err != nil {
		return err
	}
	n := 0
	switch c := cur.(type) {
	case []any:
		n = len(c)
	case map[string]any:
		n = len(c)
	case nil:
	default:
		return fmt.Errorf("%s is not a list", path)
	}
	if strconv.Itoa(n) != want {
		return fmt.Errorf("len %s = %d, want %s", path, n, want)
	}
	return nil
}

func dig(cur any, path string) (any, error) {
	if path == "" || path == "." {
		return cur, nil
	}
	for _, k := range strings.Split(path, ".") {
		switch c := cur.(type) {
		case map[string]any:
			var ok bool
			if cur, ok = c[k]; !ok {
				return nil, fmt.Errorf("no %q in %s", k, path)
			}
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(c) {
				return nil, fmt.Errorf("index %q out of range in %s (len %d)", k, path, len(c))
			}
			cur = c[i]
		default:
			return nil, fmt.Errorf("cannot index %q in %s", k, path)
		}
	}
	return cur, nil
}
