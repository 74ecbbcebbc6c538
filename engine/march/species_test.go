package march

import (
	"slices"
	"testing"
)

func speciesBoard(t *testing.T, seat int, sp string) *tg {
	g := cardBoard(t)
	g.s().Players[seat].Species = sp
	return g
}

// MOA1-SPEC-4 MOA1-SPEC-6 MOA1-SPEC-9 MOA1-CARD-7 MOA1-SPEC-7 MOA1-SPEC-8
// MOA1-AMB-23
func TestRabidAnt(t *testing.T) {
	g := speciesBoard(t, 0, "rabid")
	g.ant(0, 0, -1)
	g.deckTop(25, 13) // an Evolution (discarded), then Nuptial Flight (ferocity 1)
	g.turn(0)
	if !g.has(0, "", "dance") || g.has(0, "", "rest") {
		t.Fatal("dance of chaos offered; no Rest while holding food")
	}
	g.ans(0, "dance")
	s := g.s()
	if !slices.Contains(s.Discard, 25) || !slices.Contains(s.Discard, 13) {
		t.Fatal("revealed cards are discarded, the Event is played")
	}
	// Nuptial Flight has nothing to swap: then 1 step (its ferocity)
	g.wantPending("P1:march")
	if g.s().top().Move.Steps != 1 {
		t.Fatalf("steps = ferocity value: %d", g.s().top().Move.Steps)
	}
	g.ans(0, "gt 2 s1")
	g.wantPending("P2:reaction.dance")
	g.ans(1, "take")
	g.wantPending("P3:reaction.dance")
	g.ans(2, "take")
	if s := g.s(); s.Players[1].Larvae != 6 || s.Players[0].Food != 4 {
		t.Fatal("dance reaction: every other player gains 1 larva")
	}
	// Maddened Mob: no thorax bonus, the thorax ability still works
	g = speciesBoard(t, 0, "rabid")
	g.ant(0, 0, -1)
	g.evo(0, 42) // Digger
	g.turn(0)
	g.ans(0, "march")
	if g.s().top().Move.Steps != 5 {
		t.Fatal("no +1 step for the thorax card")
	}
}

// MOA1-SPEC-10 MOA1-SPEC-11 MOA1-SPEC-14 MOA1-AMB-25 MOA1-SPEC-12
// MOA1-AMB-24 MOA1-SPEC-13
func TestNomadAnt(t *testing.T) {
	g := speciesBoard(t, 0, "nomad")
	g.ant(0, 0, -1)
	g.ant(0, 0, -1)
	g.ant(0, 0, -1)
	g.s().Stack = []int{25, 7}
	g.turn(0)
	g.ans(0, "journey")
	// first hex: at most 2 of 3 ants (one must remain for the second hex)
	if got := g.options(0, "gt ne r0"); !slices.Equal(got, []string{"1", "2"}) {
		t.Fatalf("first journey hex ants %v", got)
	}
	g.ans(0, "gt ne r0 2 s1")
	g.ans(0, "gt sw r0 1 s1") // all remaining ants go to the second hex
	s := g.s()
	if s.Tiles[0].ants(0) != 0 || s.tile(25).ants(0) != 2 || s.tile(7).ants(0) != 1 {
		t.Fatal("a journey of two hexes from the same hex, moving every ant")
	}
	g.wantPending("P2:reaction.journey")
	g.ans(1, "gt done")
	g.wantPending("P3:reaction.journey")
	g.ans(2, "pass")
	if g.s().Tiles[0].ants(1) != 1 {
		t.Fatal("journey reaction: a larva (the GT allowed)")
	}
	// Barren Queen: a two-larvae site yields 1; Peace Treaty: no head bonus
	g = speciesBoard(t, 0, "nomad")
	g.ant(12, 0, 1)
	g.evo(0, 27)
	if g.s().strength(0, 12) != 1 {
		t.Fatal("nomad: no head bonus")
	}
	g.queen()
	if g.s().Players[0].Larvae != 6 {
		t.Fatalf("barren queen: %d larvae", g.s().Players[0].Larvae)
	}
}

// MOA1-SPEC-15 MOA1-SPEC-16 MOA1-SPEC-17 MOA1-SPEC-18 MOA1-SPEC-19
// MOA1-SPEC-20 MOA1-AMB-26
func TestMutantAnt(t *testing.T) {
	g := speciesBoard(t, 0, "mutant")
	g.evo(0, 25, 37)
	g.hand(0, 46, 50, 52)
	g.hand(1, 26)
	g.turn(0)
	g.ans(0, "genome c46 l top")
	if s := g.s(); s.Players[0].CP != 3 {
		t.Fatal("completing a body by Modified Genome scores 3 CP")
	}
	g.wantPending("P1:genome")
	// free second card: cost <= 1; Pharaoh and Stinger cost 2
	if got := g.options(0, ""); !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("second card must not cost more: %v", got)
	}
	g.ans(0, "pass")
	g.wantPending("P2:reaction.genome")
	g.ans(1, "c26 l l")
	s := g.s()
	if s.activeEffect(1, 0) != "amazon" || s.Players[0].Larvae != 5-1+2 {
		t.Fatalf("reaction: P2 evolves paying 2, the mutant gains 2 larvae: %d", s.Players[0].Larvae)
	}
	// under: the card is inactive but counts
	g = speciesBoard(t, 0, "mutant")
	g.evo(0, 46)
	g.hand(0, 50, 53)
	g.turn(0)
	g.ans(0, "genome c53 l l l under")
	g.ans(0, "c50 under")
	if s := g.s(); s.activeEffect(0, 2) != "woodborer" || len(s.Players[0].Evo[2]) != 3 {
		t.Fatal("cards placed under stay inactive")
	}
	// Enlightened Colony and Mutation
	g = speciesBoard(t, 0, "mutant")
	g.s().Players[0].CP = 5
	g.ant(2, 0, 0)
	g.ant(2, 1, 1)
	g.ant(2, 1, 2)
	g.ant(2, 1, -1)
	g.hand(0, 4, 5)
	g.soldier()
	s = g.s()
	if slices.Contains(s.Players[0].Hand, 4) || len(s.Players[0].Hand) != 2 {
		t.Fatal("mutation: hand discarded and redrawn")
	}
	if s.Players[0].CP != 4 {
		t.Fatalf("enlightened colony: -1 CP per battle: %d", s.Players[0].CP)
	}
}

// MOA1-SPEC-21 MOA1-SPEC-22 MOA1-SPEC-23 MOA1-SPEC-24 MOA1-AMB-27
// MOA1-SPEC-26
func TestMarauderAnt(t *testing.T) {
	g := speciesBoard(t, 0, "marauder")
	g.ant(0, 0, -1)
	g.ant(0, 0, -1)
	g.ant(2, 1, 0)
	g.ant(2, 1, 1)
	g.ant(2, 1, 2)
	g.turn(0)
	g.ans(0, "raid")
	if g.s().top().Move.Steps != 3 {
		t.Fatal("raid: 3 steps")
	}
	g.ans(0, "gt 2")
	g.ans(0, "done")
	g.wantPending("P1:raid")
	g.ans(0, "2 p2")
	// raider (invader) 1 ant vs P2 3: P2 wins; raider loses its ant
	s := g.s()
	if s.tile(2).ants(0) != 0 || s.Players[1].CP != 1 {
		t.Fatalf("raid battle %+v", s.tile(2))
	}
	g.wantPending("P2:reaction.raid")
	g.ans(1, "take")
	if len(g.s().Players[1].Hand) != 1 {
		t.Fatal("only the raided player reacts: 1 card")
	}
	// no contested hex after the move: no battle
	g = speciesBoard(t, 0, "marauder")
	g.ant(0, 0, -1)
	g.turn(0)
	g.ans(0, "raid")
	g.ans(0, "done")
	g.wantPending("P2:action")
	// War Rations: food feeds only 4
	g = speciesBoard(t, 0, "marauder")
	for i := 0; i < 5; i++ {
		g.ant(0, 0, -1)
	}
	g.evo(0, 46)
	g.s().Players[0].Food = 1
	g.s().Food += 4
	g.queen()
	g.ans(0, "done") // the Woodborer ability still works
	if g.s().Players[0].Larvae != 4 {
		t.Fatal("war rations: the 5th ant eats a larva")
	}
}
