package myrmes

import (
	"testing"

	"formica/engine"
)

func TestMoreRules(t *testing.T) {
	t.Run("MYR-SETUP-7", func(t *testing.T) {
		g := gs(start(t, "players=4 seed=3"))
		for s, p := range g.Players {
			eq(t, "nurses", p.nursesInPlay(), 3)
			eq(t, "figures", g.figures(s), 2)
			eq(t, "ownership cubes", p.Cubes, 4)
		}
	})
	t.Run("MYR-STRUCT-3", func(t *testing.T) {
		m := winterIn(t, 1, "", "")
		v := m.State.View(engine.NoSeat).(View)
		eq(t, "year 2 dice public", v.Dice, gs(m).Dice)
		eq(t, "their events public", v.DiceEv[0], gs(m).b.Faces[gs(m).Dice[0]-1])
	})
	t.Run("MYR-EVT-5", func(t *testing.T) {
		m := workers(t, ",workers=3", "dice=6,1,1 prey=none") // Movement +3
		do(t, m, "P1: out c3", "P1: stop", "P2: r0")
		do(t, m, "P1: out c3")
		eq(t, "still Movement +3 for the second sortie", gs(m).Sortie.MP, 6)
	})
	t.Run("MYR-BIRTH-7", func(t *testing.T) {
		m := births(t, "4,1,1", "nurses=4,workers=1")
		do(t, m, "P1: 1 1 2 0")
		p := gs(m).Players[0]
		eq(t, "on the tracks", p.Tracks, [3]int{1, 1, 2})
		eq(t, "room", p.Nurses, 0)
		do(t, m, "P1: r0")
		if gs(m).Phase == PhaseWorkers {
			do(t, m, "P1: out c3", "P1: stop")
		}
		eq(t, "back at end of season", gs(m).Players[0].Nurses, 4)
	})
	t.Run("MYR-CAP-2", func(t *testing.T) {
		m := workers(t, ",soldiers=6", "prey=b2:spider")
		eq(t, "figures", gs(m).figures(0), 8)
		do(t, m, "P1: out c3", "P1: b2")
		eq(t, "two soldiers back to the reserve", gs(m).figures(0), 5) // one worker out, two soldiers spent
		do(t, m, "P1: stop")
		eq(t, "worker back to the reserve", gs(m).figures(0), 5)
	})
	t.Run("MYR-SORT-3", func(t *testing.T) {
		m := workers(t, ",level=1,soldiers=1,earth=1", "pher=P2:e3-f3-f4 prey=b2:ladybug")
		do(t, m, "P1: out c3")
		eq(t, "hunt by moving", offered(t, m, 0, "", "b2"), true)
		do(t, m, "P1: d3")
		eq(t, "lay a tile", offered(t, m, 0, "", "place") && offered(t, m, 0, "", "special"), true)
		do(t, m, "P1: e3")
		eq(t, "clear", offered(t, m, 0, "", "clear"), true)
	})
	t.Run("MYR-PHER-6", func(t *testing.T) {
		m := workers(t, "", "")
		do(t, m, "P1: out c3", "P1: d3", "P1: place pair d3-e3")
		eq(t, "next player", m.State.Pending()[0].Seat, engine.Seat(1))
		eq(t, "kind", m.State.Pending()[0].Kind, kWorker)
	})
	t.Run("MYR-SPEC-7", func(t *testing.T) { // costs are our data (DESIGN.md)
		m := workers(t, ",level=2", "")
		do(t, m, "P1: out c3", "P1: d3")
		eq(t, "aphid farm needs its earth", codes(t, m, 0, "special"), "scavenging")
	})
	t.Run("MYR-SPEC-6", func(t *testing.T) {
		m := workers(t, ",workers=1", "")
		addSpecial(m, 0, "farm", "d4")
		do(t, m, "P1: r0", "P2: r0", "P2: out j7", "P2: stop")
		eq(t, "aphid farm food at harvest", gs(m).Players[0].Store[cFood], 1)
	})
	t.Run("MYR-HARV-4", func(t *testing.T) {
		m := workers(t, ",level=1,workers=1", "pher=P1:c4-d4-e4;P1:g5-h5 prey=none")
		gs(m).Players[0].Event = gs(m).b.event("harvest")
		do(t, m, "P1: r0", "P2: r0", "P2: out j7", "P2: stop")
		// Normal harvest: earth from c4-d4-e4 and the food of g5-h5; then
		// three more, two from one pheromone.
		do(t, m, "P1: earth food@c4 food@c4 food@g5")
		g := gs(m)
		eq(t, "store", g.Players[0].Store, [3]int{4, 1, 0})
		eq(t, "both emptied", g.Tiles[0].Cubes == [3]int{} && g.Tiles[1].Cubes == [3]int{}, true)
	})
	t.Run("MYR-ATL-2", func(t *testing.T) {
		m := start(t, "starts=c3,j7 first=1 prey=none dice=4,1,1 give=P1:larvae=0,workers=0,nurses=3;P2:larvae=0,workers=0,nurses=3")
		do(t, m, "P1: 0 0 0 2", "P2: 0 0 0 2")
		var order []engine.Seat
		for range 4 {
			p := m.State.Pending()[0]
			order = append(order, p.Seat)
			do(t, m, p.Seat.String()+": skip")
		}
		eq(t, "one nurse a turn in turn order", order[0]*1000+order[1]*100+order[2]*10+order[3], engine.Seat(101))
	})
	t.Run("MYR-ATL-5", func(t *testing.T) {
		m := atelier(t, 1, ",earth=2,food=3,larvae=2", "objectives=food3,prey2,prey3,special2,colony3,larvae9")
		eq(t, "areas", codes(t, m, 0, ""), "tunnel upgrade nurse goal skip")
	})
	t.Run("MYR-ATL-4", func(t *testing.T) {
		for _, first := range []string{"tunnel d3", "upgrade"} {
			m := atelier(t, 2, ",earth=2", "")
			do(t, m, "P1: "+first)
			eq(t, "either order", len(m.State.Pending()), 1)
		}
	})
	t.Run("MYR-OBJ-1", func(t *testing.T) {
		m := atelier(t, 1, ",food=2,ladybug=2", "objectives=food3,prey2,prey3,special2,colony3,larvae9")
		refused(t, m, "P1: goal food3", "MYR-OBJ-1")
	})
	t.Run("MYR-OBJ-4", func(t *testing.T) {
		m := atelier(t, 1, ",food=4", "objectives=food3,prey2,prey3,special2,colony3,larvae9")
		before := gs(m).Supply[1]
		do(t, m, "P1: goal food3")
		eq(t, "food discarded to the supply", gs(m).Supply[1], before+3)
	})
	t.Run("MYR-OBJ-8", func(t *testing.T) {
		m := atelier(t, 2, ",food=3,ladybug=2", "objectives=food3,prey2,prey3,special2,colony3,larvae9")
		do(t, m, "P1: goal food3")
		refused(t, m, "P1: goal prey2 ladybug ladybug", "MYR-ATL-3")
	})
	t.Run("MYR-OBJDEF-0", func(t *testing.T) {
		for lvl, want := range map[int]int{1: 6, 2: 9, 3: 12} {
			eq(t, "objective VP", objVP(lvl), want)
		}
	})
	t.Run("MYR-TUN-4", func(t *testing.T) {
		m := atelier(t, 1, "", "")
		do(t, m, "P1: tunnel d3")
		for range 2 {
			do(t, m, "P1: 0 0 0 0")
		}
		eq(t, "still there in winter's wake", cellOf(m, "d3").Tunnel, int8(0))
	})
	t.Run("MYR-WIN-5", func(t *testing.T) {
		m := winterIn(t, 1, "", "")
		g := gs(m)
		eq(t, "straight to the next spring", g.Year*10+g.Season, 20)
		eq(t, "births", g.Phase, PhaseBirths)
	})
	t.Run("MYR-WIN-6", func(t *testing.T) {
		for _, c := range []struct{ soldiers, food, score, left int }{{0, 9, 10, 3}, {2, 1, 7, 0}, {8, 2, 10, 2}} {
			m := winterIn(t, 3, ",soldiers="+itoa(c.soldiers)+",food="+itoa(min(c.food, 4)), "")
			g := gs(m)
			food := min(c.food, 4)
			owed := max(0, 6-c.soldiers)
			paid := min(owed, food)
			eq(t, "score", g.Players[0].Score, 10-3*(owed-paid))
			eq(t, "food left", g.Players[0].Store[cFood], food-paid)
		}
	})
	t.Run("MYR-STRUCT-7", func(t *testing.T) {
		m := atelier(t, 1, ",larvae=3", "")
		do(t, m, "P1: trade")
		eq(t, "food", gs(m).Players[0].Store[cFood], 1)
		eq(t, "still P1's atelier turn", m.State.Pending()[0].Kind, kAtelier)
		m = winterIn(t, 1, ",larvae=0", "")
		eq(t, "not outside a turn", offered(t, m, 0, "", "trade"), false)
	})
	t.Run("MYR-EOS-1", func(t *testing.T) {
		m := start(t, "starts=c3,j7 first=1 prey=none dice=4,1,1 give=P1:larvae=0,workers=0,nurses=2,food=5;P2:larvae=0,workers=0,nurses=2,earth=5")
		do(t, m, "P1: 0 0 0 0", "P2: 0 0 0 0")
		eq(t, "both asked at once", len(m.State.Pending()), 2)
		do(t, m, "P1: f4e0s0")
		eq(t, "nothing done before both are in", gs(m).Players[0].Store[cFood], 5)
		do(t, m, "P2: f0e4s0")
		eq(t, "then everything", gs(m).Players[0].Store[cFood]*10+gs(m).Players[1].Store[cEarth], 44)
	})
}

func TestPreferences(t *testing.T) {
	t.Run("MYR-EVT-2", func(t *testing.T) {
		m := start(t, "starts=c3,j7 first=1 prey=none dice=5,1,1 give=P1:larvae=2;P2:larvae=0")
		do(t, m, "P2: pref keep-event on") // a waiting seat may set it too
		do(t, m, "P1: pref keep-event on")
		eq(t, "still asked this season", m.State.Pending()[0].Kind, kEvent)
		do(t, m, "P1: soldier", "P1: 0 0 0 0", "P2: 0 0 0 0")
		for _, p := range m.State.Pending() {
			if p.Kind == kEvent {
				t.Fatalf("%s asked about the event with keep-event on", p.Seat)
			}
		}
	})
	t.Run("MYR-EOS-3", func(t *testing.T) {
		m := atelier(t, 1, ",food=3,earth=2,stone=1", "")
		do(t, m, "P1: pref keep-food on", "P1: skip")
		eq(t, "kept without a prompt", gs(m).Players[0].Store, [3]int{3, 0, 1})
	})
	t.Run("MYR-WIN-4", func(t *testing.T) {
		m := start(t, "starts=c3,j7 first=1 prey=none dice=4,4,4 give=P1:larvae=7,workers=0,nurses=1,food=2;P2:larvae=0,workers=0,nurses=0,food=4")
		do(t, m, "P1: pref no-trade on", "P1: pref keep-event on")
		do(t, m, "P1: hex", "P1: 0 0 0 0", "P1: 0 0 0 0", "P1: 0 0 0 0") // asked this spring, not after
		eq(t, "no winter prompt, no trade", gs(m).Players[0].Larvae, 7)
		eq(t, "score", gs(m).Players[0].Score, 4)
	})
}
