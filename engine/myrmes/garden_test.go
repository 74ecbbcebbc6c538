package myrmes

import (
	"strings"
	"testing"

	"formica/engine"
)

// workers is the quiet start with extra pieces for P1 ("level=1,soldiers=2").
func workers(t *testing.T, p1, extra string) *engine.Match {
	o := strings.Replace(quiet, "P1:larvae=0,nurses=0", "P1:larvae=0,nurses=0"+p1, 1)
	if extra != "" {
		o = strings.Replace(o, "prey=none", extra, 1)
	}
	m := start(t, o)
	settle(t, m)
	return m
}

func TestWorkers(t *testing.T) {
	t.Run("MYR-WRK-1", func(t *testing.T) {
		m := workers(t, ",workers=3", "")
		eq(t, "first player first", m.State.Pending()[0].Seat, engine.Seat(0))
		do(t, m, "P1: r0")
		eq(t, "one worker a turn, then the next player", m.State.Pending()[0].Seat, engine.Seat(1))
		do(t, m, "P2: out j7")
		eq(t, "a sortie is the same turn", m.State.Pending()[0].Seat, engine.Seat(1))
		do(t, m, "P2: stop")
		eq(t, "back to P1", m.State.Pending()[0].Seat, engine.Seat(0))
	})
	t.Run("MYR-WRK-2", func(t *testing.T) {
		m := workers(t, "", "")
		for _, c := range []string{"pass", "skip", "stop"} {
			if offered(t, m, 0, "", c) {
				t.Fatalf("%s offered: no passing", c)
			}
		}
		refused(t, m, "P1: pass", "")
	})
	t.Run("MYR-WRK-3", func(t *testing.T) {
		m := workers(t, ",workers=3", "")
		do(t, m, "P1: r0", "P2: r0", "P1: out c3", "P1: stop", "P2: out j7", "P2: stop")
		// P2 is out of workers: P1 plays again.
		eq(t, "pending", m.State.Pending()[0].Seat, engine.Seat(0))
		do(t, m, "P1: out c3", "P1: stop")
		eq(t, "phase after the last worker", gs(m).Season, 1) // MYR-WRK-4: harvest, atelier, end of season followed
	})
}

func TestColony(t *testing.T) {
	t.Run("MYR-COL-1", func(t *testing.T) {
		m := workers(t, ",level=3,food=1,workers=4", "")
		do(t, m, "P1: r0", "P2: r0", "P1: r1", "P2: out j7", "P2: stop", "P1: r2 stone")
		p := gs(m).Players[0]
		eq(t, "larvae", p.Larvae, 1)
		eq(t, "store", p.Store, [3]int{2, 0, 1})
		do(t, m, "P1: r3")
		p = gs(m).Players[0]
		eq(t, "queen fed", p.Store[cFood], 1)
		eq(t, "score", p.Score, 12)
		m = workers(t, ",level=3,workers=4", "")
		refused(t, m, "P1: r3", "MYR-COL-1") // no food
	})
	t.Run("MYR-COL-2", func(t *testing.T) {
		m := workers(t, ",level=1", "")
		refused(t, m, "P1: r2 earth", "MYR-COL-2")
		eq(t, "rooms", codes(t, m, 0, ""), "r0 r1 out")
	})
	t.Run("MYR-COL-3", func(t *testing.T) {
		m := workers(t, ",workers=3", "")
		do(t, m, "P1: r0", "P2: r0")
		refused(t, m, "P1: r0", "MYR-COL-3")
	})
	t.Run("MYR-COL-4", func(t *testing.T) {
		m := workers(t, "", "")
		do(t, m, "P1: r0")
		p := gs(m).Players[0]
		eq(t, "workers in the room", p.Workers, 1)
		eq(t, "figures", gs(m).figures(0), 2)
		do(t, m, "P2: r0", "P1: out c3", "P1: stop", "P2: out j7", "P2: stop")
		eq(t, "back at end of season", gs(m).Players[0].Workers, 1) // MYR-EOS-4: one went out
	})
	t.Run("MYR-COL-5", func(t *testing.T) {
		m := workers(t, "", "dice=2,1,1 prey=none") // spring die 2 = Level +1
		eq(t, "rooms", codes(t, m, 0, ""), "r0 r1 out")
		m = workers(t, ",level=3,food=1", "dice=2,1,1 prey=none")
		eq(t, "no room above level 3", codes(t, m, 0, ""), "r0 r1 r2 r3 out")
	})
	t.Run("MYR-COL-6", func(t *testing.T) {
		m := workers(t, "", "")
		do(t, m, "P1: r0")
		eq(t, "P2's own maturation room is free", offered(t, m, 1, "", "r0"), true)
	})
}

func TestSortie(t *testing.T) {
	t.Run("MYR-SORT-1", func(t *testing.T) {
		m := workers(t, "", "")
		eq(t, "exits", codes(t, m, 0, "out"), "c3")
		refused(t, m, "P1: out j7", "")
		do(t, m, "P1: out c3")
		eq(t, "no MP spent on the exit", gs(m).Sortie.MP, 3)
	})
	t.Run("MYR-SORT-2", func(t *testing.T) {
		m := workers(t, "", "")
		do(t, m, "P1: out c3", "P1: d3", "P1: d4", "P1: e4")
		eq(t, "MP", gs(m).Sortie.MP, 0)
		refused(t, m, "P1: e5", "MYR-SORT-2")
	})
	t.Run("MYR-EFF-5", func(t *testing.T) {
		m := workers(t, "", "dice=6,1,1 prey=none")
		do(t, m, "P1: out c3")
		eq(t, "MP with Movement +3", gs(m).Sortie.MP, 6)
	})
	t.Run("MYR-SORT-4", func(t *testing.T) {
		m := workers(t, "", "")
		do(t, m, "P1: out c3", "P1: d3", "P1: stop")
		eq(t, "figures", gs(m).figures(0), 1)
		eq(t, "sortie over", gs(m).Sortie == nil, true)
		eq(t, "next player", m.State.Pending()[0].Seat, engine.Seat(1))
	})
	t.Run("MYR-SORT-5", func(t *testing.T) {
		m := workers(t, "", "")
		do(t, m, "P1: out c3", "P1: d3", "P1: place pair d3-d4")
		eq(t, "sortie ends with the tile", gs(m).Sortie == nil, true)
		eq(t, "figures", gs(m).figures(0), 1)
	})
	t.Run("MYR-SORT-6", func(t *testing.T) {
		m := workers(t, "", "")
		do(t, m, "P1: out c3", "P1: d3", "P1: d4", "P1: e4")
		eq(t, "MP", gs(m).Sortie.MP, 0)
		eq(t, "place with 0 MP", offered(t, m, 0, "", "place"), true)
	})
}

func TestMovement(t *testing.T) {
	t.Run("MYR-MOVE-1", func(t *testing.T) {
		m := workers(t, "", "")
		do(t, m, "P1: out c3")
		eq(t, "neighbours", codes(t, m, 0, ""), "b2 c2 b3 d3 b4 c4 stop")
		refused(t, m, "P1: e3", "MYR-MOVE-1")
		do(t, m, "P1: d3")
		eq(t, "MP", gs(m).Sortie.MP, 2)
	})
	t.Run("MYR-MOVE-2", func(t *testing.T) {
		m := workers(t, "", "pher=P1:d3-e3 prey=none")
		do(t, m, "P1: out c3", "P1: d3")
		eq(t, "on the tile", gs(m).Sortie.Tile, 0)
		eq(t, "one MP for the whole tile", gs(m).Sortie.MP, 2)
		eq(t, "next to any of its spaces", offered(t, m, 0, "", "f3"), true)
		do(t, m, "P1: f3")
		eq(t, "MP", gs(m).Sortie.MP, 1)
	})
	t.Run("MYR-MOVE-3", func(t *testing.T) {
		m := workers(t, "", "")
		do(t, m, "P1: out c3", "P1: c2", "P1: d2")
		refused(t, m, "P1: e2", "MYR-MOVE-3")
	})
	t.Run("MYR-MOVE-4", func(t *testing.T) {
		m := workers(t, "", "prey=b2:ladybug")
		do(t, m, "P1: out c3")
		refused(t, m, "P1: b2", "MYR-HUNT-1")
	})
	t.Run("MYR-MOVE-5", func(t *testing.T) {
		m := workers(t, "", "pher=P2:d3-e3 prey=none")
		do(t, m, "P1: out c3")
		refused(t, m, "P1: d3", "MYR-MOVE-5")
		m = workers(t, ",soldiers=2", "pher=P2:d3-e3 prey=none")
		do(t, m, "P1: out c3", "P1: d3")
		eq(t, "soldiers", gs(m).Players[0].Soldiers, 1)
		do(t, m, "P1: d4", "P1: d3") // AMB-8: entering again costs again
		eq(t, "soldiers", gs(m).Players[0].Soldiers, 0)
	})
	t.Run("MYR-MOVE-6", func(t *testing.T) {
		m := workers(t, ",soldiers=1", "pher=P1:d3-e3 prey=none")
		do(t, m, "P1: out c3", "P1: d3")
		eq(t, "soldiers", gs(m).Players[0].Soldiers, 1)
	})
	t.Run("MYR-MOVE-7", func(t *testing.T) {
		m := workers(t, "", "")
		do(t, m, "P1: out c3", "P1: c2")
		if offered(t, m, 0, "", "c1") || offered(t, m, 0, "", "b1") {
			t.Fatal("unused row 1 offered with 2 players")
		}
	})
	t.Run("MYR-MOVE-8", func(t *testing.T) { // AMB-7: specials one space, exits passable
		m := workers(t, ",soldiers=1", "")
		addSpecial(m, 1, "farm", "d3")
		do(t, m, "P1: out c3", "P1: d3")
		eq(t, "marked opponent special costs a soldier", gs(m).Players[0].Soldiers, 0)
		m = workers(t, "", "starts=c3,d3")
		do(t, m, "P1: out c3", "P1: d3")
		eq(t, "on an exit token", gs(m).Sortie.At, gs(m).b.byLabel["d3"])
		eq(t, "nothing placed on an exit", offered(t, m, 0, "", "place"), false)
	})
}

// addSpecial puts a marked special tile in the garden (white-box setup).
func addSpecial(m *engine.Match, seat int, id, at string) {
	g := gs(m)
	c := g.b.byLabel[at]
	g.Tiles = append(g.Tiles, tile{Owner: seat, Shape: -1, Special: id, Cells: []int{c}, Marked: true})
	g.Cells[c].Tile = int16(len(g.Tiles) - 1)
	g.Players[seat].Cubes--
}

func TestHunt(t *testing.T) {
	cases := []struct {
		prey     string
		soldiers int
		food, vp int
	}{{"ladybug", 1, 2, 0}, {"termite", 1, 1, 2}, {"spider", 2, 1, 4}}
	t.Run("MYR-HUNT-2", func(t *testing.T) {
		for _, c := range cases {
			m := workers(t, ",soldiers=3", "prey=b2:"+c.prey)
			do(t, m, "P1: out c3", "P1: b2")
			p := gs(m).Players[0]
			eq(t, c.prey+" soldiers", p.Soldiers, 3-c.soldiers)
			eq(t, c.prey+" food", p.Store[cFood], c.food)
			eq(t, c.prey+" score", p.Score, 10+c.vp)
		}
	})
	t.Run("MYR-HUNT-1", func(t *testing.T) {
		m := workers(t, ",soldiers=1", "prey=b2:spider")
		do(t, m, "P1: out c3")
		refused(t, m, "P1: b2", "MYR-HUNT-1") // AMB-32
	})
	t.Run("MYR-HUNT-3", func(t *testing.T) {
		m := workers(t, ",soldiers=1", "prey=b2:termite")
		do(t, m, "P1: out c3", "P1: b2")
		eq(t, "token kept", gs(m).Players[0].Prey, [3]int{0, 1, 0})
		eq(t, "space empty", cellOf(m, "b2").Prey, -1)
	})
	t.Run("MYR-HUNT-4", func(t *testing.T) {
		m := workers(t, ",soldiers=1", "prey=b2:ladybug")
		do(t, m, "P1: out c3", "P1: b2", "P1: c2")
		eq(t, "moves on after the hunt", gs(m).Sortie.MP, 1)
		m = workers(t, ",soldiers=1", "prey=b2:ladybug")
		do(t, m, "P1: out c3", "P1: b2", "P1: place pair b2-c2")
		eq(t, "pheromone on the former prey space", cellOf(m, "b2").Tile, 0)
	})
}

func TestPheromones(t *testing.T) {
	t.Run("MYR-PHER-1", func(t *testing.T) {
		m := workers(t, "", "")
		do(t, m, "P1: out c3")
		eq(t, "no tile on the exit", offered(t, m, 0, "", "place"), false)
	})
	t.Run("MYR-PHER-2", func(t *testing.T) {
		for lvl, want := range []string{"pair", "pair line3 tri arc3", "pair line3 tri arc3 diamond line4 hook4", "pair line3 tri arc3 diamond line4 hook4 crown snake fork"} {
			m := workers(t, ",level="+itoa(lvl), "")
			do(t, m, "P1: out c3", "P1: d3", "P1: d4")
			got := codes(t, m, 0, "place")
			for _, sh := range strings.Fields(want) {
				if !strings.Contains(" "+got+" ", " "+sh+" ") {
					t.Fatalf("level %d: %s missing from %q", lvl, sh, got)
				}
			}
			eq(t, "count", len(strings.Fields(got)) <= len(strings.Fields(want)), true)
		}
	})
	t.Run("MYR-EFF-6", func(t *testing.T) {
		m := workers(t, "", "dice=4,1,1 prey=none")
		do(t, m, "P1: out c3", "P1: d3", "P1: d4")
		eq(t, "level 0 with Hex +1 lays 3 spaces", strings.Contains(codes(t, m, 0, "place"), "line3"), true)
		m = workers(t, ",level=3", "dice=4,1,1 prey=none")
		do(t, m, "P1: out c3", "P1: d3", "P1: d4")
		eq(t, "level 3 with Hex +1 lays 6 spaces", strings.Contains(codes(t, m, 0, "place"), "wide"), true) // AMB-19
	})
	t.Run("MYR-EFF-4", func(t *testing.T) {
		m := workers(t, "", "dice=2,1,1 prey=none")
		do(t, m, "P1: out c3", "P1: d3", "P1: d4")
		eq(t, "level 0 with Level +1 lays 3 spaces", strings.Contains(codes(t, m, 0, "place"), "line3"), true)
		eq(t, "and scavenging", codes(t, m, 0, "special"), "scavenging")
		eq(t, "storeroom limit at level 1", func() int { g := gs(m); g.Players[0].Level = 1; return g.storeLimit(0) }(), 6)
	})
	t.Run("MYR-PHER-3", func(t *testing.T) {
		m := workers(t, ",level=1", "")
		do(t, m, "P1: out c3", "P1: c2", "P1: d2")
		g := gs(m)
		for _, code := range strings.Fields(codes(t, m, 0, "place line3")) {
			if !strings.Contains(code, "d2") {
				t.Fatalf("%s does not cover the worker", code)
			}
			for _, l := range strings.Split(code, "-") {
				c := g.b.byLabel[l]
				if g.b.cells[c].Terrain == Water || !g.used(c) || g.Cells[c].Tunnel >= 0 {
					t.Fatalf("%s covers %s", code, l)
				}
			}
		}
		refused(t, m, "P1: place line3 c2-d2-e2", "")
	})
	t.Run("MYR-PHER-4", func(t *testing.T) {
		m := workers(t, ",level=1", "")
		do(t, m, "P1: out c3", "P1: d3", "P1: place line3 d3-e3-f3") // earth, mushroom, barren prey space
		eq(t, "cubes", gs(m).Tiles[0].Cubes, [3]int{0, 1, 0})
		m = workers(t, ",level=1", "")
		do(t, m, "P1: out c3", "P1: c2", "P1: place arc3 b2-c2-b3") // prey space, food, stone
		eq(t, "cubes", gs(m).Tiles[0].Cubes, [3]int{1, 0, 1})
	})
	t.Run("MYR-PHER-5", func(t *testing.T) {
		m := workers(t, ",level=1", "")
		do(t, m, "P1: out c3", "P1: d3", "P1: place pair d3-e3")
		eq(t, "pair scores nothing", gs(m).Players[0].Score, 10)
		do(t, m, "P2: out j7", "P2: k7", "P2: place pair k6-k7")
		do(t, m, "P1: out c3", "P1: c4", "P1: place line3 c4-d4-e4")
		eq(t, "line of 3", gs(m).Players[0].Score, 12)
		eq(t, "cubes", gs(m).Tiles[2].Cubes, [3]int{2, 1, 0})
	})
}

// The view lists where each pheromone may be laid, as the player types it.
func TestViewPlacements(t *testing.T) {
	m := workers(t, ",level=1", "")
	do(t, m, "P1: out c3")
	eq(t, "none on the exit", len(m.State.View(engine.NoSeat).(View).Placements), 0)
	do(t, m, "P1: d3")
	v := m.State.View(engine.NoSeat).(View)
	got := map[string]string{}
	for _, p := range v.Placements {
		got[p.Shape] = strings.Join(p.Codes, " ")
	}
	eq(t, "shapes", len(got), 4)
	eq(t, "the same as the options", got["line3"], codes(t, m, 0, "place line3"))
	eq(t, "pairs", got["pair"], codes(t, m, 0, "place pair"))
}

// MYR-PHER-3: once the player has chosen a shape, the board drawn for that
// partial answer shows that shape's placements only, as typed.
func TestPreviewPlacements(t *testing.T) {
	m := workers(t, ",level=1", "")
	do(t, m, "P1: out c3", "P1: d3")
	p := m.State.(engine.Previewer)
	v, ok := p.Preview(0, engine.ParsePath("place line3"))
	eq(t, "a preview after place line3", ok, true)
	pv := v.(View)
	eq(t, "chosen", pv.Chosen, "line3")
	eq(t, "one shape", len(pv.Placements), 1)
	eq(t, "its placements are the options", strings.Join(pv.Placements[0].Codes, " "), codes(t, m, 0, "place line3"))
	eq(t, "the rest of the board is the public view", pv.Year, m.State.View(engine.NoSeat).(View).Year)
	for _, path := range []string{"place", "d4", "place wide", "place line3 d3-e3-f3"} {
		_, ok := p.Preview(0, engine.ParsePath(path))
		eq(t, "no preview after "+path, ok, false)
	}
	_, ok = p.Preview(1, engine.ParsePath("place line3"))
	eq(t, "no preview for a seat not on a sortie", ok, false)
}

// A sortie is one turn: chat posts its board when the worker is done.
func TestSortieContinuesTheTurn(t *testing.T) {
	m := workers(t, ",level=1", "")
	cont := func(seat engine.Seat) bool { return m.State.(engine.Turner).Continues(seat) }
	eq(t, "before the worker goes out", cont(0), false)
	do(t, m, "P1: out c3")
	eq(t, "on the sortie", cont(0), true)
	eq(t, "not another seat", cont(1), false)
	do(t, m, "P1: d3", "P1: place pair d3-e3")
	eq(t, "after laying the pheromone", cont(0), false)
}
