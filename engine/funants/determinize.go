package funants

import (
	"math/rand/v2"
	"slices"

	"formica/engine"
)

// Determinize implements engine.Determinizer: the other seats' hands and
// the deck are pooled, shuffled and dealt back at the same sizes (hand
// sizes are public, FUN-SETUP-6), seat's own hand stays, and the random
// stream that reshuffles the discard is reseeded.
func (g *state) Determinize(seat engine.Seat, r *rand.Rand) engine.State {
	c := g.Clone().(*state)
	c.ownPlayers()
	pool := append([]int(nil), c.Deck...)
	for i := range c.Players {
		if i != int(seat) {
			pool = append(pool, c.Players[i].Hand...)
		}
	}
	slices.Sort(pool) // the same cards give the same sample, wherever they lay
	engine.Shuffle(r, pool)
	for i := range c.Players {
		if i == int(seat) {
			continue
		}
		n := len(c.Players[i].Hand)
		c.Players[i].Hand = append([]int(nil), pool[:n]...)
		pool = pool[n:]
	}
	c.Deck = pool
	c.RNG = engine.Reseed(r)
	return c
}
