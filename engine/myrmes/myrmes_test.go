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

// TestRandomGames plays many random games of 2 to 4 players, each with
// its own setup seed and answer stream (-games, -games.seed, -games.stream
// of enginetest), and checks the invariants after every answer, that every
// game ends after the third winter, and that replaying the log reproduces
// the final state. A failure names the seed, the stream and the last
// answers.
func TestRandomGames(t *testing.T) {
	for i, rg := range enginetest.RandomGames(1000, enginetest.Games(3000, 30)) {
		seed := rg.Seed
		s := engine.Setup{Game: "myrmes", Seats: 2 + i%3, Seed: seed}
		if i%5 == 4 {
			s.Options = map[string]string{"upgrade": "and", "trade": "partial", "mix": "half"}
		}
		var bad error
		m, err := enginetest.PlayRandom(Game, s, rg.Rand(), 20000, func(m *engine.Match) {
			if bad == nil {
				bad = invariants(m.State)
			}
			// A deadline takes the default answer: it must always be legal.
			for _, p := range m.State.Pending() {
				if err := engine.Check(m.State, p.Seat, p.Default); bad == nil && err != nil {
					bad = fmt.Errorf("%s's default %q for %s: %v", p.Seat, p.Default, p.Kind, err)
				}
			}
		})
		if err == nil {
			err = bad
		}
		if err == nil && invariants(m.State) != nil {
			err = invariants(m.State)
		}
		if err == nil {
			if g := m.State.(*state); g.Year != 3 || g.Season != 3 || m.State.Result() == nil { // MYR-END-1
				err = fmt.Errorf("ended in year %d season %d", g.Year, g.Season)
			}
		}
		if err == nil {
			r, rerr := engine.Replay(Game, m.Setup, m.Log)
			a, _ := engine.Hash(m.State)
			b, _ := engine.Hash(r.State)
			if rerr != nil || a != b {
				err = fmt.Errorf("replay: %v, hash %s want %s", rerr, b, a)
			}
		}
		if err != nil {
			from := max(0, len(m.Log)-8)
			t.Fatalf("%d players, %s: %v\nlast answers: %v", s.Seats, rg, err, m.Log[from:])
		}
	}
}
