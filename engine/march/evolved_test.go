package march

import (
	"strings"
	"testing"

	"formica/engine"
)

// newEvolved starts an Evolved match for internal tests. The rule set is
// not offered to players yet (Game.RuleSets), so the test uses a copy of
// the descriptor that lists it.
func newEvolved(t *testing.T, players int, opts ...string) *tg {
	t.Helper()
	d := *Game
	d.RuleSets = []string{"1e", "evolved"}
	o := map[string]string{"first": "1"}
	for _, kv := range opts {
		k, v, _ := strings.Cut(kv, "=")
		o[k] = v
	}
	m, err := engine.Start(&d, engine.Setup{Game: "march", RuleSet: "evolved", Seats: players, Seed: 42, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	return &tg{t: t, m: m}
}

// TestEvolvedNotOffered: until a full Evolved game plays legally end to
// end, players cannot start one.
func TestEvolvedNotOffered(t *testing.T) {
	_, err := engine.Start(Game, engine.Setup{Game: "march", RuleSet: "evolved", Seats: 3, Seed: 1})
	if err == nil {
		t.Fatal("an Evolved match started through the public descriptor")
	}
}

func TestEvolvedSetup(t *testing.T) {
	for n := 3; n <= 5; n++ {
		g := newEvolved(t, n)
		s := g.s()
		t.Run("MOAE-PSETUP-2/4/5 "+itoa(n)+" players", func(t *testing.T) {
			for p := 0; p < n; p++ {
				pl := s.Players[p]
				if pl.Larvae != 4 || s.Tiles[0].Out[p] != 2 || pl.Supply != 30 || pl.Food != 2 || len(pl.Hand) != 3 {
					t.Fatalf("P%d: %d larvae, %d ants in the GT, %d eggs, %d food, %d cards; want 4, 2, 30, 2, 3",
						p+1, pl.Larvae, s.Tiles[0].Out[p], pl.Supply, pl.Food, len(pl.Hand))
				}
			}
		})
		t.Run("MOAE-SETUP-3/4 tile stack "+itoa(n)+" players", func(t *testing.T) {
			beyond := 2
			if n >= 4 {
				beyond = 3
			}
			if len(s.Stack) != 2*n+13+beyond {
				t.Fatalf("%d tiles in the stack, want %d", len(s.Stack), 2*n+13+beyond)
			}
			kinds := map[string]int{}
			for i, num := range s.Stack {
				k := s.data.Hex(num).Kind
				kinds[k]++
				if (i < 2*n) != (k == "start") { // starting tiles on top
					t.Fatalf("position %d holds a %s tile", i, k)
				}
			}
			if kinds["start"] != 2*n || kinds["std"] != 13 || kinds["beyond"] != beyond {
				t.Fatalf("stack kinds %v", kinds)
			}
		})
	}
}
