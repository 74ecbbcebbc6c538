package march

import (
	"encoding/json"
	"strings"
	"testing"

	"formica/engine"
)

// MOA1-ASYNC-1 MOA1-ASYNC-2 MOA1-GLOSS-17 MOA1-CARD-21 MOA1-HEX-4
// MOA1-AMB-3 MOA1-DATA-10 MOA1-SETUP-2
func TestViewHidesHands(t *testing.T) {
	g := cardBoard(t)
	g.hand(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12) // no hand limit
	g.hand(1, 13)
	g.ant(2, 0, 0)
	g.evo(1, 25)
	g.turn(0)
	for seat := engine.Seat(-1); seat < 3; seat++ {
		v := g.s().View(seat).(*View)
		b, _ := json.Marshal(v)
		for i, p := range v.Panels {
			if p.CP != g.s().Players[i].CP || p.Colour == "" {
				t.Fatal("every score is on the public CP track")
			}
		}
		if v.Panels[0].HandSize != 12 || v.Panels[1].HandSize != 1 {
			t.Fatal("hand sizes are public")
		}
		if seat == 0 && len(v.Hand) != 12 || seat != 0 && strings.Contains(string(b), cardRef(3)) {
			t.Fatalf("%s sees the wrong hand", seat)
		}
		if !strings.Contains(string(b), cardRef(25)) {
			t.Fatal("evolutions are public")
		}
		gt := v.Hexes[0]
		if gt.Kind != "gt" || len(gt.Sites) != 0 || len(gt.Tunnels) != 6 || gt.Controller != -1 {
			t.Fatalf("the GT has no sites: %+v", gt)
		}
		h := v.Hexes[1]
		if h.Num != 2 || h.Sites[0].Owner != 0 || !h.Sites[0].Control || h.Controller != 0 || h.Q != 1 {
			t.Fatalf("hex view %+v", h)
		}
		if v.Marker != "sun" || v.Phase != "worker" || v.Active != 0 || v.HexStack != len(g.s().Stack) {
			t.Fatal("round, phase, marker and stack size are public")
		}
	}
	sec := g.s().Secrets(0)
	if len(sec) != 12 || sec[0] != "card:001" {
		t.Fatalf("secrets %v", sec)
	}
}

// MOA1-OVR-5: 2-5 players; 1-5 in the Uprising.
func TestPlayerCounts(t *testing.T) {
	for n := 0; n <= 6; n++ {
		_, err := engine.Start(Game, engine.Setup{Game: "march", Seats: n})
		if ok := n >= 2 && n <= 5; (err == nil) != ok {
			t.Fatalf("%d players: %v", n, err)
		}
		_, err = engine.Start(Game, engine.Setup{Game: "march", Seats: n, Options: map[string]string{"mode": "uprising"}})
		if ok := n >= 1 && n <= 5; (err == nil) != ok {
			t.Fatalf("uprising %d players: %v", n, err)
		}
	}
	if _, err := engine.Start(Game, engine.Setup{Game: "march", Seats: 3, Options: map[string]string{"deck": "99"}}); err == nil {
		t.Fatal("a bad deck option is refused")
	}
}

// MOA1-MARCH-9 MOA1-HEX-5 MOA1-REACT-6: ants may walk onto a centipede hex
// (it becomes contested); each action's reaction window is its own kind.
func TestMarchOntoCentipedeAndReactionKinds(t *testing.T) {
	g := cardBoard(t)
	s := g.s()
	s.tile(2).Centi = true
	s.Counters--
	g.ant(0, 0, -1)
	g.turn(0)
	g.ans(0, "march")
	g.ans(0, "gt 2 s1")
	g.ans(0, "done")
	if !g.s().tile(2).contested() {
		t.Fatal("ants with a centipede: contested")
	}
	cmds := map[string][]string{
		"explore": {"explore", "gt e r0 1 s1"},
		"march":   {"march", "done"},
		"forage":  {"forage"},
		"play":    {"play c4"},
	}
	for act, cs := range cmds {
		g := board3(t)
		g.place(1, -1, 0, 0) // a neighbour of the GT so March reactions have a step
		g.hand(0, 4)
		g.hand(1, 5)
		g.hand(2, 6)
		g.turn(0)
		for _, c := range cs {
			g.ans(0, c)
		}
		g.wantPending("P2:reaction." + act)
	}
	// no wormhole may go to the GT
	g = cardBoard(t)
	g.hand(0, 14)
	g.play(0, "c14 l")
	if g.has(0, "", "gt") {
		t.Fatal("wormhole in the GT")
	}
}

// MOA1-AMB-19 MOA1-2P-6: the neighbour comparison counts both neighbours
// with 3+ players (the one-player rule is 2-player only).
func TestNeighbourGoals(t *testing.T) {
	g := newTG(t, 5)
	g.reset(2, 0)
	s := g.s()
	s.Players[0].Food = 3
	s.Food--
	if !s.goalMet(0, 56) {
		t.Fatal("more than both neighbours")
	}
	s.Players[4].Food = 3
	s.Food--
	if s.goalMet(0, 56) {
		t.Fatal("the right-hand neighbour ties")
	}
	s.Players[4].Food = 2
	s.Players[2].Food = 9
	s.Food -= 6
	if !s.goalMet(0, 56) {
		t.Fatal("non-neighbours do not count")
	}
}
