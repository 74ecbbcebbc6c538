package funants

import (
	"errors"
	"strings"
	"testing"

	"formica/engine"
)

// tg drives one match in a test through the public answer path.
type tg struct {
	t *testing.T
	m *engine.Match
}

// start begins a match; kv are setup options like "scenario=pyramids".
func start(t *testing.T, seats int, kv ...string) *tg {
	t.Helper()
	opts := map[string]string{}
	for _, s := range kv {
		k, v, _ := strings.Cut(s, "=")
		opts[k] = v
	}
	m, err := engine.Start(Game, engine.Setup{Game: "funants", Seats: seats, Seed: 42, Options: opts})
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	return &tg{t: t, m: m}
}

func (x *tg) g() *state { return x.m.State.(*state) }

// do plays cmd for seat (1-based) and fails the test if it is refused.
func (x *tg) do(seat int, cmd string) []engine.Event {
	x.t.Helper()
	ev, err := x.m.Answer(engine.Answer{Seat: engine.Seat(seat - 1), Path: engine.ParsePath(cmd)})
	if err != nil {
		x.t.Fatalf("P%d %q refused: %v", seat, cmd, err)
	}
	return ev
}

// bad checks that cmd is refused; when rule is given, the refusal (or the
// engine's own step error followed by our Choices at that step) names it.
func (x *tg) bad(seat int, cmd, rule string) {
	x.t.Helper()
	p := engine.ParsePath(cmd)
	err := engine.Check(x.m.State, engine.Seat(seat-1), p)
	if err == nil {
		x.t.Fatalf("P%d %q accepted, want refusal (%s)", seat, cmd, rule)
	}
	if rule == "" {
		return
	}
	var re *engine.RuleError
	if !errors.As(err, &re) {
		x.t.Fatalf("P%d %q: %v, want a rule error %s", seat, cmd, err, rule)
	}
	if re.Rule == "" && re.Step >= 0 && re.Step < len(p) {
		_, err = x.m.State.Choices(engine.Seat(seat-1), p[:re.Step+1])
		if !errors.As(err, &re) {
			x.t.Fatalf("P%d %q: Choices gave %v, want rule %s", seat, cmd, err, rule)
		}
	}
	if re.Rule != rule {
		x.t.Fatalf("P%d %q refused under %q, want %s (%v)", seat, cmd, re.Rule, rule, re)
	}
}

func (x *tg) ok(seat int, cmd string) bool {
	return engine.Check(x.m.State, engine.Seat(seat-1), engine.ParsePath(cmd)) == nil
}

// ants lists "1w" style owner+kind codes on a cell, in board order.
func (x *tg) on(cell string) string {
	g := x.g()
	var out []string
	for _, a := range g.Ants {
		if g.b.Cells[a.Cell].ID == cell {
			out = append(out, itoa(a.Owner+1)+a.Kind)
		}
	}
	return strings.Join(out, " ")
}

func (x *tg) tokens(seat int) int { return x.g().Players[seat-1].Tokens }

func (x *tg) pending() string {
	var out []string
	for _, p := range x.m.State.Pending() {
		out = append(out, p.Seat.String()+":"+p.Kind)
	}
	return strings.Join(out, " ")
}

func (x *tg) want(what string, got, want any) {
	x.t.Helper()
	if got != want {
		x.t.Fatalf("%s = %v, want %v", what, got, want)
	}
}

// handOf replaces seat's hand with cards of the given codes (test setup).
func (x *tg) handOf(seat int, codes ...string) {
	g := x.g()
	used := map[int]bool{}
	var hand []int
	held := map[int]bool{}
	for q, p := range g.Players {
		for _, id := range p.Hand {
			held[id] = q != seat-1
		}
	}
	for _, c := range codes {
		for id := 1; id < len(g.b.cards); id++ {
			if g.b.cards[id] == c && !used[id] && !held[id] {
				used[id] = true
				hand = append(hand, id)
				break
			}
		}
	}
	// Return the old hand to the deck so every card stays somewhere.
	for _, id := range g.Players[seat-1].Hand {
		if !used[id] {
			g.Deck = append(g.Deck, id)
		}
	}
	keep := g.Deck[:0]
	for _, id := range g.Deck {
		if !used[id] {
			keep = append(keep, id)
		}
	}
	g.Deck = keep
	for q := range g.Players {
		if q != seat-1 {
			rest := g.Players[q].Hand[:0]
			for _, id := range g.Players[q].Hand {
				if !used[id] {
					rest = append(rest, id)
				} else {
					g.Deck = append(g.Deck, id)
				}
			}
			g.Players[q].Hand = rest
		}
	}
	g.Players[seat-1].Hand = hand
}

// options lists the codes offered to seat (1-based) after prefix.
func (x *tg) options(seat int, prefix string) string {
	x.t.Helper()
	st, err := x.m.State.Choices(engine.Seat(seat-1), engine.ParsePath(prefix))
	if err != nil {
		x.t.Fatalf("choices %q: %v", prefix, err)
	}
	var cs []string
	for _, o := range st.Options {
		cs = append(cs, o.Code)
	}
	return strings.Join(cs, " ")
}
