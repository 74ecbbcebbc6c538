package micropolis

import (
	"slices"
	"testing"

	"formica/engine"
)

// MIC-SETUP-1, MIC-ADV-1: player counts.
func TestPlayerCounts(t *testing.T) {
	for n, ok := range map[int]bool{1: false, 2: true, 6: true, 7: false} {
		_, err := engine.Start(Game, engine.Setup{Game: Game.ID, Seats: n})
		if (err == nil) != ok {
			t.Errorf("classic with %d players: err %v", n, err)
		}
	}
	for n, ok := range map[int]bool{2: true, 3: true, 4: false} {
		_, err := engine.Start(Game, engine.Setup{Game: Game.ID, Seats: n, Options: map[string]string{"variant": "twohills"}})
		if (err == nil) != ok {
			t.Errorf("twohills with %d players: err %v", n, err)
		}
	}
}

// MIC-SETUP-2, MIC-SETUP-3, MIC-SETUP-4, MIC-SETUP-5, MIC-SETUP-6, MIC-SETUP-8,
// MIC-AMB-23: five soldiers each, the rest and both architect tokens in the
// supply, 61 shuffled tiles, 7 face up, the chosen first player is general.
func TestSetup(t *testing.T) {
	s := newGame(t, 4, "tiles=12,5,7", "first=3")
	if got := s.rowIDs(); len(got) != 7 || got[0] != 12 || got[1] != 5 || got[2] != 7 {
		t.Fatalf("row %v, want 7 tiles starting 12,5,7", got)
	}
	if len(s.Row)+len(s.Stack) != 61 {
		t.Fatalf("%d tiles", len(s.Row)+len(s.Stack))
	}
	for i := range s.Players {
		if s.hl(i, 0).Army != 5 || s.Players[i].Arch != 0 {
			t.Fatalf("P%d army %d", i+1, s.hl(i, 0).Army)
		}
	}
	for _, r := range s.Row {
		if r.Soldiers != 0 {
			t.Fatal("soldiers on the row at start")
		}
	}
	if s.Supply != 45-20 || s.ArchSupply != 2 {
		t.Fatalf("supply %d, architects %d", s.Supply, s.ArchSupply)
	}
	if s.General != 2 || s.Current != 2 {
		t.Fatalf("general %d current %d, want P3", s.General, s.Current)
	}
	// The stack is shuffled: two seeds give different orders.
	a, b := newGame(t, 4), newGame(t, 4)
	b2, _ := Game.New(engine.Setup{Game: Game.ID, Seats: 4, Seed: 99, Options: map[string]string{"variant": "classic", "general": "literal", "first": "1"}})
	if slices.Equal(a.Stack, b2.(*state).Stack) || !slices.Equal(a.Stack, b.Stack) {
		t.Fatal("stack order does not depend on the seed alone")
	}
	// The stack order never reaches a view (§14.2).
	v := s.View(engine.NoSeat).(View)
	if v.Stack != 61-7 {
		t.Fatalf("view stack %d", v.Stack)
	}
}

// MIC-SETUP-7, MIC-ROUND-1, MIC-GEN-1, MIC-TURN-2: play goes clockwise from
// the general; every turn takes and places exactly one tile.
func TestTurnOrder(t *testing.T) {
	s := newGame(t, 3, "first=2")
	var order []int
	for i := 0; i < 3; i++ {
		order = append(order, s.Current)
		n := s.hl(s.Current, 0).Count
		s.auto(t)
		if s.hl(order[i], 0).Count != n+1 {
			t.Fatal("a turn did not place exactly one tile")
		}
	}
	if !slices.Equal(order, []int{1, 2, 0}) || s.Current != 1 || s.Round != 2 {
		t.Fatalf("order %v, next %d round %d", order, s.Current, s.Round)
	}
	if err := engine.Check(s, 0, engine.Path{"take", "1", "0"}); err != engine.ErrNotYourTurn {
		t.Fatalf("out of turn: %v", err)
	}
}

// MIC-TURN-1, MIC-CHOOSE-1, MIC-CHOOSE-2, MIC-CHOOSE-3, MIC-CHOOSE-7,
// MIC-ARMY-1, MIC-ARMY-3: one soldier per earlier tile, taken from the army;
// the rest keep their order; payment lands on other tiles.
func TestChooseAndPay(t *testing.T) {
	s := newGame(t, 2, "tiles=11,32,39,49,8,12,60")
	ev := s.do(t, 0, "take 3 0")
	if !hasKey(ev, "mic.took") || !hasKey(ev, "mic.placed") {
		t.Fatalf("events %v", ev)
	}
	if got := s.rowIDs(); !slices.Equal(got, []int{11, 32, 49, 8, 12, 60}) {
		t.Fatalf("row %v", got)
	}
	if s.Row[0].Soldiers != 1 || s.Row[1].Soldiers != 1 || s.Row[2].Soldiers != 0 {
		t.Fatalf("row soldiers %+v", s.Row)
	}
	if s.hl(0, 0).Army != 3 || s.hl(0, 0).Slots[0] != 39 {
		t.Fatalf("army %d slots %v", s.hl(0, 0).Army, s.hl(0, 0).Slots)
	}
	s.do(t, 1, "take 1 5") // free first tile; its soldier is collected
	if s.hl(1, 0).Army != 6 || s.Row[0].Soldiers != 1 {
		t.Fatalf("P2 army %d", s.hl(1, 0).Army)
	}
}

// MIC-CHOOSE-4, MIC-CHOOSE-5, MIC-CHOOSE-6, MIC-ARMY-2, MIC-AMB-1: only army
// soldiers pay; soldiers on the chosen tile are collected, capped at 10 with
// the surplus to the supply; soldiers stay on tiles across rounds.
func TestCollectAndCap(t *testing.T) {
	s := newGame(t, 2, "tiles=11,32,39,49,8,12,60")
	s.hl(0, 0).Army = 1
	if r := s.ruleOf(t, 0, "take 3"); r != "MIC-CHOOSE-4" {
		t.Fatalf("unaffordable tile: rule %q", r)
	}
	s.reject(t, 0, "take 3 0")
	s.do(t, 0, "take 2 0") // pays 1 onto tile 11
	s.hl(1, 0).Army = 9
	s.Row[0].Soldiers = 4 // tile 11 built up soldiers
	supply := s.Supply
	ev := s.do(t, 1, "take 1 0")
	if s.hl(1, 0).Army != 10 || s.Supply != supply+3 || !hasKey(ev, "mic.capped") {
		t.Fatalf("army %d supply %d (was %d)", s.hl(1, 0).Army, s.Supply, supply)
	}
	// Round 2: soldiers put on a tile stay there until it is taken.
	s.do(t, 0, "take 1 1")
	s.do(t, 1, "take 3 1")
	if s.Round != 3 || s.Row[0].Soldiers != 1 || s.Row[1].Soldiers != 1 {
		t.Fatalf("round %d row %+v", s.Round, s.Row)
	}
}

// MIC-GEO-1, MIC-GEO-2, MIC-GEO-4, MIC-GEO-5, MIC-PLACE-1, MIC-PLACE-2,
// MIC-PLACE-3, MIC-PLACE-4, MIC-AMB-15, MIC-AMB-16: the first tile may go in
// any of the 10 slots; later tiles only at the two ends of the arc; the 10th
// closes the ring; galleries need not match.
func TestPlacement(t *testing.T) {
	s := newGame(t, 2, "tiles=11,32,39,49,8,12,60")
	st, _ := s.Choices(0, engine.Path{"take", "1"})
	if len(st.Options) != 10 {
		t.Fatalf("first tile: %d slots", len(st.Options))
	}
	s.do(t, 0, "take 1 4")
	s.auto(t)
	st, _ = s.Choices(0, engine.Path{"take", "1"})
	if got := optCodes(st.Options); !slices.Equal(got, []string{"3", "5"}) {
		t.Fatalf("second tile slots %v, want 3 5", got)
	}
	if r := s.ruleOf(t, 0, "take 1 7"); r != "MIC-PLACE-2" {
		t.Fatalf("detached slot: rule %q", r)
	}
	h := s.hl(0, 0)
	for s.Phase != phaseOver {
		s.auto(t)
		if want := min(2, 10-h.Count); h.Count > 0 && len(h.open()) != want {
			t.Fatalf("%d tiles, open slots %v, want the two arc ends", h.Count, h.open())
		}
	}
	if h.Count != 10 || len(h.open()) != 0 || s.Round != 10 {
		t.Fatalf("count %d open %v round %d", h.Count, h.open(), s.Round)
	}
}

func optCodes(o []engine.Option) []string {
	var out []string
	for _, x := range o {
		out = append(out, x.Code)
	}
	return out
}

// MIC-CHOOSE-1 MIC-CHOOSE-3: the last tile of the row can be taken by an
// army that pays for it (six soldiers, one on each tile before it); one past
// the row is refused.
func TestTakeLastPosition(t *testing.T) {
	s := newGame(t, 2, "tiles=11,32,39,49,8,12,60")
	// Army 5: the last tile is in the row but unaffordable.
	err := s.reject(t, 0, "take 7 0")
	if re, ok := err.(*engine.RuleError); !ok || re.Rule != "MIC-CHOOSE-4" || re.Args["cost"] != "6" || re.Args["options"] != "1, 2, 3, 4, 5, 6" {
		t.Fatalf("take 7 with 5 soldiers: %#v", err)
	}
	s.hl(0, 0).Army = 10
	s.Supply -= 5
	if r := s.ruleOf(t, 0, "take 8 0"); r != "MIC-CHOOSE-1" {
		t.Fatalf("position 8: %q, want MIC-CHOOSE-1", r)
	}
	s.do(t, 0, "take 7 0")
	if s.hl(0, 0).Army != 4 || s.hl(0, 0).Slots[0] != 60 {
		t.Fatalf("army %d slot 0 %d", s.hl(0, 0).Army, s.hl(0, 0).Slots[0])
	}
	for i, rt := range s.Row[:6] {
		if rt.Soldiers != 1 {
			t.Fatalf("row tile %d: %d soldiers, want 1", i+1, rt.Soldiers)
		}
	}
}
