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
	for _, g := range enginetest.RandomGames(5, enginetest.Games(4, 2)) {
		su := engine.Setup{Game: Game.ID, Seats: 4, Seed: g.Seed}
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
			s := int(p.Seat)
			kind := old.kindFor(s)
			queued := 0 // answers still to seal: the last one resolves the phase
			for _, q := range old.Players {
				queued += len(q.Queue)
			}
			isPlain := false
			if kind == kSortie {
				var buf [12]move
				for _, x := range old.appendMoves(buf[:0]) {
					isPlain = isPlain || x.code == path[0] && x.prey < 0 && x.cost == 0
				}
			}
			if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
				t.Fatal(err)
			}
			next := m.State.(*state)
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
		}
	}
	if plain == 0 || sealed == 0 {
		t.Fatalf("checked %d plain steps and %d sealed answers: want some of each", plain, sealed)
	}
	t.Logf("%d plain sortie steps, %d sealed answers", plain, sealed)
}
