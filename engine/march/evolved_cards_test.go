package march

import (
	"slices"
	"strings"
	"testing"
)

// playEvolved gives seat card id and plays it on its turn, paying with
// larvae (ants in the Great Tunnel for an ants-only card).
func (g *tg) playEvolved(seat, id int) {
	g.t.Helper()
	s := g.s()
	pay := "l"
	if s.data.Card(id).Pay == "ants" {
		pay = "gt"
	}
	g.hand(seat, id)
	g.turn(seat)
	s = g.s()
	g.ans(seat, "play c"+itoa(id)+strings.Repeat(" "+pay, s.cardCost(seat, id)))
	s = g.s()
}

// settle answers every prompt with its first complete path until stop.
func (g *tg) settle(stop func() bool) {
	g.t.Helper()
	for i := 0; i < 100 && !stop(); i++ {
		pend := g.s().Pending()
		if len(pend) == 0 {
			return
		}
		seat := int(pend[0].Seat)
		g.ans(seat, strings.TrimSpace(g.finish(seat, "")))
	}
}

// cardBoardE: 3 players with food and larvae; tile 1 (s1 food control,
// s2 larva, s3 card) east of the Great Tunnel and tile 3 (s1 food control,
// s2 two larvae) west of it, both joined to it by tunnels.
func cardBoardE(t *testing.T, food, larvae int) *tg {
	g := evolvedBoard(t, 3, food, larvae)
	g.place(3, -1, 0, 0)
	return g
}

func TestEvolvedEventCards(t *testing.T) {
	t.Run("MOAE-CL-1 Surprise Attack fights a contested tile now, never in round 1", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 1, 0)
		g.ant(1, 2, 1)
		g.ant(1, 2, 2)
		g.ant(1, 2, -1) // contested: ants of two players and the outskirts
		g.s().Round = 1
		g.hand(0, 1)
		g.turn(0)
		if g.has(0, "", "play") {
			t.Fatal("Surprise Attack playable in round 1")
		}
		g.s().Round = 2
		g.turn(0)
		g.ans(0, "play c1 gt gt")
		g.wantPending("P1:ecard.surpriseattack")
		g.ans(0, "1")
		// P2 1 ant vs P3 3 ants: P3 wins at once, no cards in hand
		s := g.s()
		g.settle(func() bool { return g.s().top().K != kLoss })
		s = g.s()
		if s.Players[2].CP != s.data.Settings.TileBattleCP || s.tile(1).ants(1) != 0 || !slices.Contains(s.Fights, tileBattleKey(1)) {
			t.Fatalf("after the surprise battle: P3 %d CP, P2 %d ants on tile 1", s.Players[2].CP, s.tile(1).ants(1))
		}
		if s.Phase != PhaseWorker {
			t.Fatalf("phase %s, the Worker phase continues", s.Phase)
		}
	})
	t.Run("MOAE-CL-1 AMB-35 a centipede fights until beaten or no ant is left", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 1, 0)
		g.ant(1, 2, 1)
		s := g.s()
		s.tile(1).Centi = true
		s.Counters--
		s.Round = 2
		g.deckTop(7, 16) // Frenzied Activity (ferocity 1: draw again), then Swarm (4)
		g.playEvolved(0, 1)
		s = g.s()
		g.ans(0, "1")
		s = g.s()
		// the centipede (strength 3+1+4=8) beats P2, then P3, one at a time
		g.settle(func() bool { return s.top().K == kReact })
		s = g.s()
		if s.tile(1).totalAnts() != 0 || !s.tile(1).Centi {
			t.Fatalf("tile 1: %d ants, centipede %v", s.tile(1).totalAnts(), s.tile(1).Centi)
		}
	})
	t.Run("MOAE-CL-2 Into the Unknown puts a wormhole on a tile without one", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.playEvolved(0, 2)
		if got := g.options(0, ""); !slices.Equal(got, []string{"pass", "1", "3"}) {
			t.Fatalf("tiles %v", got)
		}
		c := g.s().Counters
		g.ans(0, "3")
		if s := g.s(); !s.tile(3).Worm || s.Counters != c-1 {
			t.Fatalf("wormhole %v, counters %d", s.tile(3).Worm, s.Counters)
		}
	})
	t.Run("MOAE-CL-3 MOAE-CL-16 Nuptial Flight swaps two players' ants, not off a woven tile", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 1, 0) // P2 controls tile 1
		g.ant(3, 2, 0) // P3 controls tile 3
		g.ant(3, 1, 1)
		g.playEvolved(0, 3)
		g.ans(0, "1s1 3s1")
		s := g.s()
		if s.tile(1).Sites[0] != 2 || s.tile(3).Sites[0] != 1 {
			t.Fatalf("swap: tile 1 %v, tile 3 %v", s.tile(1).Sites, s.tile(3).Sites)
		}
		g2 := cardBoardE(t, 2, 4)
		g2.ant(1, 1, 0)
		g2.ant(3, 2, 0)
		g2.ant(3, 1, 1)
		g2.evo(1, 35) // Weaver Thorax: P2's tile 1 is out of reach
		g2.playEvolved(0, 3)
		if got := g2.options(0, ""); !slices.Equal(got, []string{"pass", "3s1", "3s2"}) {
			t.Fatalf("sites %v", got)
		}
	})
	t.Run("MOAE-CL-4 MOAE-EVO-11 Adaptive Radiation scores only the net change", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.evo(0, 23, 33, 45) // a complete body
		s := g.s()
		s.Players[0].CP = 3
		g.hand(0, 30) // Berserker Head
		g.playEvolved(0, 4)
		s = g.s()
		g.ans(0, "head c30")
		s = g.s()
		if s.Players[0].CP != 3 || !slices.Equal(s.Players[0].Evo[0], []int{30}) {
			t.Fatalf("CP %d, heads %v", s.Players[0].CP, s.Players[0].Evo[0])
		}
	})
	t.Run("MOAE-CL-5 Sparrow Attack: every player on a tile you occupy loses ants", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 0, 0)
		g.ant(1, 1, 1)
		g.ant(1, 1, 2)
		g.ant(1, 1, -1)
		g.ant(1, 1, -1)
		g.playEvolved(0, 5)
		g.ans(0, "1")
		s := g.s()
		g.settle(func() bool { return g.s().top().K != kLoss })
		s = g.s()
		per := s.amt("sparrow", 0)
		if s.tile(1).ants(0) != 0 || s.tile(1).ants(1) != 4-per {
			t.Fatalf("P1 %d, P2 %d ants left", s.tile(1).ants(0), s.tile(1).ants(1))
		}
	})
	t.Run("MOAE-CL-6 MOAE-CENT-2 Hunting Centipedes: a centipede and a bigger size", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		s := g.s()
		at := s.CentiSize
		g.playEvolved(0, 6)
		s = g.s()
		g.ans(0, "1")
		s = g.s()
		if !s.tile(1).Centi || s.CentiSize != at+1 {
			t.Fatalf("centipede %v, size %d -> %d", s.tile(1).Centi, at, s.CentiSize)
		}
	})
	t.Run("MOAE-EVENT-1 Frenzied Activity: a March of 3 steps", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.playEvolved(0, 7)
		if top := g.s().top(); top.K != kMarch || top.Move.Steps != 3 {
			t.Fatalf("top %v %d", top.K, top.Move.Steps)
		}
	})
	t.Run("MOAE-EVENT-1 Royal Stroll moves a tile you control", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 0, 0)
		g.playEvolved(0, 8)
		g.ans(0, "1 3 w r0")
		if tl := g.s().tile(1); tl.Q != -2 || tl.R != 0 {
			t.Fatalf("tile 1 at %d,%d", tl.Q, tl.R)
		}
	})
	t.Run("MOAE-EVENT-1 Espionage reveals 3 cards, one played free", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.deckTop(18, 19, 21)
		g.playEvolved(0, 9)
		if got := g.options(0, ""); !slices.Equal(got, []string{"none", "c18", "c19", "c21"}) {
			t.Fatalf("options %v", got)
		}
		g.ans(0, "c21") // New Queen, free: larvae
		s := g.s()
		if s.Players[0].Larvae != 4-1+s.amt("newqueen", 0) {
			t.Fatalf("%d larvae", s.Players[0].Larvae)
		}
	})
	t.Run("MOAE-EVENT-1 Early Harvest collects one occupied site", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 0, 0)
		g.playEvolved(0, 10)
		g.ans(0, "1s1")
		if f := g.s().Players[0].Food; f != 3 {
			t.Fatalf("%d food", f)
		}
	})
	t.Run("MOAE-EVENT-1 Egg Thief: each other player loses a larva to you", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.playEvolved(0, 11)
		s := g.s()
		if s.Players[0].Larvae != 6 || s.Players[1].Larvae != 3 || s.Players[2].Larvae != 3 {
			t.Fatalf("larvae %d %d %d", s.Players[0].Larvae, s.Players[1].Larvae, s.Players[2].Larvae)
		}
	})
	t.Run("MOAE-EVENT-1 Fungal Infection: every player on the tile loses 2 ants", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 1, 0)
		g.ant(1, 1, 1)
		g.ant(1, 1, 2)
		g.playEvolved(0, 12)
		g.ans(0, "1")
		s := g.s()
		g.settle(func() bool { return g.s().top().K != kLoss })
		s = g.s()
		if s.tile(1).ants(1) != 1 {
			t.Fatalf("%d ants left", s.tile(1).ants(1))
		}
	})
	t.Run("MOAE-EVENT-1 Mobilization: a March of 4 steps", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.playEvolved(0, 13)
		if top := g.s().top(); top.K != kMarch || top.Move.Steps != 4 {
			t.Fatalf("top %v %d", top.K, top.Move.Steps)
		}
	})
	t.Run("MOAE-EVENT-1 Royal Jelly: two different gifts", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.playEvolved(0, 14)
		g.ans(0, "food larvae")
		if p := g.s().Players[0]; p.Food != 4 || p.Larvae != 4-2+3 {
			t.Fatalf("%d food, %d larvae", p.Food, p.Larvae)
		}
	})
	t.Run("MOAE-EVENT-1 Burrowing: a wormhole and a larva there", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.playEvolved(0, 15)
		g.ans(0, "1 larva s2")
		if s := g.s(); !s.tile(1).Worm || s.tile(1).Sites[1] != 0 {
			t.Fatalf("tile 1 %+v", *s.tile(1))
		}
	})
	t.Run("MOAE-EVENT-1 Swarm: up to 3 ants to one location", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.gtAnts(0, 2)
		g.playEvolved(0, 16)
		if g.has(0, "1 gt gt gt", "gt") {
			t.Fatal("a fourth ant")
		}
		g.ans(0, "1 gt gt gt")
		if n := g.s().tile(1).ants(0); n != 3 {
			t.Fatalf("%d ants on tile 1", n)
		}
	})
	t.Run("MOAE-EVENT-1 Rainstorm: every other player discards a card", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.hand(1, 18, 19)
		g.hand(2, 21)
		g.playEvolved(0, 17)
		g.wantPending("P2:discard")
		g.ans(1, "c19")
		s := g.s()
		if len(s.Players[1].Hand) != 1 || len(s.Players[2].Hand) != 0 || !slices.Contains(s.Discard, 21) {
			t.Fatalf("hands %v %v", s.Players[1].Hand, s.Players[2].Hand)
		}
	})
	t.Run("MOAE-EVENT-1 gains: Dance of Scents, Bountiful Forage, New Queen, Shelter", func(t *testing.T) {
		for _, c := range []struct {
			id                  int
			food, larvae, cards int
		}{{18, 1, 1, 0}, {19, 0, 0, 2}, {21, 0, 5, 0}, {22, 2, 0, 0}} {
			g := cardBoardE(t, 2, 4)
			g.playEvolved(0, c.id)
			s := g.s()
			paid := s.cardCost(0, c.id)
			p := s.Players[0]
			if p.Food != 2+c.food || p.Larvae != 4-paid+c.larvae || len(p.Hand) != c.cards {
				t.Errorf("card %d: %d food, %d larvae, %d cards", c.id, p.Food, p.Larvae, len(p.Hand))
			}
		}
	})
	t.Run("MOAE-EVENT-1 Night Raid: the others on your tile lose an ant", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 0, 0)
		g.ant(1, 1, 1)
		g.ant(1, 2, 2)
		g.playEvolved(0, 20)
		g.ans(0, "1")
		s := g.s()
		if s.tile(1).ants(0) != 1 || s.tile(1).ants(1) != 0 || s.tile(1).ants(2) != 0 {
			t.Fatalf("tile 1 %v", s.tile(1).Sites)
		}
	})
}

func TestEvolvedEvolutionCards(t *testing.T) {
	tileBattle := func(t *testing.T) *tg { // P1 2 ants, P2 2 ants (one outskirts) on tile 1
		g := cardBoardE(t, 2, 4)
		g.ant(1, 0, 0)
		g.ant(1, 0, 1)
		g.ant(1, 1, 2)
		g.ant(1, 1, -1)
		for p := range 3 {
			g.s().Players[p].Supply += g.s().Tiles[0].Out[p]
		}
		g.s().Tiles[0].Out = make([]int, 3)
		return g
	}
	finish := func(g *tg) { g.settle(func() bool { return g.s().Phase != PhaseSoldier }) }
	// larvae after the battle (and the Queen phase's harvest, which runs
	// by itself), with and without a card
	larvae := func(t *testing.T, seat, id int) (with, without []int) {
		for _, on := range []bool{true, false} {
			g := tileBattle(t)
			if on {
				g.evo(seat, id)
			}
			g.soldierRound(2)
			finish(g)
			var l []int
			for _, p := range g.s().Players {
				l = append(l, p.Larvae)
			}
			if on {
				with = l
			} else {
				without = l
			}
		}
		return with, without
	}
	t.Run("MOAE-CL-7 Amazon Head takes a larva from a loser", func(t *testing.T) {
		with, without := larvae(t, 0, 23)
		if with[0] != without[0]+1 || with[1] != without[1]-1 {
			t.Fatalf("larvae %v, without the card %v", with, without)
		}
	})
	t.Run("MOAE-CL-9 Fire Head adds a second ferocity card", func(t *testing.T) {
		g := tileBattle(t)
		g.evo(1, 25)
		g.hand(1, 18, 19)
		g.soldierRound(2)
		if !g.has(1, "c18", "c19") {
			t.Fatalf("no second card: %v", g.options(1, "c18"))
		}
		g2 := tileBattle(t)
		g2.hand(1, 18, 19)
		g2.soldierRound(2)
		if g2.has(1, "c18", "c19") {
			t.Fatal("a second card without Fire Head")
		}
	})
	t.Run("MOAE-EVO-5 Berserker Head adds strength", func(t *testing.T) {
		g := tileBattle(t)
		g.evo(1, 30) // P2: 2 ants + 1 head + 1 = 4 beats P1's 2
		g.soldierRound(2)
		finish(g)
		if cp := g.s().Players[1].CP; cp != g.s().data.Settings.TileBattleCP {
			t.Fatalf("P2 %d CP", cp)
		}
		if got := g.s().evoStrength(1); got != 2 {
			t.Fatalf("strength bonus %d", got)
		}
	})
	t.Run("MOAE-SPOILS-1 Veteran Head: more CP for a tile battle won", func(t *testing.T) {
		g := tileBattle(t)
		g.evo(0, 32)
		g.soldierRound(2)
		finish(g)
		s := g.s()
		if s.Players[0].CP != s.data.Settings.TileBattleCP+1 {
			t.Fatalf("P1 %d CP", s.Players[0].CP)
		}
	})
	t.Run("MOAE-CL-11 Shooting Head removes an ant before the battle, round 1 too", func(t *testing.T) {
		g := tileBattle(t)
		g.evo(0, 27)
		s := g.s()
		s.Phase, s.Round = PhaseSoldier, 1
		g.start(Task{K: kSoldier, Seat: -1, Hex: 1})
		s = g.s()
		g.wantPending("P1:ehead.shooting")
		if got := g.options(0, "1"); !slices.Equal(got, []string{"p2"}) {
			t.Fatalf("victims %v", got)
		}
		g.ans(0, "1 p2")
		g.settle(func() bool { return g.s().top().K != kLoss })
		s = g.s()
		if n := s.tile(1).ants(1); n != 1 {
			t.Fatalf("P2 %d ants", n)
		}
	})
	t.Run("MOAE-CL-12 Military Head brings a larva into the battle", func(t *testing.T) {
		g := tileBattle(t)
		g.evo(1, 28)
		g.soldierRound(2)
		g.wantPending("P2:ecard.military")
		g.ans(1, "larva")
		if n := g.s().tile(1).ants(1); n != 3 {
			t.Fatalf("P2 %d ants on tile 1", n)
		}
	})
	t.Run("MOAE-CL-12 Military Head in the Great Tunnel battle", func(t *testing.T) {
		g := cardBoardE(t, 2, 4) // 2 ants of each player in the Great Tunnel
		g.evo(1, 28)
		g.hand(0, 18) // the battle then waits for P1's ferocity card
		g.soldierRound(2)
		g.wantPending("P2:ecard.military")
		g.ans(1, "larva")
		if n := g.s().Tiles[0].Out[1]; n != 3 {
			t.Fatalf("P2 %d ants in the Great Tunnel", n)
		}
	})
	t.Run("MOAE-EVO-1 Acrobat Head: 2 ant steps at the start of the Soldier phase", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.evo(0, 31)
		s := g.s()
		s.Phase, s.Round = PhaseSoldier, 2
		g.start(Task{K: kSoldier, Seat: -1, Hex: 1})
		s = g.s()
		if top := s.top(); top.K != kMarch || top.Move.Steps != 2 || top.Move.Mode != "ants" {
			t.Fatalf("top %+v", *top)
		}
	})
	t.Run("MOAE-CL-14 Winged Thorax: ant steps without tunnels, larvae still need occupation", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.place(2, 1, -1, 3) // tile 2 north-east of the GT, no opening towards it
		s := g.s()
		if slices.Contains(s.stepCodes(0, &s.Tiles[0]), "2") {
			t.Fatal("a step through a wall without Winged Thorax")
		}
		g.evo(0, 33)
		if !slices.Contains(s.stepCodes(0, &s.Tiles[0]), "2") || slices.Contains(s.larvaTargets(0), "2") {
			t.Fatalf("steps %v larvae %v", s.stepCodes(0, &s.Tiles[0]), s.larvaTargets(0))
		}
	})
	t.Run("MOAE-CL-15 Rebel Thorax moves a centipede after a March", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.evo(0, 34)
		s := g.s()
		s.tile(1).Centi = true
		s.Counters--
		g.place(2, 1, -1, 0)
		g.turn(0)
		s = g.s()
		g.ans(0, "march")
		s = g.s()
		g.ans(0, "done")
		s = g.s()
		g.wantPending("P1:ecard.rebel")
		if got := g.options(0, "1"); !slices.Equal(got, []string{"2"}) { // never the Great Tunnel
			t.Fatalf("destinations %v", got)
		}
		g.ans(0, "1 2")
		s = g.s()
		if s.tile(1).Centi || !s.tile(2).Centi {
			t.Fatal("the centipede did not move")
		}
	})
	t.Run("MOAE-CL-16 Weaver Thorax: an opponent's ants cannot leave your tile", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 0, 0)
		g.ant(1, 1, 1)
		g.evo(0, 35)
		s := g.s()
		if s.canLeave(1, s.tile(1)) || !s.canLeave(0, s.tile(1)) {
			t.Fatal("Weaver Thorax")
		}
	})
	t.Run("MOAE-CL-17 Digger Thorax occupies every wormhole tile", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		s := g.s()
		s.tile(3).Worm = true
		s.Counters--
		if slices.Contains(s.larvaTargets(0), "3") {
			t.Fatal("larva onto an unoccupied wormhole tile")
		}
		g.evo(0, 36)
		if !slices.Contains(s.larvaTargets(0), "3") {
			t.Fatalf("larva targets %v", s.larvaTargets(0))
		}
	})
	t.Run("MOAE-CL-18 Parasite Thorax steals from each tied opponent", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.evo(0, 37)
		g.turn(0)
		g.ans(0, "forage")
		s := g.s()
		if s.Players[0].Larvae != 6 || s.Players[1].Larvae != 3 || s.Players[2].Larvae != 3 {
			t.Fatalf("larvae %d %d %d", s.Players[0].Larvae, s.Players[1].Larvae, s.Players[2].Larvae)
		}
	})
	t.Run("MOAE-CL-19 MOAE-PLAY-5 Spinner Thorax: cheaper, never below 1, not itself", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.evo(0, 38)
		s := g.s()
		if s.cardCost(0, 21) != 2 || s.cardCost(0, 8) != 1 || s.cardCost(1, 21) != 3 {
			t.Fatalf("costs %d %d %d", s.cardCost(0, 21), s.cardCost(0, 8), s.cardCost(1, 21))
		}
		if s.cardCost(0, 38) != 2 { // a second copy would not be cheaper either (MOAE-EVO-9)
			t.Fatal("Spinner Thorax lowers its own cost")
		}
	})
	t.Run("MOAE-CL-20 Wanderer Thorax: a 2-step March reaction", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.evo(1, 39)
		g.turn(0)
		g.ans(0, "march")
		g.ans(0, "done")
		g.ans(1, "gt 1 s1")
		if top := g.s().top(); top.K != kMarch || top.Seat != 1 || top.Move.Steps != 1 {
			t.Fatalf("top %+v", *top)
		}
	})
	t.Run("MOAE-CL-21 AMB-24 Scout Thorax: 2 tiles, the other under the stack", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.evo(0, 40)
		s := g.s()
		s.Stack = []int{11, 12, 13}
		g.turn(0)
		s = g.s()
		g.ans(0, "explore")
		s = g.s()
		if got := g.options(0, ""); !slices.Equal(got, []string{"11", "12"}) {
			t.Fatalf("tiles %v", got)
		}
	})
	t.Run("MOAE-CL-22 Gatherer and Pollinator Thorax after exploring", func(t *testing.T) {
		for _, c := range []struct{ id, food, cards int }{{41, 1, 0}, {42, 0, 1}} {
			g := cardBoardE(t, 2, 4)
			g.evo(0, c.id)
			s := g.s()
			s.Stack = []int{11}
			g.turn(0)
			s = g.s()
			g.ans(0, "explore")
			g.ans(0, strings.TrimSpace(g.finish(0, "")))
			s = g.s()
			if p := s.Players[0]; p.Food != 1+c.food || len(p.Hand) != c.cards {
				t.Errorf("card %d: %d food, %d cards", c.id, p.Food, len(p.Hand))
			}
		}
	})
	t.Run("MOAE-EVO-1 Reaper Thorax: larvae for larva sites of the explored tile", func(t *testing.T) {
		g := cardBoardE(t, 2, 0)
		g.evo(0, 43)
		s := g.s()
		s.Stack = []int{13} // Manure Heap: s1 two larvae, s2 food, s3 larva
		g.turn(0)
		s = g.s()
		g.ans(0, "explore")
		g.ans(0, strings.TrimSpace(g.finish(0, "")))
		s = g.s()
		k := 0
		for i, o := range s.tile(13).Sites {
			if r := s.sites(s.tile(13))[i].Res; o == 0 && (r == ResLarva || r == ResLarva2) {
				k++
			}
		}
		if s.Players[0].Larvae != k || k == 0 {
			t.Fatalf("%d larvae for %d sites", s.Players[0].Larvae, k)
		}
	})
	t.Run("MOAE-QUEEN-2 Pharaoh Abdomen: a larva site gives one more", func(t *testing.T) {
		g := cardBoardE(t, 5, 0)
		g.ant(1, 0, 1) // larva site
		g.evo(0, 47)
		g.queen()
		g.feedAll()
		if n := g.s().Players[0].Larvae; n != 2 {
			t.Fatalf("%d larvae", n)
		}
	})
	t.Run("MOAE-QUEEN-4 Thief Abdomen: the others pay more food", func(t *testing.T) {
		g := cardBoardE(t, 5, 0)
		g.evo(0, 49)
		g.queen()
		g.feedAll()
		s := g.s()
		if s.Players[1].Food != 5-2 || s.Players[0].Food != 5 {
			t.Fatalf("food %d %d", s.Players[0].Food, s.Players[1].Food)
		}
	})
	t.Run("MOAE-EVO-1 Storage Abdomen: food at the start of the Queen phase", func(t *testing.T) {
		g := cardBoardE(t, 5, 0)
		g.evo(0, 52)
		g.queen()
		g.feedAll()
		if f := g.s().Players[0].Food; f != 5+1-1 {
			t.Fatalf("%d food", f)
		}
	})
	t.Run("MOAE-EVO-1 Queen-phase abdomens: Honeypot, Leafcutter, Stinger, Woodborer", func(t *testing.T) {
		for _, c := range []struct {
			id   int
			kind string
		}{{45, "eabdomen.honeypot"}, {46, "eabdomen.leafcutter"}, {48, "eabdomen.stinger"}, {50, "eabdomen.woodborer"}} {
			g := cardBoardE(t, 5, 0)
			g.ant(1, 0, 0)
			g.ant(1, 1, 1)
			g.evo(0, c.id)
			g.queen()
			g.feedAll()
			if p := g.pending(); !strings.Contains(p, "P1:"+c.kind) && !(c.id == 50 && strings.Contains(p, "P1:march")) {
				t.Errorf("card %d: pending %s", c.id, p)
			}
		}
	})
	t.Run("MOAE-LOSS-7 Phoenix Abdomen: a lost ant comes back as a larva", func(t *testing.T) {
		with, without := larvae(t, 1, 51)
		if with[1] != without[1]+1 {
			t.Fatalf("larvae %v, without the card %v", with, without)
		}
	})
}

func TestEvolvedGoalsAndTiles(t *testing.T) {
	t.Run("MOAE-GOAL-1 immediate effects", func(t *testing.T) {
		for _, c := range []struct {
			id                  int
			food, larvae, cards int
		}{{53, 0, 0, 1}, {54, 1, 0, 0}, {56, 1, 0, 0}, {57, 0, 1, 0}, {60, 0, 2, 0}} {
			g := cardBoardE(t, 2, 4)
			g.playEvolved(0, c.id)
			s := g.s()
			p := s.Players[0]
			paid := s.cardCost(0, c.id)
			if s.data.Card(c.id).Pay == "ants" {
				paid = 0
			}
			if p.Food != 2+c.food || p.Larvae != 4-paid+c.larvae || len(p.Hand) != c.cards || !slices.Contains(p.Goals, c.id) {
				t.Errorf("goal %d: %d food, %d larvae, %d cards, goals %v", c.id, p.Food, p.Larvae, len(p.Hand), p.Goals)
			}
		}
	})
	t.Run("MOAE-CL-25 Blind Lords places one wormhole", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.playEvolved(0, 55)
		g.ans(0, "1")
		if !g.s().tile(1).Worm {
			t.Fatal("no wormhole")
		}
	})
	t.Run("MOAE-GOAL-1 a step bonus moves one ant one step", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.playEvolved(0, 61) // Pioneers
		g.ans(0, "gt 1 s1")
		if g.s().tile(1).Sites[0] != 0 {
			t.Fatal("no step")
		}
	})
	t.Run("MOAE-GOAL-1 Link to the Past puts a larva in the Great Tunnel", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.playEvolved(0, 65)
		if s := g.s(); s.Tiles[0].Out[0] != 3 || s.Players[0].Larvae != 4-1-1 {
			t.Fatalf("GT %d, larvae %d", s.Tiles[0].Out[0], s.Players[0].Larvae)
		}
	})
	t.Run("MOAE-CL-26 MOAE-CL-27 MOAE-CL-28 MOAE-TILE-4 Placement effects", func(t *testing.T) {
		for _, c := range []struct {
			num  int
			want func(s *State) bool
		}{
			{24, func(s *State) bool { return s.tile(1).Centi && s.tile(3).Centi || s.tile(24) != nil }},
			{27, func(s *State) bool { return s.Players[0].Food == 1+s.amt("dew", 0) }},
			{28, func(s *State) bool { return s.Players[0].Larvae == 4+s.amt("abandoned", 0) }},
		} {
			g := cardBoardE(t, 2, 4)
			s := g.s()
			s.Stack = []int{c.num}
			g.turn(0)
			s = g.s()
			g.ans(0, "explore")
			g.ans(0, strings.TrimSpace(g.finish(0, "")))
			s = g.s()
			if !c.want(g.s()) {
				t.Errorf("tile %d: no Placement effect", c.num)
			}
		}
	})
}
