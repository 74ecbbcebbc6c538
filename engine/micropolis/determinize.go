package micropolis

import (
	"math/rand/v2"
	"slices"

	"formica/engine"
)

// Determinize implements engine.Determinizer: the only hidden thing is the
// order of the tile stack (the row and every anthill are public), so the
// copy's stack is reshuffled and its random stream reseeded. The stack is
// sorted first, so two states that differ only in its order give the same
// sample for the same r: an AI cannot tell them apart.
func (s *state) Determinize(seat engine.Seat, r *rand.Rand) engine.State {
	c := s.Clone().(*state)
	c.Stack = slices.Clone(c.Stack) // clones share the stack (Clone)
	slices.Sort(c.Stack)            // from the same tiles the same sample, however they lay
	engine.Shuffle(r, c.Stack)
	c.RNG = engine.Reseed(r)
	return c
}
