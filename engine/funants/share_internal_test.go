package funants

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// TestCloneSharesSafely: Clone shares the players (their hands, levels
// and entrances), the ants and the fight until Apply changes them. In
// every position of random games of each scenario, an answer applied to
// a state must leave a clone made before it as it was (a missed copy
// writes through to the clone), and it must copy only what it changes: a
// move that picks up no token (FUN-MOVE-6, FUN-RES-1) and removes no
// tunnel (FUN-TUNNEL-7) shares the players, and an answer that moves,
// hires, removes or rages no ant shares the ants.
func TestCloneSharesSafely(t *testing.T) {
	var sharedPlayers, sharedAnts, changed int
	scenarios := []map[string]string{
		{"scenario": Classic},
		{"scenario": ClassicTeams, "allies": "diagonal"},
		{"scenario": Pyramids, "captured": "2,2,2,2"}, // captures from the first answers (FUN-WIN-3)
	}
	for k, opts := range scenarios {
		var rng *rand.Rand // each game's own, for the clone's answer
		su := engine.Setup{Game: Game.ID, Seats: 4, Options: opts}
		enginetest.EachPosition(t, Game, su, uint64(k)*31+5, enginetest.Games(4, 2), func(g enginetest.RandomGame, m *engine.Match) {
			if len(m.Log) == 0 {
				rng = rand.New(rand.NewPCG(g.Seed, 0x5ba7e))
			}
			x := m.State.Clone().(*state)
			pend := x.Pending()
			p := pend[rng.IntN(len(pend))]
			path, err := enginetest.RandomPath(x, p.Seat, rng)
			if err != nil {
				t.Fatal(err)
			}
			y := x.Clone().(*state)
			want, _ := engine.Hash(y)
			wantX := hashes(x)
			if _, err := x.Apply(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
				t.Fatal(err)
			}
			if got, _ := engine.Hash(y); got != want {
				t.Fatalf("%v, %s, after %d answers: %s %q changed a clone made before it", opts, g, len(m.Log), p.Seat, path)
			}
			got := hashes(x)
			if got.players == wantX.players {
				if &x.Players[0] != &y.Players[0] {
					t.Fatalf("%v, %s, after %d answers: %s %q changed no player but copied them", opts, g, len(m.Log), p.Seat, path)
				}
				if path[0] == "move" {
					sharedPlayers++
				}
			} else {
				changed++
			}
			if got.ants == wantX.ants && len(x.Ants) > 0 {
				if &x.Ants[0] != &y.Ants[0] {
					t.Fatalf("%v, %s, after %d answers: %s %q changed no ant but copied them", opts, g, len(m.Log), p.Seat, path)
				}
				sharedAnts++
			}
		})
	}
	if sharedPlayers == 0 || sharedAnts == 0 || changed == 0 {
		t.Fatalf("%d moves shared the players, %d answers the ants, %d changed a player: want some of each", sharedPlayers, sharedAnts, changed)
	}
}

type stateHashes struct{ players, ants string }

// hashes encodes the players and the ants of g apart.
func hashes(g *state) stateHashes {
	p, _ := engine.Hash(&state{Players: g.Players, RNG: g.RNG})
	a, _ := engine.Hash(&state{Ants: g.Ants, RNG: g.RNG})
	return stateHashes{p, a}
}

// TestOrderingNoted: prompt reads whether the active player orders
// several battles (FUN-BATTLE-9) from what settle noted. Through a
// position with battles to order (one arrival next to two enemies, as in
// TestRepeatedAndOrderedBattles) and every position of random games, the
// note, and the note of the decoded snapshot, must say what searching the
// board says.
func TestOrderingNoted(t *testing.T) {
	check := func(name string, m *engine.Match) bool {
		t.Helper()
		s := m.State.(*state)
		data, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		d, err := decode(data)
		if err != nil {
			t.Fatal(err)
		}
		want := s.Winners == nil && s.Fight == nil && len(s.battles()) > 1
		if s.ordering != want || d.(*state).ordering != want {
			t.Fatalf("%s, after %d answers: ordering noted %v, decoded %v, battles %v", name, len(m.Log), s.ordering, d.(*state).ordering, s.battles())
		}
		return want
	}
	m, err := engine.Start(Game, engine.Setup{Game: Game.ID, Seats: 4, Options: map[string]string{"scenario": ClassicTeams, "ants": "1s:c1,2w:e1,4w:e1"}})
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, a := range []string{"1 move c1 d1", "1 fight 2", "1 pass", "4 pass", "1 pass", "2 pass"} {
		seat, path, _ := strings.Cut(a, " ")
		if _, err := m.Answer(engine.Answer{Seat: engine.Seat(seat[0] - '1'), Path: engine.ParsePath(path)}); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		if check("scripted", m) {
			seen++
		}
	}
	if seen != 1 {
		t.Fatalf("the scripted game had %d positions with battles to order, want 1 (after move c1 d1)", seen)
	}
	setups := []engine.Setup{
		{Seats: 3, Options: map[string]string{"scenario": Classic}},
		{Seats: 4, Options: map[string]string{"scenario": ClassicTeams, "allies": "adjacent"}},
	}
	for k, su := range setups {
		for _, g := range enginetest.RandomGames(uint64(k)*17+3, enginetest.Games(4, 2)) {
			su.Game, su.Seed = Game.ID, g.Seed
			_, err := enginetest.PlayRandom(Game, su, g.Rand(), 5000, func(m *engine.Match) {
				check(fmt.Sprintf("%v, %s", su.Options, g), m)
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestOwnPlayersClips: ownPlayers copies the list of players but lets
// their hands, levels and entrances share arrays with the clones; each
// must then be capped at its length, so that an append (a card drawn,
// FUN-DRAW-1; a level built, FUN-BUILD-2; an entrance placed,
// FUN-TUNNEL-3) copies it out instead of writing past the end of an array
// another state reads. In every position of random games, a clone's
// players, owned, must all be capped, also where the state cloned had
// room to spare.
func TestOwnPlayersClips(t *testing.T) {
	var spare [4]int // hands, levels, captured, entrances with room to spare
	setups := []map[string]string{
		{"scenario": Classic},
		{"scenario": PyramidsTeams, "allies": "diagonal", "captured": "2,2,2,2"},
	}
	for k, opts := range setups {
		for _, g := range enginetest.RandomGames(uint64(k)*7+29, enginetest.Games(6, 3)) {
			su := engine.Setup{Game: Game.ID, Seats: 4, Seed: g.Seed, Options: opts}
			_, err := enginetest.PlayRandom(Game, su, g.Rand(), 5000, func(m *engine.Match) {
				s := m.State.(*state)
				for _, p := range s.Players {
					for f, room := range [4]bool{cap(p.Hand) > len(p.Hand), cap(p.Levels) > len(p.Levels), cap(p.Captured) > len(p.Captured), cap(p.Entrances) > len(p.Entrances)} {
						if room {
							spare[f]++
						}
					}
				}
				c := s.Clone().(*state)
				c.ownPlayers()
				for i, p := range c.Players {
					if cap(p.Hand) != len(p.Hand) || cap(p.Levels) != len(p.Levels) || cap(p.Captured) != len(p.Captured) || cap(p.Entrances) != len(p.Entrances) {
						t.Fatalf("%v, %s, after %d answers: P%d owned with room past its hand, levels or entrances", opts, g, len(m.Log), i+1)
					}
				}
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("room to spare in hands, levels, captured, entrances: %v", spare)
	// Captured levels never have room in random games (a third capture
	// ends them): only the hands, levels and entrances are checked here.
	if spare[0] == 0 || spare[1] == 0 || spare[3] == 0 {
		t.Fatalf("room to spare in hands, levels, captured, entrances: %v: the test checked too little", spare)
	}
}
