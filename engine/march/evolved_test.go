package march

import (
	"slices"
	"strings"
	"testing"

	"formica/engine"
)

// newEvolved starts an Evolved match for internal tests.
func newEvolved(t *testing.T, players int, opts ...string) *tg {
	t.Helper()
	o := map[string]string{"first": "1"}
	for _, kv := range opts {
		k, v, _ := strings.Cut(kv, "=")
		o[k] = v
	}
	m, err := engine.Start(Game, engine.Setup{Game: "march", RuleSet: "evolved", Seats: players, Seed: 42, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	return &tg{t: t, m: m}
}

// TestEvolvedOffered: players start an Evolved match through the public
// descriptor, for 2 to 5 players, and it is the Evolved edition's game.
func TestEvolvedOffered(t *testing.T) {
	if !slices.Contains(Game.RuleSets, "evolved") {
		t.Fatalf("rule sets %v", Game.RuleSets)
	}
	for n := 2; n <= 5; n++ {
		m, err := engine.Start(Game, engine.Setup{Game: "march", RuleSet: "evolved", Seats: n, Seed: 1})
		if err != nil {
			t.Fatalf("%d players: %v", n, err)
		}
		v := m.State.View(engine.NoSeat).(*View)
		// the Evolved set-up: a reward tile in the Great Tunnel, the size
		// track's marker on the space for n players, n-2 in our component
		// file (MOAE-SETUP-2, -8)
		if v.RuleSet != "evolved" || v.Reward == nil || v.CentiTrack == nil || v.CentiTrack.At != n-2 {
			t.Fatalf("%d players: rule set %q, reward %v, size track %+v", n, v.RuleSet, v.Reward, v.CentiTrack)
		}
	}
}

func TestEvolvedSetup(t *testing.T) {
	for n := 3; n <= 5; n++ {
		g := newEvolved(t, n)
		s := g.s()
		t.Run("MOAE-PSETUP-2 MOAE-PSETUP-4 MOAE-PSETUP-5 "+itoa(n)+" players", func(t *testing.T) {
			for p := 0; p < n; p++ {
				pl := s.Players[p]
				if pl.Larvae != 4 || s.Tiles[0].Out[p] != 2 || pl.Supply != 30 || pl.Food != 2 || len(pl.Hand) != 3 {
					t.Fatalf("P%d: %d larvae, %d ants in the GT, %d eggs, %d food, %d cards; want 4, 2, 30, 2, 3",
						p+1, pl.Larvae, s.Tiles[0].Out[p], pl.Supply, pl.Food, len(pl.Hand))
				}
			}
		})
		t.Run("MOAE-SETUP-3 MOAE-SETUP-4 tile stack "+itoa(n)+" players", func(t *testing.T) {
			beyond := 2
			if n >= 4 {
				beyond = 3
			}
			if len(s.Stack) != 2*n+13+beyond {
				t.Fatalf("%d tiles in the stack, want %d", len(s.Stack), 2*n+13+beyond)
			}
			kinds := map[string]int{}
			for i, num := range s.Stack {
				k := s.data.Hex(num).Kind
				kinds[k]++
				if (i < 2*n) != (k == "start") { // starting tiles on top
					t.Fatalf("position %d holds a %s tile", i, k)
				}
			}
			if kinds["start"] != 2*n || kinds["std"] != 13 || kinds["beyond"] != beyond {
				t.Fatalf("stack kinds %v", kinds)
			}
		})
	}
}

// evolvedBoard is an Evolved position for n players: each has 2 ants in
// the Great Tunnel, the given food and larvae, no cards; tile 1 lies east
// of the Great Tunnel, joined to it by a tunnel.
func evolvedBoard(t *testing.T, n, food, larvae int) *tg {
	g := newEvolved(t, n)
	g.reset(food, larvae)
	for p := 0; p < n; p++ {
		g.ant(0, p, -1)
		g.ant(0, p, -1)
	}
	g.place(1, 1, 0, 0) // its west opening faces the Great Tunnel
	g.check()
	return g
}

func TestEvolvedMarch(t *testing.T) {
	t.Run("MOAE-MARCH-2 six steps, larvae and ants in any order", func(t *testing.T) {
		g := evolvedBoard(t, 3, 2, 4)
		g.turn(0)
		g.ans(0, "march")
		if n := g.s().top().Move.Steps; n != 6 {
			t.Fatalf("%d March steps, want 6", n)
		}
		g.ans(0, "gt 1 s1") // an ant step first...
		if !g.has(0, "", "larva") {
			t.Fatal("no larva step after an ant step")
		}
		g.ans(0, "larva 1 s2") // ...then a larva onto the tile now occupied (MOAE-STEP-2)
		g.ans(0, "gt 1")
		g.ans(0, "1 gt")
		g.ans(0, "larva gt")
		g.wantPending("P1:march") // one step left
		g.ans(0, "larva gt")
		g.wantPending("P2:reaction.march")
		s := g.s()
		if s.Players[0].Larvae != 1 || s.tile(1).ants(0) != 2 || s.Tiles[0].Out[0] != 3 {
			t.Fatalf("after 6 steps: %d larvae, %d ants on tile 1, %d in the GT", s.Players[0].Larvae, s.tile(1).ants(0), s.Tiles[0].Out[0])
		}
	})
	t.Run("MOAE-EVO-6 thorax Evolutions add no March steps", func(t *testing.T) {
		g := evolvedBoard(t, 3, 2, 4)
		g.evo(0, 33, 34) // Winged Thorax, Rebel Thorax
		g.turn(0)
		g.ans(0, "march")
		if n := g.s().top().Move.Steps; n != 6 {
			t.Fatalf("%d March steps with 2 thorax Evolutions, want 6", n)
		}
	})
	t.Run("MOAE-MARCH-3 reaction: 1 ant step or 1 larva into the Great Tunnel", func(t *testing.T) {
		g := evolvedBoard(t, 3, 2, 4)
		g.turn(0)
		g.ans(0, "march")
		g.ans(0, "done")
		g.wantPending("P2:reaction.march")
		if got := g.options(1, ""); !slices.Equal(got, []string{"pass", "gt", "larva"}) {
			t.Fatalf("reaction options %v", got)
		}
		// a larva reaction goes only into the Great Tunnel, never onto a tile
		if err := g.bad(1, "larva 1"); err == nil {
			t.Fatal("larva reaction onto a tile")
		}
		g.ans(1, "larva")
		g.wantPending("P3:reaction.march")
		g.ans(2, "gt 1 s1")
		s := g.s()
		if s.Players[1].Larvae != 3 || s.Tiles[0].Out[1] != 3 || s.tile(1).Sites[0] != 2 {
			t.Fatalf("P2 %d larvae, %d in the GT; tile 1 %v", s.Players[1].Larvae, s.Tiles[0].Out[1], s.tile(1).Sites)
		}
	})
}

func TestEvolvedForage(t *testing.T) {
	// MOAE-FORAGE-2: draw 3 cards, then discard 1 of the whole hand, before
	// the neighbours react; MOAE-FORAGE-3: each neighbour may gain 1 larva.
	g := evolvedBoard(t, 3, 2, 4)
	g.hand(0, 60) // an older card may be the one discarded
	g.deckTop(1, 2, 3)
	g.turn(0)
	g.ans(0, "forage")
	s := g.s()
	if !slices.Equal(s.Players[0].Hand, []int{60, 1, 2, 3}) || s.Players[0].Food != 1 {
		t.Fatalf("hand %v, food %d", s.Players[0].Hand, s.Players[0].Food)
	}
	g.wantPending("P1:discard")
	if got := g.options(0, ""); !slices.Equal(got, []string{"c60", "c1", "c2", "c3"}) {
		t.Fatalf("discard options %v", got)
	}
	g.ans(0, "c60")
	s = g.s()
	if !slices.Equal(s.Players[0].Hand, []int{1, 2, 3}) || s.Discard[len(s.Discard)-1] != 60 {
		t.Fatalf("hand %v after the discard", s.Players[0].Hand)
	}
	g.wantPending("P2:reaction.forage")
	g.ans(1, "take")
	if g.s().Players[1].Larvae != 5 {
		t.Fatal("forage reaction: 1 larva")
	}
}

// MOAE-REACT-1, MOAE-REACT-2: only the two neighbours react, the one on the
// left first, at every player count.
func TestEvolvedNeighboursReact(t *testing.T) {
	for n := 3; n <= 5; n++ {
		g := evolvedBoard(t, n, 2, 4)
		g.turn(1)
		g.ans(1, "forage")
		g.ans(1, g.options(1, "")[0]) // the discard
		var order []int
		for g.s().top() != nil && g.s().top().K == kReact {
			p := g.s().top().Who[0]
			order = append(order, p)
			g.ans(p, "take")
		}
		want := []int{2, 0} // left of P2 is P3, right is P1
		if !slices.Equal(order, want) {
			t.Fatalf("%d players: reactions by seats %v, want %v", n, order, want)
		}
	}
}

// passReactions passes every open reaction window.
func (g *tg) passReactions() {
	for g.s().top() != nil && g.s().top().K == kReact && len(g.s().top().Who) > 0 {
		g.ans(g.s().top().Who[0], "pass")
	}
}

func TestEvolvedRestTiles(t *testing.T) {
	t.Run("MOAE-SETUP-6 the Great Defender and N-1 rest tiles face up", func(t *testing.T) {
		for n := 3; n <= 5; n++ {
			s := newEvolved(t, n).s()
			if len(s.RestUp) != n || s.RestUp[0] != defenderTile || len(s.RestStack) != 12-(n-1) {
				t.Fatalf("%d players: face up %v, %d in the stack", n, s.RestUp, len(s.RestStack))
			}
		}
	})
	g := evolvedBoard(t, 3, 2, 4)
	s := g.s()
	s.RestUp = []string{defenderTile, "r1", "r2"}
	g.turn(0)
	t.Run("MOAE-REST-2 not on the first turn while holding food", func(t *testing.T) {
		if g.has(0, "", "rest") {
			t.Fatal("Rest offered on the first turn of the round")
		}
	})
	g.s().Players[0].Acted = true
	t.Run("MOAE-REST-3 take a face-up rest tile and gain it", func(t *testing.T) {
		if got := g.options(0, "rest"); !slices.Equal(got, []string{defenderTile, "r1", "r2"}) {
			t.Fatalf("rest tiles offered %v", got)
		}
		ev := g.ans(0, "rest r1") // Quiet Chamber: 2 larvae
		s := g.s()
		if s.Players[0].Larvae != 6 || !slices.Equal(s.RestUp, []string{defenderTile, "r2"}) || !hasEvent(ev, "rest_taken") {
			t.Fatalf("%d larvae, face up %v", s.Players[0].Larvae, s.RestUp)
		}
		if s.Players[0].RestLarva != 0 || s.Players[0].RestFood != 0 {
			t.Fatal("the 1st edition's Rest zone was used")
		}
	})
	// P2 and P3 forage
	for p := 1; p <= 2; p++ {
		g.ans(p, "forage")
		g.ans(p, g.options(p, "")[0])
		g.passReactions()
	}
	t.Run("MOAE-REST-4 a rested player rests on every later turn", func(t *testing.T) {
		if got := g.options(0, ""); !slices.Equal(got, []string{"rest"}) {
			t.Fatalf("actions after resting: %v", got)
		}
	})
	t.Run("MOAE-REST-9 several rest tiles in one round", func(t *testing.T) {
		g.ans(0, "rest defender")
		if s := g.s(); !slices.Equal(s.Players[0].Rests, []string{"r1", defenderTile}) {
			t.Fatalf("P1 holds %v", s.Players[0].Rests)
		}
	})
	t.Run("MOAE-REST-8 the Great Defender's holder defends the Great Tunnel", func(t *testing.T) {
		if d := g.s().defender(); d != 0 {
			t.Fatalf("defender %d", d)
		}
	})
	t.Run("MOAE-REST-6 the last rest tile ends the phase and passes the marker", func(t *testing.T) {
		g.s().Players[1].Acted = true
		g.ans(1, "rest r2")
		s := g.s()
		if s.Phase == PhaseWorker || s.Active != 2 {
			t.Fatalf("phase %s, active P%d; want the Worker phase over and P3 active", s.Phase, s.Active+1)
		}
	})
	t.Run("MOAE-PREP-1 MOAE-PREP-2 the next round's rest tiles", func(t *testing.T) {
		s := g.s()
		stack := len(s.RestStack)
		s.dealRest()
		if len(s.RestUp) != 3 || s.RestUp[0] != defenderTile || len(s.RestStack) != stack-2 ||
			!slices.Equal(s.RestUsed, []string{"r1", "r2"}) || len(s.Players[0].Rests) != 0 {
			t.Fatalf("face up %v, stack %d, discard %v", s.RestUp, len(s.RestStack), s.RestUsed)
		}
		// an empty stack is refilled from the discard pile
		s.RestStack = nil
		s.dealRest()
		if len(s.RestUp) != 3 || len(s.RestStack) != 2 || len(s.RestUsed) != 0 { // 4 discarded, 2 drawn
			t.Fatalf("after a reshuffle: face up %v, stack %v, discard %v", s.RestUp, s.RestStack, s.RestUsed)
		}
	})
}

// MOAE-REST-3, MOAE-REST-8: the face-up rest tiles and the Great Defender's
// holder are public.
func TestEvolvedRestView(t *testing.T) {
	g := evolvedBoard(t, 3, 2, 4)
	s := g.s()
	s.RestUp = []string{defenderTile, "r1", "r2"}
	g.turn(0)
	s = g.s()
	s.Players[0].Acted = true
	g.ans(0, "rest defender")
	for _, seat := range []engine.Seat{engine.NoSeat, 1} {
		v := g.s().View(seat).(*View)
		if len(v.RestTiles) != 2 || v.RestTiles[0].Name != "Quiet Chamber" || v.RestTiles[1].PL != "Pełna spiżarnia" ||
			v.Defender == nil || *v.Defender != 0 || v.Panels[0].RestTiles[0].Name != "Great Defender" {
			t.Fatalf("seat %v sees %+v, defender %v, P1 %+v", seat, v.RestTiles, v.Defender, v.Panels[0].RestTiles)
		}
	}
}

// gtAnts puts k more ants of seat in the Great Tunnel.
func (g *tg) gtAnts(seat, k int) {
	for i := 0; i < k; i++ {
		g.ant(0, seat, -1)
	}
}

func TestEvolvedQueen(t *testing.T) {
	t.Run("MOAE-QUEEN-8 the Queen's Choice twice: 1 food or 3 larvae each", func(t *testing.T) {
		g := evolvedBoard(t, 3, 2, 0)
		g.queen()
		g.feedAll()
		g.wantPending("P1:edecree P2:edecree P3:edecree")
		if got := g.options(0, "food"); !slices.Equal(got, []string{"food", "larvae"}) {
			t.Fatalf("second choice %v", got)
		}
		g.ans(0, "food larvae")
		g.ans(1, "larvae larvae")
		g.ans(2, "food food")
		s := g.s()
		// each fed its 2 ants with 1 food first (MOAE-QUEEN-4)
		got := []int{s.Players[0].Food, s.Players[0].Larvae, s.Players[1].Food, s.Players[1].Larvae, s.Players[2].Food, s.Players[2].Larvae}
		if want := []int{2, 3, 1, 6, 3, 0}; !slices.Equal(got, want) {
			t.Fatalf("food/larvae of P1..P3 %v, want %v", got, want)
		}
	})
	t.Run("MOAE-QUEEN-9 no Queen's Choice in the last round", func(t *testing.T) {
		g := evolvedBoard(t, 3, 2, 0)
		g.s().Round = g.s().Rounds
		g.queen()
		g.feedAll()
		if strings.Contains(g.pending(), "decree") {
			t.Fatalf("pending %s", g.pending())
		}
	})
	t.Run("MOAE-QUEEN-4 MOAE-QUEEN-5 MOAE-QUEEN-6 unfed ants die, larvae do not eat, flat penalty", func(t *testing.T) {
		g := evolvedBoard(t, 3, 2, 4)
		g.gtAnts(0, 7) // 9 ants: 2 food feed 8
		for p := 0; p < 3; p++ {
			g.s().Players[p].CP = 5
		}
		g.queen()
		g.feedAll()
		g.wantPending("P1:casualties") // the player picks which ant (AMB-33)
		g.ans(0, g.options(0, "")[0])
		s := g.s()
		p := s.Players[0]
		if p.Larvae != 4 || s.Tiles[0].Out[0] != 8 || p.Food != 0 || p.CP != 5-3 || p.Starved {
			t.Fatalf("P1: %d larvae, %d ants, %d food, %d CP, starved %v; want 4, 8, 0, 2, false", p.Larvae, s.Tiles[0].Out[0], p.Food, p.CP, p.Starved)
		}
		if s.Players[1].CP != 5 {
			t.Fatalf("P2 fed all its ants and lost CP: %d", s.Players[1].CP)
		}
	})
	t.Run("MOAE-QUEEN-7 starving in autumn is remembered", func(t *testing.T) {
		g := evolvedBoard(t, 3, 0, 0)
		g.s().Round = g.s().Rounds
		g.queen()
		g.feedAll()
		if !g.s().Players[0].Starved {
			t.Fatal("not marked")
		}
	})
}

func TestEvolvedSlumberAndEnd(t *testing.T) {
	t.Run("MOAE-SLUMBER-1 inner-meadow tiles by adjacency, CP from the settings", func(t *testing.T) {
		g := evolvedBoard(t, 3, 2, 0)
		g.place(16, 0, 1, 0) // adjacent to the Great Tunnel
		g.ant(1, 0, 0)       // control sites
		g.ant(16, 0, 0)
		s := g.s()
		s.data.Settings.InnerMeadowCP = 2
		s.ev = nil
		s.slumber()
		if s.Players[0].CP != 4 {
			t.Fatalf("%d CP for 2 inner-meadow tiles at 2 CP each", s.Players[0].CP)
		}
		// players read "inner meadow", not the 1st edition's "central hexes"
		why := ""
		for _, e := range s.ev {
			if e.Key == "moa.cp" && e.Args["seat"] == "P1" {
				why = e.Args["why"]
			}
		}
		if why != "inner" {
			t.Fatalf("inner-meadow CP given for %q, want inner", why)
		}
	})
	t.Run("MOAE-GOAL-2 the highest tier reached scores", func(t *testing.T) {
		g := evolvedBoard(t, 3, 0, 0)
		s := g.s()
		c := s.data.Card(56) // Huge Stores: food, tiers 3 5 7
		if c.Name != "Huge Stores" {
			t.Fatalf("card 56 is %s", c.Name)
		}
		for food, want := range map[int]int{2: 0, 3: 1, 6: 2, 7: 3, 12: 3} {
			s.Players[0].Food = food
			if got := s.goalTier(0, c); got != want {
				t.Errorf("%d food: %d CP, want %d", food, got, want)
			}
		}
	})
	t.Run("MOAE-SLUMBER-2 Colony Goals score their tier in the Slumber", func(t *testing.T) {
		g := evolvedBoard(t, 3, 6, 0)
		s := g.s()
		g.takeCard(56)
		s.Players[0].Goals = []int{56}
		s.slumber()
		if s.Players[0].CP != 2 {
			t.Fatalf("%d CP for Huge Stores with 6 food", s.Players[0].CP)
		}
	})
	t.Run("MOAE-CL-23 Clever Innovators counts occupied card sites", func(t *testing.T) {
		g := evolvedBoard(t, 3, 0, 0)
		g.ant(1, 0, 2) // tile 1: f*, l, c
		g.ant(1, 1, 1)
		if n := g.s().measure(0, "card_sites"); n != 1 {
			t.Fatalf("%d card sites", n)
		}
	})
	t.Run("MOAE-CL-24 Sprawling Tunnel counts controlled tiles on one tunnel path", func(t *testing.T) {
		g := evolvedBoard(t, 3, 0, 0)
		g.place(2, 2, 0, 0)  // its west opening meets tile 1's east one
		g.place(15, 3, 0, 0) // openings everywhere, but P2 controls it
		g.place(5, 4, 0, 0)  // joined to tile 15
		g.ant(1, 0, 0)
		g.ant(2, 0, 0)
		g.ant(15, 1, 0)
		g.ant(5, 0, 0)
		s := g.s()
		if !s.connected(s.tile(2), 0) || !s.connected(s.tile(15), 0) {
			t.Fatal("the test tiles are not joined")
		}
		if n := s.measure(0, "tunnel_path"); n != 2 {
			t.Fatalf("path of %d tiles, want 2", n)
		}
	})
	t.Run("MOAE-END-2 MOAE-END-3 awards from the settings, none for an autumn starver", func(t *testing.T) {
		g := evolvedBoard(t, 3, 0, 0)
		s := g.s()
		s.Players[0].Larvae, s.Players[0].Supply, s.Players[0].Starved = 5, s.Players[0].Supply-5, true
		s.Players[1].Larvae, s.Players[1].Supply = 4, s.Players[1].Supply-4
		s.Players[1].Food, s.Players[2].Food, s.Food = 1, 1, s.Food-2
		g.hand(2, 1, 2)
		s.Round = s.Rounds
		s.data.Settings.AwardCP = 4
		s.finish()
		// brood: P2 (P1 excluded); stores: P2 and P3 tied; potential: P3
		got := []int{s.Players[0].CP, s.Players[1].CP, s.Players[2].CP}
		if want := []int{0, 4 + 1, 1 + 4}; !slices.Equal(got, want) {
			t.Fatalf("CP after the awards %v, want %v", got, want)
		}
	})
	t.Run("MOAE-END-4 MOAE-END-5 most CP, then most ants on the meadow, then shared", func(t *testing.T) {
		g := evolvedBoard(t, 3, 0, 0)
		s := g.s()
		s.Opt.ZeroAwards = false
		g.gtAnts(1, 1)
		for p := range s.Players {
			s.Players[p].CP = 10
		}
		s.finish()
		if got := s.Res.Rank; !slices.Equal(got, []int{2, 1, 2}) {
			t.Fatalf("ranks %v, want P2 first on ants and P1, P3 sharing second", got)
		}
	})
}

func TestEvolvedThoraxReactions(t *testing.T) {
	g := evolvedBoard(t, 3, 5, 4)
	g.evo(0, 33, 34) // P1: two thorax Evolutions
	g.evo(1, 35)     // P2: one; P3: none
	s := g.s()
	s.RestUp = []string{defenderTile}
	s.Reward = 0 // no spoils from the Great Tunnel battle that follows
	s.Players[2].Acted = true
	g.turn(2)
	g.ans(2, "rest defender") // the last rest tile: the marker passes to P1
	t.Run("MOAE-WEND-1 MOAE-WEND-2 from the new active player, one per thorax Evolution", func(t *testing.T) {
		g.wantPending("P1:thorax")
		if got := g.options(0, ""); !slices.Equal(got, []string{"done", "explore", "forage", "march"}) {
			t.Fatalf("thorax reactions offered %v (no card in hand: no Play a Card reaction)", got)
		}
	})
	g.ans(0, "forage take")
	t.Run("MOAE-WEND-3 each reaction at most once", func(t *testing.T) {
		if g.has(0, "", "forage") {
			t.Fatal("Forage reaction offered twice")
		}
	})
	g.ans(0, "march larva")
	t.Run("MOAE-WEND-4 the reactions follow the normal rules", func(t *testing.T) {
		g.wantPending("P2:thorax")
		if g.has(1, "explore", "1") {
			t.Fatal("Explore reaction onto a tile P2 does not occupy")
		}
	})
	g.ans(1, "explore gt")
	t.Run("MOAE-WEND-5 then the Soldier phase", func(t *testing.T) {
		s := g.s()
		if s.Phase == PhaseWorker {
			t.Fatalf("still in the %s phase, pending %s", s.Phase, g.pending())
		}
		// P1: 4 + 1 larva (Forage) - 1 (March into the GT); P2: 4 - 1
		if s.Players[0].Larvae != 4 || s.Players[1].Larvae != 3 {
			t.Fatalf("larvae P1 %d P2 %d", s.Players[0].Larvae, s.Players[1].Larvae)
		}
	})
}

// MOAE-EVO-10: a complete ant body scores the body_cp setting at once.
func TestEvolvedBodyCP(t *testing.T) {
	g := evolvedBoard(t, 3, 2, 4)
	s := g.s()
	s.data.Settings.BodyCP = 4
	g.evo(0, 23, 33) // a head and a thorax
	s = g.s()
	s.placeEvolution(0, 44, true) // an abdomen completes the body
	if s.Players[0].CP != 4 || s.Players[0].Bodies != 1 {
		t.Fatalf("%d CP, %d bodies", s.Players[0].CP, s.Players[0].Bodies)
	}
}

// An Evolved card whose effect id matches a 1st edition Evolution does not
// run the 1st edition's rule: Parasite Thorax (MOAE-CL-18) is not the 1st
// edition's Parasite, which would discard the first forage card.
func TestEvolvedNoFirstEditionHooks(t *testing.T) {
	g := evolvedBoard(t, 3, 2, 4)
	g.evo(0, 37) // Parasite Thorax
	if g.s().data.Card(37).Effect != "parasite" {
		t.Fatal("card 37 is not Parasite Thorax")
	}
	g.turn(0)
	if got := g.options(0, "forage"); len(got) != 0 {
		t.Fatalf("Forage asks for a player to rob: %v", got)
	}
}

// MOAE-PLAY-2: the cost type limits what pays: any mix, ants only, larvae
// only.
func TestEvolvedCostTypes(t *testing.T) {
	for _, c := range []struct {
		id   int
		pay  string
		want []string
	}{
		{2, "any", []string{"l", "gt"}}, // Into the Unknown
		{11, "ants", []string{"gt"}},    // Egg Thief
		{12, "larvae", []string{"l"}},   // Fungal Infection
	} {
		g := evolvedBoard(t, 3, 2, 4)
		if p := g.s().data.Card(c.id).Pay; p != c.pay {
			t.Fatalf("card %d pays %s", c.id, p)
		}
		g.hand(0, c.id)
		g.turn(0)
		if got := g.options(0, "play c"+itoa(c.id)); !slices.Equal(got, c.want) {
			t.Errorf("%s: pay with %v, want %v", c.pay, got, c.want)
		}
	}
}
