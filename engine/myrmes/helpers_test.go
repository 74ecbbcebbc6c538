package myrmes

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"formica/engine"
)

// quiet is a 2-player start that goes straight to the workers phase: no
// larvae (no event prompt), no nurses (no births prompt), no prey.
const quiet = "starts=c3,j7 first=1 dice=5,3,2 prey=none give=P1:larvae=0,nurses=0;P2:larvae=0,nurses=0"

// start begins a match from "players=2 seed=1 key=value ..." (the script
// runner's setup words).
func start(t *testing.T, setup string) *engine.Match {
	t.Helper()
	s := engine.Setup{Game: "myrmes", Seats: 2, Options: map[string]string{}}
	for _, kv := range strings.Fields(setup) {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "players":
			s.Seats, _ = strconv.Atoi(v)
		case "seed":
			n, _ := strconv.Atoi(v)
			s.Seed = uint64(n)
		default:
			s.Options[k] = v
		}
	}
	m, err := engine.Start(Game, s)
	if err != nil {
		t.Fatalf("setup %q: %v", setup, err)
	}
	return m
}

func answer(line string) engine.Answer {
	who, cmd, _ := strings.Cut(line, ":")
	n, _ := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(who), "P"))
	return engine.Answer{Seat: engine.Seat(n - 1), Path: engine.ParsePath(cmd)}
}

// do plays answers "P1: out c3" that must be accepted, and returns their events.
func do(t *testing.T, m *engine.Match, lines ...string) []engine.Event {
	t.Helper()
	var all []engine.Event
	for _, l := range lines {
		ev, err := m.Answer(answer(l))
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		all = append(all, ev...)
	}
	return all
}

// refused checks that an answer is rejected by rule, changing nothing.
func refused(t *testing.T, m *engine.Match, line, rule string) {
	t.Helper()
	before, _ := engine.Hash(m.State)
	_, err := m.Answer(answer(line))
	var re *engine.RuleError
	switch {
	case err == nil:
		t.Fatalf("%s accepted, want %s", line, rule)
	case rule == "":
	case !errors.As(err, &re) || re.Rule != rule:
		t.Fatalf("%s: %v, want rule %s", line, err, rule)
	}
	if after, _ := engine.Hash(m.State); after != before {
		t.Fatalf("%s: a refused answer changed the state", line)
	}
}

func gs(m *engine.Match) *state { return m.State.(*state) }

// offered reports whether code is an option of seat after prefix.
func offered(t *testing.T, m *engine.Match, seat int, prefix, code string) bool {
	t.Helper()
	st, err := m.State.Choices(engine.Seat(seat), engine.ParsePath(prefix))
	if err != nil {
		t.Fatalf("choices %q: %v", prefix, err)
	}
	for _, o := range st.Options {
		if o.Code == code {
			return true
		}
	}
	return false
}

func codes(t *testing.T, m *engine.Match, seat int, prefix string) string {
	t.Helper()
	st, err := m.State.Choices(engine.Seat(seat), engine.ParsePath(prefix))
	if err != nil {
		t.Fatalf("choices %q: %v", prefix, err)
	}
	var cs []string
	for _, o := range st.Options {
		if o.Code != "pref" { // standing preferences are offered everywhere
			cs = append(cs, o.Code)
		}
	}
	return strings.Join(cs, " ")
}

func eq[T comparable](t *testing.T, what string, got, want T) {
	t.Helper()
	if got != want {
		t.Fatalf("%s = %v, want %v", what, got, want)
	}
}

func cellOf(m *engine.Match, label string) *cell {
	g := gs(m)
	return &g.Cells[g.b.byLabel[label]]
}
