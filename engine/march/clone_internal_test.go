package march

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// Clone shares the tiles' Sites and Out until Apply changes one, and the
// hex stack, decks and At: an answer that moves ants, draws, reshuffles or
// places a hex, applied to a state that owns its tiles (as after any Apply
// that moved one), must leave a clone made before it as it was.
// Every way ants move is reached by random games of both rule sets, 2 and
// 5 players and the solo Uprising.
func TestCloneSharesTilesSafely(t *testing.T) {
	setups := []engine.Setup{
		{RuleSet: "1e", Seats: 5},
		{RuleSet: "1e", Seats: 2, Options: map[string]string{"species": "on", "frontiers": "all"}},
		{RuleSet: "1e", Seats: 1, Options: map[string]string{"mode": "uprising"}},
		{RuleSet: "evolved", Seats: 5, Options: map[string]string{"frontiers": "all"}},
		{RuleSet: "evolved", Seats: 2},
		{RuleSet: "evolved", Seats: 1, Options: map[string]string{"mode": "uprising"}},
	}
	for si, su := range setups {
		t.Run(fmt.Sprintf("%s-%dp-%v", su.RuleSet, su.Seats, su.Options), func(t *testing.T) {
			changed := 0
			for _, g := range enginetest.RandomGames(uint64(8800+si), enginetest.Games(60, 10)) {
				rng := rand.New(rand.NewPCG(g.Seed, 0xc10e))
				su.Game, su.Seed = Game.ID, g.Seed
				_, err := enginetest.PlayRandom(Game, su, g.Rand(), 20000, func(m *engine.Match) {
					x := m.State.Clone().(*State)
					pend := x.Pending()
					if len(pend) == 0 {
						return
					}
					x.ownTiles()
					p := pend[rng.IntN(len(pend))]
					path, err := enginetest.RandomPath(x, p.Seat, rng)
					if err != nil {
						t.Fatal(err)
					}
					y := x.Clone().(*State)
					want, _ := engine.Hash(y)
					before := slices.Clone(y.Tiles)
					for i := range before {
						before[i] = before[i].clone()
					}
					if _, err := x.Apply(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
						t.Fatal(err)
					}
					if len(x.Tiles) < len(before) || !slices.EqualFunc(x.Tiles[:len(before)], before, func(a, b Tile) bool {
						return slices.Equal(a.Sites, b.Sites) && slices.Equal(a.Out, b.Out)
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
				t.Fatal("no answer moved an ant: the test checked nothing")
			}
		})
	}
}
