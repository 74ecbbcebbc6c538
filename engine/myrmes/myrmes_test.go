package myrmes

import (
	"fmt"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

func setups() []engine.Setup {
	return []engine.Setup{
		{Game: "myrmes", Seats: 2, Seed: 1},
		{Game: "myrmes", Seats: 3, Seed: 2},
		{Game: "myrmes", Seats: 4, Seed: 3},
		{Game: "myrmes", Seats: 3, Seed: 4, Options: map[string]string{"upgrade": "and", "trade": "partial", "mix": "half", "supply": "unlimited"}},
	}
}

// invariants hold after every answer of every random game: the figure cap,
// no negative pieces, cubes conserved with the limited supply, nurses,
// tunnels and ownership cubes within the box.
func invariants(st engine.State) error {
	g := st.(*state)
	var cubes [4]int
	for s, p := range g.Players {
		if f := g.figures(s); f > 8 { // MYR-CAP-1
			return fmt.Errorf("%s has %d figures", g.name(s), f)
		}
		for _, n := range []int{p.Larvae, p.Workers, p.Soldiers, p.Nurses, p.Store[0], p.Store[1], p.Store[2], p.Atelier, p.Board, p.Cubes, p.Prey[0], p.Prey[1], p.Prey[2], p.Level} {
			if n < 0 {
				return fmt.Errorf("%s has a negative count: %+v", g.name(s), p)
			}
		}
		if p.nursesInPlay() > 8 || p.Level > 3 || p.Tunnels > 3 { // MYR-NUR-3, MYR-UPG-4, MYR-TUN-2
			return fmt.Errorf("%s over the box: %+v", g.name(s), p)
		}
		if p.Cubes+len(g.markedSpecials(s)) > 4 {
			return fmt.Errorf("%s has more than 4 ownership cubes", g.name(s))
		}
		cubes[0] += p.Larvae + p.Spent
		cubes[1] += p.Store[0]
		cubes[2] += p.Store[1]
		cubes[3] += p.Store[2]
	}
	for _, t := range g.Tiles {
		for k, n := range t.Cubes {
			if n < 0 {
				return fmt.Errorf("negative cubes on a tile")
			}
			cubes[k+1] += n
		}
	}
	if !g.Opt.Unlimited {
		for k, want := range [4]int{30, 30, 15, 15} {
			if g.Supply[k] < 0 || cubes[k]+g.Supply[k] != want { // AMB-21
				return fmt.Errorf("cube kind %d: %d in play + %d in supply, want %d", k, cubes[k], g.Supply[k], want)
			}
		}
	}
	return nil
}

func TestAcceptance(t *testing.T) {
	enginetest.Run(t, Game, enginetest.Config{
		Setups: setups(),
		Check: func(tb testing.TB, st engine.State) {
			if err := invariants(st); err != nil {
				tb.Fatal(err)
			}
		},
	})
}
