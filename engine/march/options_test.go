package march

import (
	"slices"
	"testing"

	"formica/engine"
)

// finish extends prefix with the first option of each step until the
// answer is complete (site picks and the like the test does not care about).
func (g *tg) finish(seat int, prefix string) string {
	g.t.Helper()
	for {
		st, err := g.m.State.Choices(engine.Seat(seat), engine.ParsePath(prefix))
		if err != nil {
			g.t.Fatalf("choices %q: %v", prefix, err)
		}
		if st.Done || len(st.Options) == 0 {
			return prefix
		}
		prefix += " " + st.Options[0].Code
	}
}

// MOA1-AMB-40 (MOA1-EXPLORE-2 step 5, MOA1-EXPLORE-5): with explore-from=
// exploring the ants come from the exploring hex; with adjacent they may
// come from any one hex next to the new hex. P1 explores from the GT to the
// north-east; hex 2 (east of the GT) touches that space.
func TestOptionExploreFrom(t *testing.T) {
	for _, v := range []string{"exploring", "adjacent"} {
		t.Run(v, func(t *testing.T) {
			g := newTG(t, 3, "explore-from="+v)
			g.reset(5, 5)
			g.place(2, 1, 0, 3)
			g.ant(0, 0, -1)
			g.ant(2, 0, 0)
			g.ant(2, 0, 1)
			g.turn(0)
			g.ans(0, "explore")
			rot := g.options(0, "gt ne")[0]
			got := g.options(0, "gt ne "+rot)
			if v == "exploring" {
				if !slices.Equal(got, []string{"1"}) {
					t.Fatalf("one ant in the exploring hex (GT): %v", got)
				}
				g.ans(0, g.finish(0, "gt ne "+rot+" 1"))
				if s := g.s(); s.tile(2).ants(0) != 2 || s.Tiles[0].ants(0) != 0 || s.tile(1).ants(0) != 1 {
					t.Fatal("the ant comes from the GT")
				}
				return
			}
			if !slices.Equal(got, []string{"gt", "2"}) {
				t.Fatalf("source hexes next to the new hex: %v", got)
			}
			g.ans(0, g.finish(0, "gt ne "+rot+" 2 2"))
			if s := g.s(); s.tile(2).ants(0) != 0 || s.Tiles[0].ants(0) != 1 || s.tile(1).ants(0) != 2 {
				t.Fatal("both ants come from hex 2, the GT's ant stays")
			}
		})
	}
}

// MOA1-AMB-41 (MOA1-EXPLORE-2 steps 7 and 8, MOA1-NF-1, MOA1-HEX-16): with
// explore-order=listed the New Frontiers effect (Empty Spider Den) resolves
// before the exploring hex's free site is refilled; with fill-first P2's
// outskirts ant takes the site before P1 decides.
func TestOptionExploreOrder(t *testing.T) {
	for _, v := range []string{"listed", "fill-first"} {
		t.Run(v, func(t *testing.T) {
			g := newTG(t, 3, "explore-order="+v)
			g.reset(5, 5)
			g.place(2, 1, 0, 3)
			g.ant(2, 0, 0)
			g.ant(2, 1, 1)
			g.ant(2, 1, 2)
			g.ant(2, 1, -1)
			g.hand(0, 25)
			g.s().Stack = []int{21}
			g.turn(0)
			g.ans(0, "explore")
			g.ans(0, g.finish(0, "2"))
			g.wantPending("P1:card.spiderden")
			filled := g.s().tile(2).Sites[0] == 1
			if filled != (v == "fill-first") {
				t.Fatalf("site s1 of the exploring hex filled before the effect: %v", filled)
			}
			g.ans(0, "pass")
			if s := g.s(); s.tile(2).Sites[0] != 1 || s.Hold {
				t.Fatal("after the effect the free site is filled")
			}
		})
	}
}

// MOA1-AMB-41 (MOA1-SPEC-6, MOA1-SPEC-9, MOA1-FORAGE-3): dance-reshuffle=yes
// reshuffles the discard pile when the deck runs out before an Event; with
// no the Dance ends at the end of the deck with no Event and no steps.
func TestOptionDanceReshuffle(t *testing.T) {
	for _, v := range []string{"yes", "no"} {
		t.Run(v, func(t *testing.T) {
			g := rabidDancer(t, "dance-reshuffle="+v)
			s := g.s()
			g.deckTop(25) // an Evolution, then the deck is empty
			s.Discard = append(s.Discard, s.Deck[1:]...)
			s.Deck = s.Deck[:1]
			g.turn(0)
			ev := g.ans(0, "dance")
			if hasEvent(ev, "reshuffled") != (v == "yes") || hasEvent(ev, "played_free") != (v == "yes") {
				t.Fatalf("reshuffle and an Event played only with yes: %v", ev)
			}
			if v == "no" {
				g.wantPending("P2:reaction.dance")
			}
		})
	}
}

// MOA1-AMB-41 (MOA1-SPEC-6, MOA1-SPEC-9, MOA1-CARD-4): with dance-react=dance
// only the Dance of Chaos reaction follows; with play the free Event also
// opens the Play-a-Card reaction.
func TestOptionDanceReact(t *testing.T) {
	for _, v := range []string{"dance", "play"} {
		t.Run(v, func(t *testing.T) {
			g := rabidDancer(t, "dance-react="+v)
			g.hand(1, 40)
			g.deckTop(25, 13) // an Evolution, then Nuptial Flight (ferocity 1)
			g.turn(0)
			g.ans(0, "dance")
			g.ans(0, "gt 2 s1")
			g.ans(1, "take")
			g.ans(2, "take")
			if v == "dance" {
				g.wantPending("P2:action")
				return
			}
			g.wantPending("P2:reaction.play")
			g.ans(1, "c40")
			if s := g.s(); !slices.Contains(s.Discard, 40) || len(s.Players[1].Hand) != 1 {
				t.Fatal("Play-a-Card reaction: discard one, draw one")
			}
		})
	}
}

// coopBoard: Centipede Uprising with 2 players, hexes 1, 3, 5, P1's ants
// on hex 1, the centipede deck in the given order on top.
func coopBoard(t *testing.T, opts ...string) *tg {
	g := newTG(t, 2, append([]string{"mode=uprising"}, opts...)...)
	g.reset(5, 5)
	g.place(1, 1, 0, 0)
	g.place(3, 1, -1, 0)
	g.place(5, -1, 0, 0)
	g.ant(1, 0, 0)
	s := g.s()
	s.CDeck = append(s.CDeck, s.CUsed...)
	s.CUsed = nil
	g.check()
	return g
}

// MOA1-AMB-41 (MOA1-SOLO-3, MOA1-FORAGE-2): horde-reveal=after turns the
// centipede card over once the action's reactions are resolved; with
// before it is revealed while the reactions are still open.
func TestOptionHordeReveal(t *testing.T) {
	for _, v := range []string{"after", "before"} {
		t.Run(v, func(t *testing.T) {
			g := coopBoard(t, "horde-reveal="+v)
			g.turn(0)
			g.ans(0, "forage")
			g.wantPending("P2:reaction.forage")
			if n := len(g.s().CUsed); n != map[string]int{"after": 0, "before": 1}[v] {
				t.Fatalf("centipede cards revealed during the reactions: %d", n)
			}
			g.ans(1, "take")
			if len(g.s().CUsed) != 1 {
				t.Fatal("one centipede card per action")
			}
		})
	}
}

// MOA1-AMB-41 (MOA1-SOLO-7, MOA1-HEX-21, MOA1-HEX-20): with
// centipede-explore=free the centipedes' hex goes anywhere, so over a few
// seeds some land with no tunnel to any neighbour; with match the hex is
// always tunnel-connected to the hex it was placed against.
func TestOptionCentipedeExplore(t *testing.T) {
	for _, v := range []string{"free", "match"} {
		t.Run(v, func(t *testing.T) {
			unlinked := 0
			for seed := uint64(1); seed <= 30; seed++ {
				g := soloWith(t, []string{"centipede-explore=" + v}, 17)
				g.s().RNG = engine.NewRNG(seed)
				g.s().Stack = []int{2}
				g.turn(0)
				g.ans(0, "forage")
				s := g.s()
				nt := s.tile(2)
				if nt == nil || !nt.Centi {
					t.Fatal("the centipedes explore hex 2 and put a centipede on it")
				}
				linked := false
				for e := 0; e < 6; e++ {
					if s.neighbor(nt, e) != nil && s.connected(nt, e) {
						linked = true
					}
				}
				if !linked {
					unlinked++
				}
			}
			if (unlinked > 0) != (v == "free") {
				t.Fatalf("hexes with no tunnel to a neighbour: %d", unlinked)
			}
		})
	}
}

// MOA1-AMB-41 (MOA1-SOLO-8, MOA1-CENTI-2): with hunt=own a March may start a
// centipede battle only where the player has ants; with any on every
// centipede hex in the Anthill (here hex 3, where P1 has none).
func TestOptionHunt(t *testing.T) {
	for _, v := range []string{"own", "any"} {
		t.Run(v, func(t *testing.T) {
			g := soloWith(t, []string{"hunt=" + v}, 28)
			s := g.s()
			s.tile(3).Centi = true
			s.Counters--
			g.turn(0)
			g.ans(0, "march")
			g.ans(0, "done")
			if v == "own" {
				g.wantPending("P1:action")
				return
			}
			g.wantPending("P1:hunt")
			if got := g.options(0, ""); !slices.Equal(got, []string{"pass", "3"}) {
				t.Fatalf("hunt targets %v", got)
			}
			if ev := g.ans(0, "3"); !hasEvent(ev, "centipede_battle") {
				t.Fatal("the battle is fought on head cards and ferocity alone")
			}
		})
	}
}

// MOA1-AMB-41 (MOA1-SOLO-9, MOA1-CENTI-3, MOA1-SOLO-6): with
// centipede-strength=both the two strength cards come from the centipede
// deck; with one the second comes from the players' deck.
func TestOptionCentipedeStrength(t *testing.T) {
	for _, v := range []string{"both", "one"} {
		t.Run(v, func(t *testing.T) {
			g := soloWith(t, []string{"centipede-strength=" + v}, 64, 12, 17)
			s := g.s()
			s.tile(1).Centi = true
			s.Counters--
			g.turn(0)
			g.ans(0, "forage")
			discard := len(g.s().Discard)
			g.ans(0, "none")
			s = g.s()
			if !slices.Contains(s.CUsed, 12) || slices.Contains(s.CUsed, 17) != (v == "both") {
				t.Fatalf("centipede cards used %v", s.CUsed)
			}
			if grew := len(s.Discard) - discard; grew != map[string]int{"both": 0, "one": 1}[v] {
				t.Fatalf("players' deck cards revealed for the centipede: %d", grew)
			}
		})
	}
}

// MOA1-AMB-41 (MOA1-SOLO-15, MOA1-SOLO-3, MOA1-REST-3): with solo-end=one
// the card revealed after the first Rest is the only one; with two another
// card follows before the Worker phase ends.
func TestOptionSoloEnd(t *testing.T) {
	for _, v := range []string{"one", "two"} {
		t.Run(v, func(t *testing.T) {
			g := soloWith(t, []string{"solo-end=" + v}, 28, 30)
			s := g.s()
			s.Food += s.Players[0].Food
			s.Players[0].Food = 0
			g.turn(0)
			g.ans(0, "rest")
			s = g.s()
			if s.Phase == "worker" || len(s.CUsed) != map[string]int{"one": 1, "two": 2}[v] {
				t.Fatalf("phase %s, centipede cards %v", s.Phase, s.CUsed)
			}
		})
	}
}

// MOA1-AMB-31 (MOA1-DATA-7, MOA1-TOK-5, MOA1-NF-1): with food=limited a
// player gains only the food left in the supply of 30 and the invariant
// forbids more than 30 in play; with unlimited the Dew Meadow gives its 2
// food from an empty supply.
func TestOptionFood(t *testing.T) {
	for _, v := range []string{"limited", "unlimited"} {
		t.Run(v, func(t *testing.T) {
			g := newTG(t, 3, "food="+v)
			g.reset(5, 5)
			s := g.s()
			s.Players[1].Food += s.Food
			s.Food = 0
			g.ant(0, 0, -1)
			s.Stack = []int{24}
			g.turn(0)
			g.ans(0, "explore")
			g.ans(0, g.finish(0, "gt ne r1 1"))
			s = g.s()
			if got := s.Players[0].Food; got != map[string]int{"limited": 5, "unlimited": 6}[v] {
				t.Fatalf("food after paying 1 and the Dew Meadow: %d", got)
			}
			s.Food-- // one token more in play
			s.Players[0].Food++
			if err := s.invariants(); (err == nil) != (v == "unlimited") {
				t.Fatalf("more than 30 food tokens in play: %v", err)
			}
		})
	}
}

// evArg returns argument arg of the first event key in ev ("" if none).
func evArg(ev []engine.Event, key, arg string) string {
	for _, e := range ev {
		if e.Key == "moa."+key {
			return e.Args[arg]
		}
	}
	return ""
}

// MOA1-AMB-29 (MOA1-SOLO-13, MOA1-SOLO-1, MOA1-HEX-17): in a co-op
// Uprising with coop-battles=yes players still battle each other on a
// contested hex; with no the group agreed otherwise and the hex gets no
// battle, while a centipede battle is still fought.
func TestOptionCoopBattles(t *testing.T) {
	for _, v := range []string{"yes", "no"} {
		t.Run(v, func(t *testing.T) {
			g := newTG(t, 3, "mode=uprising", "coop-battles="+v)
			g.reset(5, 5)
			g.place(2, 1, 0, 3)
			g.ant(2, 0, 0)
			g.ant(2, 1, 1)
			g.ant(2, 1, 2)
			g.ant(2, 1, -1)
			g.soldier()
			if fought := len(g.s().Fights) == 1; fought != (v == "yes") {
				t.Fatalf("ant battles between co-op players: %v", g.s().Fights)
			}
			if v == "no" {
				g = newTG(t, 3, "mode=uprising", "coop-battles="+v)
				g.reset(5, 5)
				g.place(2, 1, 0, 3)
				g.ant(2, 0, 0)
				g.s().tile(2).Centi = true
				g.s().Counters--
				g.soldier()
				if !hasEvent(g.s().ev, "centipede_battle") {
					t.Fatal("centipede battles are still fought")
				}
			}
		})
	}
}

// MOA1-AMB-8 (MOA1-CARD-13, MOA1-BATTLE-4, MOA1-BATTLE-20, MOA1-CLAR-EV-13):
// with head-bonus=every P2's two head cards add 2 strength to a Trap battle
// in the Worker phase (3 against 3: the defender wins); with soldier they
// count only in the Soldier phase, so P2 fights at 1 and loses. In the
// Soldier phase both values count them.
func TestOptionHeadBonus(t *testing.T) {
	for _, v := range []string{"every", "soldier"} {
		t.Run(v, func(t *testing.T) {
			board := func() *tg {
				g := newTG(t, 3, "head-bonus="+v)
				g.reset(5, 5)
				g.place(2, 1, 0, 3)
				g.ant(2, 1, 0)
				g.ant(2, 2, 1)
				g.ant(2, 2, 2)
				g.ant(2, 2, -1)
				g.evo(1, 29, 30) // two Warriors: no ability in a battle
				return g
			}
			g := board()
			g.hand(0, 19)
			g.play(0, "c19 l")
			ev := g.ans(0, "2")
			want := map[string]string{"every": "3", "soldier": "1"}[v]
			if ds := evArg(ev, "battle", "ds"); ds != want {
				t.Fatalf("defender's strength in a Worker-phase battle %q, want %s", ds, want)
			}
			if s := g.s(); (s.Players[1].CP == 1) != (v == "every") || (s.Players[2].CP == 1) != (v == "soldier") {
				t.Fatalf("winner's spoils: P2 %d CP, P3 %d CP", s.Players[1].CP, s.Players[2].CP)
			}
			g = board()
			g.soldier()
			ev = g.ans(1, "pass") // the Warrior's start-of-phase ability
			if ds := evArg(ev, "battle", "ds"); ds != "3" {
				t.Fatalf("defender's strength in the Soldier phase %q, want 3", ds)
			}
		})
	}
}

// MOA1-AMB-24 (MOA1-SPEC-12, MOA1-QUEEN-2): a Nomad on two two-larvae
// sites harvests 1 larva from each with barren-queen=site, 1 in total with
// total.
func TestOptionBarrenQueen(t *testing.T) {
	for _, v := range []string{"site", "total"} {
		t.Run(v, func(t *testing.T) {
			g := newTG(t, 3, "barren-queen="+v)
			g.reset(5, 5)
			g.place(12, -1, 0, 0) // s2: two larvae
			g.place(6, 0, 1, 0)   // s2: two larvae
			g.s().Players[0].Species = "nomad"
			g.ant(12, 0, 1)
			g.ant(6, 0, 1)
			g.queen()
			want := map[string]int{"site": 7, "total": 6}[v]
			if got := g.s().Players[0].Larvae; got != want {
				t.Fatalf("larvae after the Harvest %d, want %d", got, want)
			}
		})
	}
}

// MOA1-AMB-26 (MOA1-SPEC-20, MOA1-SOLDIER-1, MOA1-AMB-38): with
// mutation=first the Mutant's hand is already swapped when its head
// ability (Acrobat) is offered; with after the ability is offered on the
// old hand and Mutation follows once it is resolved.
func TestOptionMutation(t *testing.T) {
	for _, v := range []string{"first", "after"} {
		t.Run(v, func(t *testing.T) {
			g := newTG(t, 3, "species=on", "mutation="+v)
			g.reset(5, 5)
			g.place(2, 1, 0, 3)
			g.s().Players[0].Species = "mutant"
			g.ant(0, 0, -1)
			g.evo(0, 25) // Acrobat
			g.hand(0, 4, 5)
			g.soldier()
			g.wantPending("P1:march") // Acrobat: ant steps
			kept := slices.Contains(g.s().Players[0].Hand, 4)
			if kept != (v == "after") || hasEvent(g.s().ev, "mutation") == kept {
				t.Fatalf("hand %v while the head ability is offered", g.s().Players[0].Hand)
			}
			ev := g.ans(0, "done")
			if s := g.s(); slices.Contains(s.Players[0].Hand, 4) || hasEvent(ev, "mutation") != (v == "after") {
				t.Fatalf("mutation after the head ability: hand %v", s.Players[0].Hand)
			}
		})
	}
}

// MOA1-AMB-10 (MOA1-REST-7, MOA1-REST-3, MOA1-REST-6, MOA1-REST-5): the
// second rester ends the Worker phase; with rest-larva=same they get only
// the first-Rest larva, with extra one more.
func TestOptionRestLarva(t *testing.T) {
	for _, v := range []string{"same", "extra"} {
		t.Run(v, func(t *testing.T) {
			g := newTG(t, 3, "rest-larva="+v)
			g.reset(2, 5)
			for p := 0; p < 3; p++ {
				g.ant(0, p, -1)
			}
			s := g.s()
			s.Players[0].Rested, s.Players[0].Acted, s.Rested = true, true, 1
			s.Players[1].Acted = true
			g.turn(1)
			g.ans(1, "rest")
			s = g.s()
			want := map[string]int{"same": 6, "extra": 7}[v]
			if s.Phase == "worker" || s.Players[1].Larvae != want || s.Players[0].Larvae != 5 {
				t.Fatalf("phase %s, larvae of the phase's ender %d, want %d", s.Phase, s.Players[1].Larvae, want)
			}
		})
	}
}

// MOA1-AMB-20 (MOA1-2P-5, MOA1-SLUMBER-2, MOA1-HEX-20): with 2 players,
// duo-central=adjacent scores only P1's hex 7 (adjacent to the GT and
// joined by a tunnel); with path P2's hex 1, joined to the GT through
// hex 7 but not adjacent to it, scores too.
func TestOptionDuoCentral(t *testing.T) {
	for _, v := range []string{"adjacent", "path"} {
		t.Run(v, func(t *testing.T) {
			g := newTG(t, 2, "duo-central="+v)
			g.reset(5, 0)
			g.place(7, 1, 0, 0) // Mole Tunnel: open on every edge
			g.place(1, 2, 0, 0) // Fallen Leaves: its w opening meets hex 7
			g.ant(7, 0, 0)
			g.ant(1, 1, 0)
			s := g.s()
			if !s.tunnelTo(&s.Tiles[0], s.tile(7)) || !s.tunnelTo(s.tile(7), s.tile(1)) || s.adjacent(s.tile(1), &s.Tiles[0]) {
				t.Fatal("position: GT - 7 - 1 joined by tunnels, 1 not adjacent to the GT")
			}
			g.queen()
			g.ans(0, "food")
			g.ans(1, "food")
			s = g.s()
			want := map[string]int{"adjacent": 0, "path": 1}[v]
			if s.Players[0].CP != 1 || s.Players[1].CP != want {
				t.Fatalf("central hexes: P1 %d, P2 %d (want 1, %d)", s.Players[0].CP, s.Players[1].CP, want)
			}
		})
	}
}

// MOA1-AMB-41 (MOA1-SPEC-9, MOA1-SPEC-6, MOA1-MARCH-2, MOA1-MARCH-3): with
// dance-steps=march the Dance's steps are March steps, a larva step
// included; with ants only ants move. (The revealed non-Events have no
// switch: the rulebook itself says to discard them.)
func TestOptionDanceSteps(t *testing.T) {
	for _, v := range []string{"march", "ants"} {
		t.Run(v, func(t *testing.T) {
			g := rabidDancer(t, "dance-steps="+v)
			g.deckTop(25, 13) // an Evolution, then Nuptial Flight (ferocity 1)
			g.turn(0)
			g.ans(0, "dance")
			g.wantPending("P1:march")
			if g.has(0, "", "larva") != (v == "march") {
				t.Fatalf("larva step offered: %v", g.options(0, ""))
			}
			g.ans(0, "gt 2 s1")
			if s := g.s(); s.tile(2).ants(0) != 1 {
				t.Fatal("the ant step moves the ant")
			}
		})
	}
}

// rabidDancer is a 3-player game with special species whose first player
// is the Rabid Ant with an ant in the Great Tunnel and hex 2 in the Anthill:
// the position every Dance of Chaos option test starts from.
func rabidDancer(t *testing.T, opt string) *tg {
	g := newTG(t, 3, "species=on", opt)
	g.reset(5, 5)
	g.place(2, 1, 0, 3)
	g.s().Players[0].Species = "rabid"
	g.ant(0, 0, -1)
	return g
}
