package micropolis

import (
	"strings"
	"testing"

	"formica/engine"
)

// newGame starts a game from options given as "key=value" strings.
func newGame(t testing.TB, players int, opts ...string) *state {
	t.Helper()
	o := map[string]string{}
	for _, kv := range opts {
		k, v, _ := strings.Cut(kv, "=")
		o[k] = v
	}
	setup, err := Game.Normalize(engine.Setup{Game: Game.ID, Seats: players, Seed: 1, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	st, err := Game.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

// do applies a command that must be legal.
func (s *state) do(t testing.TB, seat int, cmd string) []engine.Event {
	t.Helper()
	p := engine.ParsePath(cmd)
	if err := engine.Check(s, engine.Seat(seat), p); err != nil {
		t.Fatalf("P%d %q: %v", seat+1, cmd, err)
	}
	ev, err := s.Apply(engine.Answer{Seat: engine.Seat(seat), Path: p})
	if err != nil {
		t.Fatalf("P%d %q: apply: %v", seat+1, cmd, err)
	}
	return ev
}

// reject checks that a command is illegal and returns the error.
func (s *state) reject(t testing.TB, seat int, cmd string) error {
	t.Helper()
	err := engine.Check(s, engine.Seat(seat), engine.ParsePath(cmd))
	if err == nil {
		t.Fatalf("P%d %q accepted, want an error", seat+1, cmd)
	}
	return err
}

// ruleOf walks Choices over the path and returns the rule ID of the first error.
func (s *state) ruleOf(t testing.TB, seat int, cmd string) string {
	t.Helper()
	p := engine.ParsePath(cmd)
	for i := 1; i <= len(p); i++ {
		if _, err := s.Choices(engine.Seat(seat), p[:i]); err != nil {
			if re, ok := err.(*engine.RuleError); ok {
				return re.Rule
			}
			return err.Error()
		}
	}
	return ""
}

// auto plays the current player's simplest legal answer: first option at
// every step until the answer is complete.
func (s *state) auto(t testing.TB) {
	t.Helper()
	seat := engine.Seat(s.Current)
	var p engine.Path
	for {
		st, err := s.Choices(seat, p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Done {
			break
		}
		p = append(p, st.Options[0].Code)
	}
	if _, err := s.Apply(engine.Answer{Seat: seat, Path: p}); err != nil {
		t.Fatal(err)
	}
}

func (s *state) hl(seat, h int) *hill { return &s.Players[seat].Hills[h] }

func (s *state) rowIDs() []int {
	var out []int
	for _, r := range s.Row {
		out = append(out, r.ID)
	}
	return out
}

func hasKey(ev []engine.Event, key string) bool {
	for _, e := range ev {
		if e.Key == key {
			return true
		}
	}
	return false
}
