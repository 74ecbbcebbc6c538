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
			g := newTG(t, 3, "species=on", "dance-reshuffle="+v)
			g.reset(5, 5)
			g.place(2, 1, 0, 3)
			s := g.s()
			s.Players[0].Species = "rabid"
			g.ant(0, 0, -1)
			g.deckTop(25) // an Evolution, then the deck is empty
			s.Discard = append(s.Discard, s.Deck[1:]...)
			s.Deck = s.Deck[:1]
			g.turn(0)
			ev := g.ans(0, "dance")
			if hasEvent(ev, "reshuffled") != (v == "yes") || hasEvent(ev, "played_free") != (v == "yes") {
				t.Fatalf("reshuffle and an Event played only with yes: %v", ev)
			}
			if v == "no" {
				g.wantPending("P2:reaction.dance P3:reaction.dance")
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
			g := newTG(t, 3, "species=on", "dance-react="+v)
			g.reset(5, 5)
			g.place(2, 1, 0, 3)
			g.s().Players[0].Species = "rabid"
			g.ant(0, 0, -1)
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
