package march

import (
	"slices"
	"testing"
)

// More of the shared core under the Evolved rule set, by rule ID.
func TestEvolvedCoreMore(t *testing.T) {
	t.Run("MOAE-OVR-2 MOAE-ROUND-1 a standard game has 4 rounds", func(t *testing.T) {
		if s := newEvolved(t, 3).s(); s.Rounds != 4 {
			t.Fatalf("%d rounds", s.Rounds)
		}
	})
	t.Run("MOAE-GT-2 MOAE-GEN-10 MOAE-GEN-13 a larva may always go into the Great Tunnel, even with no ant on the meadow", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		s := g.s()
		s.Tiles[0].Out[0] = 0
		s.Players[0].Supply += 2
		if got := s.larvaTargets(0); !slices.Equal(got, []string{"gt"}) {
			t.Fatalf("larva targets %v", got)
		}
	})
	t.Run("MOAE-MEADOW-9 occupying a tile lets a larva move onto it", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		s := g.s()
		if slices.Contains(s.larvaTargets(0), "1") {
			t.Fatal("a larva onto an unoccupied tile")
		}
		g.ant(1, 0, 2)
		if !slices.Contains(s.larvaTargets(0), "1") {
			t.Fatal("no larva onto an occupied tile")
		}
	})
	t.Run("MOAE-MEADOW-5 MOAE-MEADOW-12 the control site's occupant controls the tile", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 1, 1)
		s := g.s()
		if s.control(s.tile(1)) != -1 {
			t.Fatal("control without the control site")
		}
		g.ant(1, 2, 0)
		if s.control(s.tile(1)) != 2 {
			t.Fatalf("controller %d", s.control(s.tile(1)))
		}
	})
	t.Run("MOAE-MEADOW-7 ants move only through tunnels", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.place(2, 1, -1, 3) // next to the Great Tunnel, no facing openings
		s := g.s()
		if slices.Contains(s.stepCodes(0, &s.Tiles[0]), "2") || !slices.Contains(s.stepCodes(0, &s.Tiles[0]), "1") {
			t.Fatalf("steps %v", s.stepCodes(0, &s.Tiles[0]))
		}
	})
	t.Run("MOAE-GT-1 MOAE-MEADOW-1 the Great Tunnel is no tile for tile effects", func(t *testing.T) {
		g := cardBoardE(t, 2, 4) // every colony shares the Great Tunnel
		g.playEvolved(0, 20)     // Night Raid: a tile where you have ants
		if got := g.options(0, ""); slices.Contains(got, "gt") {
			t.Fatalf("targets %v", got)
		}
	})
	t.Run("MOAE-GT-4 MOAE-MEADOW-16 MOAE-SLUMBER-3 only inner-meadow tiles score, connected or not", func(t *testing.T) {
		g := cardBoardE(t, 2, 0)
		g.place(2, 1, -1, 3)  // adjacent to the Great Tunnel without a tunnel
		g.place(11, 2, -1, 0) // outer meadow
		g.ant(2, 0, 0)
		g.ant(11, 0, 0)
		s := g.s()
		s.slumber()
		if s.Players[0].CP != s.data.Settings.InnerMeadowCP {
			t.Fatalf("%d CP", s.Players[0].CP)
		}
	})
	t.Run("MOAE-TILE-1 MOAE-TILE-3 MOAE-MEADOW-8 an explored tile joins by a tunnel; its centipede grows the size", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		s := g.s()
		s.Stack = []int{14} // High Sands: a centipede, openings e, w, se
		at := s.CentiSize
		g.turn(0)
		g.ans(0, "explore")
		rots := g.options(0, "gt nw")
		if len(rots) != 3 {
			t.Fatalf("rotations %v: only those joining the Great Tunnel", rots)
		}
		g.ans(0, g.finish(0, "gt nw "+rots[0]+" gt done"))
		s = g.s()
		if !s.tile(14).Centi || s.CentiSize != at+1 {
			t.Fatalf("centipede %v, size %d -> %d", s.tile(14).Centi, at, s.CentiSize)
		}
	})
	t.Run("MOAE-EXPL-2 MOAE-GT-6 Explore starts from a location with your ant, the Great Tunnel too", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 1, 0)
		g.turn(0)
		g.ans(0, "explore")
		if got := g.options(0, ""); !slices.Equal(got, []string{"gt"}) {
			t.Fatalf("from %v", got)
		}
	})
	t.Run("MOAE-EXPL-6 AMB-21 no Explore with an empty stack", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.s().Stack = nil
		g.turn(0)
		if g.has(0, "", "explore") {
			t.Fatal("Explore offered with an empty tile stack")
		}
	})
	t.Run("MOAE-EXPL-4 sites the explorers left refill at the end of the action", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 0, 0)
		g.ant(1, 1, 1)
		g.ant(1, 1, 2)
		g.ant(1, 1, -1)
		s := g.s()
		s.Stack = []int{15}
		g.turn(0)
		g.ans(0, "explore")
		g.ans(0, g.finish(0, "1 ne r0 1 done"))
		if s := g.s(); s.tile(1).Sites[0] != 1 || s.tile(1).Out[1] != 0 {
			t.Fatalf("tile 1 %v outskirts %v", s.tile(1).Sites, s.tile(1).Out)
		}
	})
	t.Run("MOAE-REACT-4 MOAE-GEN-9 no Worker reaction to a card that imitates an action", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.playEvolved(0, 13) // Mobilization: a March
		g.ans(0, "done")
		if p := g.pending(); p != "P2:action" { // nobody holds a card for the Play a Card reaction
			t.Fatalf("pending %s", p)
		}
	})
	t.Run("MOAE-2P-5 AMB-7 with 2 players the opponent reacts once", func(t *testing.T) {
		g := newEvolved(t, 2)
		g.reset(2, 4)
		g.gtAnts(0, 2)
		g.gtAnts(1, 2)
		g.turn(0)
		g.ans(0, "forage")
		g.ans(0, g.options(0, "")[0])
		g.wantPending("P2:reaction.forage")
		g.ans(1, "take")
		g.wantPending("P2:action")
	})
	t.Run("MOAE-WORK-1 MOAE-WORK-2 MOAE-GEN-1 MOAE-GEN-2 one action per turn, then the next player clockwise", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.turn(2)
		if got := g.options(2, ""); !slices.Equal(got, []string{"explore", "march", "forage"}) {
			t.Fatalf("actions %v", got) // no card in hand; no Rest on the first turn
		}
		g.ans(2, "march")
		g.ans(2, "done")
		g.ans(0, "pass")
		g.ans(1, "pass")
		g.wantPending("P1:action")
	})
	t.Run("MOAE-REST-7 MOAE-PREP-5 whoever receives the marker with the last rest tile starts the next round", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		s := g.s()
		s.RestUp = []string{defenderTile}
		for p := range s.Players {
			s.Players[p].Acted = true
		}
		g.turn(1)
		s = g.s()
		s.Players[1].Acted = true
		g.ans(1, "rest defender")
		s = g.s()
		if s.Active != 2 {
			t.Fatalf("active %d, want P3", s.Active+1)
		}
	})
	t.Run("MOAE-SOLD-4 a tile no longer contested has no battle", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.ant(1, 0, 0)
		g.ant(1, 1, 1)
		s := g.s()
		s.Phase, s.Round = PhaseSoldier, 2
		g.start(Task{K: kTileBattle, Seat: -1, Hex: 1}, Task{K: kQueen, Seat: -1, Hex: -1})
		if slices.Contains(g.s().Fights, tileBattleKey(1)) {
			t.Fatal("a battle on a shared tile without outskirts")
		}
	})
	t.Run("MOAE-CENT-1 every centipede's strength is the track's", func(t *testing.T) {
		s := newEvolved(t, 4).s()
		for i := range s.data.Centipede.Spaces {
			s.CentiSize = i
			if s.centiStrength() != s.data.Centipede.Spaces[i].Strength {
				t.Fatalf("space %d", i)
			}
		}
	})
	t.Run("MOAE-CARD-2 any card may be played for ferocity", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		g.hand(0, 56, 23, 1) // a Colony Goal, an Evolution and an Event
		g.soldierRound(1)
		if got := g.options(0, ""); !slices.Equal(got, []string{"none", "c56", "c23", "c1"}) {
			t.Fatalf("ferocity %v", got)
		}
	})
	// The random acceptance games found c19 shuffled into the deck by its
	// own draw: the engine discards an Event as it pushes its effect.
	t.Run("MOAE-EVENT-1 MOAE-GEN-6 an Event drawing on an empty deck is not shuffled in: it is discarded once resolved", func(t *testing.T) {
		g := cardBoardE(t, 2, 4)
		s := g.s()
		s.Discard, s.Deck = append(s.Discard, s.Deck...), nil
		others := len(s.Discard) - 1 // Bountiful Forage goes to the hand
		g.playEvolved(0, 19)         // draws 2 cards
		s = g.s()
		if h := s.Players[0].Hand; len(h) != 2 || slices.Contains(h, 19) {
			t.Fatalf("hand %v, want two cards drawn", h)
		}
		if slices.Contains(s.Deck, 19) || len(s.Deck) != others-2 || !slices.Equal(s.Discard, []int{19}) {
			t.Fatalf("deck of %d (with c19: %v), discard %v; want %d cards, and Bountiful Forage alone on the discard pile",
				len(s.Deck), slices.Contains(s.Deck, 19), s.Discard, others-2)
		}
	})
	t.Run("MOAE-GEN-6 an empty deck is the shuffled discard pile", func(t *testing.T) {
		s := cardBoardE(t, 2, 4).s()
		s.Discard = append(s.Discard, s.Deck...)
		s.Deck = nil
		s.draw(0)
		if len(s.Players[0].Hand) != 1 || len(s.Deck) != 65 {
			t.Fatalf("hand %v, deck %d", s.Players[0].Hand, len(s.Deck))
		}
	})
}
