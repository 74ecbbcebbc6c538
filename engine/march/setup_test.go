package march

import (
	"testing"
)

// MOA1-SETUP-3 MOA1-SETUP-4 MOA1-SETUP-5 MOA1-SETUP-6 MOA1-SETUP-13
// MOA1-GLOSS-1 MOA1-TOK-1 MOA1-SETUP-11 MOA1-ROUND-5 MOA1-SETUP-10
// MOA1-SETUP-1 MOA1-SETUP-12 MOA1-OVR-2 MOA1-ROUND-1
func TestStandardSetup(t *testing.T) {
	for _, n := range []int{3, 4} {
		g := newTG(t, n)
		s := g.s()
		for i, p := range s.Players {
			if p.Larvae != 5 || p.Food != 2 || len(p.Hand) != 2 || p.CP != 0 || p.Supply != 30 || s.Tiles[0].Out[i] != 1 {
				t.Fatalf("%d players, P%d start %+v, GT ants %d", n, i+1, p, s.Tiles[0].Out[i])
			}
			if len(p.Goals) != 0 || len(p.Evo[0])+len(p.Evo[1])+len(p.Evo[2]) != 0 || p.RestLarva+p.RestFood != 0 {
				t.Fatal("a player starts with goals, evolutions or rest-zone tokens")
			}
		}
		if len(s.Tiles) != 1 || s.Tiles[0].Num != 0 || s.Tiles[0].Q != 0 {
			t.Fatal("only the Great Tunnel is on the table at the start")
		}
		if s.Round != 1 || s.Rounds != 4 || s.Phase != "worker" || s.Active != 0 {
			t.Fatalf("round %d/%d phase %s active %d", s.Round, s.Rounds, s.Phase, s.Active)
		}
		if s.Food != 30-2*n || s.Counters != 15 {
			t.Fatalf("general supply food %d markers %d", s.Food, s.Counters)
		}
		if len(s.Deck) != 66-2*n {
			t.Fatalf("deck %d", len(s.Deck))
		}
	}
	// MOA1-SETUP-11: the first player is chosen at random from the seed.
	seen := map[int]bool{}
	for seed := uint64(0); seed < 20; seed++ {
		st, err := Game.New(normalized(t, 4, seed))
		if err != nil {
			t.Fatal(err)
		}
		seen[st.(*State).Active] = true
	}
	if len(seen) < 3 {
		t.Fatalf("first players over 20 seeds: %v", seen)
	}
}

// MOA1-SETUP-7 MOA1-SETUP-8 MOA1-SETUP-9 MOA1-NF-2 MOA1-NF-3 MOA1-5P-1
// MOA1-SETUP-15 MOA1-5P-5 MOA1-LONG-3 MOA1-SETUP-16 MOA1-LONG-1 MOA1-DATA-3
func TestHexStack(t *testing.T) {
	cases := []struct {
		n      int
		opts   []string
		starts int
		nf     []int
		rounds int
	}{
		{3, []string{"frontiers=none"}, 6, []int{0}, 4},
		{4, []string{"frontiers=none"}, 8, []int{0}, 4},
		{4, []string{"frontiers=random"}, 8, []int{2, 3}, 4},
		{3, []string{"frontiers=3"}, 6, []int{3}, 4},
		{5, []string{"frontiers=none"}, 8, []int{5}, 4},
		{3, []string{"length=long", "frontiers=none"}, 6, []int{5}, 5},
		{2, []string{"frontiers=2"}, 4, []int{2}, 4},
	}
	for _, c := range cases {
		g := newTG(t, c.n, c.opts...)
		s := g.s()
		starts, nf := 0, 0
		for i, num := range s.Stack {
			switch s.data.Hex(num).Kind {
			case "start":
				starts++
				if i >= c.starts {
					t.Fatalf("%v: starting hex %d below a standard hex", c.opts, num)
				}
			case "nf":
				nf++
			}
		}
		if starts != c.starts {
			t.Fatalf("%d players %v: %d starting hexes on the stack, want %d", c.n, c.opts, starts, c.starts)
		}
		ok := false
		for _, want := range c.nf {
			ok = ok || nf == want
		}
		if !ok || len(s.Stack) != c.starts+12+nf {
			t.Fatalf("%d players %v: %d New Frontiers hexes, stack %d", c.n, c.opts, nf, len(s.Stack))
		}
		if s.Rounds != c.rounds {
			t.Fatalf("rounds %d want %d", s.Rounds, c.rounds)
		}
		if c.n == 3 && len(s.Spare) != 2 {
			t.Fatalf("3 players: %d starting hexes returned to the box, want 2", len(s.Spare))
		}
	}
}

// MOA1-2P-1 MOA1-2P-2 MOA1-2P-3 MOA1-SETUP-14 MOA1-AMB-20 MOA1-AMB-21
// MOA1-DATA-2 MOA1-ASYNC-19
func TestTwoPlayerSetup(t *testing.T) {
	g := newTG(t, 2)
	s := g.s()
	if !s.reverseGT() || s.gtEdges != [6]bool{true, false, true, false, true, false} {
		t.Fatal("2 players use the reverse side of the GT")
	}
	g.wantPending("P1:starthex")
	opts := g.options(0, "")
	if len(opts) != 2 {
		t.Fatalf("P1 chooses between 2 starting hexes, got %v", opts)
	}
	a := opts[0]
	if g.has(0, a, "ne") || !g.has(0, a, "e") {
		t.Fatalf("the hex must be connected to the GT by a tunnel: edges %v", g.options(0, a))
	}
	rot := g.options(0, a+" e")[0]
	cmd := a + " e " + rot
	for len(g.options(0, cmd)) > 0 {
		cmd += " " + g.options(0, cmd)[0]
	}
	g.ans(0, cmd)
	g.wantPending("P2:starthex")
	b := g.options(1, "")[0]
	cmd = b + " nw " + g.options(1, b+" nw")[0]
	for len(g.options(1, cmd)) > 0 {
		cmd += " " + g.options(1, cmd)[0]
	}
	g.ans(1, cmd)
	s = g.s()
	for p := 0; p < 2; p++ {
		pl := s.Players[p]
		if pl.Larvae != 3 || pl.Food != 2 || len(pl.Hand) != 2 || s.Tiles[0].Out[p] != 0 || s.antsInAnthill(p) != 3 || pl.Supply != 30 {
			t.Fatalf("P%d 2-player start: %+v, ants %d", p+1, pl, s.antsInAnthill(p))
		}
	}
	gt := &s.Tiles[0]
	for i := 1; i < len(s.Tiles); i++ {
		if !s.tunnelTo(gt, &s.Tiles[i]) {
			t.Fatal("starting hex not tunnel-connected to the GT")
		}
	}
	for _, n := range s.Stack {
		if s.tile(n) != nil {
			t.Fatal("a placed hex is still in the stack")
		}
	}
	if len(s.Tiles) != 3 {
		t.Fatalf("each player placed one hex; the other went back to the box: %d tiles", len(s.Tiles))
	}
	g.wantPending("P1:action")
}

// MOA1-SOLO-14 MOA1-SOLO-16 MOA1-SOLO-2 MOA1-SETUP-18 MOA1-CARD-5
// MOA1-AMB-29
func TestSoloSetup(t *testing.T) {
	for _, c := range []struct {
		diff          string
		larvae, cards int
	}{{"normal", 3, 4}, {"easy", 6, 4}, {"hard", 3, 2}} {
		g := newTG(t, 1, "mode=uprising", "difficulty="+c.diff)
		s := g.s()
		if len(s.CDeck) != 15 || len(s.Deck)+len(s.Players[0].Hand) != 51 {
			t.Fatalf("centipede deck %d, player deck %d", len(s.CDeck), len(s.Deck))
		}
		for _, id := range s.CDeck {
			if !s.data.Card(id).Solo {
				t.Fatal("a card without the centipede symbol is in the centipede deck")
			}
		}
		g.wantPending("P1:starthex")
		opts := g.options(0, "")
		cmd := opts[0] + " " + g.options(0, opts[0])[0]
		cmd += " " + g.options(0, cmd)[0]
		for len(g.options(0, cmd)) > 0 {
			cmd += " " + g.options(0, cmd)[0]
		}
		g.ans(0, cmd)
		s = g.s()
		p := s.Players[0]
		if p.Larvae != c.larvae || len(p.Hand) != c.cards || p.Food != 2 || s.antsInAnthill(0) != 3 {
			t.Fatalf("%s: %+v ants %d", c.diff, p, s.antsInAnthill(0))
		}
		if !s.reverseGT() {
			t.Fatal("solo uses the reverse GT")
		}
		starts := 0
		for _, n := range s.Stack {
			if s.data.Hex(n).Kind == "start" {
				starts++
			}
		}
		if starts != 2 {
			t.Fatalf("solo keeps 2 starting hexes on the stack, got %d", starts)
		}
	}
}

// MOA1-SPEC-2 MOA1-SPEC-5 MOA1-AMB-22 MOA1-SETUP-17 MOA1-SPEC-25
// MOA1-DATA-5
func TestSpeciesSetup(t *testing.T) {
	g := newTG(t, 4, "species=on")
	g.wantPending("P1:side P2:side P3:side P4:side")
	s := g.s()
	got := map[string]bool{}
	for _, p := range s.Players {
		got[p.Offered] = true
	}
	if len(got) != 4 || got[""] {
		t.Fatalf("the four species nests are dealt: %v", got)
	}
	mar := -1
	for i, p := range s.Players {
		if p.Offered == "marauder" {
			mar = i
		}
	}
	for p := 0; p < 4; p++ {
		side := "regular"
		if p == mar || p == (mar+1)%4 {
			side = "special"
		}
		g.ans(p, side)
	}
	s = g.s()
	if s.Players[mar].Species != "marauder" || len(s.Players[mar].Hand) != 1 {
		t.Fatalf("marauder starts with 1 card: %+v", s.Players[mar])
	}
	other := (mar + 2) % 4
	if s.Players[other].Species != "" || len(s.Players[other].Hand) != 2 {
		t.Fatal("a regular colony starts normally")
	}
}

// MOA1-DATA-1 MOA1-DATA-4 MOA1-HEX-6 MOA1-HEX-7 MOA1-NF-4 MOA1-CARD-6
// MOA1-DATA-9 MOA1-DATA-10 MOA1-AMB-2 MOA1-AMB-4
func TestComponentData(t *testing.T) {
	d, err := LoadData(components1e)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for n := 1; n <= 25; n++ {
		h := d.Hex(n)
		kinds[h.Kind]++
		ctl := 0
		for _, s := range h.Sites {
			if s.Control {
				ctl++
			}
		}
		if ctl != 1 || len(h.Sites) < 2 || h.TunnelSet == [6]bool{} {
			t.Fatalf("hex %d: %d control sites, %d sites", n, ctl, len(h.Sites))
		}
		if (n >= 21) != (h.Effect != "") {
			t.Fatalf("hex %d: New Frontiers effect mismatch", n)
		}
	}
	if kinds["start"] != 8 || kinds["std"] != 12 || kinds["nf"] != 5 {
		t.Fatalf("hex kinds %v", kinds)
	}
	types := map[string]int{}
	for id := 1; id <= 66; id++ {
		types[d.Card(id).Type]++
	}
	if types[TypeEvent]+types[TypeEvo]+types[TypeGoal] != 66 {
		t.Fatal("every card is an Event, Evolution or Colony Goal")
	}
	if _, err := LoadData([]byte(`{"hexes":[],"cards":[]}`)); err == nil {
		t.Fatal("empty data accepted")
	}
}
