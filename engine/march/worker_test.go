package march

import (
	"errors"
	"slices"
	"testing"

	"formica/engine"
)

// board3 is a 3-player position: everyone has 1 ant in the GT, 2 food and
// 5 larvae, no cards, and the hex stack holds hexes 1..25 in order.
func board3(t *testing.T) *tg {
	g := newTG(t, 3)
	g.reset(2, 5)
	for p := 0; p < 3; p++ {
		g.ant(0, p, -1)
	}
	g.check()
	return g
}

// MOA1-EXPLORE-1 MOA1-EXPLORE-2 MOA1-EXPLORE-3 MOA1-EXPLORE-7 MOA1-HEX-1
// MOA1-HEX-12 MOA1-HEX-21 MOA1-WORKER-4 MOA1-EXPLORE-8 MOA1-REACT-1
// MOA1-REACT-2 MOA1-WORKER-5 MOA1-HEX-2 MOA1-HEX-9 MOA1-TOK-3 MOA1-GLOSS-2
// MOA1-GLOSS-3 MOA1-ASYNC-5 MOA1-ASYNC-6 MOA1-ROUND-3 MOA1-GLOSS-15
// MOA1-GLOSS-16 MOA1-WORKER-1 MOA1-WORKER-3
func TestExploreFromGT(t *testing.T) {
	g := board3(t)
	g.turn(0)
	if got := g.options(0, ""); !slices.Equal(got, []string{"explore", "march", "forage"}) {
		t.Fatalf("actions %v", got)
	}
	g.ans(0, "explore")
	g.wantPending("P1:explore")
	if got := g.options(0, ""); !slices.Equal(got, []string{"gt"}) {
		t.Fatalf("exploring hexes %v", got)
	}
	if got := g.options(0, "gt e"); !slices.Equal(got, []string{"r0", "r2", "r3", "r5"}) {
		t.Fatalf("rotations meeting the GT tunnel: %v", got)
	}
	if got := g.options(0, "gt e r0 1"); !slices.Equal(got, []string{"s1", "s2", "s3"}) {
		t.Fatalf("the ant chooses any free site: %v", got)
	}
	g.ans(0, "gt e r0 1 s2")
	s := g.s()
	h := s.tile(1)
	if h == nil || h.Q != 1 || h.R != 0 || h.Sites[1] != 0 || s.Tiles[0].Out[0] != 0 || s.Players[0].Food != 1 {
		t.Fatalf("explored hex %+v food %d", h, s.Players[0].Food)
	}
	if !s.tunnelTo(&s.Tiles[0], h) {
		t.Fatal("the new hex is tunnel-connected to the exploring hex")
	}
	// the other players react in turn from the active player's left
	g.wantPending("P2:reaction.explore")
	g.ans(1, "pass")
	g.wantPending("P3:reaction.explore")
	if got := g.options(2, ""); !slices.Equal(got, []string{"pass", "gt"}) {
		t.Fatalf("P3 occupies nothing: larva only into the GT: %v", got)
	}
	g.ans(2, "gt")
	s = g.s()
	if s.Tiles[0].Out[2] != 2 || s.Players[2].Larvae != 4 || s.Players[1].Larvae != 5 {
		t.Fatal("P3's larva became an ant in the GT")
	}
	if s.Active != 1 {
		t.Fatalf("the marker passes to the left: active %d", s.Active)
	}
	g.wantPending("P2:action")
}

// MOA1-EXPLORE-4 MOA1-EXPLORE-5 MOA1-EXPLORE-6 MOA1-EXPLORE-9
// MOA1-EXPLORE-10 MOA1-AMB-7 MOA1-AMB-40 MOA1-HEX-16 MOA1-GLOSS-10
// MOA1-HEX-22 MOA1-GLOSS-13
func TestExploreLimits(t *testing.T) {
	g := board3(t)
	s := g.s()
	g.place(1, 1, 0, 0) // e, ne, w, sw open
	g.ant(1, 0, 0)
	g.ant(1, 0, -1) // an outskirts ant of P1 cannot stay there with free sites...
	s.tile(1).Out[0] = 0
	s.Players[0].Supply++
	g.ant(1, 0, 1)
	g.ant(1, 1, 2)
	g.check()
	g.turn(0)
	g.ans(0, "explore")
	// from hex 1: closed edges nw (2) and se (5) cannot be used; w faces the GT
	if got := g.options(0, "1"); !slices.Equal(got, []string{"e", "ne", "sw"}) {
		t.Fatalf("open edges of hex 1 facing empty space: %v", got)
	}
	if got := g.options(0, ""); !slices.Equal(got, []string{"gt", "1"}) {
		t.Fatalf("explore only from hexes with own ants: %v", got)
	}
	// moving 1 of 2 site ants: which site to leave is asked (different sites)
	if got := g.options(0, "1 e r3 1"); !slices.Equal(got, []string{"s1", "s2"}) {
		t.Fatalf("vacate choice %v", got)
	}
	g.ans(0, "1 e r3 1 s2 s1")
	s = g.s()
	if s.tile(1).Sites[1] != -1 || s.tile(1).Sites[0] != 0 || s.tile(2).ants(0) != 1 {
		t.Fatalf("the ant left site 2 of hex 1: %+v", s.tile(1))
	}
	// MOA1-EXPLORE-9: an empty hex stack forbids Explore
	g = board3(t)
	g.s().Stack = nil
	g.turn(0)
	if g.has(0, "", "explore") {
		t.Fatal("explore offered with an empty hex stack")
	}
	// MOA1-HEX-22 / MOA1-EXPLORE-6: wormholes are never an exploring edge
	g = board3(t)
	s = g.s()
	w := g.place(10, 3, 0, 0)
	g.ant(10, 0, 0)
	if !s.hasWorm(w) {
		t.Fatal("hex 10 has a wormhole icon")
	}
	g.turn(0)
	g.ans(0, "explore")
	for _, e := range g.options(0, "10") {
		if !s.opening(w, edgeIndex(e)) {
			t.Fatalf("explored through a closed edge %s", e)
		}
	}
}

// MOA1-MARCH-1 MOA1-MARCH-2 MOA1-MARCH-3 MOA1-MARCH-4 MOA1-MARCH-5
// MOA1-MARCH-6 MOA1-MARCH-7 MOA1-HEX-10 MOA1-HEX-11 MOA1-GLOSS-4
// MOA1-MARCH-8 MOA1-CARD-12 MOA1-HEX-15 MOA1-AMB-33 MOA1-HEX-20
func TestMarch(t *testing.T) {
	g := board3(t)
	s := g.s()
	g.place(1, 1, 0, 0) // connected to the GT (its w faces the GT's e)
	g.place(3, 1, -1, 0)
	g.turn(0)
	g.ans(0, "march")
	g.wantPending("P1:march")
	// larvae only onto occupied hexes or the GT
	if got := g.options(0, "larva"); !slices.Equal(got, []string{"gt"}) {
		t.Fatalf("larva targets %v", got)
	}
	g.ans(0, "larva gt")
	if g.s().Players[0].Larvae != 4 || g.s().Tiles[0].Out[0] != 2 {
		t.Fatal("the larva became an ant in the GT")
	}
	// an ant step: GT -> 1 (tunnel), 3 is adjacent and tunnel-connected via the GT's ne
	if got := g.options(0, "gt"); !slices.Equal(got, []string{"1", "3"}) {
		t.Fatalf("GT neighbours by tunnel: %v", got)
	}
	g.ans(0, "gt 1 s1")
	// larvae come first: no larva step after an ant step
	if g.has(0, "", "larva") {
		t.Fatal("larva step offered after an ant step")
	}
	// 1 -> 3: adjacent but their shared edge has no tunnel
	if slices.Contains(g.options(0, "1"), "3") {
		t.Fatal("ant stepped without a tunnel")
	}
	// the same ant may step again: 1 -> GT -> 3
	g.ans(0, "1 gt")
	g.ans(0, "gt 3 s1")
	g.ans(0, "gt 3 s2")
	s = g.s()
	if s.tile(3).Sites[0] != 0 || s.tile(3).Sites[1] != 0 {
		t.Fatalf("hex 3 %+v", s.tile(3))
	}
	// five steps are used up: the March ends and reactions open
	g.wantPending("P2:reaction.march")
	if got := g.options(1, "gt"); !slices.Equal(got, []string{"1", "3"}) {
		t.Fatalf("reaction step targets %v", got)
	}
	if g.has(1, "", "larva") {
		t.Fatal("a March reaction may not move larvae")
	}
	g.ans(1, "gt 3")
	g.wantPending("P3:reaction.march")
	g.ans(2, "gt 3")
	s = g.s()
	// P2 (left of the active player) reacts first and takes the last free site
	if s.tile(3).Sites[2] != 1 || s.tile(3).Out[2] != 1 {
		t.Fatalf("reactions in clockwise order: %+v", s.tile(3))
	}

	// MOA1-CARD-12: +1 step per thorax Evolution
	g = board3(t)
	g.evo(0, 37, 40)
	g.turn(0)
	g.ans(0, "march")
	if n := g.s().top().Move.Steps; n != 7 {
		t.Fatalf("march steps with 2 thorax cards: %d", n)
	}
}

// MOA1-FORAGE-1 MOA1-FORAGE-2 MOA1-TOK-2 MOA1-FORAGE-3 MOA1-ASYNC-3
// MOA1-CARD-4 MOA1-REACT-4
func TestForageAndPlayReactions(t *testing.T) {
	g := board3(t)
	s := g.s()
	s.Players[2].Supply, s.Players[2].Larvae = 0, 35
	// everything but two cards in the discard pile: the second draw reshuffles
	s.Discard = append(s.Discard, s.Deck[1:]...)
	s.Deck = s.Deck[:1]
	g.check()
	g.turn(0)
	ev := g.ans(0, "forage")
	s = g.s()
	if len(s.Players[0].Hand) != 2 || s.Players[0].Food != 1 || !hasEvent(ev, "reshuffled") {
		t.Fatalf("forage: hand %d food %d", len(s.Players[0].Hand), s.Players[0].Food)
	}
	for _, e := range ev {
		if e.Key == "moa.drew_card" && e.To != 0 {
			t.Fatal("the drawn card is shown only to the drawer")
		}
	}
	// P3 has an empty supply: nothing to gain, so only P2 is asked
	g.wantPending("P2:reaction.forage")
	g.ans(1, "take")
	if g.s().Players[1].Larvae != 6 {
		t.Fatal("forage reaction: 1 larva")
	}
	// Play a Card reaction: discard 1 then draw 1
	g = board3(t)
	g.hand(0, 4) // Early Harvest, cost 0
	g.hand(1, 10)
	g.turn(0)
	g.ans(0, "play c4")
	g.wantPending("P2:reaction.play")
	g.ans(1, "c10")
	s = g.s()
	if len(s.Players[1].Hand) != 1 || s.Players[1].Hand[0] == 10 || s.Discard[len(s.Discard)-1] != 10 {
		t.Fatalf("play reaction %v", s.Players[1].Hand)
	}
}

// MOA1-REST-1 MOA1-REST-2 MOA1-REST-3 MOA1-REST-4 MOA1-REST-5 MOA1-REST-6
// MOA1-REST-7 MOA1-REST-8 MOA1-REACT-3 MOA1-WORKER-6 MOA1-WORKER-7
// MOA1-ROUND-4 MOA1-WORKER-2 MOA1-AMB-6 MOA1-AMB-10 MOA1-ASYNC-4
// MOA1-ASYNC-8 MOA1-GLOSS-12 MOA1-REST-9
func TestRest(t *testing.T) {
	g := board3(t)
	g.turn(0)
	if g.has(0, "", "rest") {
		t.Fatal("rest as the first action with food in stores")
	}
	g.s().Players[0].Food = 0
	g.s().Food += 2
	g.turn(0)
	if !g.has(0, "", "rest") {
		t.Fatal("no food and no cards: rest allowed first")
	}
	ev := g.ans(0, "rest")
	s := g.s()
	if hasEvent(ev, "reacted") || s.Players[0].RestLarva != 1 || s.Players[0].Larvae != 5 {
		t.Fatalf("first rest: larva to the rest zone %+v", s.Players[0])
	}
	if s.Moon {
		t.Fatal("the marker stays sun side up during the Worker phase")
	}
	// P2 forages; P1, resting, may still react
	g.wantPending("P2:action")
	g.ans(1, "forage")
	g.wantPending("P3:reaction.forage")
	g.ans(2, "pass")
	g.wantPending("P1:reaction.forage")
	g.ans(0, "take")
	// P3 explores? no: P3 must act (has food): forage
	g.wantPending("P3:action")
	g.ans(2, "forage")
	g.ans(0, "pass")
	g.ans(1, "pass")
	// P1's later turn is an automatic Rest that adds 1 food to the rest zone
	s = g.s()
	if s.Players[0].RestFood != 1 {
		t.Fatalf("second rest: food to the rest zone %+v", s.Players[0])
	}
	g.wantPending("P2:action")
	// P2 has acted, so may rest; the second distinct rester ends the phase at once
	g.ans(1, "rest")
	s = g.s()
	if s.Phase == "worker" || s.Active != 1 || !s.Moon {
		t.Fatalf("phase %s active %d moon %v", s.Phase, s.Active, s.Moon)
	}
	// (no battles: the game runs on to the Queen phase, whose feeding ate P1's rest food)
	if s.Players[1].RestLarva != 0 || s.Players[1].Larvae != 6 || s.Players[0].RestFood != 0 || s.Players[0].Larvae != 7 {
		t.Fatalf("rest zones emptied into chambers and stores: %+v %+v", s.Players[0], s.Players[1])
	}
	// MOA1-WORKER-2: the next round's Worker phase turns the marker Sun
	// side up again, with the player who ended the last one starting.
	for n := 0; g.s().Phase != "worker"; n++ {
		ps := g.m.State.Pending()
		if n > 20 || len(ps) == 0 {
			t.Fatalf("no Worker phase after the round: phase %s pending %v", g.s().Phase, ps)
		}
		g.ans(int(ps[0].Seat), g.options(int(ps[0].Seat), "")[0])
	}
	if s = g.s(); s.Round != 2 || s.Moon || s.Active != 1 {
		t.Fatalf("round %d: moon %v active %d, want round 2, Sun side up, P2 starts", s.Round, s.Moon, s.Active)
	}
}

// MOA1-REST-10 MOA1-AMB-11: with cards it cannot afford and no food, a
// player may rest first.
func TestRestWhenStuck(t *testing.T) {
	g := board3(t)
	s := g.s()
	s.Food += s.Players[0].Food
	s.Players[0].Food = 0
	s.Players[0].Supply += s.Players[0].Larvae + 1
	s.Players[0].Larvae = 0
	s.Tiles[0].Out[0] = 0
	g.hand(0, 31) // Kamikaze, cost 3
	g.check()
	g.turn(0)
	if got := g.options(0, ""); !slices.Equal(got, []string{"rest"}) {
		t.Fatalf("stuck player: %v", got)
	}
}

// MOA1-2P-4: after one player rests the other gets one final turn, may
// rest, and keeps the marker.
func TestTwoPlayerRest(t *testing.T) {
	g := newTG(t, 2)
	g.reset(2, 5)
	g.ant(0, 0, -1)
	g.ant(0, 1, -1)
	g.turn(0)
	g.ans(0, "forage")
	g.ans(1, "pass")
	g.ans(1, "forage")
	g.ans(0, "pass")
	g.ans(0, "rest")
	g.wantPending("P2:action")
	if !g.has(1, "", "rest") {
		t.Fatal("the final turn may be a Rest")
	}
	g.ans(1, "forage")
	g.ans(0, "pass")
	s := g.s()
	if s.Phase == "worker" || s.Active != 1 || s.Players[0].Larvae != 6 {
		t.Fatalf("2p end: phase %s active %d", s.Phase, s.Active)
	}
}

// MOA1-5P-2 MOA1-5P-3 MOA1-5P-4 MOA1-REACT-5
func TestFivePlayers(t *testing.T) {
	g := newTG(t, 5)
	g.reset(3, 5)
	for p := 0; p < 5; p++ {
		g.ant(0, p, -1)
	}
	g.turn(0)
	g.ans(0, "forage")
	g.wantPending("P2:reaction.forage")
	g.ans(1, "pass")
	g.wantPending("P5:reaction.forage")
	g.ans(4, "pass")
	for p := 1; p < 5; p++ {
		g.ans(p, "forage")
		for _, q := range []int{(p + 1) % 5, (p + 4) % 5} {
			g.ans(q, "pass")
		}
	}
	g.ans(0, "rest")
	g.ans(1, "rest")
	if g.s().Phase != "worker" {
		t.Fatal("two rests do not end a 5-player Worker phase")
	}
	g.ans(2, "rest")
	if s := g.s(); s.Phase == "worker" || s.Active != 2 {
		t.Fatalf("the third rester ends the phase and keeps the marker: %s %d", s.Phase, s.Active)
	}
	// MOA1-5P-3: Egg Thief still hits all players
	g = newTG(t, 5)
	g.reset(3, 5)
	g.hand(0, 7)
	g.turn(0)
	g.ans(0, "play c7 l")
	s := g.s()
	if s.Players[0].Larvae != 5-1+4 || s.Players[2].Larvae != 4 || s.Players[3].Larvae != 4 {
		t.Fatalf("egg thief with 5 players: %d %d", s.Players[0].Larvae, s.Players[2].Larvae)
	}
}

// MOA1-REACT-1 MOA1-ASYNC-6: standing preferences answer reaction windows
// automatically; windows with no legal reaction are skipped.
func TestPreferences(t *testing.T) {
	g := board3(t)
	g.turn(0)
	g.ans(0, "forage")
	g.wantPending("P2:reaction.forage")
	g.ans(2, "pref pass-forage on") // set while waiting: P3 will not be asked
	g.wantPending("P2:reaction.forage")
	g.ans(1, "pref take-forage on")
	s := g.s()
	if s.Players[1].Larvae != 6 || !s.pref(1, "take-forage") {
		t.Fatalf("the preference answered the open window: larvae %d", s.Players[1].Larvae)
	}
	g.wantPending("P2:action")
	g.ans(2, "pref pass-forage off")
	g.ans(1, "forage")
	g.wantPending("P3:reaction.forage")
	g.ans(2, "pref pass-forage on") // answers this window too
	g.wantPending("P1:reaction.forage")
	g.ans(0, "pass")
	g.ans(2, "forage")
	// P2 takes by preference; only P1 is asked
	g.wantPending("P1:reaction.forage")
	g.ans(0, "pref pass-forage on")
	if g.s().Players[1].Larvae != 7 || g.s().Players[2].Larvae != 5 {
		t.Fatal("take-forage took the larva again; pass-forage passed")
	}
	g.ans(0, "pref pass-forage off")
	if g.s().pref(0, "pass-forage") {
		t.Fatal("pref off")
	}
}

// MOA1-REACT-2 MOA1-ASYNC-6: reactions are taken in turn, clockwise from
// the active player's left: each reactor is prompted only after the previous
// reaction, with its free-site filling, is resolved and visible, so no
// accepted answer is ever dropped. Before, both reactors were prompted at
// once and P3's blind answer was accepted and then lapsed.
func TestReactionsInTurn(t *testing.T) {
	g := board3(t)
	g.place(2, 1, 0, 3) // Pond east of the GT, tunnel-connected
	g.ant(2, 0, 0)
	g.ant(2, 1, 2)
	g.ant(2, 2, 1)
	g.ant(2, 2, -1) // P3 on the outskirts
	g.turn(0)
	g.ans(0, "march")
	g.ans(0, "done")
	g.wantPending("P2:reaction.march")
	if err := g.bad(2, "2o gt"); !errors.Is(err, engine.ErrNotYourTurn) {
		t.Fatalf("P3 answered before P2's reaction was resolved: %v", err)
	}
	ev := g.ans(1, "2 gt") // P2 leaves site 3; P3's outskirts ant fills it
	order := []string{}
	for _, e := range ev {
		switch e.Key {
		case "moa.reacted", "moa.filled", "moa.reaction_lapsed":
			order = append(order, e.Key+":"+e.Args["seat"])
		}
	}
	if want := []string{"moa.reacted:P2", "moa.filled:P3"}; !slices.Equal(order, want) {
		t.Fatalf("resolution order %v, want %v", order, want)
	}
	// Only now P3 decides, seeing the filled site: the outskirts ant is gone,
	// so that move is refused and changes nothing.
	g.wantPending("P3:reaction.march")
	if g.has(2, "", "2o") {
		t.Fatalf("P3 offered its outskirts ant after it filled a site: %v", g.options(2, ""))
	}
	g.bad(2, "2o gt")
	ev = g.ans(2, "pass")
	if hasEvent(ev, "reaction_lapsed") || g.pending() == "P3:reaction.march" {
		t.Fatalf("P3's pass: pending %q", g.pending())
	}
}

// MOA1-REACT-1 MOA1-ASYNC-6: a player waiting for others may set a standing
// preference at any time, so the next reaction window closes without them.
func TestPreferenceWhileWaiting(t *testing.T) {
	g := board3(t)
	g.turn(0)
	if _, ok := engine.PromptFor(g.m.State, 2); ok {
		t.Fatal("P3 should have no prompt while P1 acts")
	}
	if err := g.bad(2, "pass"); !errors.Is(err, engine.ErrNotYourTurn) {
		t.Fatalf("a waiting player's ordinary answer: %v, want ErrNotYourTurn", err)
	}
	g.ans(1, "pref pass-forage on")
	g.ans(2, "pref pass-forage on")
	g.ans(0, "forage")
	for _, p := range g.m.State.Pending() {
		if p.Kind == "reaction.forage" {
			t.Fatalf("the forage window waited for %s despite the standing preference", p.Seat)
		}
	}
}

// MOA1-EXPLORE-2: the drawn hex is public and shown, as printed (r0), while
// its explorer chooses edge, rotation and sites — one can't place a hex one
// cannot see. Its openings at r0 are the data's, and the offered rotations
// turn them to meet the exploring hex.
func TestExploreShowsTheDrawnHex(t *testing.T) {
	g := board3(t)
	g.turn(0)
	g.ans(0, "explore")
	for _, seat := range []engine.Seat{engine.NoSeat, 0, 1} {
		v := g.s().View(seat).(*View)
		if len(v.Exploring) != 1 || v.Exploring[0].Num != 1 || !v.Exploring[0].Drawn {
			t.Fatalf("%s sees %+v while P1 places hex 1", seat, v.Exploring)
		}
		h := v.Exploring[0]
		for e, tv := range h.Tunnels {
			if want := g.s().data.Hex(1).TunnelSet[e]; tv.Open != want {
				t.Fatalf("drawn hex edge %s open %v, the data says %v at r0", tv.Edge, tv.Open, want)
			}
		}
		if len(h.Sites) != len(g.s().data.Hex(1).Sites) {
			t.Fatalf("drawn hex shows %d sites", len(h.Sites))
		}
	}
	g.ans(0, "gt e r0 1 s2")
	if v := g.s().View(engine.NoSeat).(*View); len(v.Exploring) != 0 {
		t.Fatalf("placed, the hex is still shown as drawn: %+v", v.Exploring)
	}
}
