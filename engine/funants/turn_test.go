package funants

import (
	"testing"

	"formica/engine"
)

// FUN-DRAW-2 FUN-AMB-18: after topping up, one optional swap, only as the
// first thing in the turn.
func TestSwap(t *testing.T) {
	x := start(t, 2)
	x.handOf(1, "rage", "dash", "forage", "harvest")
	deck := len(x.g().Deck)
	turn := x.m.State.View(engine.NoSeat).(View).Turn
	ev := x.do(1, "swap rage")
	drew := ""
	for _, e := range ev {
		if e.Key == "fun.drew" {
			drew = e.Args["n"]
		}
	}
	x.want("the log tells the one card drawn", drew, "1")
	x.want("hand size after swap", len(x.g().Players[0].Hand), 4)
	x.want("deck after swap", len(x.g().Deck), deck-1)
	x.want("discard", x.g().b.cards[x.g().Discard[0]], "rage")
	x.bad(1, "swap dash", "FUN-DRAW-2")
	x.do(1, "pass")
	x.want("turns are counted up", x.m.State.View(engine.NoSeat).(View).Turn, turn+1)
	x.do(2, "play forage")
	x.bad(2, "swap rage", "FUN-DRAW-2")
}

// FUN-DRAW-3 FUN-CARD-7: an empty deck is rebuilt from the discard pile.
func TestReshuffle(t *testing.T) {
	x := start(t, 2)
	x.handOf(1, "forage")
	g := x.g()
	g.Discard = append(g.Discard, g.Deck...)
	g.Deck = nil
	x.do(1, "play forage")
	x.do(1, "pass")
	x.do(2, "pass")
	x.want("P1 hand", len(x.g().Players[0].Hand), 4)
	if len(x.g().Deck)+len(x.g().Discard)+8 != 40 {
		t.Fatalf("cards lost: deck %d discard %d", len(x.g().Deck), len(x.g().Discard))
	}
}

// FUN-DRAW-4: no hand limit; a player above 4 cards keeps them.
func TestNoHandLimit(t *testing.T) {
	x := start(t, 2)
	g := x.g()
	g.Players[1].Hand = append(g.Players[1].Hand, g.Deck[0], g.Deck[1])
	g.Deck = g.Deck[2:]
	x.do(1, "pass")
	x.want("P2 hand", len(x.g().Players[1].Hand), 6)
}

// FUN-INCOME-2 FUN-INCOME-3 FUN-RES-2 FUN-AMB-19: workers mine every turn
// from their next turn on, two on a centre cell give 2; soldiers never.
func TestMining(t *testing.T) {
	x := start(t, 2, "ants=1w:c3,1w:c4,1w:c4,1s:a4", "tokens=0,0")
	x.want("first income: c4 pair only", x.tokens(1), 2)
	x.do(1, "move c3 d3")
	x.want("no income on arrival", x.tokens(1), 3) // the board token only
	x.do(1, "pass")
	x.do(2, "pass")
	// c4: 2 workers, d3: 1 worker, a4 soldier: nothing.
	x.want("income", x.tokens(1), 3+3)
	x.do(1, "pass")
	x.do(2, "pass")
	x.want("income again", x.tokens(1), 3+3+3)
}

// FUN-MAIN-1 FUN-MAIN-2 FUN-MAIN-3 FUN-MAIN-4: hire or move, not both;
// cards and building in any order around either; passing is allowed.
func TestHireOrMove(t *testing.T) {
	x := start(t, 2, "ants=1w:c1", "tokens=20,4")
	x.handOf(1, "forage", "supplies", "rage", "rage")
	x.do(1, "hire w b1")
	x.bad(1, "move c1 d1", "FUN-MAIN-1")
	x.do(1, "play forage")
	x.do(1, "hire s a2")
	x.do(1, "build")
	x.do(1, "play supplies")
	x.do(1, "pass")
	x.do(2, "pass") // FUN-MAIN-4: nothing at all
	x.do(1, "move c1 d1")
	x.bad(1, "hire w a2", "FUN-MAIN-1")
	x.do(1, "build")
	x.do(1, "move a2 a3")
	x.do(1, "pass")
}

// FUN-HIRE-1 FUN-HIRE-2 FUN-HIRE-3 FUN-AMB-21 FUN-RES-4: workers cost 1,
// soldiers 2, any number up to tokens and the 5+3 pieces, onto the three
// anthill cells only.
func TestHireCosts(t *testing.T) {
	x := start(t, 2, "tokens=30,4")
	x.do(1, "hire w b1")
	x.want("worker cost", x.tokens(1), 29)
	x.do(1, "hire s b2")
	x.want("soldier cost", x.tokens(1), 27)
	x.bad(1, "hire w c1", "FUN-HIRE-3")
	x.do(1, "hire ss a2")
	x.bad(1, "hire s b1 c1", "FUN-HIRE-2") // all 3 soldiers are out
	x.do(1, "hire w b1 c1")
	x.do(1, "hire w b2 c3")
	x.do(1, "hire w a2 a3")
	x.do(1, "hire w b1 c1") // c1 now holds 2
	x.bad(1, "hire w b1", "FUN-HIRE-2")
	x.want("tokens", x.tokens(1), 27-4-4)
	y := start(t, 2, "tokens=1,4")
	y.bad(1, "hire s b1", "FUN-HIRE-2")
	y.do(1, "hire w b1")
	y.bad(1, "hire w b2", "FUN-HIRE-2")
}

// FUN-HIRE-4 FUN-HIRE-5 FUN-AMB-1 FUN-AMB-2 FUN-CELL-1 FUN-CELL-4: the
// push moves the ant on the hiring cell one cell forward; it may be declined
// while the cell holds fewer than 2; no chain push.
func TestHirePush(t *testing.T) {
	x := start(t, 2, "ants=1w:b1,1w:c1", "tokens=20,4")
	// c1 already holds one ant; a push from b1 goes to c1 (forward, away from nw).
	x.do(1, "hire s b1 c1")
	x.want("b1", x.on("b1"), "1s")
	x.want("c1", x.on("c1"), "1w 1w")
	// Hiring again onto b1 and pushing: c1 is full, and no chain push exists.
	x.bad(1, "hire w b1 c1", "FUN-HIRE-5")
	x.do(1, "hire w b1") // decline the push: 2 ants on b1
	x.want("b1 pair", x.on("b1"), "1s 1w")
	x.bad(1, "hire w b1", "FUN-HIRE-3") // a third would break FUN-CELL-1
	// b2's forward cell is c3 only (the ring cells are not farther).
	x.do(1, "hire w b2")
	if x.ok(1, "hire w b2 a2") || !x.ok(1, "hire w b2 c3") {
		t.Fatal("push direction wrong")
	}
	x.do(1, "hire s a2")
	x.bad(1, "hire s a2 b1", "FUN-HIRE-5")
}

// FUN-HIRE-5 FUN-AMB-1: pushing one of two ants of different kinds names
// the kind; the push is then mandatory (the cell is full).
func TestPushKind(t *testing.T) {
	x := start(t, 2, "ants=1w:a2,1s:a2", "tokens=20,4")
	x.bad(1, "hire w a2", "") // incomplete: the push is required
	x.bad(1, "hire w a2 a3", "")
	x.do(1, "hire w a2 a3 s")
	x.want("a3", x.on("a3"), "1s")
	x.want("a2", x.on("a2"), "1w 1w")
}

// FUN-MOVE-1 FUN-MOVE-2 FUN-MOVE-3 FUN-AMB-24: any ant steps one cell to an
// adjacent cell, each at most once per turn; some or all may move.
func TestMoves(t *testing.T) {
	x := start(t, 2, "ants=1w:c1,1s:a3,1w:b2")
	x.bad(1, "move c1 e1", "FUN-MOVE-2")
	x.do(1, "move c1 d1")
	x.bad(1, "move d1 e1", "FUN-MOVE-3")
	x.do(1, "move a3 a4") // a soldier moves the same way
	x.do(1, "pass")
	x.do(2, "pass")
	x.do(1, "move d1 c1")
	x.do(1, "pass")
	x.want("b2 stayed", x.on("b2"), "1w")
}

// FUN-BOARD-3 FUN-AMB-4: the three anthill cells are adjacent for moving,
// not for battle.
func TestAnthillRing(t *testing.T) {
	x := start(t, 2, "ants=1w:b1")
	x.do(1, "move b1 a2")
	x.do(1, "pass")
	y := start(t, 4, "scenario=classic-teams", "ants=1w:b1,2w:a2")
	y.want("no battle across the ring", y.pending(), "P1:turn")
}

// FUN-MOVE-7 FUN-AMB-6 FUN-CELL-2 FUN-CELL-3 FUN-AMB-5 FUN-AMB-22: limits on
// entering cells.
func TestCellLimits(t *testing.T) {
	// No stepping onto a path cell held by an opponent (reachable only over a ring link).
	x := start(t, 4, "scenario=classic-teams", "ants=1w:b1,2w:a2,3w:g2")
	x.bad(1, "move b1 a2", "FUN-MOVE-2")
	// An ally may share a cell within the limits.
	x.do(1, "pass")
	x.do(2, "pass")
	x.do(3, "move g2 f1") // ally P3 next to P1? no: f1 is far; only checks the step is legal
	// Cake cells: one ant in total, even an ally's.
	y := start(t, 4, "scenario=classic-teams", "ants=1w:d1,3w:e1,1w:c1")
	y.bad(1, "move c1 d1", "FUN-MOVE-2")
	y.bad(3, "move e1 d1", "")
	// Centre cells: two ants in total, whoever owns them.
	z := start(t, 4, "scenario=classic-teams", "ants=1w:d3,3w:d3,1w:c3,1s:c3")
	z.bad(1, "move c3 d3", "FUN-MOVE-2")
	z.do(1, "move c3 c4 2") // an empty centre cell takes a pair
	z.want("c4", z.on("c4"), "1w 1s")
}
