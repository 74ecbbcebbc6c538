package myrmes

import (
	"math/rand/v2"
	"slices"

	"formica/engine"
)

// Determinize implements engine.Determinizer. Myrmes hides two things: the
// sealed answers of a simultaneous phase (events, births, harvest, keep,
// winter) and the dice still to roll. Every other seat's sealed answers are
// replaced by random legal ones for the same decisions, as if that seat had
// answered differently (that it answered is public); the random stream is
// reseeded; other seats' standing preferences (told to their owner alone)
// are cleared.
func (g *state) Determinize(seat engine.Seat, r *rand.Rand) engine.State {
	c := g.Clone().(*state)
	for s := range c.Players {
		p := c.ownPlayer(s)
		if s != int(seat) {
			p.Prefs = 0 // told to their owner alone: a sample assumes none
		}
		if s == int(seat) || len(p.Sealed) == 0 {
			continue
		}
		kinds := make([]string, 0, len(p.Sealed)+len(p.Queue))
		for _, a := range p.Sealed {
			kinds = append(kinds, a[0])
		}
		rest := p.Queue
		p.Queue = append(kinds, rest...)
		p.Sealed = nil
		for range kinds {
			// Seal as Apply does, without resolving: the phase stays open.
			path := c.randomPath(s, r)
			p.Sealed = append(p.Sealed, append(engine.Path{p.Queue[0]}, path...))
			p.Queue = p.Queue[1:]
		}
	}
	c.RNG = engine.Reseed(r)
	return c
}

// randomPath walks seat's choices with random options to a complete answer.
func (g *state) randomPath(seat int, r *rand.Rand) engine.Path {
	var path engine.Path
	for range 64 {
		st, err := g.Choices(engine.Seat(seat), path)
		if err != nil {
			break
		}
		if st.Done && (len(st.Options) == 0 || r.IntN(3) == 0) {
			break
		}
		opts := st.Options
		if len(path) == 0 {
			// Standing preferences are not an answer to the decision.
			opts = slices.DeleteFunc(slices.Clone(opts), func(o engine.Option) bool { return o.Code == "pref" })
		}
		if len(opts) == 0 {
			break
		}
		path = append(path, opts[r.IntN(len(opts))].Code)
	}
	return path
}
