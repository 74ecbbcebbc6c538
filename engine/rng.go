package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
)

// RNG is a seeded generator whose whole state serializes with the game, so a
// replay draws the same numbers. The zero value is not usable: use NewRNG.
type RNG struct {
	// Only the source: a rand.Rand holds nothing but its source, so one
	// made for each draw (on the stack) draws the same numbers, and an RNG
	// without pointers is a small block the collector never scans (Clone
	// runs once per answer).
	pcg rand.PCG
}

// newRNG returns a generator in pcg's state.
func newRNG(pcg rand.PCG) *RNG { return &RNG{pcg: pcg} }

func (g *RNG) r() *rand.Rand { return rand.New(&g.pcg) }

// NewRNG returns a generator seeded from seed.
func NewRNG(seed uint64) *RNG {
	return newRNG(*rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// IntN returns a number in [0, n).
func (g *RNG) IntN(n int) int { return g.r().IntN(n) }

// Shuffle permutes n elements with swap.
func (g *RNG) Shuffle(n int, swap func(i, j int)) { g.r().Shuffle(n, swap) }

// Clone returns an independent copy in the same state.
func (g *RNG) Clone() *RNG { return newRNG(g.pcg) }

// MarshalJSON encodes the generator state.
func (g *RNG) MarshalJSON() ([]byte, error) {
	b, err := g.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(b)
}

// UnmarshalJSON restores a state written by MarshalJSON.
func (g *RNG) UnmarshalJSON(data []byte) error {
	var b []byte
	if err := json.Unmarshal(data, &b); err != nil {
		return err
	}
	var p rand.PCG
	if err := p.UnmarshalBinary(b); err != nil {
		return fmt.Errorf("engine: rng state: %w", err)
	}
	g.pcg = p
	return nil
}
