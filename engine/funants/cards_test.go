package funants

import "testing"

// FUN-TUNNEL-2 FUN-TUNNEL-3 FUN-TUNNEL-4 FUN-TUNNEL-9 FUN-AMB-11 FUN-AMB-12
// FUN-AMB-23: entrances in move turns only, on a worker's cell, 1 cake, not
// on resource cells, not within 2 of an opponent's anthill, two cells apart.
func TestTunnelPlacement(t *testing.T) {
	x := start(t, 2, "ants=1w:c1,1s:a3,1w:d1,1w:e3,1w:b2", "tokens=9,4")
	x.bad(1, "tunnel a3", "FUN-TUNNEL-4") // a soldier's cell
	x.bad(1, "tunnel d1", "FUN-TUNNEL-4") // a cake cell
	x.bad(1, "tunnel e3", "FUN-TUNNEL-4") // 2 from ne
	x.do(1, "move b2 c3")
	x.do(1, "tunnel c3")               // the worker arrived this turn
	x.want("paid", x.tokens(1), 9+1-1) // +1 mined on d1
	x.bad(1, "tunnel c3", "FUN-TUNNEL-4")
	x.do(1, "tunnel c1")
	y := start(t, 2, "ants=1w:c1", "tokens=9,4")
	y.do(1, "hire w b1")
	y.bad(1, "tunnel c1", "FUN-TUNNEL-2")
	// An unused anthill does not limit placement: g5 is 2 from se (unused).
	z := start(t, 2, "ants=1w:g5", "tokens=9,4")
	z.do(1, "tunnel g5")
}

// FUN-TUNNEL-5 FUN-TUNNEL-6 FUN-TUNNEL-7 FUN-TUNNEL-8 FUN-ALLY-3: the two
// entrances are adjacent for their owner only; an opponent stepping on an
// entrance removes it; tunnels never make cells battle-adjacent.
func TestTunnelUse(t *testing.T) {
	x := start(t, 2, "ants=1w:c1,1w:a5,1s:c1", "tokens=9,9")
	x.do(1, "tunnel c1")
	x.do(1, "tunnel a5")
	x.do(1, "move c1 a5 s")
	x.want("through the tunnel", x.on("a5"), "1w 1s")
	// P2 cannot use P1's tunnel.
	z := start(t, 2, "ants=1w:c3,1w:a5,2w:f1", "tokens=9,9")
	z.do(1, "tunnel c3")
	z.do(1, "tunnel a5")
	z.do(1, "pass")
	z.bad(2, "move f1 a5", "FUN-MOVE-2")
	z.do(2, "move f1 e1")
	z.do(2, "pass")
	z.do(1, "move c3 b2") // leave c3; the entrance stays
	z.want("entrance stays", len(z.g().Players[0].Entrances), 2)
	z.do(1, "pass")
	z.do(2, "pass")
	// Stepping onto an opponent's entrance removes it (FUN-TUNNEL-7).
	w := start(t, 2, "ants=1w:c3,1w:a5,2w:e3", "tokens=9,9")
	w.do(1, "tunnel c3")
	w.do(1, "tunnel a5")
	w.do(1, "move c3 b2")
	w.do(1, "pass")
	w.do(2, "move e3 d3")
	w.do(2, "pass")
	w.do(1, "pass")
	w.do(2, "move d3 c3")
	w.want("entrance removed", len(w.g().Players[0].Entrances), 1)
	// Allies never remove each other's entrances.
	a := start(t, 4, "scenario=classic-teams", "ants=1w:c3,1w:c1,3w:d3", "tokens=9,9,9,9")
	a.do(1, "tunnel c3")
	a.do(1, "tunnel c1")
	a.do(1, "move c3 b2")
	a.do(1, "pass")
	a.do(2, "pass")
	a.do(3, "move d3 c3")
	a.want("ally keeps it", len(a.g().Players[0].Entrances), 2)
	// FUN-TUNNEL-8: entrances are not battle adjacency. P2's worker shares
	// b1 with P1's; P1 digs entrances on c3 and b1 and walks its b1 worker
	// through the tunnel to c3: P2 now stands on the other end of P1's
	// tunnel, and no battle starts.
	b := start(t, 2, "ants=1w:c3,1w:b1,2w:b1", "tokens=9,9")
	b.want("no battle on a shared cell", b.pending(), "P1:turn")
	b.do(1, "tunnel c3")
	b.do(1, "tunnel b1")
	b.do(1, "move b1 c3")
	b.want("P1 on c3", b.on("c3"), "1w 1w")
	b.want("P2 on b1", b.on("b1"), "2w")
	b.want("no battle through the tunnel", b.pending(), "P1:turn")
}

// FUN-TUNNEL-6 FUN-ALLY-3: only the builder may use a tunnel, even when an
// ally stands on its entrance. c3 and b1 are not adjacent: without the
// tunnel P1's move is refused, with it accepted; P3 (P1's ally) on the same
// entrance, on its own turn and with an unmoved ant, is refused.
func TestTunnelOwnerOnly(t *testing.T) {
	x := start(t, 4, "scenario=classic-teams", "ants=1w:c3,1w:b1,3w:c3", "tokens=9,9,9,9")
	x.bad(1, "move c3 b1", "FUN-MOVE-2")
	x.do(1, "tunnel c3")
	x.do(1, "tunnel b1")
	if !x.ok(1, "move c3 b1") {
		t.Fatal("the builder cannot use its tunnel")
	}
	x.do(1, "pass")
	x.do(2, "pass")
	x.want("P3 to play", x.pending(), "P3:turn")
	if x.options(3, "move c3") == "" {
		t.Fatal("P3's ant on c3 cannot move at all")
	}
	x.bad(3, "move c3 b1", "FUN-MOVE-2")
}
