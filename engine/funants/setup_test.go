package funants

import (
	"testing"

	"formica/engine"
)

// FUN-BOARD-1 FUN-BOARD-2 FUN-BOARD-4 FUN-BOARD-5 FUN-BOARD-6 FUN-BOARD-7:
// four anthills (not cells) on the corners of a square, three cells each,
// paths between them and to a centre of four cells, four cake cells.
func TestBoardShape(t *testing.T) {
	b, err := loadBoard()
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Anthills) != 4 {
		t.Fatalf("%d anthills", len(b.Anthills))
	}
	kinds := map[string]int{}
	for _, c := range b.Cells {
		kinds[c.Kind]++
		for _, h := range b.Anthills {
			if c.X == h.X && c.Y == h.Y {
				t.Fatalf("cell %s sits on anthill %s", c.ID, h.ID)
			}
		}
	}
	if kinds[KindCentre] != 4 || kinds[KindCake] != 4 {
		t.Fatalf("cell kinds %v, want 4 centre and 4 cake cells", kinds)
	}
	for a, h := range b.Anthills {
		n := 0
		for c := range b.Cells {
			if b.dist[a][c] == 1 {
				n++
			}
		}
		if n != 3 {
			t.Fatalf("anthill %s has %d adjacent cells", h.ID, n)
		}
		// Every anthill cell has a forward cell for the push (FUN-HIRE-5).
		for _, c := range h.Cells {
			if len(b.forward(a, b.index[c])) == 0 {
				t.Fatalf("anthill cell %s has no forward neighbour", c)
			}
		}
	}
	// Adjacent anthills (nw-ne) are joined by a short path; diagonal ones
	// (nw-se) lie farther apart through the centre.
	if d := b.dist[1][b.index["b1"]]; d != 5 {
		t.Fatalf("b1 is %d from ne, want 5 along the top path", d)
	}
	if d := b.dist[2][b.index["b2"]]; d != 6 {
		t.Fatalf("b2 is %d from se, want 6 through the centre", d)
	}
	x := start(t, 2)
	v := x.m.State.View(engine.NoSeat).(View)
	if v.Players[0].Anthill != "nw" || v.Players[1].Anthill != "ne" {
		t.Fatalf("2-player adjacent layout gave %s, %s", v.Players[0].Anthill, v.Players[1].Anthill)
	}
	// FUN-MOVE-5: an anthill is no cell to move to.
	x = start(t, 2, "ants=1w:b1")
	x.bad(1, "move b1 nw", "FUN-MOVE-2")
}

// FUN-SETUP-1 FUN-SETUP-7 FUN-SEAT-1 FUN-SEAT-2 FUN-SEAT-3: player counts,
// scenarios, seating.
func TestSeatsAndScenarios(t *testing.T) {
	for _, c := range []struct {
		seats int
		opts  map[string]string
		ok    bool
	}{
		{1, nil, false}, {2, nil, true}, {3, nil, true}, {4, nil, true}, {5, nil, false},
		{2, map[string]string{"scenario": ClassicTeams}, false},
		{4, map[string]string{"scenario": ClassicTeams}, true},
		{3, map[string]string{"scenario": PyramidsTeams}, false},
		{4, map[string]string{"scenario": PyramidsTeams, "allies": "adjacent"}, true},
		{2, map[string]string{"scenario": "chess"}, false},
	} {
		_, err := engine.Start(Game, engine.Setup{Game: "funants", Seats: c.seats, Options: c.opts})
		if (err == nil) != c.ok {
			t.Errorf("%d players %v: err %v, want ok=%v", c.seats, c.opts, err, c.ok)
		}
	}
	x := start(t, 2, "layout=diagonal")
	x.want("diagonal P2 anthill", x.g().b.Anthills[x.g().Players[1].Anthill].ID, "se")
	x = start(t, 3, "anthills=sw,ne,nw") // FUN-SEAT-2: free choice
	x.want("P1 anthill", x.g().b.Anthills[x.g().Players[0].Anthill].ID, "sw")
	if _, err := engine.Start(Game, engine.Setup{Game: "funants", Seats: 2, Options: map[string]string{"anthills": "nw,nw"}}); err == nil {
		t.Fatal("two players on one anthill accepted")
	}
	// FUN-SEAT-3: allies diagonal (P1+P3) or adjacent (P1+P2).
	x = start(t, 4, "scenario=classic-teams", "allies=diagonal")
	if g := x.g(); g.opponents(0, 2) || !g.opponents(0, 1) {
		t.Fatal("diagonal allies wrong")
	}
	x = start(t, 4, "scenario=classic-teams", "allies=adjacent")
	if g := x.g(); g.opponents(0, 1) || !g.opponents(0, 2) {
		t.Fatal("adjacent allies wrong")
	}
	x = start(t, 4)
	if g := x.g(); !g.opponents(0, 2) {
		t.Fatal("4-player free-for-all has allies")
	}
}

// FUN-SETUP-2 FUN-SETUP-3 FUN-SETUP-4 FUN-SETUP-5 FUN-SETUP-6 FUN-SETUP-8
// FUN-SETUP-9 FUN-SETUP-11 FUN-TUNNEL-1 FUN-AMB-17: starting material.
func TestStartingPosition(t *testing.T) {
	x := start(t, 3)
	v := x.m.State.View(engine.NoSeat).(View)
	for _, p := range v.Players {
		if p.Workers != 5 || p.Soldiers != 3 || p.Tokens != 4 || p.HandSize != 4 || len(p.Levels) != 0 {
			t.Fatalf("start of P%d: %+v", p.Seat+1, p)
		}
	}
	if v.DeckSize != 40-12 || len(v.Discard) != 0 {
		t.Fatalf("deck %d discard %d", v.DeckSize, len(v.Discard))
	}
	tokens := 0
	for _, c := range v.Cells {
		if c.Token {
			tokens++
			if c.Kind == KindPath {
				t.Fatalf("token on path cell %s", c.ID)
			}
		}
		if len(c.Ants) != 0 {
			t.Fatal("ants on the board at the start")
		}
	}
	if tokens != 8 {
		t.Fatalf("%d board tokens, want 8", tokens)
	}
	if v.Anthills[3].Owner != -1 {
		t.Fatal("the unused anthill has an owner")
	}
	// 4-player Pyramids: 5 each, all three levels stacked; the bank has no cap.
	x = start(t, 4, "scenario=pyramids")
	for i, p := range x.g().Players {
		if p.Tokens != 5 || len(p.Levels) != 3 || p.Levels[0].Size != 0 || p.Levels[2].Size != 2 || p.Levels[2].Colour != i {
			t.Fatalf("pyramids start P%d: %+v", i+1, p)
		}
	}
	// Two tunnel entrances per colour: a third placement is never offered.
	x = start(t, 2, "ants=1w:c1,1w:a3,1w:b2", "tokens=9,4")
	x.do(1, "tunnel c1")
	x.do(1, "tunnel a3")
	x.bad(1, "tunnel b2", "FUN-TUNNEL-4")
}

// FUN-SETUP-10 FUN-TURN-1 FUN-DRAW-1 FUN-INCOME-1: the youngest (seat 1)
// starts, turns go clockwise, each starts by drawing then taking income.
func TestTurnOrder(t *testing.T) {
	x := start(t, 4, "ants=2w:d1")
	x.want("first", x.pending(), "P1:turn")
	x.do(1, "pass")
	x.want("second", x.pending(), "P2:turn")
	x.want("P2 income on cake", x.tokens(2), 5)
	x.do(2, "play forage")
	x.want("hand after play", len(x.g().Players[1].Hand), 3)
	x.do(2, "pass")
	x.do(3, "pass")
	x.do(4, "pass")
	x.want("back to P1", x.pending(), "P1:turn")
	x.do(1, "pass")
	x.want("P2 drew up to 4", len(x.g().Players[1].Hand), 4)
	x.want("P2 mined again", x.tokens(2), 7)
	// Anthills go clockwise nw, ne, se, sw with the seats.
	for i, want := range []string{"nw", "ne", "se", "sw"} {
		x.want("anthill", x.g().b.Anthills[x.g().Players[i].Anthill].ID, want)
	}
}
