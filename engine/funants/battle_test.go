package funants

import "testing"

// FUN-BATTLE-1 FUN-BATTLE-2 FUN-BATTLE-4 FUN-BATTLE-6 FUN-BATTLE-7
// FUN-AMB-7 FUN-HIRE-6 FUN-MOVE-6: opposing ants on adjacent cells fight at
// once; both sides are prompted together; the weaker leaves the board and
// returns to its owner's supply.
func TestBattleBasics(t *testing.T) {
	x := start(t, 2, "ants=1s:c1,2w:e1")
	x.handOf(1, "forage")
	x.handOf(2, "forage")
	x.do(1, "move c1 d1")
	x.want("the active player first", x.pending(), "P1:battle")
	x.do(1, "pass")
	x.want("then P2", x.pending(), "P2:battle")
	x.do(2, "pass")
	x.want("e1 lost", x.on("e1"), "")
	x.want("d1 stays", x.on("d1"), "1s")
	x.want("P2 worker back", x.g().supply(1, Worker), 5)
	x.want("turn goes on", x.pending(), "P1:turn")
	// Equal strength: both leave.
	y := start(t, 2, "ants=1w:c1,2w:e1")
	y.do(1, "move c1 d1")
	y.do(1, "pass")
	y.do(2, "pass")
	y.want("d1", y.on("d1"), "")
	y.want("e1", y.on("e1"), "")
	// A hire next to an enemy fights at once.
	z := start(t, 2, "ants=2s:c1", "tokens=4,4")
	z.do(1, "hire w b1")
	z.want("battle after hire", z.pending(), "P1:battle")
}

// FUN-BATTLE-3 FUN-CARD-8 FUN-BATTLE-5: who fights from a pair, and Ant Rage
// changing it (the rulebook's three examples).
func TestBattleExamples(t *testing.T) {
	// Example 1: soldier vs two workers: all removed.
	x := start(t, 2, "ants=1w:b1,1w:b1,2s:d1")
	x.do(1, "move b1 c1 2")
	x.do(1, "pass")
	x.do(2, "pass")
	x.want("example 1 c1", x.on("c1"), "")
	x.want("example 1 d1", x.on("d1"), "")
	// Example 2: Ant Rage on a worker: only that worker and the soldier go.
	x = start(t, 2, "ants=1w:b1,1w:b1,2s:d1")
	x.handOf(1, "rage")
	x.do(1, "move b1 c1 2")
	x.do(1, "play rage")
	x.do(2, "pass")
	x.do(1, "pass")
	x.want("example 2 c1", x.on("c1"), "1w")
	x.want("example 2 d1", x.on("d1"), "")
	// Example 3: Ant Rage on the soldier: the workers go.
	x = start(t, 2, "ants=1w:b1,1w:b1,2s:d1")
	x.handOf(2, "rage")
	x.do(1, "move b1 c1 2")
	x.do(1, "pass")
	x.do(2, "play rage")
	x.do(1, "pass")
	x.do(2, "pass")
	x.want("example 3 c1", x.on("c1"), "")
	x.want("example 3 d1", x.on("d1"), "2s")
	// Different strengths in a pair: only the stronger fights; the weaker stays.
	x = start(t, 2, "ants=1w:b1,1s:b1,2s:d1")
	x.do(1, "move b1 c1 2")
	x.do(1, "pass")
	x.do(2, "pass")
	x.want("pair c1", x.on("c1"), "1w")
}

// FUN-BATTLE-7 FUN-AMB-7 FUN-CARD-8: any number of Ant Rage from both sides;
// a card reopens the other side's answer; stacking on one ant.
func TestRageExchange(t *testing.T) {
	x := start(t, 2, "ants=1w:c1,2w:e1")
	x.handOf(1, "rage", "rage")
	x.handOf(2, "rage")
	x.do(1, "move c1 d1")
	x.do(1, "play rage")
	x.do(2, "play rage")
	x.want("P1 asked again", x.pending(), "P1:battle")
	x.do(1, "play rage")
	x.do(2, "pass")
	x.do(1, "pass")
	x.want("stacked rage wins", x.on("d1"), "1w")
	x.want("rage cleared", x.g().Ants[0].Rage, 0)
	x.bad(2, "pass", "")
	// No other card than Ant Rage in a battle (no Ambush).
	y := start(t, 2, "ants=1w:c1,2w:e1")
	y.handOf(1, "ambush", "dash")
	y.do(1, "move c1 d1")
	y.bad(1, "play ambush d1", "FUN-BATTLE-5")
}

// FUN-BATTLE-8 FUN-AMB-8: the weaker ant of a pair fights next, at once.
// FUN-BATTLE-9 FUN-AMB-9: the active player orders simultaneous battles.
// FUN-BATTLE-10: pushes trigger battles too.
func TestRepeatedAndOrderedBattles(t *testing.T) {
	x := start(t, 2, "ants=1s:c1,2s:e1,2w:e1")
	x.handOf(1, "rage")
	x.do(1, "move c1 d1")
	x.do(1, "play rage") // 3 vs 2: the soldier of P2 goes, the worker stays
	x.do(2, "pass")
	x.do(1, "pass")
	x.want("second battle at once", x.pending(), "P1:battle")
	x.do(1, "pass")
	x.do(2, "pass")
	x.want("d1 soldier wins again without rage", x.on("d1"), "1s")
	x.want("e1", x.on("e1"), "")
	// One arrival next to two enemies (allies sharing e1): P1 orders.
	y := start(t, 4, "scenario=classic-teams", "ants=1s:c1,2w:e1,4w:e1")
	y.do(1, "move c1 d1")
	y.want("order prompt", y.pending(), "P1:order")
	y.do(1, "fight 2")
	y.want("fight vs P4 first", y.pending(), "P1:battle")
	y.do(1, "pass")
	y.want("P4's answer", y.pending(), "P4:battle")
	y.do(4, "pass")
	y.want("then vs P2", y.pending(), "P1:battle")
	// A push arrival fights too.
	z := start(t, 2, "ants=1w:b1,2w:d1", "tokens=9,4")
	z.do(1, "hire w b1 c1")
	z.want("push battle", z.pending(), "P1:battle")
}

// FUN-CENTRE-1 FUN-CENTRE-2 FUN-CENTRE-3 FUN-AMB-10: centre battles only on
// one cell; one ant may enter a cell holding one opponent ant.
func TestCentreBattles(t *testing.T) {
	x := start(t, 2, "ants=1w:c3,1w:c3,2w:d3")
	x.want("no battle path-to-centre", x.pending(), "P1:turn")
	x.bad(1, "move c3 d3 2", "FUN-MOVE-8")
	x.do(1, "move c3 d3")
	x.want("same-cell battle", x.pending(), "P1:battle")
	x.do(1, "pass")
	x.do(2, "pass")
	x.want("d3 empty", x.on("d3"), "")
	y := start(t, 2, "ants=1w:d3,2w:e4")
	y.want("no battle between centre cells", y.pending(), "P1:turn")
}

// FUN-CARD-8 FUN-BATTLE-3: with two workers on a cell the player chooses
// which worker each Ant Rage card goes to. One card on each makes 2+2, and
// both fight together and beat a raged soldier's 3; stacking both on one
// worker (3 vs 3) would lose both sides. Before, every card went to the
// first worker.
func TestRageChoosesAnt(t *testing.T) {
	x := start(t, 2, "ants=1w:b1,1w:b1,2s:d1")
	x.handOf(1, "rage", "rage")
	x.handOf(2, "rage")
	x.do(1, "move b1 c1 2")
	x.do(1, "play rage") // both workers equal: no choice to make
	x.do(2, "play rage")
	x.want("choice of worker", x.options(1, "play rage"), "w w+1")
	x.do(1, "play rage w")
	x.do(2, "pass")
	x.do(1, "pass")
	x.want("both workers stay", x.on("c1"), "1w 1w")
	x.want("the soldier is beaten", x.on("d1"), "")
	// Stacked on one worker instead: 3 against 3, both fighters go and the
	// other worker stays.
	y := start(t, 2, "ants=1w:b1,1w:b1,2s:d1")
	y.handOf(1, "rage", "rage")
	y.handOf(2, "rage")
	y.do(1, "move b1 c1 2")
	y.do(1, "play rage")
	y.do(2, "play rage")
	y.do(1, "play rage w+1")
	y.do(2, "pass")
	y.do(1, "pass")
	y.want("one worker stays", y.on("c1"), "1w")
	y.want("soldier gone", y.on("d1"), "")
}

// FUN-BATTLE-7: battle cards are played alternately, the active player
// first, until both pass in a row; the side not to play is not prompted.
func TestRageAlternates(t *testing.T) {
	x := start(t, 2, "ants=1w:c1,2w:e1")
	x.handOf(1, "rage")
	x.handOf(2, "rage")
	x.do(1, "move c1 d1")
	x.want("active side first", x.pending(), "P1:battle")
	x.bad(2, "play rage", "")
	x.do(1, "pass")
	x.want("then the other side", x.pending(), "P2:battle")
	x.do(2, "play rage")
	x.want("a card gives the turn back", x.pending(), "P1:battle")
	x.do(1, "pass")
	x.want("one pass is not two in a row", x.pending(), "P2:battle")
	x.do(2, "pass")
	x.want("two passes in a row end it", x.on("d1"), "")
	x.want("P2's raged worker stays", x.on("e1"), "2w")
}
