package march

import "formica/engine"

// Rand implements engine.Drawer (reshuffles, the Uprising's placements).
func (s *State) Rand() *engine.RNG { return s.RNG }

// orderSecrets are the hidden orders no word names: the centipede deck
// (MOA1-SOLO-2: which cards it holds is public) and the Evolved rest stack
// (MOAE-SETUP-6). Each card or tile left is a secret with no forms, so the
// leak checks look for nothing and a draw from the top shows
// engine.Revealed one secret fewer.
func (s *State) orderSecrets() []engine.Secret {
	out := make([]engine.Secret, 0, len(s.CDeck)+len(s.RestStack))
	for range s.CDeck {
		out = append(out, engine.Secret{Owner: engine.NoSeat, What: "centipede deck"})
	}
	for range s.RestStack {
		out = append(out, engine.Secret{Owner: engine.NoSeat, What: "rest stack"})
	}
	return out
}
