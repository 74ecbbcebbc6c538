package march

import (
	"slices"
	"testing"
)

// soloBoard: Centipede Uprising, 1 player, hexes 1, 3, 5 placed (no
// centipedes), the player's ants on hex 1; centipede deck as given.
func soloBoard(t *testing.T, cdeck ...int) *tg { return soloWith(t, nil, cdeck...) }

// soloWith is soloBoard with extra setup options ("hunt=any").
func soloWith(t *testing.T, opts []string, cdeck ...int) *tg {
	g := newTG(t, 1, append([]string{"mode=uprising"}, opts...)...)
	g.reset(5, 5)
	g.place(1, 1, 0, 0)
	g.place(3, 1, -1, 0)
	g.place(5, -1, 0, 0)
	g.ant(1, 0, 0)
	g.ant(1, 0, 1)
	s := g.s()
	s.CDeck = append(s.CDeck, s.CUsed...)
	s.CUsed = nil
	for i, id := range cdeck {
		j := slices.Index(s.CDeck, id)
		s.CDeck[i], s.CDeck[j] = s.CDeck[j], s.CDeck[i]
	}
	g.check()
	return g
}

// MOA1-SOLO-1 MOA1-SOLO-3 MOA1-SOLO-4 MOA1-AMB-28 MOA1-AMB-31
func TestHordeCapture(t *testing.T) {
	g := soloBoard(t, 28, 30)
	g.turn(0)
	g.ans(0, "forage")
	s := g.s()
	if !s.tile(5).Centi || s.tile(3).Centi || !slices.Equal(s.CUsed, []int{28}) {
		t.Fatal("capture: the highest-numbered hex gets a centipede after the action")
	}
	// with every hex taken, the centipede enters the GT: Horde + players
	s.tile(1).Centi, s.tile(3).Centi = true, true
	s.Counters -= 2
	g.ans(0, "forage")
	s = g.s()
	if s.CentiGT != 1 || s.Horde != 1 {
		t.Fatalf("capture into the GT: %d centipedes, horde %d", s.CentiGT, s.Horde)
	}
	// no markers left: nothing is placed
	g = soloBoard(t, 28)
	g.s().Counters = 0
	g.s().Boxed = 15
	g.turn(0)
	g.ans(0, "forage")
	if g.s().tile(5).Centi {
		t.Fatal("no marker, no centipede")
	}
}

// MOA1-SOLO-5 MOA1-SOLO-10 MOA1-SOLO-11 MOA1-AMB-36
func TestHordeAdvance(t *testing.T) {
	g := soloBoard(t, 5) // Event, ferocity 2
	s := g.s()
	s.tile(3).Centi, s.tile(5).Centi = true, true
	s.Counters -= 2
	g.turn(0)
	g.ans(0, "forage")
	s = g.s()
	// the centipede on 3 (lowest) moves to 1, then into the GT
	if s.tile(3).Centi || s.tile(1).Centi || !s.tile(5).Centi || s.CentiGT != 1 || s.Horde != 1 {
		t.Fatalf("advance: horde %d GT %d", s.Horde, s.CentiGT)
	}
	if slices.Contains(g.options(0, ""), "hunt") {
		t.Fatal("centipedes in the GT cannot be fought")
	}
}

// MOA1-SOLO-7: no centipede to move: the centipedes explore.
func TestHordeExplore(t *testing.T) {
	g := soloBoard(t, 17, 28)
	g.s().Stack = []int{12, 2}
	g.turn(0)
	g.ans(0, "forage")
	s := g.s()
	if s.tile(12) == nil || !s.tile(12).Centi {
		t.Fatal("the explored hex gets a centipede")
	}
	// hex 12 shows the centipede icon: one more card (Capture: hex 5)
	if !s.tile(5).Centi || len(s.CUsed) != 2 {
		t.Fatalf("icon: one more centipede card: %v", s.CUsed)
	}
}

// MOA1-SOLO-6 MOA1-SOLO-9 MOA1-SOLO-8
func TestHordeAttackAndHunt(t *testing.T) {
	g := soloBoard(t, 64, 12, 17, 5, 8)
	s := g.s()
	s.tile(1).Centi = true
	s.Counters--
	g.turn(0)
	g.ans(0, "forage")
	g.ans(0, "none") // ferocity: keep the cards just drawn
	// Attack: 2 ants vs 1 + 2 + 1: the centipede wins; cards from the centipede deck
	s = g.s()
	if s.tile(1).ants(0) != 0 || s.Horde != 1 || !slices.Contains(s.CUsed, 12) || !slices.Contains(s.CUsed, 17) {
		t.Fatalf("attack: ants %d horde %d used %v", s.tile(1).ants(0), s.Horde, s.CUsed)
	}
	// after a March, the player may fight a centipede where it has ants
	g = soloBoard(t, 65, 5)
	s = g.s()
	s.tile(3).Centi = true
	s.Counters--
	g.ant(3, 0, 0)
	g.ant(3, 0, 1)
	g.turn(0)
	g.ans(0, "march")
	g.ans(0, "done")
	g.wantPending("P1:hunt")
	if got := g.options(0, ""); !slices.Equal(got, []string{"pass", "3"}) {
		t.Fatalf("hunt targets %v", got)
	}
}

// MOA1-SOLO-15 MOA1-SOLO-12 MOA1-END-5 MOA1-SOLO-17 MOA1-SOLO-11
func TestSoloEnd(t *testing.T) {
	g := soloBoard(t, 28, 30)
	s := g.s()
	s.Players[0].Food = 0
	s.Food += 5
	s.CUsed = append(s.CUsed, s.CDeck[1:]...)
	s.CDeck = s.CDeck[:1]
	g.turn(0)
	g.ans(0, "rest")
	s = g.s()
	if s.Phase == "worker" || len(s.CUsed) != 15 {
		t.Fatalf("one centipede card after the first Rest, then the phase ends: %s %d", s.Phase, len(s.CUsed))
	}
	// deck runs out: the used centipede cards are reshuffled
	g.ans(0, "larvae")
	g.turn(0)
	g.s().Players[0].Acted = true
	g.ans(0, "rest")
	if len(g.s().CDeck) != 14 {
		t.Fatalf("reshuffled centipede deck %d", len(g.s().CDeck))
	}
	// end: the Horde beats the player: everybody loses; no awards
	g = soloBoard(t)
	s = g.s()
	s.tile(5).Centi, s.tile(3).Centi = true, true
	s.Counters -= 2
	s.Players[0].Larvae += 3 // would win an award in a normal game
	s.Players[0].Supply -= 3
	s.Round = s.Rounds
	g.queen()
	r := g.m.State.Result()
	// the player's 1 CP (a central hex) against the Horde's 2 (1 per centipede)
	if r == nil || r.Rank[0] != 2 || r.Scores[0] != 1 || r.Detail[0].Points != 2 {
		t.Fatalf("the Horde beats the player: %+v", r)
	}
}

// MOA1-SOLO-13 MOA1-AMB-29: co-op uses the standard per-count setup and
// players still battle each other.
func TestCoop(t *testing.T) {
	g := newTG(t, 3, "mode=uprising")
	s := g.s()
	if s.Tiles[0].ants(0) != 1 || s.Players[0].Larvae != 5 || len(s.CDeck) != 15 {
		t.Fatal("co-op: standard 3-player setup plus the centipede deck")
	}
	g = newTG(t, 3, "mode=uprising")
	g.reset(5, 5)
	g.place(2, 1, 0, 3)
	g.ant(2, 0, 0)
	g.ant(2, 1, 1)
	g.ant(2, 1, 2)
	g.ant(2, 1, -1)
	g.soldier()
	if len(g.s().Fights) != 1 {
		t.Fatal("players battle each other in co-op")
	}
}
