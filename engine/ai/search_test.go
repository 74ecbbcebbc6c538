package ai

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"formica/engine"
)

// turnGame is a game of turns of per decisions each, seat by seat, whose
// only answer is "a"; it records who answered.
type turnGame struct {
	seats, per, n int
	log           []engine.Seat
}

func (g *turnGame) Pending() []engine.Prompt {
	return []engine.Prompt{{Seat: engine.Seat(g.n / g.per % g.seats), Kind: "turn"}}
}

func (g *turnGame) Choices(seat engine.Seat, prefix engine.Path) (engine.Step, error) {
	if len(prefix) == 0 {
		return engine.Step{Options: []engine.Option{{Code: "a"}}}, nil
	}
	return engine.Step{Done: true}, nil
}

func (g *turnGame) Apply(a engine.Answer) ([]engine.Event, error) {
	g.log = append(g.log, a.Seat)
	g.n++
	return nil, nil
}

func (g *turnGame) View(engine.Seat) any           { return nil }
func (g *turnGame) Result() *engine.Result         { return nil }
func (g *turnGame) MarshalBinary() ([]byte, error) { return nil, nil }
func (g *turnGame) Clone() engine.State            { c := *g; c.log = slices.Clone(g.log); return &c }

// A playout's horizon counts the seat's decisions after the candidate, or
// with Turns its turns after the candidate's: in a game whose turn is three
// decisions, one more turn plays the rest of the seat's turn, the other
// seat's turn, the seat's next turn and the other's again, and stops where
// the seat's third turn starts; one more decision sees no reply.
func TestPlayoutHorizon(t *testing.T) {
	for _, c := range []struct {
		name string
		cfg  Config
		want []engine.Seat
	}{
		{"decisions", Config{Horizon: 1}, []engine.Seat{0, 0}},
		{"turns", Config{Horizon: 1, Turns: true}, []engine.Seat{0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1}},
		{"two turns", Config{Horizon: 2, Turns: true}, []engine.Seat{0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1}},
	} {
		g := &turnGame{seats: 2, per: 3}
		playout(g, 0, engine.Path{"a"}, c.cfg, rand.New(rand.NewPCG(1, 2)))
		if !slices.Equal(g.log, c.want) {
			t.Errorf("%s: seats answered %v, want %v", c.name, g.log, c.want)
		}
	}
}

// A wall-clock cap that fires inside a playout ends it there, and the
// playout counts for nothing (NaN): one playout of greedy answers can
// outlast what is left of the cap on a loaded machine.
func TestPlayoutStop(t *testing.T) {
	g := &turnGame{seats: 2, per: 3}
	calls := 0
	cfg := Config{Horizon: 1, Turns: true, Stop: func() bool { calls++; return calls >= 3 }}
	v := playout(g, 0, engine.Path{"a"}, cfg, rand.New(rand.NewPCG(1, 2)))
	if !math.IsNaN(v) || len(g.log) != 3 {
		t.Errorf("Stop true at its 3rd call: playout worth %v after %d answers, want NaN after 3", v, len(g.log))
	}
}
