package myrmes

import (
	"strings"
	"testing"

	"formica/engine"
)

func TestSpecials(t *testing.T) {
	t.Run("MYR-SPEC-2", func(t *testing.T) {
		for lvl, want := range []string{"", "scavenging", "scavenging farm", "scavenging farm subcolony"} {
			m := workers(t, ",level="+itoa(lvl)+",earth=1,stone=2", "")
			do(t, m, "P1: out c3", "P1: d3")
			got := ""
			if offered(t, m, 0, "", "special") {
				got = codes(t, m, 0, "special")
			}
			eq(t, "level "+itoa(lvl), got, want)
		}
	})
	t.Run("MYR-SPEC-3", func(t *testing.T) {
		m := workers(t, ",level=1", "")
		do(t, m, "P1: out c3", "P1: d3", "P1: special scavenging")
		g := gs(m)
		eq(t, "ownership cubes", g.Players[0].Cubes, 3)
		eq(t, "tile", g.Tiles[0].Special, "scavenging")
		eq(t, "marked", g.Tiles[0].Marked, true)
		eq(t, "pool", g.Pools[0], 7)
		g.Players[0].Cubes = 0 // AMB-11: no free cube, no special tile
		do(t, m, "P2: r0", "P1: out c3", "P1: c2")
		eq(t, "without a cube", offered(t, m, 0, "", "special"), false)
	})
	t.Run("MYR-SPEC-4", func(t *testing.T) {
		m := workers(t, ",level=3,earth=1,stone=2", "")
		do(t, m, "P1: out c3", "P1: d3", "P1: special subcolony")
		p := gs(m).Players[0]
		eq(t, "score", p.Score, 12)
		eq(t, "cost paid", p.Store, [3]int{0, 1, 0})
		eq(t, "sortie over", gs(m).Sortie == nil, true)
	})
	t.Run("MYR-SPEC-5", func(t *testing.T) {
		m := workers(t, ",level=1", "")
		gs(m).Pools[0] = 0
		do(t, m, "P1: out c3", "P1: d3")
		eq(t, "empty pool", offered(t, m, 0, "", "special"), false)
	})
	t.Run("MYR-SPEC-1", func(t *testing.T) {
		m := workers(t, ",level=1", "")
		do(t, m, "P1: out c3")
		eq(t, "not on the exit", offered(t, m, 0, "", "special"), false)
	})
}

func TestClearing(t *testing.T) {
	// P2's arc e3-f3-f4 lies on mushroom and prey spaces: empty, worth 2 VP.
	setup := func(t *testing.T, owner, p1 string) *engine.Match {
		return workers(t, ",earth=1,soldiers=1"+p1, "pher="+owner+":e3-f3-f4 prey=none")
	}
	t.Run("MYR-CLR-1", func(t *testing.T) {
		m := setup(t, "P2", "")
		do(t, m, "P1: out c3", "P1: d3")
		eq(t, "not standing on it", offered(t, m, 0, "", "clear"), false)
		do(t, m, "P1: e3")
		do(t, m, "P1: clear f4")
		eq(t, "earth paid", gs(m).Players[0].Store[cEarth], 0)
		m = workers(t, ",soldiers=1", "pher=P2:e3-f3-f4 prey=none")
		do(t, m, "P1: out c3", "P1: d3", "P1: e3")
		eq(t, "no earth, no clearing", offered(t, m, 0, "", "clear"), false)
		m = workers(t, ",earth=1", "pher=P1:d3-e3 prey=none")
		do(t, m, "P1: out c3", "P1: d3")
		eq(t, "a pheromone with cubes", offered(t, m, 0, "", "clear"), false)
	})
	t.Run("MYR-CLR-2", func(t *testing.T) {
		m := setup(t, "P2", "")
		left := gs(m).Players[1].Pher[3]
		do(t, m, "P1: out c3", "P1: d3", "P1: e3", "P1: clear f4")
		g := gs(m)
		eq(t, "gone", g.Tiles[0].Gone, true)
		eq(t, "spaces free", cellOf(m, "e3").Tile, -1)
		eq(t, "not back to the owner", g.Players[1].Pher[3], left)
	})
	t.Run("MYR-CLR-3", func(t *testing.T) {
		m := setup(t, "P2", "")
		do(t, m, "P1: out c3", "P1: d3", "P1: e3", "P1: clear f4")
		eq(t, "owner keeps the VP", gs(m).Players[1].Score, 10)
	})
	t.Run("MYR-CLR-4", func(t *testing.T) {
		m := setup(t, "P2", "")
		do(t, m, "P1: out c3", "P1: d3", "P1: e3", "P1: clear f4")
		eq(t, "opponent's pheromone scores its VP", gs(m).Players[0].Score, 12)
		m = setup(t, "P1", "")
		do(t, m, "P1: out c3", "P1: d3", "P1: e3", "P1: clear f4")
		eq(t, "own scores nothing", gs(m).Players[0].Score, 10)
	})
	t.Run("MYR-CLR-5", func(t *testing.T) {
		m := setup(t, "P2", "")
		do(t, m, "P1: out c3", "P1: d3", "P1: e3")
		eq(t, "stand choices", codes(t, m, 0, "clear"), "e3 f3 f4") // AMB-9
		do(t, m, "P1: clear f4", "P1: f5")
		eq(t, "moved on", gs(m).Sortie.At, gs(m).b.byLabel["f5"])
	})
}

// harvest plays P1's first worker to lay a pheromone, then the rest of the
// workers phase; the harvest prompt follows.
func TestHarvest(t *testing.T) {
	t.Run("MYR-HARV-2", func(t *testing.T) {
		m := workers(t, ",level=1,workers=1", "pher=P1:c4-d4-e4 prey=none") // earth, food, food
		do(t, m, "P1: r0", "P2: r0", "P2: out j7", "P2: stop")
		eq(t, "harvest prompt", m.State.Pending()[0].Kind, kHarvest)
		eq(t, "choices", codes(t, m, 0, ""), "food earth")
		do(t, m, "P1: earth")
		g := gs(m)
		eq(t, "store", g.Players[0].Store, [3]int{0, 1, 0})
		eq(t, "left on the tile", g.Tiles[0].Cubes, [3]int{2, 0, 0})
	})
	t.Run("MYR-HARV-1", func(t *testing.T) {
		m := workers(t, ",workers=1", "pher=P1:d4-e4 prey=none") // one kind: no choice
		do(t, m, "P1: r0", "P2: r0", "P2: out j7", "P2: stop")
		eq(t, "harvested without a prompt", gs(m).Players[0].Store[cFood], 1)
		eq(t, "season", gs(m).Season, 1)
	})
	t.Run("MYR-HARV-3", func(t *testing.T) {
		m := workers(t, ",workers=1", "")
		addSpecial(m, 0, "farm", "d4")
		addSpecial(m, 0, "subcolony", "e4")
		addSpecial(m, 0, "scavenging", "f5")
		addSpecial(m, 0, "farm", "g5")
		gs(m).Tiles[3].Marked = false // unmarked: no yield
		do(t, m, "P1: r0", "P2: r0", "P2: out j7", "P2: stop", "P1: stone")
		p := gs(m).Players[0]
		eq(t, "store", p.Store, [3]int{1, 0, 1})
		eq(t, "sub-colony", p.Score, 12)
	})
	t.Run("MYR-EFF-7", func(t *testing.T) {
		m := workers(t, ",level=1,workers=1", "dice=6,1,1 pher=P1:c4-d4-e4 prey=none")
		gs(m).Players[0].Event = gs(m).b.event("harvest")
		do(t, m, "P1: r0", "P2: r0", "P2: out j7", "P2: stop")
		eq(t, "picks", codes(t, m, 0, "food"), "food@c4 earth@c4")
		do(t, m, "P1: food food@c4 earth@c4")
		g := gs(m)
		eq(t, "store", g.Players[0].Store, [3]int{2, 1, 0})
		eq(t, "tile emptied", g.Tiles[0].Cubes, [3]int{})
	})
	t.Run("MYR-PHER-7", func(t *testing.T) {
		m := workers(t, ",workers=1", "pher=P1:d4-e5 prey=none")
		do(t, m, "P1: r0", "P2: r0", "P2: out j7", "P2: stop")
		eq(t, "still in the garden once empty", gs(m).Tiles[0].Cubes == [3]int{1, 0, 0} && !gs(m).Tiles[0].Gone, true)
	})
}

// atelier: P1 with n atelier nurses, no workers anywhere.
func atelier(t *testing.T, n int, p1, opts string) *engine.Match {
	// One more nurse stays home, so next season stops at P1's births.
	m := start(t, "starts=c3,j7 first=1 prey=none dice=4,1,1 "+opts+" give=P1:larvae=0,workers=0,nurses="+itoa(n+1)+p1+";P2:larvae=0,workers=0,nurses=0")
	settle(t, m)
	do(t, m, "P1: 0 0 0 "+itoa(n))
	settle(t, m)
	return m
}

// settle answers open event and harvest prompts with their defaults.
func settle(t *testing.T, m *engine.Match) {
	t.Helper()
	for range 8 {
		ps := m.State.Pending()
		if len(ps) == 0 || (ps[0].Kind != kEvent && ps[0].Kind != kHarvest) {
			return
		}
		if _, err := m.Answer(engine.Answer{Seat: ps[0].Seat, Path: ps[0].Default}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestAtelier(t *testing.T) {
	t.Run("MYR-ATL-1", func(t *testing.T) {
		m := atelier(t, 1, "", "")
		eq(t, "only P1", len(m.State.Pending()), 1)
		eq(t, "phase", gs(m).Phase, PhaseAtelier)
	})
	t.Run("MYR-ATL-3", func(t *testing.T) {
		m := atelier(t, 2, ",earth=4", "")
		do(t, m, "P1: upgrade")
		refused(t, m, "P1: upgrade", "MYR-ATL-3")
	})
	t.Run("MYR-ATL-6", func(t *testing.T) {
		m := atelier(t, 2, ",earth=2", "")
		do(t, m, "P1: upgrade", "P1: skip")
		eq(t, "nurses home", gs(m).Players[0].Nurses, 3)
	})
	t.Run("MYR-TUN-1", func(t *testing.T) {
		m := atelier(t, 1, "", "")
		spaces := codes(t, m, 0, "tunnel")
		eq(t, "next to the exit on c3", spaces, "b2 c2 b3 d3 b4 c4")
		do(t, m, "P1: tunnel d3")
		eq(t, "earth", gs(m).Players[0].Store[cEarth], 1)
		eq(t, "exit", cellOf(m, "d3").Tunnel, 0)
	})
	t.Run("MYR-TUN-2", func(t *testing.T) {
		m := atelier(t, 1, "", "")
		gs(m).Players[0].Tunnels = 3
		refused(t, m, "P1: tunnel d3", "MYR-TUN-2")
	})
	t.Run("MYR-TUN-3", func(t *testing.T) {
		m := atelier(t, 1, "", "")
		do(t, m, "P1: tunnel d3")
		g := gs(m)
		g.Phase, g.Cur, g.Players[0].Workers, g.Players[0].Queue = PhaseWorkers, 0, 1, nil
		eq(t, "the new exit starts sorties", codes(t, m, 0, "out"), "c3 d3")
	})
	t.Run("MYR-UPG-1", func(t *testing.T) {
		m := atelier(t, 1, ",earth=2", "")
		do(t, m, "P1: upgrade")
		eq(t, "level", gs(m).Players[0].Level, 1)
		eq(t, "paid", gs(m).Players[0].Store, [3]int{})
		m = atelier(t, 1, ",level=1,earth=2,stone=1", "")
		eq(t, "1 to 2: stone or earth", codes(t, m, 0, "upgrade"), "stone earth") // AMB-1
		do(t, m, "P1: upgrade earth")
		eq(t, "paid", gs(m).Players[0].Store, [3]int{0, 0, 1})
		m = atelier(t, 1, ",level=1,earth=2", "upgrade=and")
		refused(t, m, "P1: upgrade", "MYR-UPG-1")
		m = atelier(t, 1, ",level=2,stone=2", "")
		refused(t, m, "P1: upgrade", "MYR-UPG-1")
	})
	t.Run("MYR-UPG-2", func(t *testing.T) {
		m := atelier(t, 2, ",earth=4,stone=1", "")
		do(t, m, "P1: upgrade")
		refused(t, m, "P1: upgrade stone", "MYR-ATL-3")
		eq(t, "one level a season", gs(m).Players[0].Level, 1)
	})
	t.Run("MYR-UPG-4", func(t *testing.T) {
		m := atelier(t, 1, ",level=3,stone=3", "")
		refused(t, m, "P1: upgrade", "MYR-UPG-4")
	})
	t.Run("MYR-NUR-1", func(t *testing.T) {
		m := atelier(t, 1, ",food=2,larvae=2", "")
		do(t, m, "P1: nurse")
		p := gs(m).Players[0]
		eq(t, "nurses", p.Nurses, 3) // the new one and two back at end of season
		eq(t, "paid", p.Store[cFood]+p.Larvae, 0)
	})
	t.Run("MYR-NUR-2", func(t *testing.T) {
		m := atelier(t, 2, ",food=4,larvae=4", "")
		do(t, m, "P1: nurse")
		refused(t, m, "P1: nurse", "MYR-NUR-2")
	})
	t.Run("MYR-NUR-3", func(t *testing.T) {
		m := atelier(t, 1, ",food=2,larvae=2", "")
		gs(m).Players[0].ObjNurses = 6
		eq(t, "eight nurses at most", offered(t, m, 0, "", "nurse"), false)
	})
}

func TestObjectives(t *testing.T) {
	goals := "objectives=prey2,food3,prey3,special2,colony3,larvae9"
	t.Run("MYR-OBJ-2", func(t *testing.T) {
		m := atelier(t, 1, ",ladybug=3", goals)
		refused(t, m, "P1: goal prey3 ladybug ladybug ladybug", "MYR-OBJ-2")
		do(t, m, "P1: goal prey2 ladybug ladybug")
		eq(t, "score", gs(m).Players[0].Score, 16)
	})
	t.Run("MYR-OBJ-3", func(t *testing.T) {
		m := atelier(t, 1, ",ladybug=4,food=3", goals)
		gs(m).Objs[0].Done = []completion{{Seat: 0, Season: -1}}
		eq(t, "open", codes(t, m, 0, "goal"), "food3")
		refused(t, m, "P1: goal prey2 ladybug ladybug", "MYR-OBJ-3")
	})
	t.Run("MYR-OBJ-5", func(t *testing.T) {
		for lvl, id := range map[int]string{1: "food3", 2: "prey3", 3: "larvae9"} {
			m := atelier(t, 1, ",food=3,ladybug=3,larvae=9,maxobj="+itoa(lvl-1), goals)
			path := map[string]string{"food3": "", "prey3": " ladybug ladybug ladybug", "larvae9": ""}[id]
			do(t, m, "P1: goal "+id+path)
			eq(t, id+" score", gs(m).Players[0].Score, 10+3+3*lvl)
			eq(t, "nurse stays", gs(m).Players[0].ObjNurses, 1) // MYR-OBJ-7
		}
	})
	t.Run("MYR-OBJ-6", func(t *testing.T) {
		starts := map[int]string{2: "c3,j7", 3: "c4,j4,f7", 4: "c3,j3,j7,c7"}
		for n, bonus := range map[int]int{2: 5, 3: 4, 4: 3} { // MYR-PC-5
			give := "P1:larvae=0,workers=0,nurses=2,ladybug=2"
			for s := 2; s <= n; s++ {
				give += ";P" + itoa(s) + ":larvae=0,workers=0,nurses=0"
			}
			m := start(t, "players="+itoa(n)+" starts="+starts[n]+" first=1 prey=none dice=4,1,1 "+goals+" give="+give)
			do(t, m, "P1: 0 0 0 1")
			gs(m).Objs[0].Done = []completion{{Seat: 1, Season: -1}}
			do(t, m, "P1: goal prey2 ladybug ladybug")
			eq(t, "earlier completer", gs(m).Players[1].Score, 10+bonus)
		}
		m := atelier(t, 1, ",food=3", goals)
		gs(m).Objs[1].Done = []completion{{Seat: 1, Season: gs(m).seasonIndex()}}
		do(t, m, "P1: goal food3")
		eq(t, "same phase: no bonus", gs(m).Players[1].Score, 10)
	})
	t.Run("MYR-OBJ-2-first", func(t *testing.T) {
		m := atelier(t, 1, ",larvae=9,food=3", goals)
		eq(t, "level 3 before level 1", offered(t, m, 0, "goal", "larvae9"), false)
		refused(t, m, "P1: goal larvae9", "MYR-OBJ-2")
	})
	t.Run("MYR-OBJDEF-1", func(t *testing.T) {
		m := atelier(t, 1, ",earth=4,stone=3,maxobj=1", "objectives=mix6,food3,prey3,special2,colony3,larvae9")
		eq(t, "mixes", codes(t, m, 0, "goal mix6"), "2 3")
		do(t, m, "P1: goal mix6 2")
		eq(t, "store", gs(m).Players[0].Store, [3]int{0, 0, 1})
		m = atelier(t, 1, ",earth=5,stone=1,maxobj=1", "mix=half objectives=mix6,food3,prey3,special2,colony3,larvae9")
		eq(t, "3 earth + 3 stone needed", offered(t, m, 0, "", "goal"), false) // AMB-13
	})
	t.Run("MYR-OBJDEF-2", func(t *testing.T) {
		m := atelier(t, 1, ",ladybug=1,spider=2", goals)
		do(t, m, "P1: goal prey2 spider ladybug")
		eq(t, "tokens to the box", gs(m).Players[0].Prey, [3]int{0, 0, 1})
	})
	t.Run("MYR-OBJDEF-3", func(t *testing.T) {
		m := atelier(t, 1, ",maxobj=1,food=3", goals)
		addSpecial(m, 0, "farm", "d4")
		eq(t, "one tile is not enough", offered(t, m, 0, "goal", "special2"), false)
		addSpecial(m, 0, "scavenging", "e4")
		do(t, m, "P1: goal special2 d4")
		g := gs(m)
		eq(t, "unmarked", g.Tiles[0].Marked, false)
		eq(t, "cube back", g.Players[0].Cubes, 3)
	})
	t.Run("MYR-OBJDEF-4", func(t *testing.T) {
		m := atelier(t, 1, ",level=3,maxobj=2", goals)
		do(t, m, "P1: goal colony3")
		eq(t, "down two levels", gs(m).Players[0].Level, 1)
	})
	t.Run("MYR-OBJDEF-5", func(t *testing.T) {
		m := atelier(t, 1, ",larvae=10,maxobj=2", goals)
		do(t, m, "P1: goal larvae9")
		eq(t, "larvae", gs(m).Players[0].Larvae, 1)
	})
	t.Run("MYR-OBJDEF-6", func(t *testing.T) {
		m := atelier(t, 1, ",soldiers=3", "objectives=soldiers2,food3,prey3,special2,colony3,larvae9")
		do(t, m, "P1: goal soldiers2")
		eq(t, "soldiers", gs(m).Players[0].Soldiers, 1)
	})
	t.Run("MYR-OBJDEF-7", func(t *testing.T) {
		m := atelier(t, 2, ",maxobj=1", "objectives=nurses6,food3,prey3,special2,colony3,larvae9")
		eq(t, "three in play", offered(t, m, 0, "", "goal"), false)
		gs(m).Players[0].Nurses = 4 // AMB-14: six in play with the one used now
		eq(t, "where from", codes(t, m, 0, "goal nurses6"), "room atelier")
		do(t, m, "P1: goal nurses6 atelier")
		p := gs(m).Players[0]
		eq(t, "in play", p.nursesInPlay(), 5)
		eq(t, "waiting nurse lost", p.Atelier, 0)
	})
	t.Run("MYR-OBJDEF-8", func(t *testing.T) {
		m := atelier(t, 1, "", "pher=P1:c4-d4;P1:e4-e5;P1:f5-f6;P1:g5-g6 objectives=pher4,food3,prey3,special2,colony3,larvae9")
		eq(t, "start anywhere in the group", codes(t, m, 0, "goal pher4"), "c4 e4 f5 g5")
		eq(t, "grow by contact", codes(t, m, 0, "goal pher4 c4"), "e4")
		do(t, m, "P1: goal pher4 c4 e4 f5 g5")
		for _, tl := range gs(m).Tiles {
			eq(t, "emptied", tl.Cubes, [3]int{})
		}
		m = atelier(t, 1, ",food=3", "pher=P1:c4-d4;P1:e4-e5;P1:f5-f6;P1:i5-i6 objectives=pher4,food3,prey3,special2,colony3,larvae9")
		eq(t, "three connected", offered(t, m, 0, "goal", "pher4"), false)
	})
}

func TestEndOfSeason(t *testing.T) {
	t.Run("MYR-EOS-3", func(t *testing.T) {
		m := atelier(t, 1, ",food=3,earth=2", "")
		do(t, m, "P1: skip")
		eq(t, "keep prompt", m.State.Pending()[0].Kind, kKeep)
		eq(t, "choices", codes(t, m, 0, ""), "f2e2s0 f3e1s0")
		do(t, m, "P1: f3e1s0")
		eq(t, "store", gs(m).Players[0].Store, [3]int{3, 1, 0})
		m = atelier(t, 1, ",food=3,earth=3,level=2", "")
		do(t, m, "P1: skip")
		eq(t, "level 2 keeps 6", gs(m).Players[0].Store, [3]int{3, 3, 0})
		m = atelier(t, 1, ",food=3,earth=3,level=1", "dice=2,1,1")
		do(t, m, "P1: skip")
		eq(t, "level 1 with Level +1 keeps 6", gs(m).Players[0].Store, [3]int{3, 3, 0}) // AMB-18
	})
	t.Run("MYR-EOS-2", func(t *testing.T) {
		m := start(t, "starts=c3,j7 first=1 prey=none dice=5,1,1 give=P1:larvae=3,workers=0,nurses=1;P2:larvae=0,workers=0,nurses=0")
		before := gs(m).Supply[0]
		do(t, m, "P1: worker", "P1: 0 0 0 1", "P1: skip")
		eq(t, "spent larvae back in the supply", gs(m).Supply[0], before+2)
		eq(t, "spent", gs(m).Players[0].Spent, 0)
	})
	t.Run("MYR-EOS-5", func(t *testing.T) {
		m := atelier(t, 1, ",ladybug=2", "objectives=prey2,food3,prey3,special2,colony3,larvae9")
		do(t, m, "P1: goal prey2 ladybug ladybug")
		eq(t, "all but the objective nurse home", gs(m).Players[0].Nurses, 1)
	})
	t.Run("MYR-EOS-6", func(t *testing.T) {
		m := atelier(t, 1, "", "dice=4,1,3")
		do(t, m, "P1: skip")
		eq(t, "dice", gs(m).Dice, [3]int{0, 1, 3})
	})
	t.Run("MYR-EOS-7", func(t *testing.T) {
		m := atelier(t, 1, "", "")
		do(t, m, "P1: skip")
		eq(t, "first player", gs(m).First, 1)
	})
	t.Run("MYR-EOS-8", func(t *testing.T) {
		m := atelier(t, 1, "", "dice=4,1,3")
		gs(m).Players[0].Event = 7
		do(t, m, "P1: skip")
		eq(t, "summer event", gs(m).b.Events[gs(m).Players[0].Event], "larvae")
	})
}

// winterIn starts in year y with nothing to decide but P1's births; the
// three seasons pass with "0 0 0 0".
func winterIn(t *testing.T, y int, p1, p2 string) *engine.Match {
	m := start(t, "starts=c3,j7 first=1 prey=none dice=4,4,4 year="+itoa(y)+" give=P1:larvae=0,workers=0,nurses=1"+p1+";P2:larvae=0,workers=0,nurses=0"+p2)
	for range 3 {
		do(t, m, "P1: 0 0 0 0")
	}
	return m
}

func TestWinter(t *testing.T) {
	t.Run("MYR-WIN-1", func(t *testing.T) {
		for y, food := range map[int]int{1: 4, 2: 5, 3: 6} {
			m := winterIn(t, y, ",food=4", ",food=4")
			g := gs(m)
			eq(t, "year", g.Year, min(y+1, 3))
			eq(t, "P1 food left", g.Players[0].Store[cFood], max(0, 4-food))
			eq(t, "P1 score", g.Players[0].Score, 10-3*max(0, food-4)) // MYR-WIN-3
		}
	})
	t.Run("MYR-WIN-2", func(t *testing.T) {
		// Year 2: yellow has two soldiers and pays only 3 food (l.415).
		m := winterIn(t, 2, ",food=4,soldiers=2", "")
		eq(t, "food left", gs(m).Players[0].Store[cFood], 1)
		eq(t, "soldiers kept", gs(m).Players[0].Soldiers, 2)
		m = winterIn(t, 1, ",soldiers=7", "")
		eq(t, "nothing owed", gs(m).Players[0].Score, 10)
	})
	t.Run("MYR-WIN-4", func(t *testing.T) {
		m := start(t, "starts=c3,j7 first=1 prey=none dice=4,4,4 year=1 give=P1:larvae=7,workers=0,nurses=1,food=2;P2:larvae=0,workers=0,nurses=0,food=4")
		do(t, m, "P1: hex", "P1: 0 0 0 0", "P1: hex", "P1: 0 0 0 0", "P1: hex", "P1: 0 0 0 0")
		eq(t, "winter prompt", m.State.Pending()[0].Kind, kWinter)
		eq(t, "trades", codes(t, m, 0, ""), "0 1 2")
		do(t, m, "P1: 2")
		p := gs(m).Players[0]
		eq(t, "larvae", p.Larvae, 1)
		eq(t, "food paid", p.Store[cFood], 0)
		eq(t, "score", p.Score, 10)
	})
	t.Run("MYR-WIN-3", func(t *testing.T) {
		m := winterIn(t, 3, ",food=1", "")
		eq(t, "score", gs(m).Players[0].Score, 10-15)
		eq(t, "P2 score", gs(m).Players[1].Score, 10-18) // AMB-22: below start, no floor
	})
}

func TestTradeAndEnd(t *testing.T) {
	t.Run("MYR-TRADE-1", func(t *testing.T) {
		m := workers(t, ",larvae=4", "")
		do(t, m, "P1: trade")
		p := gs(m).Players[0]
		eq(t, "larvae", p.Larvae, 1)
		eq(t, "food", p.Store[cFood], 1)
		eq(t, "still P1's turn", m.State.Pending()[0].Seat, engine.Seat(0))
		eq(t, "1 larva: no trade", offered(t, m, 0, "", "trade"), false) // AMB-3
		m = workers(t, ",larvae=1", "trade=partial")
		do(t, m, "P1: trade")
		eq(t, "partial set", gs(m).Players[0].Store[cFood], 1)
	})
	t.Run("MYR-END-1", func(t *testing.T) {
		m := winterIn(t, 3, "", "")
		eq(t, "over", m.State.Result() != nil, true)
		eq(t, "no prompt", len(m.State.Pending()), 0)
	})
	t.Run("MYR-END-2", func(t *testing.T) {
		m := winterIn(t, 3, ",food=4,soldiers=2", ",food=4,soldiers=2")
		r := m.State.Result()
		eq(t, "tie", r.Rank[0] == 1 && r.Rank[1] == 1, true)
		m = winterIn(t, 3, ",food=4,soldiers=2", ",food=3,soldiers=2")
		r = m.State.Result()
		eq(t, "ranks", r.Rank[0]*10+r.Rank[1], 12)
		eq(t, "scores", r.Scores[0]*100+r.Scores[1], 1007)
		v := m.State.View(engine.NoSeat).(View)
		eq(t, "winners", strings.Trim(strings.Join(strings.Fields(strings.Repeat("x ", len(v.Winners))), ""), ""), "x")
	})
	t.Run("MYR-EOY-1", func(t *testing.T) {
		m := winterIn(t, 1, "", "")
		g := gs(m)
		eq(t, "year 2", g.Year, 2)
		eq(t, "spring", g.Season, 0)
		eq(t, "dice rolled", g.Dice[0] > 0 && g.Dice[1] > 0 && g.Dice[2] > 0, true)
		eq(t, "event from the new spring die", g.b.Events[g.Players[0].Event], g.b.Faces[g.Dice[0]-1])
	})
}
