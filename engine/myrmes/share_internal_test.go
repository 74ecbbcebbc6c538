package myrmes

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// TestClonesSharePlayers: an answer copies only the players it changes. A
// plain step of a sortie (no prey, no soldier paid, MYR-MOVE-1) leaves
// every player and the cells shared with the state before it; a sealed
// answer that does not close its phase (MYR-EVT-2, MYR-HARV-2, ...) shares
// every other player. That it is safe to share them is enginetest's
// checkClone in TestAcceptance and TestCloneSharesTilesSafely.
func TestClonesSharePlayers(t *testing.T) {
	plain, sealed := 0, 0
	su := engine.Setup{Game: Game.ID, Seats: 4}
	eachAnswer(t, su, enginetest.RandomGames(5, enginetest.Games(4, 2)), func(x answered) {
		g, old, next, p, path := x.g, x.old, x.next, x.a, x.a.Path
		s := int(p.Seat)
		kind := old.kindFor(s)
		queued := 0 // answers still to seal: the last one resolves the phase
		for _, q := range old.Players {
			queued += len(q.Queue)
		}
		isPlain := false
		if kind == kSortie {
			var buf [12]move
			for _, m := range old.appendMoves(buf[:0]) {
				isPlain = isPlain || m.code == path[0] && m.prey < 0 && m.cost == 0
			}
		}
		switch {
		case isPlain:
			plain++
			for i := range old.Players {
				if next.Players[i] != old.Players[i] {
					t.Fatalf("%s: %s %q, a plain step of a sortie, copied player %d", g, p.Seat, path, i+1)
				}
			}
			if &next.Cells[0] != &old.Cells[0] {
				t.Fatalf("%s: %s %q, a plain step of a sortie, copied the cells", g, p.Seat, path)
			}
		case old.Phase.simultaneous() && kind != "" && path[0] != "pref" && queued > 1:
			sealed++
			for i := range old.Players {
				if i != s && next.Players[i] != old.Players[i] {
					t.Fatalf("%s: %s sealed %s %q and copied player %d", g, p.Seat, kind, path, i+1)
				}
			}
		}
	})
	if plain == 0 || sealed == 0 {
		t.Fatalf("checked %d plain steps and %d sealed answers: want some of each", plain, sealed)
	}
	t.Logf("%d plain sortie steps, %d sealed answers", plain, sealed)
}

// answered is one answer of a random game played by eachAnswer: the
// state it was given to (left as it was: a Match answers on a clone), the
// state it made and what it told.
type answered struct {
	g         enginetest.RandomGame
	n         int // answers before it in its game
	a         engine.Answer
	old, next *state
	ev        []engine.Event
}

// eachAnswer plays a random game of su for each of games (the setup's seed
// each game's own) to its end and calls f after every answer.
func eachAnswer(t *testing.T, su engine.Setup, games []enginetest.RandomGame, f func(answered)) {
	t.Helper()
	for _, g := range games {
		su.Seed = g.Seed
		rng := g.Rand()
		m, err := engine.Start(Game, su)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; m.State.Result() == nil; n++ {
			if n > 5000 {
				t.Fatalf("%s: no end", g)
			}
			old := m.State.(*state)
			pend := old.Pending()
			p := pend[rng.IntN(len(pend))]
			path, err := enginetest.RandomPath(old, p.Seat, rng)
			if err != nil {
				t.Fatal(err)
			}
			a := engine.Answer{Seat: p.Seat, Path: path}
			ev, err := m.Answer(a)
			if err != nil {
				t.Fatal(err)
			}
			f(answered{g: g, n: n, a: a, old: old, next: m.State.(*state), ev: ev})
		}
	}
}
