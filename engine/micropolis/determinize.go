package micropolis

import (
	"math/rand/v2"

	"formica/engine"
)

// Determinize implements engine.Determinizer: the only hidden thing is the
// order of the tile stack (the row and every anthill are public), so the
// copy's stack is reshuffled and its random stream reseeded.
func (s *state) Determinize(seat engine.Seat, r *rand.Rand) engine.State {
	c := s.Clone().(*state)
	engine.Shuffle(r, c.Stack)
	c.RNG = engine.Reseed(r)
	return c
}
