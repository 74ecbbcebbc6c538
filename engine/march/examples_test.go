package march

import (
	"slices"
	"testing"

	"formica/engine"
)

// joinedRotations turns the tiles a, b, c (hex numbers) until a-b and b-c
// are joined by tunnels, so a worked example's board can be laid out
// without hand-computing rotations.
func (g *tg) joinedRotations(a, b, c int) {
	g.t.Helper()
	s := g.s()
	ta, tb, tc := s.tile(a), s.tile(b), s.tile(c)
	for ra := 0; ra < 6; ra++ {
		for rb := 0; rb < 6; rb++ {
			for rc := 0; rc < 6; rc++ {
				ta.Rot, tb.Rot, tc.Rot = ra, rb, rc
				if s.tunnelTo(ta, tb) && s.tunnelTo(tb, tc) {
					return
				}
			}
		}
	}
	g.t.Fatalf("hexes %d, %d, %d cannot be joined by tunnels here", a, b, c)
}

// MOA1-SLUMBER-2 MOA1-SLUMBER-3 MOA1-CLAR-GOAL-7: the rulebook's Slumber
// example. Red (P1) controls Stump, Black (P3) Sandstone, Hollow and Pond,
// Blue (P2) Mole Tunnel and Peat Bog (not next to the GT). Red scores 1 CP
// for Stump and 2 CP for Long Tunnel by occupying Hollow, Stump and Peat Bog
// (it controls only Stump); Black 3 CP; Blue 1 CP.
func exampleSlumber(t *testing.T) {
	g := newTG(t, 3)
	g.reset(5, 5)
	g.place(5, 1, 0, 0)  // Stump, east of the GT
	g.place(4, 1, -1, 0) // Hollow, north-east
	g.place(6, 0, -1, 0) // Sandstone
	g.place(2, -1, 0, 0) // Pond
	g.place(7, 0, 1, 0)  // Mole Tunnel
	g.place(3, 2, 0, 0)  // Peat Bog, two steps from the GT
	g.joinedRotations(4, 5, 3)
	const red, blue, black = 0, 1, 2
	g.ant(5, red, 0) // Stump's control site
	g.ant(4, black, 0)
	g.ant(4, red, 1) // Red occupies Hollow without controlling it
	g.ant(6, black, 0)
	g.ant(2, black, 0)
	g.ant(7, blue, 0)
	g.ant(3, blue, 0)
	g.ant(3, red, 1) // and Peat Bog
	g.takeCard(63)   // Long Tunnel
	s := g.s()
	s.Players[red].Goals = []int{63}
	g.check()
	s.slumber()
	for seat, want := range []int{3, 1, 3} {
		if got := s.Players[seat].CP; got != want {
			t.Errorf("P%d: %d CP, want %d", seat+1, got, want)
		}
	}
	// Control is not required, but occupying is: without Red on Peat Bog
	// the goal fails.
	s.tile(3).Sites[1] = -1
	s.Players[red].Supply++
	if s.goalMet(red, 63) {
		t.Fatal("Long Tunnel met with only two occupied hexes")
	}
}

// MOA1-EXPLORE-1 MOA1-EXPLORE-2 MOA1-EXPLORE-4 MOA1-EXPLORE-8: the
// rulebook's Explore example. Red (P1) has two ants on Fallen Leaves, Blue
// (P2) occupies Pond. Red may explore only from Fallen Leaves, only through
// an edge with a tunnel; it pays 1 food, draws Peat Bog, joins it to Fallen
// Leaves' lower-right tunnel, moves one ant and takes Peat Bog's card site.
// Blue reacts by placing a larva on Pond.
func exampleExplore(t *testing.T) {
	g := newTG(t, 3)
	g.reset(2, 5)
	g.place(1, 1, 0, 1)  // Fallen Leaves, turned so its lower-right (se) edge has a tunnel
	g.place(2, 0, -1, 0) // Pond
	g.ant(1, 0, 0)
	g.ant(1, 0, 1)
	g.ant(2, 1, 0)
	s := g.s()
	s.Stack = append([]int{3}, s.Stack[1:]...) // Peat Bog on top (hex 1 is placed)
	g.turn(0)
	g.ans(0, "explore")
	if got := g.options(0, ""); len(got) != 1 || got[0] != "1" {
		t.Fatalf("explore from %v, want only Fallen Leaves (not Pond, no Red ant there)", got)
	}
	if g.has(0, "1", "w") {
		t.Fatal("explored through Fallen Leaves' closed west edge")
	}
	if !g.has(0, "1", "se") {
		t.Fatalf("Fallen Leaves' lower-right tunnel not offered: %v", g.options(0, "1"))
	}
	rot := g.options(0, "1 se")[0]
	// The ant leaving Fallen Leaves' second site goes; any free site of
	// Peat Bog may be taken.
	if got := g.options(0, "1 se "+rot+" 1 s2"); !slices.Equal(got, []string{"s1", "s2", "s3"}) {
		t.Fatalf("Peat Bog's sites offered: %v, want its card site s3 among s1 s2 s3", got)
	}
	g.ans(0, "1 se "+rot+" 1 s2 s3")
	s = g.s()
	peat := s.tile(3)
	if peat == nil || peat.Sites[2] != 0 || s.sites(peat)[2].Res != ResCard || s.tile(1).ants(0) != 1 {
		t.Fatalf("Peat Bog %+v", peat)
	}
	if s.Players[0].Food != 1 || !s.tunnelTo(s.tile(1), peat) {
		t.Fatalf("food %d; joined %v", s.Players[0].Food, s.tunnelTo(s.tile(1), peat))
	}
	g.wantPending("P2:reaction.explore")
	g.ans(1, "2 s2")
	if s := g.s(); s.tile(2).ants(1) != 2 || s.Players[1].Larvae != 4 {
		t.Fatalf("Blue's larva on Pond: %d ants", s.tile(2).ants(1))
	}
}

// MOA1-BATTLE-2 MOA1-BATTLE-4 MOA1-BATTLE-5 MOA1-BATTLE-6 MOA1-BATTLE-7
// MOA1-BATTLE-8 MOA1-BATTLE-11 MOA1-AMB-37: the rulebook's battle stages example
// (its text; the picture captions disagree and are ignored). Pond
// is contested; Blue (P2) holds its control site. Red (P1): 4 ants and 1 head
// Evolution = 5; Blue: 3 ants. Red discards ferocity 2, Blue 3: 7 against
// 6, Red wins. Red loses 1 ant (half of Blue's 3), Blue would lose 5 (Red's
// army, ferocity not counted) but has 3, so loses all 3. Red gains 1 CP and
// moves an outskirts ant onto the control site.
func exampleBattleStages(t *testing.T) {
	g := pondBoard(t, 3)
	const red, blue = 0, 1
	g.ant(2, blue, 0) // the control site
	g.ant(2, red, 1)
	g.ant(2, blue, 2)
	for i := 0; i < 3; i++ {
		g.ant(2, red, -1)
	}
	g.ant(2, blue, -1)
	g.evo(red, 35)  // a head Evolution with no battle ability (Traitor)
	g.hand(red, 1)  // ferocity 2
	g.hand(blue, 2) // ferocity 3
	g.soldier()
	v := g.s().View(engine.Seat(2)).(*View)
	if v.Battle == nil || v.Battle.Defender != blue || v.Battle.Invader != red || !slices.Equal(v.Battle.Strength, []int{3, 5}) {
		t.Fatalf("battle view %+v", v.Battle)
	}
	g.ans(red, "c1")
	g.ans(blue, "c2")
	// Red chooses its one casualty; Blue's three go without a choice.
	g.wantPending("P1:casualties")
	g.ans(red, "o")
	s := g.s()
	if s.tile(2).ants(blue) != 0 || s.tile(2).ants(red) != 3 || s.Players[blue].Supply != 36-5 {
		t.Fatalf("after the losses: %+v", s.tile(2))
	}
	if s.Players[red].CP != 1 {
		t.Fatalf("the winner gains 1 CP: %d", s.Players[red].CP)
	}
	// Spoils: the winner moves an outskirts ant onto the control site.
	g.wantPending("P1:spoils")
	g.ans(red, "o s1")
	if s = g.s(); s.control(s.tile(2)) != red {
		t.Fatalf("Red did not take the control site: %+v", s.tile(2))
	}
}

// MOA1-CENTI-1 MOA1-CENTI-3 MOA1-CENTI-4 MOA1-CENTI-6: the rulebook's
// centipede battle example. The centipede's first card is ferocity 3; Red
// (4 ants) discards ferocity 2: 6; the second card adds 2: 5. The ants win,
// the centipede is destroyed and boxed, it kills half its 5, rounded down
// (2); Red gains 1 food and 1 CP.
func exampleCentipedeBattle(t *testing.T) {
	g := pondBoard(t, 2)
	g.place(12, -1, 0, 0)
	s := g.s()
	s.tile(12).Centi = true
	s.Counters--
	for i := 0; i < 4; i++ {
		g.ant(12, 0, i)
	}
	g.deckTop(2, 1) // ferocity 3, then 2
	g.hand(0, 7)    // ferocity 2
	food := s.Players[0].Food
	g.soldier()
	g.wantPending("P1:ferocity")
	g.ans(0, "c7")
	g.wantPending("P1:casualties")
	first := g.options(0, "")[0]
	g.ans(0, first+" "+g.options(0, first)[0])
	s = g.s()
	if s.tile(12).Centi || s.Boxed != 1 || s.tile(12).ants(0) != 2 {
		t.Fatalf("centipede destroyed and boxed, 2 ants lost: %+v boxed %d", s.tile(12), s.Boxed)
	}
	if s.Players[0].CP != 1 || s.Players[0].Food != food+1 {
		t.Fatalf("the winner gains 1 food and 1 CP: food %d (was %d), CP %d", s.Players[0].Food, food, s.Players[0].CP)
	}
}

// MOA1-QUEEN-5 MOA1-QUEEN-6 MOA1-CARD-14: the rulebook's Feeding example
// (Queen phase): Red's 7 ants eat 2 food, Blue's 4 eat 1, Black's 9 with one
// abdomen Evolution (each food feeds 5) eat 2.
func exampleFeeding(t *testing.T) {
	g := newTG(t, 3)
	g.reset(5, 5)
	const black = 2 // Red P1 and Blue P2 have no Evolution
	for p, n := range []int{7, 4, 9} {
		for i := 0; i < n; i++ {
			g.ant(0, p, -1)
		}
	}
	g.evo(black, 50) // Pharaoh, an abdomen Evolution with no feeding ability
	s := g.s()
	for p, want := range []int{2, 1, 2} {
		before := s.Players[p].Food
		s.feed(p)
		if got := before - s.Players[p].Food; got != want {
			t.Errorf("P%d ate %d food, want %d", p+1, got, want)
		}
		if s.Players[p].Larvae != 5 {
			t.Errorf("P%d: fed ants eat no larvae (%d left)", p+1, s.Players[p].Larvae)
		}
	}
}

// MOA1-CARD-9 MOA1-CARD-11 MOA1-CARD-12 MOA1-CARD-15: the rulebook's
// Evolution example. Black has two head Evolutions (only the top one's
// ability is active, and the Soldier caste bonus counts both: +2 battle
// strength), one thorax Evolution (Scout: +1 March step) and no abdomen
// Evolution; an abdomen Evolution completes the body for 3 CP.
func exampleEvolution(t *testing.T) {
	g := newTG(t, 3)
	g.reset(5, 5)
	g.place(2, 1, 0, 3)
	g.ant(2, 0, 0)
	g.evo(0, 36, 34) // Veteran under Phoenix: Phoenix is active
	g.evo(0, 40)     // Scout
	s := g.s()
	if s.activeEffect(0, 0) != "phoenix" || s.strength(0, 2) != 1+2 {
		t.Fatalf("head: active %q, strength %d, want phoenix and 1 ant + 2", s.activeEffect(0, 0), s.strength(0, 2))
	}
	g.turn(0)
	g.ans(0, "march")
	if n := g.s().top().N; n != 5+1 {
		t.Fatalf("March steps %d, want 5 + 1 for the thorax Evolution", n)
	}
	g = newTG(t, 3)
	g.reset(5, 5)
	g.evo(0, 36, 34)
	g.evo(0, 40)
	g.hand(0, 50) // Pharaoh, abdomen, cost 2
	g.turn(0)
	g.ans(0, "play c50 l l")
	if s := g.s(); s.Players[0].CP != 3 || s.Players[0].Bodies != 1 {
		t.Fatalf("a complete ant body: CP %d bodies %d, want 3 and 1", s.Players[0].CP, s.Players[0].Bodies)
	}
}

// TestRulebookExamples plays the worked examples of the Russian 1st-edition
// rulebook, each as a subtest named by the rule IDs it fixes, so that
// `go test ./engine/march -run /MOA1-SLUMBER-3` finds it.
func TestRulebookExamples(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func(*testing.T)
	}{
		{"MOA1-EXPLORE-1_MOA1-EXPLORE-8_explore", exampleExplore},
		{"MOA1-BATTLE-4_MOA1-BATTLE-7_MOA1-BATTLE-11_battle_stages", exampleBattleStages},
		{"MOA1-CENTI-4_MOA1-CENTI-6_centipede_battle", exampleCentipedeBattle},
		{"MOA1-QUEEN-5_MOA1-CARD-14_feeding", exampleFeeding},
		{"MOA1-CARD-11_MOA1-CARD-12_MOA1-CARD-15_evolution", exampleEvolution},
		{"MOA1-SLUMBER-2_MOA1-SLUMBER-3_MOA1-CLAR-GOAL-7_slumber", exampleSlumber},
	} {
		t.Run(c.name, c.f)
	}
}
