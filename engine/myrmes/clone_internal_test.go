package myrmes

import (
	"math/rand/v2"
	"slices"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// Clone shares the tiles until Apply changes one: an answer that changes
// tiles, applied to a state that owns its tiles (as after any Apply that
// changed one), must leave a clone made before it as it was.
func TestCloneSharesTilesSafely(t *testing.T) {
	changed := 0
	for _, g := range enginetest.RandomGames(7, enginetest.Games(4, 2)) {
		rng := rand.New(rand.NewPCG(g.Seed, 0xc10e))
		su := engine.Setup{Game: Game.ID, Seats: 3, Seed: g.Seed}
		_, err := enginetest.PlayRandom(Game, su, g.Rand(), 5000, func(m *engine.Match) {
			x := m.State.Clone().(*state)
			x.tilesOwn = true
			pend := x.Pending()
			p := pend[rng.IntN(len(pend))]
			path, err := enginetest.RandomPath(x, p.Seat, rng)
			if err != nil {
				t.Fatal(err)
			}
			y := x.Clone().(*state)
			want, _ := engine.Hash(y)
			before := slices.Clone(x.Tiles)
			if _, err := x.Apply(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
				t.Fatal(err)
			}
			if len(x.Tiles) < len(before) || !slices.EqualFunc(x.Tiles[:len(before)], before, func(a, b tile) bool {
				return a.Cubes == b.Cubes && a.Gone == b.Gone
			}) {
				changed++
			}
			if got, _ := engine.Hash(y); got != want {
				t.Fatalf("%s, after %d answers: %s %q changed a clone made before it", g, len(m.Log), p.Seat, path)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if changed == 0 {
		t.Fatal("no answer changed a tile: the test checked nothing")
	}
}
