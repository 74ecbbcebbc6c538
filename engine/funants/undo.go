package funants

import "formica/engine"

// Rand implements engine.Drawer (the discards shuffled into a new deck).
func (g *state) Rand() *engine.RNG { return g.RNG }
