package march

import (
	"formica/engine"
	"slices"
	"testing"
)

// cardBoard: 3 players, 5 food and 5 larvae each, no cards; hex 2 (Pond:
// s1 food control, s2 food, s3 CP) east of the GT with a tunnel; hex 12
// (s1 CP control, s2 two larvae, s3 food, s4 card) west of the GT.
func cardBoard(t *testing.T) *tg {
	g := newTG(t, 3)
	g.reset(5, 5)
	g.place(2, 1, 0, 3)
	g.place(12, -1, 0, 0)
	return g
}

// play makes seat play a card on its turn.
func (g *tg) play(seat int, cmd string) {
	g.t.Helper()
	g.turn(seat)
	g.ans(seat, "play "+cmd)
}

// MOA1-CARD-1 MOA1-CARD-2 MOA1-CARD-3 MOA1-CARD-8 MOA1-TOK-4
// MOA1-CLAR-EV-14 MOA1-ASYNC-5
func TestPayingCosts(t *testing.T) {
	g := cardBoard(t)
	g.ant(2, 0, 0)
	g.ant(2, 0, 1)
	g.ant(2, 1, 2)
	g.ant(2, 1, -1) // contested
	g.hand(0, 21)   // Sparrow Attack: cost 2, larvae only
	g.hand(0, 10)   // Fungal Epidemic: cost 2, any
	g.turn(0)
	if got := g.options(0, "play c21"); !slices.Equal(got, []string{"l"}) {
		t.Fatalf("sparrow attack is paid with larvae only: %v", got)
	}
	if got := g.options(0, "play c10"); !slices.Equal(got, []string{"l", "2", "2s1", "2s2"}) {
		t.Fatalf("larvae or ants: %v", got)
	}
	// paying with an ant frees its site; the outskirts ant of P2 fills it
	g.ans(0, "play c10 2 2")
	g.wantPending("P2:site") // the free sites differ: the owner chooses
	g.ans(1, "s1")
	s := g.s()
	if s.tile(2).ants(0) != 0 || s.tile(2).Sites[0] != 1 || s.Players[0].Supply != 36-5-2+2 {
		t.Fatalf("paid with 2 ants: %+v supply %d", s.tile(2), s.Players[0].Supply)
	}
	if s.tile(2).contested() {
		t.Fatal("paying can end a hex's contested status")
	}
	if !slices.Contains(s.Discard, 10) {
		t.Fatal("an Event goes to the discard pile")
	}
}

// MOA1-CARD-9 MOA1-CARD-10 MOA1-CARD-15 MOA1-CARD-16 MOA1-AMB-39
// MOA1-CLAR-EV-2
func TestEvolutionsAndBodies(t *testing.T) {
	g := cardBoard(t)
	g.evo(0, 25, 37) // head Acrobat, thorax Reaper
	g.hand(0, 46, 27, 2)
	g.play(0, "c46 l")
	s := g.s()
	if s.Players[0].CP != 3 || s.Players[0].Bodies != 1 {
		t.Fatalf("a complete body scores 3 CP at once: %d", s.Players[0].CP)
	}
	g.play(0, "c27 l l")
	s = g.s()
	if s.activeEffect(0, 0) != "armor" || len(s.Players[0].Evo[0]) != 2 || s.Players[0].CP != 3 {
		t.Fatal("a new Evolution goes on top; only the top is active")
	}
	// Radioactive Radiation: losing the head and rebuilding it gives no change
	g.play(0, "c2 l")
	g.wantPending("P1:card.radiation")
	if got := g.options(0, ""); !slices.Equal(got, []string{"pass", "head", "thorax", "abdomen"}) {
		t.Fatalf("segments %v", got)
	}
	g.ans(0, "abdomen none")
	s = g.s()
	if s.Players[0].CP != 0 || s.Players[0].Bodies != 0 || len(s.Players[0].Evo[2]) != 0 {
		t.Fatalf("losing a body loses its 3 CP: %d", s.Players[0].CP)
	}
	g = cardBoard(t)
	g.evo(0, 25, 37, 46)
	g.s().Players[0].CP = 3
	g.hand(0, 2, 50)
	g.play(0, "c2 l")
	g.ans(0, "abdomen c50")
	if s := g.s(); s.Players[0].CP != 3 || s.activeEffect(0, 2) != "pharaoh" {
		t.Fatalf("body lost and rebuilt in one card: CP %d", s.Players[0].CP)
	}
}

// MOA1-CARD-18 MOA1-CARD-19 MOA1-CARD-20 MOA1-AMB-9
func TestColonyGoals(t *testing.T) {
	g := cardBoard(t)
	g.hand(0, 56, 58, 65)
	g.play(0, "c56 l")
	if s := g.s(); s.Players[0].Food != 6 || !slices.Equal(s.Players[0].Goals, []int{56}) {
		t.Fatal("Huge Stores: bonus 1 food when played, kept face up")
	}
	g.play(0, "c58 l")
	g.turn(0)
	if got := g.options(0, "play c65 l"); !slices.Equal(got, []string{"c56", "c58"}) {
		t.Fatalf("a third goal needs a discard: %v", got)
	}
	g.ans(0, "play c65 l c56")
	if s := g.s(); !slices.Equal(s.Players[0].Goals, []int{58, 65}) || !slices.Contains(s.Discard, 56) {
		t.Fatalf("goals %v", s.Players[0].Goals)
	}
}

// Each Event effect, one subtest each.
// MOA1-CLAR-EV-1 MOA1-CLAR-EV-3 MOA1-CLAR-EV-4 MOA1-CLAR-EV-5 MOA1-CLAR-EV-6
// MOA1-CLAR-EV-7 MOA1-CLAR-EV-8 MOA1-CLAR-EV-9 MOA1-CLAR-EV-10
// MOA1-CLAR-EV-11 MOA1-CLAR-EV-12 MOA1-CLAR-EV-13 MOA1-CLAR-EV-15
// MOA1-AMB-30 MOA1-BATTLE-20 MOA1-AMB-35 MOA1-HEX-25 MOA1-NF-1
func TestEventCards(t *testing.T) {
	t.Run("royalstroll", func(t *testing.T) {
		g := cardBoard(t)
		g.ant(2, 0, 0)
		g.hand(0, 1)
		g.play(0, "c1 l")
		if got := g.options(0, ""); !slices.Equal(got, []string{"pass", "2"}) {
			t.Fatalf("only hexes you control: %v", got)
		}
		g.ans(0, "2 gt nw r0")
		h := g.s().tile(2)
		if h.Q != 0 || h.R != -1 || h.Sites[0] != 0 {
			t.Fatalf("moved hex %+v", h)
		}
	})
	t.Run("espionage", func(t *testing.T) {
		g := cardBoard(t)
		g.hand(0, 3)
		g.deckTop(26, 55, 6)
		g.play(0, "c3 l")
		if got := g.options(0, ""); !slices.Equal(got, []string{"none", "c26", "c55", "c6"}) {
			t.Fatalf("espionage choices %v", got)
		}
		g.ans(0, "c26")
		s := g.s()
		if s.activeEffect(0, 0) != "amazon" || !slices.Contains(s.Discard, 55) || !slices.Contains(s.Discard, 6) {
			t.Fatal("one card played free, the rest discarded")
		}
		g = cardBoard(t)
		g.hand(0, 3)
		g.deckTop(26, 55, 6)
		g.play(0, "c3 l")
		g.ans(0, "none")
		if s := g.s(); !slices.Contains(s.Discard, 26) || !slices.Contains(s.Discard, 55) {
			t.Fatal("playing none discards all")
		}
	})
	t.Run("earlyharvest", func(t *testing.T) {
		g := cardBoard(t)
		g.ant(2, 0, 2)
		g.hand(0, 4)
		g.play(0, "c4")
		g.ans(0, "2s3")
		if g.s().Players[0].CP != 1 {
			t.Fatal("early harvest of one CP site")
		}
	})
	t.Run("eggthief", func(t *testing.T) {
		g := cardBoard(t)
		s := g.s()
		s.Players[2].Supply += s.Players[2].Larvae
		s.Players[2].Larvae = 0
		g.hand(0, 7)
		g.play(0, "c7 l")
		s = g.s()
		if s.Players[0].Larvae != 5-1+1 || s.Players[1].Larvae != 4 || s.Players[2].Larvae != 0 {
			t.Fatalf("egg thief: %d %d %d", s.Players[0].Larvae, s.Players[1].Larvae, s.Players[2].Larvae)
		}
	})
	t.Run("frenzy", func(t *testing.T) {
		g := cardBoard(t)
		g.hand(0, 9)
		g.hand(1, 4)
		g.ant(0, 0, -1)
		g.play(0, "c9 l l")
		g.wantPending("P2:reaction.play")
		g.ans(1, "pass")
		g.wantPending("P1:action")
		if !g.has(0, "", "rest") {
			t.Fatal("rest is a legal bonus action")
		}
		g.ans(0, "forage")
		g.wantPending("P2:reaction.forage P3:reaction.forage")
		g.ans(1, "pass")
		g.ans(2, "pass")
		g.ans(0, "rest")
		s := g.s()
		if !s.Players[0].Rested || s.Players[0].RestLarva != 1 || s.Active != 1 {
			t.Fatalf("the bonus Rest is a real Rest: %+v", s.Players[0])
		}
	})
	t.Run("fungal", func(t *testing.T) {
		g := cardBoard(t)
		g.ant(2, 0, 0)
		g.ant(2, 0, 1)
		g.ant(2, 1, 2)
		g.ant(2, 1, -1)
		g.ant(2, 1, -1)
		g.hand(0, 10)
		g.play(0, "c10 l l")
		if g.has(0, "", "gt") {
			t.Fatal("fungal epidemic cannot target the GT")
		}
		g.ans(0, "2")
		g.wantPending("P2:casualties")
		g.ans(1, "o o")
		s := g.s()
		if s.tile(2).ants(0) != 0 || s.tile(2).ants(1) != 1 {
			t.Fatalf("everyone, the player too, loses 2: %+v", s.tile(2))
		}
	})
	t.Run("unknown", func(t *testing.T) {
		g := cardBoard(t)
		g.hand(0, 11)
		g.s().Stack = []int{24, 5}
		g.play(0, "c11 l")
		if !g.has(0, "2", "e") {
			t.Fatal("any hex may anchor the new hex")
		}
		g.ans(0, "2 e r0 2 s1")
		s := g.s()
		if h := s.tile(24); h == nil || h.ants(0) != 2 || s.Players[0].Larvae != 2 || s.Players[0].Food != 5+2 {
			t.Fatalf("new hex with 2 larvae and the Dew Meadow's food: %+v", s.Players[0])
		}
	})
	t.Run("nuptial", func(t *testing.T) {
		g := cardBoard(t)
		g.ant(2, 0, 2)
		g.ant(12, 1, 0)
		g.hand(0, 13)
		g.play(0, "c13 l")
		if g.has(0, "2s3", "2s3") {
			t.Fatal("swap with another player's ant")
		}
		g.ans(0, "2s3 12s1")
		if s := g.s(); s.tile(2).Sites[2] != 1 || s.tile(12).Sites[0] != 0 {
			t.Fatal("ants swapped")
		}
	})
	t.Run("burrow", func(t *testing.T) {
		g := cardBoard(t)
		g.hand(0, 14)
		g.play(0, "c14 l")
		if g.has(0, "", "gt") {
			t.Fatal("no wormhole in the GT")
		}
		g.ans(0, "12 larva s2")
		s := g.s()
		if !s.tile(12).Worm || s.tile(12).Sites[1] != 0 || s.Counters != 14 {
			t.Fatal("wormhole marker and an optional larva, even on a hex not occupied")
		}
		g.hand(0, 15)
		g.play(0, "c15 l")
		if g.has(0, "", "12") {
			t.Fatal("at most one wormhole per hex")
		}
	})
	t.Run("mobilize", func(t *testing.T) {
		g := cardBoard(t)
		g.ant(0, 0, -1)
		g.hand(0, 16)
		g.play(0, "c16 l")
		g.ans(0, "larva gt")
		g.ans(0, "gt 2 s1")
		g.ans(0, "gt 2 s2")
		g.ans(0, "2 gt")
		s := g.s()
		if s.tile(2).ants(0) != 1 || s.Tiles[0].ants(0) != 1 {
			t.Fatalf("4 steps, larvae first: %+v", s.tile(2))
		}
	})
	t.Run("jelly", func(t *testing.T) {
		g := cardBoard(t)
		g.hand(0, 18)
		g.play(0, "c18 l l")
		if got := g.options(0, "food"); !slices.Equal(got, []string{"larvae", "cards"}) {
			t.Fatalf("two different choices: %v", got)
		}
		g.ans(0, "food cards")
		if s := g.s(); s.Players[0].Food != 7 || len(s.Players[0].Hand) != 2 {
			t.Fatal("royal jelly")
		}
	})
	t.Run("trap", func(t *testing.T) {
		g := cardBoard(t)
		g.ant(2, 1, 0)
		g.ant(2, 2, 1)
		g.ant(2, 2, 2)
		g.ant(2, 2, -1)
		g.hand(0, 19)
		g.play(0, "c19 l")
		g.ans(0, "2")
		s := g.s()
		if s.Players[2].CP != 1 || s.tile(2).ants(1) != 0 {
			t.Fatalf("the trapped hex's battle is fought now between its occupants: %+v", s.tile(2))
		}
		if len(s.Fights) == 0 || s.Phase != "worker" {
			t.Fatal("a Worker-phase battle")
		}
	})
	t.Run("sparrow", func(t *testing.T) {
		g := cardBoard(t)
		g.hand(0, 21)
		g.turn(0)
		if g.has(0, "", "play") {
			t.Fatal("sparrow attack needs an occupied site")
		}
		g.ant(2, 0, 0)
		g.ant(2, 1, 1)
		g.ant(2, 1, 2)
		g.ant(2, 1, -1)
		g.ant(2, 1, -1)
		g.play(0, "c21 l l")
		g.ans(0, "2")
		g.ans(1, "o o s2")
		if s := g.s(); s.tile(2).ants(0) != 0 || s.tile(2).ants(1) != 1 {
			t.Fatalf("sparrows: %+v", s.tile(2))
		}
	})
	t.Run("swarm", func(t *testing.T) {
		g := cardBoard(t)
		g.ant(0, 0, -1)
		g.ant(2, 0, 0)
		g.hand(0, 22)
		g.play(0, "c22 l")
		g.ans(0, "12 gt 2")
		if s := g.s(); s.tile(12).ants(0) != 2 || s.tile(2).ants(0) != 0 {
			t.Fatal("ants from anywhere to one hex")
		}
	})
}

// MOA1-CLAR-EVO-1 MOA1-CLAR-EVO-4 MOA1-CLAR-EVO-5 MOA1-SOLDIER-1
// MOA1-HEX-19 MOA1-ASYNC-9 MOA1-CLAR-EVO-18 MOA1-CLAR-EVO-19
// MOA1-SOLDIER-5 MOA1-ASYNC-13 MOA1-CARD-17
func TestHeadCards(t *testing.T) {
	t.Run("acrobat", func(t *testing.T) {
		g := cardBoard(t)
		g.ant(0, 0, -1)
		g.ant(2, 1, 0)
		g.ant(2, 1, 1)
		g.ant(2, 1, 2)
		g.evo(0, 25)
		g.soldier()
		g.wantPending("P1:march")
		g.ans(0, "gt 2") // makes hex 2 contested: a battle follows
		g.ans(0, "done")
		if len(g.s().Fights) == 0 {
			t.Fatal("the acrobat's move made the hex contested")
		}
	})
	t.Run("warrior", func(t *testing.T) {
		g := cardBoard(t)
		g.ant(2, 0, 0)
		g.ant(2, 0, -1)
		g.ant(2, 1, 1)
		g.ant(2, 1, 2)
		g.evo(0, 29)
		g.soldier()
		g.ans(0, "2 return 1")
		s := g.s()
		if len(s.Fights) != 0 || s.Players[0].Larvae != 6 {
			t.Fatal("returning the outskirts ant ends the contest: no battle")
		}
	})
	t.Run("kamikaze", func(t *testing.T) {
		g := cardBoard(t)
		g.ant(2, 0, 0)
		g.ant(2, 1, 1)
		g.ant(2, 1, 2)
		g.ant(2, 1, -1)
		g.evo(0, 31)
		g.soldier()
		g.ans(0, "2 p2 p2")
		g.ans(1, "o s2")
		s := g.s()
		if s.tile(2).ants(0) != 0 || s.tile(2).ants(1) != 1 || len(s.Fights) != 0 {
			t.Fatalf("kamikaze %+v", s.tile(2))
		}
	})
	t.Run("traitor-veteran", func(t *testing.T) {
		g := cardBoard(t)
		s := g.s()
		s.tile(12).Centi = true
		s.Counters--
		g.ant(12, 0, 0)
		g.evo(0, 35)
		g.ant(2, 1, 0)
		g.ant(2, 1, 2)
		g.ant(2, 2, 1)
		g.ant(2, 2, -1)
		g.evo(2, 36)
		g.soldier()
		// P3 (2 ants + 1 head) beats P2 (2): P2 loses all, P3 loses 1 and chooses
		g.ans(2, "o")
		ev := g.ans(2, "s2 s1") // spoils: onto the free control site
		s = g.s()
		if slices.Contains(s.Fights, centiKey(12, 0)) {
			t.Fatal("centipedes do not fight the Traitor")
		}
		var traitor, veteran bool
		for _, e := range ev {
			traitor = traitor || e.Key == "moa.cp" && e.Args["why"] == "traitor" && e.Args["n"] == "1"
			veteran = veteran || e.Key == "moa.cp" && e.Args["why"] == "veteran" && e.Args["n"] == "1"
		}
		if !traitor || !veteran {
			t.Fatal("end of the Soldier phase: traitor 1 CP per centipede, veteran 1 CP per hex fought on")
		}
	})
}

// MOA1-CLAR-EVO-8 MOA1-CLAR-EVO-11 MOA1-CLAR-EVO-14 MOA1-CLAR-EVO-20
// MOA1-CLAR-EVO-21 MOA1-EXPLORE-11
func TestThoraxCards(t *testing.T) {
	t.Run("reaper", func(t *testing.T) {
		g := cardBoard(t)
		g.ant(0, 0, -1)
		g.ant(0, 0, -1)
		g.evo(0, 37)
		g.s().Stack = []int{20}
		g.turn(0)
		g.ans(0, "explore")
		g.ans(0, "gt ne r1 2 s2 s3") // two larvae site and one larva site
		if l := g.s().Players[0].Larvae; l != 7 {
			t.Fatalf("reaper: 1 larva per larva site: %d", l)
		}
	})
	t.Run("parasite", func(t *testing.T) {
		g := cardBoard(t)
		g.evo(0, 39)
		g.turn(0)
		g.ans(0, "forage p3")
		s := g.s()
		if len(s.Players[0].Hand) != 1 || s.Players[2].Larvae != 3 || s.Players[0].Larvae != 7 {
			t.Fatalf("parasite: %+v", s.Players[0])
		}
	})
	t.Run("scout", func(t *testing.T) {
		g := cardBoard(t)
		g.ant(0, 0, -1)
		g.evo(0, 40)
		g.s().Stack = []int{5, 7, 9}
		g.turn(0)
		ev := g.ans(0, "explore")
		for _, e := range ev {
			if e.Key == "moa.scout_drew" && e.To != 0 {
				t.Fatal("the scout's hexes are private")
			}
		}
		if got := g.options(0, ""); !slices.Equal(got, []string{"5", "7"}) {
			t.Fatalf("scout choice %v", got)
		}
		// MOA1-CLAR-EVO-14: the two hexes are the scout's alone until one is
		// placed, the other is never shown.
		if st, _ := g.s().Choices(0, nil); !st.Private {
			t.Fatal("the scout's choice of hex is offered in public")
		}
		hidden := func() []engine.Secret {
			var out []engine.Secret
			for _, sec := range g.s().Hidden() {
				if sec.What == "scouted hex" {
					out = append(out, sec)
				}
			}
			return out
		}
		if h := hidden(); len(h) != 2 || h[0].Owner != 0 || h[1].Owner != 0 {
			t.Fatalf("scouted hexes in the hidden list: %+v", h)
		}
		if v := g.s().View(0).(*View); len(v.Exploring) != 2 || v.Exploring[0].Num != 5 || v.Exploring[1].Num != 7 {
			t.Fatalf("the scout sees %+v, want its two hexes 5 and 7", v.Exploring)
		}
		if v := g.s().View(engine.NoSeat).(*View); len(v.Exploring) != 0 {
			t.Fatalf("spectators see the scout's hexes: %+v", v.Exploring)
		}
		g.ans(0, "7 gt ne r0 1 s1")
		if h := hidden(); len(h) != 0 {
			t.Fatalf("after placing, the scouted hexes are still listed: %+v", h)
		}
		if s := g.s(); !slices.Equal(s.Stack, []int{9, 5}) {
			t.Fatalf("the other hex goes under the stack: %v", s.Stack)
		}
	})
	t.Run("digger", func(t *testing.T) {
		g := cardBoard(t)
		g.place(4, 0, -1, 1) // no tunnel to the GT
		g.ant(0, 0, -1)
		g.evo(0, 42)
		g.turn(0)
		g.ans(0, "march")
		if !g.has(0, "gt", "4") {
			t.Fatal("digger steps ignore tunnels")
		}
		g.ans(0, "done")
	})
	t.Run("weaver", func(t *testing.T) {
		g := cardBoard(t)
		g.ant(2, 0, 0)
		g.ant(2, 1, 1)
		g.ant(0, 1, -1)
		g.evo(0, 44)
		g.turn(1)
		g.ans(1, "march")
		if g.has(1, "", "2") || !g.has(1, "", "gt") {
			t.Fatalf("weaver traps others' ants, not in the GT: %v", g.options(1, ""))
		}
	})
}

// Colony Goal conditions and bonuses, one subtest each.
// MOA1-CLAR-GOAL-1 MOA1-CLAR-GOAL-2 MOA1-CLAR-GOAL-3 MOA1-CLAR-GOAL-4
// MOA1-CLAR-GOAL-5 MOA1-CLAR-GOAL-6 MOA1-CLAR-GOAL-7 MOA1-2P-6
func TestGoalCards(t *testing.T) {
	g := cardBoard(t)
	s := g.s()
	g.ant(0, 0, -1)
	g.ant(0, 0, -1)
	g.ant(0, 1, -1)
	if !s.goalMet(0, 55) || s.goalMet(1, 55) {
		t.Fatal("link to the past: most ants in the GT")
	}
	g.ant(0, 1, -1)
	if s.goalMet(0, 55) {
		t.Fatal("link to the past: a tie scores nothing")
	}
	s.Players[0].Food = 6
	s.Food--
	if !s.goalMet(0, 56) {
		t.Fatal("huge stores: more food than both neighbours")
	}
	s.Players[1].Food = 6
	s.Food--
	if s.goalMet(0, 56) {
		t.Fatal("huge stores: a tie scores nothing")
	}
	g.evo(0, 25)
	if !s.goalMet(0, 57) {
		t.Fatal("advanced evolution")
	}
	s.Players[0].Larvae++
	s.Players[0].Supply--
	if !s.goalMet(0, 58) {
		t.Fatal("big brood")
	}
	g.place(10, 2, 0, 0)
	g.place(14, 0, -2, 0)
	g.ant(10, 0, 0)
	if s.goalMet(0, 59) {
		t.Fatal("blind masters needs 2 wormhole hexes")
	}
	g.ant(14, 0, 0)
	if !s.goalMet(0, 59) || !s.goalMet(0, 60) {
		t.Fatal("blind masters / stranger (2 controlled hexes away from the GT)")
	}
	g.place(19, 1, 1, 0) // s1 two larvae: does not count
	g.ant(19, 0, 0)
	if s.goalMet(0, 61) {
		t.Fatal("caring hive counts one-larva sites only (hex 10 s1 is one)")
	}
	g.place(1, -1, 1, 0) // s2 larva
	g.ant(1, 0, 1)
	if !s.goalMet(0, 61) {
		t.Fatal("caring hive")
	}
	g.ant(2, 0, 0)
	g.ant(2, 0, 1)
	g.ant(12, 0, 2)
	if !s.goalMet(0, 62) || !s.goalMet(0, 64) {
		t.Fatal("greedy tribe (3 food sites) / conqueror (3 hexes)")
	}
	if s.goalMet(0, 63) {
		t.Fatal("long tunnel: controlled hexes are not joined by tunnels")
	}
	if s.goalMet(0, 65) {
		t.Fatal("great colony needs 10 ants")
	}
	if !s.goalMet(0, 66) == (hexDist(0, -2) >= 3) {
		t.Fatal("pioneers")
	}
	g.check()
	// bonuses with choices: moving is optional; larvae come from the chamber
	g = cardBoard(t)
	g.ant(2, 0, 0)
	g.hand(0, 60, 62)
	g.play(0, "c60 l")
	if !g.has(0, "", "pass") {
		t.Fatal("stranger: moving is optional")
	}
	g.ans(0, "pass")
	g.play(0, "c62 l l")
	g.ans(0, "2 2")
	if g.s().tile(2).ants(0) != 3 {
		t.Fatal("greedy tribe places 2 larvae")
	}
	// 2 players: compare with the one other player
	g2 := newTG(t, 2)
	g2.reset(3, 0)
	g2.s().Players[0].Food = 4
	g2.s().Food--
	if !g2.s().goalMet(0, 56) || g2.s().goalMet(1, 56) {
		t.Fatal("2 players: more than the other player")
	}
}

// MOA1-CLAR-NF-1 MOA1-CLAR-NF-2 MOA1-CLAR-NF-3 (and the two unnamed New
// Frontiers hexes).
func TestNewFrontiers(t *testing.T) {
	explore := func(t *testing.T, num int, cmd string) *tg {
		g := cardBoard(t)
		g.ant(0, 0, -1)
		g.ant(0, 0, -1)
		g.s().Stack = []int{num, 1}
		g.turn(0)
		g.ans(0, "explore")
		g.ans(0, cmd)
		return g
	}
	t.Run("spiderden", func(t *testing.T) {
		g := cardBoard(t)
		g.ant(0, 0, -1)
		g.hand(0, 25)
		g.s().Stack = []int{21}
		g.turn(0)
		g.ans(0, "explore")
		g.ans(0, "gt ne r1 1 s2")
		g.wantPending("P1:card.spiderden")
		if !g.has(0, "", "pass") {
			t.Fatal("playing a card is optional")
		}
		g.ans(0, "c25")
		if g.s().activeEffect(0, 0) != "acrobat" {
			t.Fatal("the card is played free")
		}
	})
	t.Run("antlion", func(t *testing.T) {
		g := cardBoard(t)
		g.ant(0, 0, -1)
		g.ant(0, 0, -1)
		g.ant(0, 0, -1)
		g.hand(0, 4, 5, 6)
		g.s().Stack = []int{22}
		g.turn(0)
		g.ans(0, "explore")
		g.ans(0, "gt ne r3 3 s1 s2") // 3 ants: 3 sites, one card per occupied site
		if len(g.s().Players[0].Hand) != 0 {
			t.Fatal("antlion discards one card per occupied site")
		}
	})
	t.Run("centinest", func(t *testing.T) {
		g := explore(t, 23, "gt se r2 1 s1")
		s := g.s()
		n := s.tile(23)
		for e := 0; e < 6; e++ {
			if nb := s.neighbor(n, e); nb != nil && nb.Num != 0 && !nb.Centi {
				t.Fatalf("hex %d next to the centipede nest has no centipede", nb.Num)
			}
		}
		if s.Tiles[0].Centi {
			t.Fatal("no centipede in the GT")
		}
	})
	t.Run("dew", func(t *testing.T) {
		g := explore(t, 24, "gt ne r1 1 s1")
		if g.s().Players[0].Food != 4+2 {
			t.Fatal("dew meadow: 2 food")
		}
	})
	t.Run("abandoned", func(t *testing.T) {
		g := explore(t, 25, "gt ne r0 1 s1")
		if g.s().Players[0].Larvae != 8 {
			t.Fatal("abandoned nest: 3 larvae")
		}
	})
}

// TestEveryEffectTested keeps the card tests in step with the data.
func TestEveryEffectTested(t *testing.T) {
	d, err := LoadData(components1e)
	if err != nil {
		t.Fatal(err)
	}
	tested := "royalstroll radiation espionage earlyharvest eggthief frenzy fungal unknown nuptial burrow mobilize jelly trap sparrow swarm " +
		"acrobat amazon armor warrior kamikaze berserker proboscis phoenix traitor veteran reaper parasite scout digger weaver " +
		"woodborer honeypot leafcutter pharaoh stinger thief linkpast hugestores advevo bigbrood blindmasters stranger caringhive " +
		"greedytribe longtunnel conqueror greatcolony pioneers spiderden antlion centinest dew abandoned"
	for id := 1; id <= 66; id++ {
		if !slices.Contains(splitAns(tested), d.Card(id).Effect) {
			t.Errorf("card %d effect %s has no test", id, d.Card(id).Effect)
		}
	}
}
