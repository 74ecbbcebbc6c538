package micropolis

import "formica/engine"

// Rand implements engine.Drawer.
func (s *state) Rand() *engine.RNG { return s.RNG }

// Hidden implements engine.Concealer: which tiles the stack holds is public
// (those not in the row or on a board), only their order is not (MIC-SETUP-4).
// No word names a place in the order, so each tile left is a secret with no
// forms: the leak checks find nothing to look for, and an answer that refills
// the row shows engine.Revealed one secret fewer.
func (s *state) Hidden() []engine.Secret {
	out := make([]engine.Secret, len(s.Stack))
	for i := range out {
		out[i] = engine.Secret{Owner: engine.NoSeat, What: "stack"}
	}
	return out
}
