package myrmes

import (
	"encoding/json"
	"strings"
	"testing"

	"formica/engine"
)

// births is a 2-player start at phase 2: no larvae (no event prompt), the
// event from the spring die given by dice (4 = Hex +1: no birth bonus).
func births(t *testing.T, dice, give string) *engine.Match {
	return start(t, "starts=c3,j7 first=1 prey=none dice="+dice+" give=P1:larvae=0,"+give+";P2:larvae=0,nurses=0,workers=0")
}

func TestEvents(t *testing.T) {
	t.Run("MYR-EVT-1", func(t *testing.T) {
		m := start(t, quiet)
		eq(t, "spring event", gs(m).b.Events[gs(m).Players[1].Event], "soldier")
		do(t, m, "P1: r0", "P2: r0", "P1: out c3", "P1: stop", "P2: out j7", "P2: stop")
		g := gs(m)
		eq(t, "season", g.Season, 1)
		for _, p := range g.Players {
			eq(t, "summer event from the die showing 3", g.b.Events[p.Event], "vp")
		}
	})
	t.Run("MYR-EVT-3", func(t *testing.T) {
		m := start(t, "starts=c3,j7 first=1 prey=none dice=5,1,1 give=P1:larvae=1;P2:larvae=0")
		eq(t, "options", codes(t, m, 0, ""), "hex soldier move") // one step each way, no wrap (AMB-4)
		refused(t, m, "P1: worker", "MYR-EVT-3")
		m = start(t, "starts=c3,j7 first=1 prey=none dice=1,1,1 give=P1:larvae=9;P2:larvae=0")
		eq(t, "from the left end", codes(t, m, 0, ""), "larvae level vp hex soldier move worker harvest")
		do(t, m, "P1: harvest")
		eq(t, "larvae spent", gs(m).Players[0].Spent, 0) // sealed until births are in
		do(t, m, "P1: 0 0 0 0", "P2: 0 0 0 0")
		eq(t, "larvae left", gs(m).Players[0].Larvae, 2)
		eq(t, "event", gs(m).b.Events[gs(m).Players[0].Event], "harvest")
	})
	t.Run("MYR-EVT-2", func(t *testing.T) {
		m := start(t, "starts=c3,j7 first=1 prey=none dice=5,1,1 give=P1:larvae=1;P2:larvae=0")
		do(t, m, "P1: soldier", "P1: 0 0 0 0", "P2: 0 0 0 0")
		eq(t, "larvae kept", gs(m).Players[0].Larvae, 1)
	})
	t.Run("MYR-EVT-4", func(t *testing.T) {
		m := start(t, "starts=c3,j7 first=1 prey=none dice=5,1,1 give=P1:larvae=3,workers=1;P2:larvae=0,workers=0,nurses=0")
		supply := gs(m).Supply[0]
		do(t, m, "P1: worker", "P1: 0 0 0 0")
		g := gs(m)
		eq(t, "larvae", g.Players[0].Larvae, 1)
		eq(t, "spent", g.Players[0].Spent, 2)
		if offered(t, m, 0, "", "trade") {
			t.Fatal("spent larvae traded") // AMB-30
		}
		_ = supply
	})
	t.Run("MYR-EVT-6", func(t *testing.T) {
		m := start(t, "starts=c3,j7 first=1 prey=none dice=5,1,1 give=P1:larvae=1;P2:larvae=1")
		do(t, m, "P1: soldier")
		var kinds []string
		for _, p := range m.State.Pending() {
			kinds = append(kinds, p.Kind)
		}
		eq(t, "prompts", strings.Join(kinds, " "), "births event")
	})
}

func TestBirths(t *testing.T) {
	t.Run("MYR-BIRTH-2", func(t *testing.T) {
		for n, want := range []int{0, 1, 3, 5} {
			m := births(t, "4,1,1", "nurses=4")
			do(t, m, "P1: "+itoa(n)+" 0 0 0")
			eq(t, "larvae", gs(m).Players[0].Larvae, want)
		}
		refused(t, births(t, "4,1,1", "nurses=4"), "P1: 4 0 0 0", "MYR-BIRTH-2")
	})
	t.Run("MYR-BIRTH-3", func(t *testing.T) {
		for n, want := range []int{0, 0, 1, 2} {
			m := births(t, "4,1,1", "nurses=4")
			do(t, m, "P1: 0 "+itoa(n)+" 0 0")
			eq(t, "soldiers", gs(m).Players[0].Soldiers, want)
		}
		refused(t, births(t, "4,1,1", "nurses=4"), "P1: 0 4 0 0", "MYR-BIRTH-3")
	})
	t.Run("MYR-BIRTH-4", func(t *testing.T) {
		for n, want := range []int{0, 0, 1, 1, 2} {
			m := births(t, "4,1,1", "nurses=5,workers=0")
			do(t, m, "P1: 0 0 "+itoa(n)+" 0")
			eq(t, "workers", gs(m).Players[0].Workers, want)
		}
		refused(t, births(t, "4,1,1", "nurses=5"), "P1: 0 0 5 0", "MYR-BIRTH-4")
	})
	t.Run("MYR-BIRTH-1", func(t *testing.T) {
		m := births(t, "4,1,1", "nurses=3,workers=0")
		refused(t, m, "P1: 1 1 1 1", "MYR-BIRTH-1") // only 3 nurses
		do(t, m, "P1: 1 0 0 1")
		g := gs(m)
		eq(t, "nurses left in the room", g.Players[0].Nurses, 1)
		eq(t, "atelier", g.Players[0].Atelier, 1)
	})
	t.Run("MYR-BIRTH-5", func(t *testing.T) {
		cases := []struct {
			dice, path, what string
			want             int
		}{
			{"1,1,1", "1 0 0 0", "larvae", 3}, // MYR-EFF-1
			{"1,1,1", "0 0 0 0", "larvae", 0},
			{"5,1,1", "0 2 0 0", "soldiers", 2}, // MYR-EFF-3
			{"5,1,1", "0 1 0 0", "soldiers", 0},
		}
		for _, c := range cases {
			m := births(t, c.dice, "nurses=3")
			do(t, m, "P1: "+c.path)
			p := gs(m).Players[0]
			got := map[string]int{"larvae": p.Larvae, "soldiers": p.Soldiers}[c.what]
			eq(t, c.dice+" "+c.path+" "+c.what, got, c.want)
		}
		// Worker +1 has no die face: two larvae from Soldier +1 reach it (l.210).
		for path, want := range map[string]int{"0 0 2 0": 4, "0 0 1 0": 2} { // MYR-EFF-2
			m := start(t, "starts=c3,j7 first=1 prey=none dice=5,1,1 give=P1:larvae=2,nurses=3;P2:larvae=0,nurses=0")
			do(t, m, "P1: worker", "P1: "+path)
			eq(t, path+" workers", gs(m).Players[0].Workers, want)
		}
	})
	t.Run("MYR-BIRTH-6", func(t *testing.T) {
		m := start(t, "starts=c3,j7 first=1 prey=none dice=4,1,1 give=P1:larvae=0;P2:larvae=0")
		ev := do(t, m, "P1: 2 0 0 1")
		g := gs(m)
		eq(t, "no birth before all placed", g.Players[0].Larvae, 0)
		eq(t, "nurses still home in the view", g.View(engine.NoSeat).(View).Players[0].Nurses, 3)
		for _, e := range ev {
			if e.To == engine.NoSeat && strings.Contains(e.Key, "placed") {
				t.Fatalf("public event %s before the reveal", e.Key)
			}
		}
		for _, viewer := range []engine.Seat{engine.NoSeat, 1} {
			b, _ := json.Marshal(g.View(viewer))
			if strings.Contains(string(b), "births 2 0 0 1") {
				t.Fatalf("%s sees P1's sealed births", viewer)
			}
		}
		b, _ := json.Marshal(g.View(0))
		eq(t, "owner sees own choice", strings.Contains(string(b), "births 2 0 0 1"), true)
		for _, p := range m.State.Pending() {
			eq(t, "secret prompt", p.Secret, true)
		}
		do(t, m, "P2: 0 0 0 0")
		eq(t, "larvae after the reveal", gs(m).Players[0].Larvae, 3)
		eq(t, "phase", gs(m).Phase, PhaseWorkers) // MYR-BIRTH-9
	})
	t.Run("MYR-BIRTH-8", func(t *testing.T) {
		m := births(t, "4,1,1", "nurses=3,workers=0")
		do(t, m, "P1: 0 0 0 2")
		eq(t, "phase", gs(m).Phase, PhaseAtelier)
		eq(t, "prompt", m.State.Pending()[0].Kind, kAtelier)
	})
	t.Run("MYR-CAP-1", func(t *testing.T) {
		m := births(t, "5,1,1", "nurses=4,soldiers=5,workers=2")
		do(t, m, "P1: 0 2 2 0") // 2 soldiers (1 + Soldier +1) and 1 worker, one figure free
		eq(t, "phase", gs(m).Phase, PhaseCap)
		eq(t, "choices", codes(t, m, 0, ""), "0 1") // AMB-5
		do(t, m, "P1: 1")
		p := gs(m).Players[0]
		eq(t, "workers", p.Workers, 3)
		eq(t, "soldiers", p.Soldiers, 5)
		m = births(t, "4,1,1", "nurses=4,soldiers=6,workers=2")
		do(t, m, "P1: 0 3 0 0")
		eq(t, "full: nothing born", gs(m).Players[0].Soldiers, 6)
	})
}
