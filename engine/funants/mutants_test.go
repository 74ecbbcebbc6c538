package funants

import (
	"errors"
	"slices"
	"testing"

	"formica/engine"
)

// Tests written for mutants that survived scripts/mutate.go (see
// docs/mutation.md); each names the rule the mutant broke.

// FUN-DRAW-2: the swap window closes with the turn's first other answer, a
// hire or a move as well as a card.
func TestSwapClosesAfterHireOrMove(t *testing.T) {
	x := start(t, 2, "ants=1w:c1", "tokens=9,9")
	x.handOf(1, "rage", "dash", "forage", "harvest")
	x.do(1, "hire w b2")
	x.bad(1, "swap rage", "FUN-DRAW-2")
	y := start(t, 2, "ants=1w:c1", "tokens=9,9")
	y.handOf(1, "rage", "dash", "forage", "harvest")
	y.do(1, "move c1 d1")
	y.bad(1, "swap rage", "FUN-DRAW-2")
}

// FUN-DRAW-3 FUN-CARD-7: a discard pile of a single card is reshuffled into
// the empty deck too.
func TestReshuffleOneCard(t *testing.T) {
	x := start(t, 2)
	x.handOf(1, "forage", "rage", "dash", "harvest")
	g := x.g()
	g.Players[1].Hand = append(g.Players[1].Hand, g.Deck...) // no hand limit (FUN-DRAW-4)
	g.Deck = nil
	x.do(1, "play forage")
	x.want("discard", len(x.g().Discard), 1)
	x.do(1, "pass")
	x.do(2, "pass")
	x.want("P1 topped up to 4 from the reshuffled card", len(x.g().Players[0].Hand), 4)
	x.want("deck", len(x.g().Deck), 0)
	x.want("discard after the reshuffle", len(x.g().Discard), 0)
}

// FUN-MOVE-3: an ant moves at most once a turn, also when it shares a cell
// with one that has not moved; the log names where it came from.
func TestMovedAntStaysMoved(t *testing.T) {
	x := start(t, 2, "ants=1w:c4,1w:c3")
	ev := x.do(1, "move c4 c3")
	from := ""
	for _, e := range ev {
		if e.Key == "fun.moved" {
			from = e.Args["from"] + ">" + e.Args["to"]
		}
	}
	x.want("the log", from, "c4>c3")
	x.do(1, "move c3 d3") // the ant that was on c3
	x.want("d3", x.on("d3"), "1w")
	x.bad(1, "move c3 d3", "FUN-MOVE-3")
}

// FUN-CARD-9 FUN-CARD-3: an ambush on the board's first cell (b1) leaves
// play when its ants leave too.
func TestAmbushOnFirstCellDropped(t *testing.T) {
	x := start(t, 2, "ants=1w:b1")
	x.handOf(1, "ambush")
	x.do(1, "play ambush b1")
	x.do(1, "move b1 c1")
	x.want("ambush dropped", len(x.g().InPlay), 0)
}

// FUN-CARD-9: an ambush helps only its owner's ants on its own cell, not the
// owner's battles elsewhere.
func TestAmbushOnlyItsCell(t *testing.T) {
	x := start(t, 2, "ants=1w:c1,1w:a3,2s:e1")
	x.handOf(1, "ambush")
	x.do(1, "play ambush a3")
	x.do(1, "pass")
	x.do(2, "move e1 d1")
	x.do(2, "pass")
	x.do(1, "pass")
	x.want("c1: the worker lost (1 against 2)", x.on("c1"), "")
	x.want("d1", x.on("d1"), "2s")
}

// FUN-CARD-10: Dash moves an ant that already moved this turn, and the
// chosen one of two different ants.
func TestDashAfterMovesAndChosenAnt(t *testing.T) {
	x := start(t, 2, "ants=1w:c1")
	x.handOf(1, "dash")
	x.do(1, "move c1 d1")
	x.do(1, "play dash d1 e1")
	x.want("dash moved the moved ant", x.on("e1"), "1w")
	y := start(t, 2, "ants=1w:c1,1s:c1")
	y.handOf(1, "dash")
	y.do(1, "play dash c1 d1 s")
	y.want("d1", y.on("d1"), "1s")
	y.want("c1", y.on("c1"), "1w")
}

// FUN-CARD-10: Retreat is playable with ants on a single cell.
func TestRetreatOneCell(t *testing.T) {
	x := start(t, 2, "ants=1w:d3")
	x.handOf(1, "retreat")
	x.do(1, "play retreat d3 a2")
	x.want("a2", x.on("a2"), "1w")
}

// FUN-MAIN-1: a refused hire after a move says why, not just "not an option".
func TestHireAfterMoveMessage(t *testing.T) {
	x := start(t, 2, "ants=1w:c1", "tokens=9,9")
	x.do(1, "move c1 d1")
	_, err := x.m.Answer(engine.Answer{Seat: 0, Path: engine.ParsePath("hire w b2")})
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Key != "fun.err.hire_after_move" {
		t.Fatalf("hire after a move: %v, want the key fun.err.hire_after_move", err)
	}
}

// FUN-SETUP-6: a player with no cards has no secret options: the buttons of
// its turn may be shown publicly.
func TestEmptyHandOptionsPublic(t *testing.T) {
	x := start(t, 2)
	g := x.g()
	g.Deck = append(g.Deck, g.Players[0].Hand...)
	g.Players[0].Hand = nil
	st, err := x.m.State.Choices(0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Private {
		t.Fatal("options of a player without cards marked private")
	}
}

// FUN-RES-3: the fallback sale takes exactly two cards.
func TestSaleWithTwoCards(t *testing.T) {
	x := start(t, 2, "ants=2w:e1", "tokens=0,4")
	g := x.g()
	g.Ants = slices.DeleteFunc(g.Ants, func(a ant) bool { return a.Owner == 0 })
	x.handOf(1, "rage", "dash")
	x.do(1, "sell rage dash")
	x.want("a cake for two cards", x.tokens(1), 1)
}

// FUN-SETUP-6: every seat's hand is listed as its secret, the first seat's too.
func TestSecretsFirstSeat(t *testing.T) {
	x := start(t, 2)
	if got := x.g().Secrets(0); len(got) != len(x.g().Players[0].Hand) || len(got) == 0 {
		t.Fatalf("P1's secrets %v, hand %v", got, x.g().Players[0].Hand)
	}
	if x.g().Secrets(engine.NoSeat) != nil {
		t.Fatal("a spectator has secrets")
	}
}

// FUN-DRAW-2 FUN-TURN-1: the turn prompt continues for the active player
// once its first answer closed the swap window, and for nobody else.
func TestContinues(t *testing.T) {
	x := start(t, 2, "ants=1w:c1")
	g := x.g()
	if g.Continues(0) {
		t.Fatal("continues before the first answer (the swap window is open)")
	}
	x.do(1, "move c1 d1")
	if !x.g().Continues(0) || x.g().Continues(1) {
		t.Fatalf("after a move: P1 %v P2 %v, want true false", x.g().Continues(0), x.g().Continues(1))
	}
	x.g().Winners = []int{0}
	if x.g().Continues(0) {
		t.Fatal("continues after the game is won")
	}
}

// A redeal for a seat that is not playing changes nothing.
func TestRedealOtherSeat(t *testing.T) {
	x := start(t, 2)
	c := x.g().Redeal(engine.Seat(5), func(n int) int { return 0 }).(*state)
	if !slices.Equal(c.Players[0].Hand, x.g().Players[0].Hand) || !slices.Equal(c.Deck, x.g().Deck) {
		t.Fatal("redeal for seat 6 changed hands or deck")
	}
}

// FUN-AMB-6: no hire onto a home cell an opponent stands on.
func TestNoHireOntoOpponent(t *testing.T) {
	x := start(t, 2, "ants=2w:b2", "tokens=9,9")
	x.bad(1, "hire w b2", "")
	if x.ok(1, "hire w b2") {
		t.Fatal("hire onto an opponent accepted")
	}
}

// FUN-WIN-2 FUN-WIN-4: the team scenarios take exactly four players.
func TestTeamSeats(t *testing.T) {
	lo, hi := Game.Seats(engine.Setup{Game: "funants", Options: map[string]string{"scenario": "classic-teams"}})
	if lo != 4 || hi != 4 {
		t.Fatalf("team seats %d-%d, want 4-4", lo, hi)
	}
}

// FUN-SETUP-9: in Pyramids each player starts with the large, medium and
// small level of its colour.
func TestPyramidsStartLevels(t *testing.T) {
	x := start(t, 2, "scenario=pyramids")
	for seat, p := range x.g().Players {
		var sizes []int
		for _, l := range p.Levels {
			if l.Colour != seat {
				t.Fatalf("P%d holds a level of colour %d", seat+1, l.Colour)
			}
			sizes = append(sizes, l.Size)
		}
		if !slices.Equal(sizes, []int{0, 1, 2}) {
			t.Fatalf("P%d level sizes %v, want 0 1 2", seat+1, sizes)
		}
	}
}

// A scenario's deck order names cards 1-40 only.
func TestDeckOptionChecked(t *testing.T) {
	for _, bad := range []string{"0", "41", "x"} {
		if _, err := engine.Start(Game, engine.Setup{Game: "funants", Seats: 2, Seed: 1, Options: map[string]string{"deck": bad}}); err == nil {
			t.Errorf("deck=%s accepted", bad)
		}
	}
}

// Scenario options (test setups): no more ants than a colour has, no level
// captured from an ally, and a deck order that keeps every card once.
func TestScenarioOptionsChecked(t *testing.T) {
	bad := []map[string]string{
		{"ants": "1w:b1,1w:c1,1w:e1,1w:b2,1w:c3,1w:c4"}, // 6 workers: a colour has 5
		{"ants": "2s:b1,2s:c1,2s:e1,2s:b2"},             // 4 soldiers: a colour has 3
		{"scenario": "pyramids-teams", "allies": "adjacent", "captured": "1,0,0,0"},
	}
	for _, o := range bad {
		seats := 2
		if o["scenario"] != "" {
			seats = 4
		}
		if _, err := engine.Start(Game, engine.Setup{Game: "funants", Seats: seats, Seed: 1, Options: o}); err == nil {
			t.Errorf("%v accepted", o)
		}
	}
	x := start(t, 2, "deck=3,5")
	g := x.g()
	all := slices.Clone(g.Deck)
	for _, p := range g.Players {
		all = append(all, p.Hand...)
	}
	slices.Sort(all)
	if len(all) != 40 || slices.Compact(all)[39] != 40 {
		t.Fatalf("cards after deck=3,5: %v", all)
	}
	if h := g.Players[0].Hand; h[0] != 3 || h[1] != 5 {
		t.Fatalf("P1 was dealt %v first, want 3 and 5", h)
	}
}
