package myrmes

import "formica/engine"

// Rand implements engine.Drawer (the dice of the year's events, MYR-EVENT).
func (g *state) Rand() *engine.RNG { return g.RNG }
