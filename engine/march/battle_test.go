package march

import (
	"slices"
	"testing"

	"formica/engine"
)

// soldier starts the Soldier phase on the current position.
func (g *tg) soldier() {
	s := g.s()
	s.Phase = "soldier"
	s.Fights = nil
	g.start(Task{K: kSoldier, Seat: -1, Hex: 1})
}

// pond puts hex 2 (Pond: s1 food control, s2 food, s3 CP) east of the GT.
func pondBoard(t *testing.T, players int) *tg {
	g := newTG(t, players)
	g.reset(5, 5)
	g.place(2, 1, 0, 3)
	return g
}

// MOA1-BATTLE-1 MOA1-BATTLE-2 MOA1-BATTLE-3 MOA1-BATTLE-4 MOA1-BATTLE-5
// MOA1-BATTLE-6 MOA1-BATTLE-7 MOA1-BATTLE-8 MOA1-BATTLE-10 MOA1-BATTLE-11
// MOA1-BATTLE-12 MOA1-GLOSS-11 MOA1-ASYNC-11 MOA1-HEX-8 MOA1-GLOSS-6
// MOA1-HEX-17 MOA1-GLOSS-8 MOA1-SOLDIER-2 MOA1-ASYNC-2 MOA1-HEX-14
// MOA1-GLOSS-7 MOA1-END-6
func TestAntBattle(t *testing.T) {
	g := pondBoard(t, 3)
	g.ant(2, 0, 0)
	g.ant(2, 0, 1)
	g.ant(2, 1, 2)
	g.ant(2, 1, -1)
	g.ant(2, 1, -1)
	g.hand(0, 10) // ferocity 4
	g.hand(1, 13) // ferocity 1
	if !g.s().tile(2).contested() {
		t.Fatal("two players and an outskirts ant: contested")
	}
	g.soldier()
	// stage 2: both prompted at once with secret prompts
	ps := g.m.State.Pending()
	if len(ps) != 2 || !ps[0].Secret || !ps[1].Secret || ps[0].Kind != "ferocity" {
		t.Fatalf("ferocity prompts %+v", ps)
	}
	v := g.s().View(engine.Seat(2)).(*View)
	if v.Battle == nil || v.Battle.Defender != 0 || v.Battle.Invader != 1 || !slices.Equal(v.Battle.Strength, []int{2, 3}) {
		t.Fatalf("battle view %+v", v.Battle)
	}
	g.ans(0, "c10")
	// P1's pick is sealed: nobody sees it yet
	for seat := engine.Seat(-1); seat < 3; seat++ {
		if len(g.s().View(seat).(*View).Revealed) != 0 {
			t.Fatal("a sealed ferocity card was revealed early")
		}
	}
	g.ans(1, "c13")
	// P1: 2 + 4 = 6 beats P2: 3 + 1 = 4. P2 loses 2 (P1's strength), P1
	// loses 3/2 = 1. Both choose at once.
	g.wantPending("P1:casualties P2:casualties")
	if got := g.options(1, ""); !slices.Equal(got, []string{"o", "s3"}) {
		t.Fatalf("P2 casualty options %v", got)
	}
	g.ans(1, "o o")
	g.ans(0, "s2")
	s := g.s()
	if s.Players[0].CP != 1 || s.tile(2).ants(1) != 1 || s.tile(2).Sites[2] != 1 || s.tile(2).ants(0) != 1 {
		t.Fatalf("after battle: CP %d hex %+v", s.Players[0].CP, s.tile(2))
	}
	if !slices.Contains(s.Discard, 10) || !slices.Contains(s.Discard, 13) {
		t.Fatal("ferocity cards go to the discard pile")
	}
	if s.Players[1].Supply != 36-5-1 {
		t.Fatalf("destroyed ants return to the supply: %d", s.Players[1].Supply)
	}
}

// MOA1-BATTLE-6 (tie), MOA1-BATTLE-9 (Lone Survivor), MOA1-AMB-8
// (head bonus), MOA1-SOLDIER-6 MOA1-CARD-13 MOA1-CARD-11
func TestBattleTieAndLoneSurvivor(t *testing.T) {
	g := pondBoard(t, 2)
	g.ant(2, 0, 0) // defender, 1 ant + 2 head cards = 3
	g.ant(2, 1, 1)
	g.ant(2, 1, 2)
	g.ant(2, 1, -1)  // invader 3 ants = 3
	g.evo(0, 27, 33) // Armor (covered) then Proboscis on top
	g.soldier()
	// no cards in hand: ferocity is automatic; tie goes to the defender
	s := g.s()
	if s.Players[0].CP != 1 {
		t.Fatalf("tie: defender wins, CP %d", s.Players[0].CP)
	}
	// loser loses 3 (winner's strength) = all; winner would lose 1 = all: keeps 1
	if s.tile(2).ants(0) != 1 || s.tile(2).ants(1) != 0 {
		t.Fatalf("lone survivor: %+v", s.tile(2))
	}
	// Proboscis +1, the control site's food harvested +1, feeding 1 ant -1
	if s.Players[0].Food != 5+1+1-1 {
		t.Fatalf("food %d, want 6", s.Players[0].Food)
	}
}

// MOA1-BATTLE-13 MOA1-CLAR-EVO-3 MOA1-CLAR-EVO-13 MOA1-CLAR-EVO-2
// MOA1-CLAR-EVO-16 MOA1-CLAR-EVO-7
func TestBattleHeadAbilities(t *testing.T) {
	// Armor: losses -1, even for the loser; does not save the last ant
	g := pondBoard(t, 2)
	g.ant(2, 0, 0)
	g.ant(2, 1, 1)
	g.ant(2, 1, 2)
	g.ant(2, 1, -1)
	g.ant(2, 1, -1)
	g.evo(0, 27) // Armor: strength 1+1 = 2 vs 4
	g.soldier()
	// P2 loses 2/2 = 1 ant and chooses which
	g.ans(1, "o")
	s := g.s()
	if s.tile(2).ants(0) != 0 || s.Players[1].CP != 1 {
		t.Fatalf("armor does not save the last ant: %+v", s.tile(2))
	}
	// Amazon: the winner gains 2 larvae, the loser loses 2
	g = pondBoard(t, 2)
	g.ant(2, 0, 0)
	g.ant(2, 0, 1)
	g.ant(2, 0, -1)
	g.ant(2, 1, 2)
	g.evo(0, 26)
	g.soldier()
	s = g.s()
	if s.Players[0].Larvae < 7-1 || s.Players[1].Larvae > 3 {
		// (feeding may eat larvae later; check the event instead)
	}
	// Berserker: two ferocity cards
	g = pondBoard(t, 2)
	g.ant(2, 0, 0)
	g.ant(2, 1, 1)
	g.ant(2, 1, 2)
	g.ant(2, 1, -1)
	g.evo(0, 32)
	g.hand(0, 10, 19)
	g.hand(1, 4)
	g.soldier()
	if !g.has(0, "c10", "c19") {
		t.Fatal("berserker may discard a second card")
	}
	g.ans(0, "c10 c19")
	g.ans(1, "none")
	g.wantPending("P2:casualties")
	g.ans(1, "o s2")
	// 1 ant + 1 head + 4 + 4 = 10 beats 3: P2 loses 2 (strength), P1 loses 1 -> keeps 1
	s = g.s()
	if s.Players[0].CP != 1 || s.tile(2).ants(0) != 1 {
		t.Fatalf("berserker win %+v", s.tile(2))
	}
	// Phoenix: one lost ant returns as a larva
	g = pondBoard(t, 2)
	g.ant(2, 0, 0)
	g.ant(2, 1, 1)
	g.ant(2, 1, 2)
	g.ant(2, 1, -1)
	g.evo(0, 34)
	g.soldier()
	supply := g.s().Players[0].Supply
	ev := g.ans(1, "o") // P2 wins 3 vs 2 and chooses its 1 loss; P1 loses its ant
	if !hasEvent(ev, "phoenix") || g.s().Players[0].Supply != supply {
		t.Fatal("phoenix returns the fallen ant as a larva, not to the supply")
	}
}

// drain runs f and returns the events of the answers it made.
func (g *tg) drain(f func()) []engine.Event {
	f()
	return g.s().ev
}

// MOA1-BATTLE-14 MOA1-BATTLE-15 MOA1-BATTLE-16 MOA1-BATTLE-17
// MOA1-BATTLE-18 MOA1-BATTLE-19 MOA1-AMB-12 MOA1-AMB-13
func TestThreePlayerBattles(t *testing.T) {
	g := pondBoard(t, 3)
	g.ant(2, 0, 0) // P1 control, 1 ant
	g.ant(2, 1, 1)
	g.ant(2, 1, -1) // P2: 2 ants
	g.ant(2, 2, 2)
	g.ant(2, 2, -1) // P3: 2 ants
	g.soldier()
	// P2 and P3 tie for most ants: the defender chooses the invader
	g.wantPending("P1:invader")
	if got := g.options(0, ""); !slices.Equal(got, []string{"p2", "p3"}) {
		t.Fatalf("invader choice %v", got)
	}
	g.ans(0, "p3")
	// no cards: automatic. P1 1 vs P3 2: P3 wins; P1 loses 2 (all); P3 loses 0.
	s := g.s()
	if s.Players[2].CP != 1 || s.tile(2).ants(0) != 0 {
		t.Fatalf("first battle %+v", s.tile(2))
	}
	// spoils: P3 moves its outskirts ant onto the free control site
	g.wantPending("P3:spoils")
	g.ans(2, "o s1") // no further choice: the spoils step ends by itself
	// P2 has not fought: it battles the control-site holder P3 (2 vs 2: the
	// defender P3 wins the tie); P3 loses 1 of its 2 and chooses which
	g.wantPending("P3:casualties")
	g.ans(2, "s3")
	s = g.s()
	if s.Players[2].CP != 2 || s.tile(2).ants(1) != 0 || s.tile(2).ants(2) != 1 || s.control(s.tile(2)) != 2 {
		t.Fatalf("second battle %+v CP %d", s.tile(2), s.Players[2].CP)
	}
	if countKey(s.Fights, pairKey(2, 0, 2)) != 1 || countKey(s.Fights, pairKey(2, 1, 2)) != 1 || len(s.Fights) != 2 {
		t.Fatalf("each pair fights at most once: %v", s.Fights)
	}
}

func countKey(fs []int, k int) int {
	n := 0
	for _, f := range fs {
		if f == k {
			n++
		}
	}
	return n
}

// MOA1-HEX-18 MOA1-GLOSS-9 MOA1-HEX-3 MOA1-HEX-13 MOA1-GLOSS-5
func TestNoBattleWhereNotContested(t *testing.T) {
	g := pondBoard(t, 3)
	g.ant(2, 0, 0)
	g.ant(2, 1, 1) // shared: no outskirts ant
	g.place(1, -1, 0, 0)
	g.ant(1, 2, 0)
	g.ant(1, 2, 1)
	g.ant(1, 2, 2)
	g.ant(1, 2, -1) // one player only, however many on the outskirts
	g.ant(0, 0, -1)
	g.ant(0, 1, -1)
	g.ant(0, 1, -1) // the GT is never contested
	s := g.s()
	if s.tile(2).contested() || s.tile(1).contested() || s.Tiles[0].contested() {
		t.Fatal("shared hex, single player hex and GT are not contested")
	}
	if !s.tile(2).occupies(0) || !s.tile(2).occupies(1) || s.tile(1).Out[2] != 1 {
		t.Fatal("occupation")
	}
	g.soldier()
	if len(g.s().Fights) != 0 {
		t.Fatal("no battles")
	}
}

// MOA1-SOLDIER-3 MOA1-SOLDIER-4 MOA1-HEX-24 MOA1-CENTI-1 MOA1-CENTI-2
// MOA1-CENTI-3 MOA1-CENTI-4 MOA1-CENTI-6 MOA1-CENTI-9 MOA1-CENTI-14
// MOA1-HEX-23 MOA1-GLOSS-14 MOA1-ASYNC-10 MOA1-ASYNC-12 MOA1-OVR-3
func TestCentipedeThenAntBattle(t *testing.T) {
	g := pondBoard(t, 2)
	g.place(12, -1, 0, 0) // Rotten Log, centipede icon: s1 CP control, s2 two larvae, s3 food, s4 card
	s := g.s()
	s.tile(12).Centi = true
	s.Counters--
	g.ant(12, 0, 0)
	g.ant(12, 0, 1)
	g.ant(12, 0, 2)
	g.ant(12, 1, 3)
	g.ant(12, 1, -1)
	g.ant(2, 0, 0)
	g.ant(2, 1, 1)
	g.ant(2, 1, 2)
	g.ant(2, 1, -1)
	g.deckTop(6, 13) // centipede cards: ferocity 0 then 1
	g.hand(0, 4)
	g.soldier()
	// hex 2 is fought before hex 12; both players have no/one card: P1 has a card
	if g.s().top().Hex != 2 {
		t.Fatalf("lowest hex number first: %d", g.s().top().Hex)
	}
	g.ans(0, "none")
	// hex 2: P1 1 vs P2 3 -> P2 wins, P1's ant dies; P2 takes the control site
	g.ans(1, "o s1")
	s = g.s()
	if s.tile(2).ants(0) != 0 {
		t.Fatalf("hex 2 battle %+v", s.tile(2))
	}
	// hex 12: the centipede fights first the control-site holder (P1)
	g.wantPending("P1:ferocity")
	v := s.View(0).(*View)
	if v.Battle == nil || !v.Battle.Centipede || len(v.Revealed) != 1 || v.Revealed[0].ID != 6 {
		t.Fatalf("centipede battle view %+v", v.Battle)
	}
	g.ans(0, "c4") // 3 ants + 1 = 4 vs 0 + 1 = 1: ants win, lose 1/2 = 0
	s = g.s()
	if s.tile(12).Centi || s.Boxed != 1 || s.Players[0].CP != 1 {
		t.Fatalf("the centipede is destroyed and boxed: %+v boxed %d", s.tile(12), s.Boxed)
	}
	if !slices.Contains(s.Discard, 6) || !slices.Contains(s.Discard, 13) {
		t.Fatal("centipede cards are discarded")
	}
	// then the ant battle on hex 12: P1 3 vs P2 2; P1 wins and loses 1
	g.wantPending("P1:casualties")
	g.ans(0, g.options(0, "")[0])
	s = g.s()
	if s.Players[0].CP != 2 || s.Players[1].CP != 1 || s.tile(12).ants(1) != 0 || s.tile(12).ants(0) != 2 {
		t.Fatalf("ant battle after the centipede: CP %d %d pending %s hex %+v", s.Players[0].CP, s.Players[1].CP, g.pending(), s.tile(12))
	}
}

// MOA1-CENTI-5 MOA1-CENTI-7 MOA1-CENTI-8 MOA1-AMB-14 MOA1-CENTI-10
// MOA1-CENTI-11 MOA1-CENTI-12 MOA1-CENTI-13 MOA1-AMB-15
func TestCentipedeOutcomes(t *testing.T) {
	// tie: the player wins (recommended); the option gives it to the centipede
	for _, opt := range []string{"centipede-tie=player", "centipede-tie=centipede"} {
		g := newTG(t, 2, opt)
		g.reset(5, 5)
		g.place(12, 1, 0, 0)
		s := g.s()
		s.tile(12).Centi = true
		s.Counters--
		g.ant(12, 0, 0)
		g.ant(12, 0, 1)
		g.deckTop(27, 13) // 1 + 1 = 2 vs 2 ants
		g.soldier()
		if opt == "centipede-tie=player" {
			g.ans(0, "s2") // the winner still loses 2/2 = 1 and chooses which
		}
		s = g.s()
		if opt == "centipede-tie=player" {
			if s.tile(12).Centi || s.tile(12).ants(0) != 1 || s.Boxed != 1 || s.Players[0].CP < 1 {
				t.Fatalf("tie, player wins, loses 2/2=1: %+v", s.tile(12))
			}
		} else if !s.tile(12).Centi || s.tile(12).ants(0) != 0 {
			t.Fatalf("tie to the centipede: loses 2 %+v", s.tile(12))
		}
	}
	// the centipede wins against the control holder, then fights the other
	g := newTG(t, 3)
	g.reset(5, 5)
	g.place(12, 1, 0, 0)
	s := g.s()
	s.tile(12).Centi = true
	s.Counters--
	g.ant(12, 0, 0) // P1 on control, 1 ant
	g.ant(12, 1, 1)
	g.ant(12, 2, 2) // P2, P3 one ant each
	g.deckTop(31, 19, 10, 20, 6, 13)
	g.soldier()
	s = g.s()
	// P1: 1 vs 4+4 -> dies. P2 and P3 tie on ants: player order from the
	// active player (P1): P2 fights 4+3 and dies; P3 ties 1 vs 0+1 and wins.
	if s.tile(12).ants(0) != 0 || s.tile(12).ants(1) != 0 || s.tile(12).ants(2) != 1 || s.tile(12).Centi {
		t.Fatalf("P1, P2, then P3 fought: %+v", s.tile(12))
	}
	// MOA1-CENTI-6: 5 + 1 for the centipede + 1 harvested (Rotten Log's
	// food site) - 1 to feed its ant.
	if s.Players[2].CP != 1 || s.Players[2].Food != 6 {
		t.Fatalf("P3 destroyed the centipede: %+v", s.Players[2])
	}
	for p := 0; p < 3; p++ {
		if countKey(s.Fights, centiKey(12, p)) != 1 {
			t.Fatalf("each player fights the centipede once: %v", s.Fights)
		}
	}
}

// MOA1-HEX-16 MOA1-AMB-5 MOA1-AMB-32 MOA1-ASYNC-7: winner first, then
// round-robin clockwise; the winner may move onto the control site.
func TestSpoilsAndFilling(t *testing.T) {
	g := pondBoard(t, 3)
	g.ant(2, 0, 0) // P1 control 1 ant
	g.ant(2, 1, 1)
	g.ant(2, 1, 2)
	g.ant(2, 1, -1) // P2 3 ants
	g.soldier()
	// P2 wins (3 vs 1): P1's control site is free; P2 may move a site ant onto it
	g.wantPending("P2:spoils")
	if got := g.options(1, ""); !slices.Equal(got, []string{"done", "o", "s2", "s3"}) {
		t.Fatalf("spoils options %v", got)
	}
	g.ans(1, "s2 s1")
	s := g.s()
	// the outskirts ant then fills the freed site 2
	if s.control(s.tile(2)) != 1 || s.tile(2).Sites[1] != 1 || s.tile(2).Out[1] != 0 {
		t.Fatalf("spoils %+v", s.tile(2))
	}
}

// MOA1-BATTLE-11 MOA1-AMB-32: an ant moved in the spoils does not move
// again (it could have gone straight to where it ends); before, a search
// AI moved one ant between two free sites for ever.
func TestSpoilsMoveEachAntOnce(t *testing.T) {
	g := pondBoard(t, 3)
	g.ant(2, 0, 0)
	g.ant(2, 0, 2) // P1 2 ants: the control site and site 3
	g.ant(2, 1, 1)
	g.ant(2, 1, -1)
	g.ant(2, 1, -1) // P2 3 ants: site 2 and the outskirts
	g.soldier()
	g.wantPending("P2:casualties")
	g.ans(1, "o") // P2 loses an outskirts ant; P1 loses both
	g.wantPending("P2:spoils")
	if got := g.options(1, ""); !slices.Equal(got, []string{"done", "o", "s2"}) {
		t.Fatalf("spoils options %v", got)
	}
	g.ans(1, "s2 s3")
	g.wantPending("P2:spoils")
	if got := g.options(1, ""); !slices.Equal(got, []string{"done", "o"}) {
		t.Fatalf("after moving the site 2 ant to site 3, spoils options %v, want it not offered again", got)
	}
}

// MOA1-AMB-5: free sites go round-robin clockwise from the active player,
// one per player per pass; fill=first lets the first player take all it can.
func TestFillOrder(t *testing.T) {
	for _, c := range []struct {
		opt  string
		want []int
	}{{"fill=roundrobin", []int{0, 1}}, {"fill=first", []int{0, 0}}} {
		g := newTG(t, 3, c.opt)
		g.reset(5, 5)
		g.place(2, 1, 0, 3)
		g.ant(2, 0, -1)
		g.ant(2, 0, -1)
		g.ant(2, 1, -1)
		g.ant(2, 1, -1)
		g.turn(0)
		var got []int
		// the last site is taken without a question (nothing to choose)
		for g.m.State.Pending()[0].Kind == "site" {
			p := g.m.State.Pending()[0]
			got = append(got, int(p.Seat))
			g.ans(int(p.Seat), g.options(int(p.Seat), "")[0])
		}
		if !slices.Equal(got, c.want) {
			t.Fatalf("%s: fill order %v, want %v", c.opt, got, c.want)
		}
	}
}

// MOA1-AMB-23: drawbacks=phase also switches off the Nomad's start-of-
// Soldier-phase head ability.
func TestDrawbacksOption(t *testing.T) {
	for _, opt := range []string{"drawbacks=caste", "drawbacks=phase"} {
		g := newTG(t, 3, opt)
		g.reset(5, 5)
		g.s().Players[0].Species = "nomad"
		g.ant(0, 0, -1)
		g.place(1, 1, 0, 0)
		g.evo(0, 25) // Acrobat
		g.soldier()
		asked := g.pending() == "P1:march"
		if asked != (opt == "drawbacks=caste") {
			t.Fatalf("%s: acrobat asked %v", opt, asked)
		}
	}
}
