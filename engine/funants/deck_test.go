package funants

import (
	"strings"
	"testing"

	"formica/engine"
)

// FUN-CARD-1 FUN-CARD-2 FUN-CARD-4 FUN-CARD-5 FUN-CARD-6 FUN-CARD-10
// FUN-MOVE-4 FUN-MAIN-5 FUN-AMB-16: cards in the main phase, one at a time,
// face up to the discard; movement cards beat the one-step rule, also in a
// hire turn and for a hired ant. Every card of the deck is exercised here.

func TestCardEffects(t *testing.T) {
	// dash + retreat + recruit in a hire turn.
	x := start(t, 2, "ants=1w:c1,1w:d3", "tokens=9,9")
	x.handOf(1, "dash", "retreat", "recruit", "harvest")
	x.do(1, "hire w b2")
	x.do(1, "play dash b2 c3")
	x.want("dash moved a hired ant", x.on("c3"), "1w")
	x.do(1, "play retreat d3 a2")
	x.want("retreat", x.on("a2"), "1w")
	x.do(1, "play recruit b1")
	x.want("recruit", x.on("b1"), "1w")
	x.want("recruit is free", x.tokens(1), 9+1-1)
	x.bad(1, "play harvest", "FUN-CARD-1") // no worker on a resource cell now
	x.want("discard", strings.Join(codesOf(x.g(), x.g().Discard), ","), "dash,retreat,recruit")

	// forage, harvest, supplies (delayed, FUN-CARD-3).
	y := start(t, 2, "ants=1w:d1,1w:c4", "tokens=0,0")
	y.handOf(1, "forage", "harvest", "supplies", "rage")
	y.want("income", y.tokens(1), 2)
	y.do(1, "play forage")
	y.want("forage", y.tokens(1), 3)
	y.do(1, "play harvest")
	y.want("harvest", y.tokens(1), 5)
	y.do(1, "play supplies")
	y.want("supplies waits in play", len(y.g().InPlay), 1)
	v := y.m.State.View(engine.NoSeat).(View)
	y.want("in play is public", v.InPlay[0].Code, "supplies")
	y.do(1, "pass")
	y.do(2, "pass")
	y.want("supplies pays at next turn", y.tokens(1), 5+2+2)
	y.want("supplies left play", len(y.g().InPlay), 0)
	y.bad(1, "play rage", "FUN-CARD-1") // Ant Rage only in battles (FUN-CARD-8)

	// sabotage and engineer.
	z := start(t, 2, "ants=1w:c3,1w:c1,2w:g3,2w:e7", "tokens=9,9")
	z.handOf(2, "sabotage", "engineer")
	z.do(1, "tunnel c3")
	z.do(1, "tunnel c1")
	z.do(1, "pass")
	z.do(2, "hire w f1")
	z.do(2, "play engineer g3") // in a hire turn, free
	z.want("engineer free", z.tokens(2), 9-1)
	z.do(2, "play sabotage c1")
	z.want("sabotage", len(z.g().Players[0].Entrances), 1)
}

func codesOf(g *state, ids []int) []string {
	var out []string
	for _, id := range ids {
		out = append(out, g.b.cards[id])
	}
	return out
}

// FUN-CARD-9 FUN-CARD-3: Ambush is played outside battles, waits on its cell
// and adds +2 the next time the owner's ants there fight; it leaves play
// when they leave the cell.
func TestAmbush(t *testing.T) {
	x := start(t, 2, "ants=1w:c1,2s:e1")
	x.handOf(1, "ambush")
	x.do(1, "play ambush c1")
	x.do(1, "pass")
	x.do(2, "move e1 d1")
	x.do(2, "pass")
	x.do(1, "pass")
	x.want("ambush won", x.on("c1"), "1w")
	x.want("d1", x.on("d1"), "")
	x.want("ambush used up", len(x.g().InPlay), 0)
	y := start(t, 2, "ants=1w:c1")
	y.handOf(1, "ambush")
	y.do(1, "play ambush c1")
	y.do(1, "move c1 b1")
	y.want("ambush dropped", len(y.g().InPlay), 0)
}

// FUN-CARD-11 FUN-TRADE-1 FUN-ALLY-2: no command passes cards or tokens.
func TestNoTrading(t *testing.T) {
	x := start(t, 4, "scenario=classic-teams")
	st, err := x.m.State.Choices(0, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range st.Options {
		switch o.Code {
		case "give", "trade", "transfer":
			t.Fatalf("trading command %q offered", o.Code)
		}
	}
	x.bad(1, "give 2 1", "")
}

// FUN-BUILD-1 FUN-BUILD-2 FUN-BUILD-3 FUN-BUILD-4 FUN-BUILD-5 FUN-BUILD-6
// FUN-WIN-1 FUN-AMB-20: levels cost 5, 4, 3 in that order on the own anthill, any time
// in the turn; the third wins Classic.
func TestBuilding(t *testing.T) {
	x := start(t, 2, "tokens=11,4")
	x.do(1, "build")
	x.want("large", x.tokens(1), 6)
	x.do(1, "hire w b1")
	x.do(1, "build")
	x.want("medium", x.tokens(1), 1)
	x.bad(1, "build", "FUN-BUILD-1")
	v := x.m.State.View(engine.NoSeat).(View)
	if lv := v.Players[0].Levels; len(lv) != 2 || lv[0].Size != 0 || lv[1].Size != 1 || v.Anthills[0].Owner != 0 {
		t.Fatalf("levels %+v", lv)
	}
	// FUN-BUILD-1: each level's exact price: one token short is refused.
	for _, c := range []struct {
		tokens, built int
	}{{4, 0}, {5 + 3, 1}, {5 + 4 + 2, 2}} {
		z := start(t, 2, "tokens="+itoa(c.tokens)+",4")
		for i := 0; i < c.built; i++ {
			z.do(1, "build")
		}
		z.bad(1, "build", "FUN-BUILD-1")
	}
	y := start(t, 2, "tokens=13,4")
	y.do(1, "build")
	y.want("large costs 5", y.tokens(1), 8)
	y.do(1, "build")
	y.want("medium costs 4", y.tokens(1), 4)
	y.do(1, "build")
	y.want("small costs 3", y.tokens(1), 1)
	if r := y.m.State.Result(); r == nil || r.Rank[0] != 1 || r.Rank[1] != 2 {
		t.Fatalf("result %+v", r)
	}
}

// FUN-BUILD-7 FUN-AMB-15 FUN-WIN-3 FUN-WIN-5 FUN-WIN-6 FUN-AMB-3: Pyramids: no
// building; an arrival next to an opponent anthill takes its top level and
// the ant leaves before any battle; three captures win; an empty anthill
// gives nothing and the ant stays.
func TestPyramids(t *testing.T) {
	x := start(t, 2, "scenario=pyramids", "ants=1s:d1,2w:f2", "tokens=20,5")
	x.bad(1, "build", "FUN-BUILD-7")
	x.do(1, "move d1 e1")
	x.want("captured", len(x.g().Players[0].Captured), 0)
	x.do(1, "pass")
	x.do(2, "pass")
	x.do(1, "move e1 f1")
	g := x.g()
	x.want("captured", len(g.Players[0].Captured), 1)
	x.want("top level taken", g.Players[0].Captured[0].Size, 2)
	x.want("ant left the board", x.on("f1"), "")
	x.want("no battle", x.pending(), "P1:turn")
	y := start(t, 2, "scenario=pyramids", "captured=2,0", "ants=1w:e1", "tokens=9,5")
	y.do(1, "move e1 f1")
	if r := y.m.State.Result(); r == nil || r.Rank[0] != 1 {
		t.Fatalf("three captures did not win: %+v", r)
	}
	z := start(t, 3, "scenario=pyramids", "captured=0,0,2", "ants=3w:e1,3w:g3", "tokens=9,5,5")
	z.g().Players[1].Levels = nil
	z.do(1, "pass")
	z.do(2, "pass")
	z.do(3, "move e1 f1")
	z.want("empty anthill: the ant stays", z.on("f1"), "3w")
	z.want("no capture", len(z.g().Players[2].Captured), 2)
	z.want("P2 still plays", z.m.State.Result() == nil, true)
}

// FUN-WIN-4: Pyramids teams: the alliance that strips one opponent wins,
// captures of both allies adding up.
func TestPyramidsTeams(t *testing.T) {
	x := start(t, 4, "scenario=pyramids-teams", "captured=2,0,0,0", "ants=3w:e1")
	x.do(1, "pass")
	x.do(2, "pass")
	x.do(3, "move e1 f1")
	r := x.m.State.Result()
	if r == nil || r.Rank[0] != 1 || r.Rank[2] != 1 || r.Rank[1] != 2 {
		t.Fatalf("result %+v", r)
	}
}

// FUN-WIN-1 FUN-WIN-2 FUN-AMB-14 FUN-ALLY-1 FUN-ALLY-3: reaching a cell next
// to an opponent anthill wins Classic, not Classic teams; allies never fight
// and an ally's anthill is no target.
func TestClassicWins(t *testing.T) {
	x := start(t, 2, "ants=1w:e1")
	x.do(1, "move e1 f1")
	if r := x.m.State.Result(); r == nil || r.Rank[0] != 1 {
		t.Fatalf("reach did not win: %+v", r)
	}
	// The first anthill (P1's) is a target too.
	v := start(t, 2, "ants=2w:c1")
	v.do(1, "pass")
	v.do(2, "move c1 b1")
	if r := v.m.State.Result(); r == nil || r.Rank[1] != 1 || r.Rank[0] != 2 {
		t.Fatalf("P2 reaching P1's anthill did not win: %+v", r)
	}
	y := start(t, 4, "scenario=classic-teams", "ants=1w:e1")
	y.do(1, "move e1 f1")
	y.want("no reach win in teams", y.m.State.Result() == nil, true)
	z := start(t, 4, "scenario=classic-teams", "ants=1w:g4,3w:g5", "tokens=12,4,4,4")
	z.want("allies side by side", z.pending(), "P1:turn")
	z.do(1, "build")
	z.do(1, "build")
	z.do(1, "build")
	r := z.m.State.Result()
	if r == nil || r.Rank[0] != 1 || r.Rank[2] != 1 || r.Rank[3] != 2 {
		t.Fatalf("team build win: %+v", r)
	}
	// An unused anthill is nobody's: reaching it wins nothing.
	w := start(t, 2, "layout=diagonal", "ants=1w:e1")
	w.do(1, "move e1 f1")
	w.want("unused anthill", w.m.State.Result() == nil, true)
}

// FUN-RES-1 FUN-RES-3 FUN-RES-4 FUN-AMB-13: pickup once per token; the
// 2-cards-for-1 fallback only with no ants and no cakes.
func TestResources(t *testing.T) {
	x := start(t, 2, "ants=1s:c1", "tokens=0,4")
	x.bad(1, "sell rage rage", "FUN-RES-3") // an ant on the board
	x.do(1, "move c1 d1")
	x.want("soldier picks up", x.tokens(1), 1)
	x.do(1, "pass")
	x.do(2, "pass")
	x.do(1, "move d1 c1")
	x.do(1, "pass")
	x.do(2, "pass")
	x.do(1, "move c1 d1")
	x.want("token only once", x.tokens(1), 1)
	y := start(t, 2, "tokens=0,4")
	y.handOf(1, "rage", "dash", "forage")
	ev := y.do(1, "sell rage dash")
	y.want("sold", y.tokens(1), 1)
	for _, e := range ev {
		if e.Key == "fun.sold" {
			y.want("the log names the cards sold", e.Args["cards"], "rage dash")
		}
	}
	y.bad(1, "sell forage forage", "FUN-RES-3")
	y.want("hand", len(y.g().Players[0].Hand), 1)
}

// FUN-MOVE-8 FUN-AMB-24 FUN-CELL-2: group moves need room for both.
func TestGroupMove(t *testing.T) {
	x := start(t, 2, "ants=1w:c1,1w:c1")
	x.bad(1, "move c1 d1 2", "FUN-MOVE-8") // a cake cell holds one ant
	x.do(1, "move c1 b1 2")
	x.want("group", x.on("b1"), "1w 1w")
}

// FUN-SETUP-6 (hidden hands): a player's cards appear only in their view.
func TestHiddenHands(t *testing.T) {
	x := start(t, 3)
	g := x.g()
	for s := range g.Players {
		for _, secret := range g.Secrets(engine.Seat(s)) {
			for v := -1; v < 3; v++ {
				if v == s {
					continue
				}
				b, _ := g.MarshalBinary()
				_ = b
				view := x.m.State.View(engine.Seat(v)).(View)
				for _, c := range view.Hand {
					if c.ID == secret {
						t.Fatalf("P%d sees %s", v+1, secret)
					}
				}
			}
		}
	}
	if v := x.m.State.View(1).(View); len(v.Hand) != 4 || v.Players[0].HandSize != 4 {
		t.Fatal("own hand or counts missing")
	}
}

// FUN-RES-3 FUN-TUNNEL-3: the fallback sale needs no ants on the board
// even when the player has no cakes and cards to sell; an entrance costs
// exactly one cake, so one cake is enough.
func TestSaleNeedsNoAntsAndEntranceCostsOne(t *testing.T) {
	x := start(t, 2, "ants=1w:c1", "tokens=0,4")
	x.handOf(1, "rage", "dash")
	x.bad(1, "sell rage dash", "")
	y := start(t, 2, "ants=1w:c3", "tokens=1,4")
	y.do(1, "tunnel c3")
	y.want("one cake paid", y.tokens(1), 0)
}
