package march

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/internal/testscale"
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
	for si, su := range testscale.Pick(setups, 2) { // under -race the first and the last
		t.Run(fmt.Sprintf("%s-%dp-%v", su.RuleSet, su.Seats, su.Options), func(t *testing.T) {
			changed := 0
			var rng *rand.Rand // each game's own, for the clones' answers
			enginetest.EachPosition(t, Game, su, uint64(8800+si), enginetest.Games(60, 10), func(g enginetest.RandomGame, m *engine.Match) {
				if len(m.Log) == 0 {
					rng = rand.New(rand.NewPCG(g.Seed, 0xc10e))
				}
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
			if changed == 0 {
				t.Fatal("no answer moved an ant: the test checked nothing")
			}
		})
	}
}

// Clone shares the players (their structs and int lists) until a change
// copies them (player): an answer applied to a clone must leave the state
// it was cloned from, and a second clone of that state, as they were, and
// two clones given the same answer must end alike (a list shared with spare
// room would let the second append over the first). Random games of both
// rule sets with the species, 2 and 5 players and the solo Uprising reach
// every way a player changes that play reaches.
func TestCloneSharesPlayersSafely(t *testing.T) {
	setups := []engine.Setup{
		{RuleSet: "1e", Seats: 5, Options: map[string]string{"species": "on"}},
		{RuleSet: "1e", Seats: 2, Options: map[string]string{"species": "on", "frontiers": "all"}},
		{RuleSet: "1e", Seats: 1, Options: map[string]string{"mode": "uprising"}},
		{RuleSet: "evolved", Seats: 5, Options: map[string]string{"species": "on", "draft": "on"}},
		{RuleSet: "evolved", Seats: 2, Options: map[string]string{"species": "on"}},
		{RuleSet: "evolved", Seats: 1, Options: map[string]string{"mode": "uprising"}},
	}
	for si, su := range testscale.Pick(setups, 2) { // under -race the first and the last
		t.Run(fmt.Sprintf("%s-%dp-%v", su.RuleSet, su.Seats, su.Options), func(t *testing.T) {
			changed, shared := 0, 0
			var rng *rand.Rand // each game's own, for the clones' answers
			enginetest.EachPosition(t, Game, su, uint64(9900+si), enginetest.Games(40, 6), func(g enginetest.RandomGame, m *engine.Match) {
				if len(m.Log) == 0 {
					rng = rand.New(rand.NewPCG(g.Seed, 0x91a7))
				}
				s := m.State.(*State)
				pend := s.Pending()
				if len(pend) == 0 {
					return
				}
				p := pend[rng.IntN(len(pend))]
				path, err := enginetest.RandomPath(s, p.Seat, rng)
				if err != nil {
					t.Fatal(err)
				}
				want, _ := engine.Hash(s)
				x, y, z := s.Clone().(*State), s.Clone().(*State), s.Clone().(*State)
				a := engine.Answer{Seat: p.Seat, Path: path}
				if _, err := x.Apply(a); err != nil {
					t.Fatal(err)
				}
				if got, _ := engine.Hash(s); got != want {
					t.Fatalf("%s, after %d answers: %s %q applied to a clone changed the state it was cloned from", g, len(m.Log), p.Seat, path)
				}
				if got, _ := engine.Hash(y); got != want {
					t.Fatalf("%s, after %d answers: %s %q applied to a clone changed another clone", g, len(m.Log), p.Seat, path)
				}
				if _, err := y.Apply(a); err != nil {
					t.Fatal(err)
				}
				hx, _ := engine.Hash(x)
				if hy, _ := engine.Hash(y); hx != hy {
					t.Fatalf("%s, after %d answers: %s %q applied to two clones gave two states", g, len(m.Log), p.Seat, path)
				}
				if x.playersOwn {
					if !slices.EqualFunc(x.Players, z.Players, samePlayer) {
						changed++
					}
				} else {
					shared++
				}
				// x may own its players now: a clone of it must
				// survive x's next answer all the same
				w := x.Clone()
				want, _ = engine.Hash(w)
				if pend := x.Pending(); len(pend) > 0 {
					p := pend[rng.IntN(len(pend))]
					path, err := enginetest.RandomPath(x, p.Seat, rng)
					if err != nil {
						t.Fatal(err)
					}
					if _, err := x.Apply(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
						t.Fatal(err)
					}
					if got, _ := engine.Hash(w); got != want {
						t.Fatalf("%s, after %d answers: %s %q changed a clone made before it", g, len(m.Log)+1, p.Seat, path)
					}
				}
			})
			if changed == 0 || shared == 0 {
				t.Fatalf("%d answers changed a player, %d shared them: the test checked nothing", changed, shared)
			}
		})
	}
}

func samePlayer(a, b Player) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// push owns the tasks first: a clone's push may not leave the tasks below
// it sharing their lists with the state it was cloned from, as a later
// change to one of them (an answer recorded in Ans) would show in both.
func TestClonePushOwnsTasks(t *testing.T) {
	checked := 0
	_, err := enginetest.PlayRandom(Game, engine.Setup{Game: Game.ID, Seats: 5, Seed: 3}, rand.New(rand.NewPCG(3, 9)), 20000, func(m *engine.Match) {
		s := m.State.(*State)
		x := s.Clone().(*State)
		x.push(Task{K: kFill, Seat: 0, Hex: 1})
		for i := range s.Tasks {
			if a, b := s.Tasks[i].Ans, x.Tasks[i].Ans; len(a) > 0 {
				checked++
				if &a[0] == &b[0] {
					t.Fatalf("after %d answers: task %d's answers are shared after a push", len(m.Log), i)
				}
			}
			if a, b := s.Tasks[i].Who, x.Tasks[i].Who; len(a) > 0 && &a[0] == &b[0] {
				t.Fatalf("after %d answers: task %d's seats are shared after a push", len(m.Log), i)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no task had answers: the test checked nothing")
	}
}
