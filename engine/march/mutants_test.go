package march

import (
	"maps"
	"slices"
	"strconv"
	"testing"

	"formica/engine"
)

// Tests written for mutants that survived scripts/mutate.go (see
// docs/mutation.md); each names the rule the mutant broke.

// MOA1-CLAR-EVO-19: Veteran scores the hex of a battle between the first
// two seats too (its fight record 201 must not read as a centipede's).
func TestVeteranFirstSeats(t *testing.T) {
	g := pondBoard(t, 3)
	g.ant(2, 1, 0) // P2 defends
	g.ant(2, 0, 1)
	g.ant(2, 0, -1)
	g.ant(2, 0, -1) // P1: 3 ants + 1 head beat P2's 1
	g.evo(0, 36)    // Veteran
	g.soldier()
	ev := g.ans(0, "o s1") // spoils; then the phase ends
	veteran := false
	for _, e := range ev {
		veteran = veteran || e.Key == "moa.cp" && e.Args["why"] == "veteran" && e.Args["n"] == "1" && e.Args["seat"] == "P1"
	}
	if !veteran {
		t.Fatalf("no Veteran CP for P1's battle on Pond: %v", ev)
	}
}

// MOA1-QUEEN-7: the log reports lost larvae only when larvae are eaten.
func TestFeedingNoLarvaeLostEvent(t *testing.T) {
	g := newTG(t, 3)
	g.reset(5, 5)
	g.ant(0, 0, -1)
	s := g.s()
	s.Phase = "queen"
	s.ev = nil
	s.feed(0)
	if hasEvent(s.ev, "larvae_lost") {
		t.Fatalf("a fed ant reported lost larvae: %v", s.ev)
	}
}

// MOA1-MARCH-2 MOA1-HEX-15: an ant code naming a site ("2s3") moves the ant
// on that site, not the default one.
func TestAntCodeNamesSite(t *testing.T) {
	g := pondBoard(t, 3)
	g.ant(2, 0, 0)
	g.ant(2, 0, 1)
	g.ant(2, 0, 2)
	g.turn(0)
	g.ans(0, "march")
	g.ans(0, "2s3 gt")
	s := g.s()
	if s.tile(2).Sites[1] != 0 || s.tile(2).Sites[2] != -1 {
		t.Fatalf("Pond sites %v: the ant on s3 should have left, s2's stayed", s.tile(2).Sites)
	}
}

// MOA1-CLAR-EVO-13 MOA1-BATTLE-13: Proboscis gives its owner exactly 1 food
// for a battle won.
func TestProboscisOneFood(t *testing.T) {
	g := pondBoard(t, 3)
	g.ant(2, 1, 0)
	g.ant(2, 0, 1)
	g.ant(2, 0, -1)
	g.ant(2, 0, -1)
	g.evo(0, 33) // Proboscis
	before := g.s().Players[0].Food
	g.soldier()
	g.wantPending("P1:spoils")
	if got := g.s().Players[0].Food; got != before+1 {
		t.Fatalf("P1 food %d after winning with Proboscis, want %d", got, before+1)
	}
}

// MOA1-CLAR-EVO-2 MOA1-BATTLE-13: Amazon moves exactly 2 larvae from the
// loser to the winner.
func TestAmazonTwoLarvae(t *testing.T) {
	g := pondBoard(t, 3)
	g.ant(2, 1, 0)
	g.ant(2, 0, 1)
	g.ant(2, 0, -1)
	g.ant(2, 0, -1)
	g.evo(0, 26) // Amazon
	g.soldier()
	g.ans(0, "o s1") // spoils
	s := g.s()
	// reset gave 5 larvae each; the Queen phase's harvest adds P1's Pond
	// food and CP sites only
	if s.Players[0].Larvae != 5+2 || s.Players[1].Larvae != 5-2 {
		t.Fatalf("larvae P1 %d P2 %d, want 7 and 3", s.Players[0].Larvae, s.Players[1].Larvae)
	}
}

// MOA1-AMB-29: two players in a co-op Uprising who agreed not to battle
// each other do not (the agreement is not only for three or more).
func TestCoopNoBattlesTwoPlayers(t *testing.T) {
	g := newTG(t, 2, "mode=uprising", "coop-battles=no")
	g.reset(5, 5)
	g.place(2, 1, 0, 3)
	g.ant(2, 0, 0)
	g.ant(2, 1, 1)
	g.ant(2, 1, 2)
	g.ant(2, 1, -1)
	g.soldier()
	if len(g.s().Fights) != 0 {
		t.Fatalf("the two co-op players fought: %v", g.s().Fights)
	}
}

// MOA1-BATTLE-2 MOA1-AMB-12: when invaders tie, the defender's answer must
// name one; an answer without it is incomplete.
func TestTiedInvaderMustBeNamed(t *testing.T) {
	g := pondBoard(t, 3)
	g.ant(2, 0, 0)
	g.ant(2, 1, 1)
	g.ant(2, 1, -1)
	g.ant(2, 2, 2)
	g.ant(2, 2, -1)
	g.soldier()
	g.wantPending("P1:invader")
	st, err := g.m.State.Choices(0, nil)
	if err != nil || st.Done {
		t.Fatalf("the invader step may be left out: done %v, err %v", st.Done, err)
	}
}

// MOA1-CARD-2: one ant pays once: the ant on a site cannot be named twice
// in a card's cost.
func TestCostAntOnce(t *testing.T) {
	g := pondBoard(t, 3)
	g.ant(2, 0, 0)
	g.ant(2, 0, 1)
	g.hand(0, 50) // Pharaoh, cost 2
	g.turn(0)
	if g.has(0, "play c50 2s1", "2s1") {
		t.Fatalf("the ant on s1 offered twice: %v", g.options(0, "play c50 2s1"))
	}
	g.bad(0, "play c50 2s1 2s1")
}

// MOA1-SLUMBER-3 MOA1-CARD-18: Conqueror (3 controlled hexes) counts the
// hexes the player controls, not
// every hex it has ants on.
func TestConquerorNeedsControl(t *testing.T) {
	g := cardBoard(t)
	g.place(1, 0, -1, 0)
	g.ant(2, 0, 0)  // P1 controls Pond
	g.ant(12, 0, 0) // and Rotten Log
	g.ant(1, 1, 0)  // P2 controls Fallen Leaves
	g.ant(1, 0, 1)  // where P1 only occupies a site
	if g.s().goalMet(0, 64) {
		t.Fatal("Conqueror met with two controlled hexes")
	}
	g.ant(1, 0, -1)
	g.s().tile(1).Sites[0] = 0 // P1 now controls Fallen Leaves too
	g.s().Players[1].Supply++
	if !g.s().goalMet(0, 64) {
		t.Fatal("Conqueror not met with three controlled hexes")
	}
}

// MOA1-CLAR-EV-10 MOA1-TOK-4: the last wormhole marker of the supply can
// still be placed.
func TestSecretBurrowLastMarker(t *testing.T) {
	g := cardBoard(t)
	g.ant(2, 0, 0)
	s := g.s()
	s.Boxed += s.Counters - 1 // every marker but one is out of play
	s.Counters = 1
	g.hand(0, 14) // Secret Burrow
	g.turn(0)
	g.ans(0, "play c14 l")
	if !g.has(0, "", "2") {
		t.Fatalf("no hex offered with one marker left: %v", g.options(0, ""))
	}
}

// MOA1-CLAR-EVO-8: Reaper counts only the larva sites its own ants took on
// the explored hex, not the free ones.
func TestReaperOwnSitesOnly(t *testing.T) {
	g := cardBoard(t)
	g.ant(0, 0, -1)
	g.ant(0, 0, -1)
	g.evo(0, 37) // Reaper
	g.s().Stack = []int{20}
	g.turn(0)
	g.ans(0, "explore")
	g.ans(0, "gt ne r1 2 s1 s4") // Compost Heap: the CP and food sites
	if l := g.s().Players[0].Larvae; l != 5 {
		t.Fatalf("reaper with no larva site taken: %d larvae, want 5", l)
	}
}

// MOA1-MARCH-2 MOA1-HEX-12: a larva marched onto a hex takes the free site
// its owner chose.
func TestMarchLarvaChosenSite(t *testing.T) {
	g := pondBoard(t, 3)
	g.ant(2, 0, 0)
	g.turn(0)
	g.ans(0, "march")
	g.ans(0, "larva 2 s3")
	if s := g.s(); s.tile(2).Sites[2] != 0 || s.tile(2).Sites[1] != -1 {
		t.Fatalf("Pond sites %v, want the larva on s3", s.tile(2).Sites)
	}
}

// eventArgs returns the arguments of the first event with key, or nil.
func eventArgs(ev []engine.Event, key string) map[string]string {
	for _, e := range ev {
		if e.Key == key {
			return e.Args
		}
	}
	return nil
}

// MOA1-CLAR-EVO-4: the Warrior's log names the hex, the mode and the count
// the player chose ("Warrior: P1 on hex 2: returns ants 1.").
func TestWarriorLogWords(t *testing.T) {
	g := cardBoard(t)
	g.ant(2, 0, 0)
	g.ant(2, 0, -1)
	g.ant(2, 1, 1)
	g.evo(0, 29) // Warrior
	g.soldier()
	a := eventArgs(g.ans(0, "2 return 1"), "moa.warrior")
	want := map[string]string{"seat": "P1", "hex": "2", "mode": "return", "n": "1"}
	if !maps.Equal(a, want) {
		t.Fatalf("warrior event %v, want %v", a, want)
	}
}

// MOA1-CLAR-EVO-14: the Scout's private message names both drawn hexes
// ("Scout: you drew hexes 5 and 7; place one.").
func TestScoutLogWords(t *testing.T) {
	g := cardBoard(t)
	g.ant(0, 0, -1)
	g.evo(0, 40) // Scout
	g.s().Stack = []int{5, 7, 9}
	g.turn(0)
	a := eventArgs(g.ans(0, "explore"), "moa.scout_drew")
	if a["a"] != "5" || a["b"] != "7" {
		t.Fatalf("scout_drew %v, want hexes 5 and 7", a)
	}
}

// MOA1-CLAR-EV-3 MOA1-CARD-20: a goal played free by Espionage with two goals
// already in play replaces exactly the goal named, the other stays.
func TestEspionageGoalReplacesOne(t *testing.T) {
	g := cardBoard(t)
	g.takeCard(56)
	g.takeCard(57)
	g.s().Players[0].Goals = []int{56, 57}
	g.hand(0, 3)
	g.deckTop(58, 55, 6)
	g.play(0, "c3 l")
	g.ans(0, "c58 c56")
	if got := g.s().Players[0].Goals; !slices.Equal(got, []int{57, 58}) {
		t.Fatalf("goals %v, want [57 58]: Huge Stores replaced, Advanced Evolution kept", got)
	}
}

// MOA1-CLAR-NF-1 MOA1-CARD-20: a goal played free from the Empty Spider Den
// with two goals in play asks which goal it replaces, and replaces only it.
func TestSpiderDenGoalReplacesOne(t *testing.T) {
	g := cardBoard(t)
	g.ant(0, 0, -1)
	g.takeCard(56)
	g.takeCard(57)
	g.s().Players[0].Goals = []int{56, 57}
	g.hand(0, 58)
	g.s().Stack = []int{21}
	g.turn(0)
	g.ans(0, "explore")
	g.ans(0, "gt ne r1 1 s2")
	g.wantPending("P1:card.spiderden")
	g.ans(0, "c58 c57")
	if got := g.s().Players[0].Goals; !slices.Equal(got, []int{56, 58}) {
		t.Fatalf("goals %v, want [56 58]: Advanced Evolution replaced, Huge Stores kept", got)
	}
}

// MOA1-BATTLE-14 MOA1-BATTLE-15: once the defender has fought on a hex, the
// next invader is a player who has not fought there yet — P1, who already
// lost to P2 on Pond, is not attacked again although P1 has more ants.
func TestNextBattleSkipsFoughtInvader(t *testing.T) {
	g := pondBoard(t, 3)
	g.ant(2, 1, 0) // P2 controls Pond
	g.ant(2, 0, 1)
	g.ant(2, 0, -1)
	g.ant(2, 0, -1) // P1: 3 ants
	g.ant(2, 2, 2)  // P3: 1 ant
	s := g.s()
	s.Fights = []int{pairKey(2, 0, 1)}
	d, inv, tied := s.nextAntBattle(2)
	if d != 1 || inv != 2 || tied != nil {
		t.Fatalf("next battle on Pond: defender P%d invader P%d tied %v, want P2 against P3", d+1, inv+1, tied)
	}
}

// MOA1-SPEC-23: the raided player must answer the raid reaction with "pass"
// or "take"; an empty answer is not a choice and changes nothing.
func TestRaidReactionNeedsChoice(t *testing.T) {
	g := speciesBoard(t, 0, "marauder")
	g.ant(0, 0, -1)
	g.ant(0, 0, -1)
	g.ant(2, 1, 0)
	g.ant(2, 1, 1)
	g.ant(2, 1, 2)
	g.turn(0)
	g.ans(0, "raid")
	g.ans(0, "gt 2")
	g.ans(0, "done")
	g.ans(0, "2 p2")
	g.wantPending("P2:reaction.raid")
	if st, _ := g.s().Choices(1, nil); st.Done {
		t.Fatal("the raid reaction can be finished without choosing pass or take")
	}
	g.bad(1, "")
	g.wantPending("P2:reaction.raid")
	if n := len(g.s().Players[1].Hand); n != 0 {
		t.Fatalf("an empty answer changed P2's hand: %d cards", n)
	}
}

// MOA1-SOLO-17: the centipede deck is reshuffled only when it is empty — the
// last card is drawn first, and the used cards stay used until then.
func TestCentipedeDeckLastCard(t *testing.T) {
	g := soloBoard(t)
	s := g.s()
	last, used := s.CDeck[0], slices.Clone(s.CDeck[1:])
	s.CDeck, s.CUsed = []int{last}, used
	s.ev = nil
	if id := s.drawCenti(); id != last {
		t.Fatalf("drew centipede card %d, want the last one in the deck, %d", id, last)
	}
	if len(s.CDeck) != 0 || !slices.Equal(s.CUsed, used) || hasEvent(s.ev, "centipede_reshuffled") {
		t.Fatalf("deck %v used %v: reshuffled before the deck ran out", s.CDeck, s.CUsed)
	}
}

// MOA1-FORAGE-2: a player reacting to a Forage must answer "pass" or "take";
// an empty answer is not a choice and changes nothing.
func TestForageReactionNeedsChoice(t *testing.T) {
	g := cardBoard(t)
	g.ant(0, 0, -1)
	g.turn(0)
	g.ans(0, "forage")
	g.wantPending("P2:reaction.forage")
	if st, _ := g.s().Choices(1, nil); st.Done {
		t.Fatal("the forage reaction can be finished without choosing pass or take")
	}
	larvae := g.s().Players[1].Larvae
	g.bad(1, "")
	g.wantPending("P2:reaction.forage")
	if n := g.s().Players[1].Larvae; n != larvae {
		t.Fatalf("an empty answer changed P2's larvae: %d, was %d", n, larvae)
	}
}

// MOAE-PREP-3: each later round's Worker phase reveals the next reward tile.
func TestEvolvedWorkerRevealsReward(t *testing.T) {
	g := newEvolved(t, 3)
	s := g.s()
	if len(s.Rewards) == 0 {
		t.Fatal("no reward stack")
	}
	next, rest := s.Rewards[0], slices.Clone(s.Rewards[1:])
	s.Round = 2
	s.Tasks, s.ev = nil, nil
	s.startWorker()
	if s.Reward != next || !slices.Equal(s.Rewards, rest) {
		t.Fatalf("reward %d (stack %v), want %d revealed (stack %v)", s.Reward, s.Rewards, next, rest)
	}
	if a := eventArgs(s.ev, "moa.reward_tile"); a["tile"] != strconv.Itoa(next) {
		t.Fatalf("reward_tile event %v, want tile %d", a, next)
	}
}

// MOA1-REST-3 MOA1-TOK-2: the first Rest takes a larva from the supply only if one is left; a
// player with an empty supply rests without one.
func TestRestEmptySupply(t *testing.T) {
	g := cardBoard(t)
	s := g.s()
	p := &s.Players[0]
	p.Larvae += p.Supply
	p.Supply = 0
	s.doRest(0)
	if !p.Rested || p.Supply != 0 || p.RestLarva != 0 {
		t.Fatalf("rested %v supply %d rest larvae %d, want rested with none", p.Rested, p.Supply, p.RestLarva)
	}
	g.check()
}

// MOA1-SPEC-22: a Marauder may raid on hex 1 like any other contested hex
// (only the Great Tunnel is never a raid target).
func TestRaidOnHexOne(t *testing.T) {
	g := speciesBoard(t, 0, "marauder")
	g.place(1, 0, -1, 0)
	g.ant(1, 1, 0) // P2 on the first site, P1 on the others and the outskirts
	for i := 1; i < len(g.s().tile(1).Sites); i++ {
		g.ant(1, 0, i)
	}
	g.ant(1, 0, -1)
	g.turn(0)
	g.ans(0, "raid")
	g.ans(0, "done")
	g.wantPending("P1:raid")
	if got := g.options(0, ""); !slices.Equal(got, []string{"1"}) {
		t.Fatalf("raid targets %v, want hex 1", got)
	}
}

// MOA1-SOLO-17: an empty centipede deck is refilled from the used cards even
// when only one card has been used.
func TestCentipedeDeckOneUsedCard(t *testing.T) {
	g := soloBoard(t)
	s := g.s()
	only := s.CDeck[0]
	s.CDeck, s.CUsed = nil, []int{only}
	if id := s.drawCenti(); id != only {
		t.Fatalf("drew centipede card %d, want the one used card %d reshuffled", id, only)
	}
}

// MOA1-BATTLE-15 MOA1-BATTLE-17: when every player on a hex has fought there
// this phase, no further battle is fought, even between two players (P1 and
// P3 on Pond) who have not fought each other.
func TestNoBattleWhenAllHaveFought(t *testing.T) {
	g := pondBoard(t, 3)
	g.ant(2, 0, 0) // P1 controls Pond
	g.ant(2, 1, 1)
	g.ant(2, 2, 2)
	g.ant(2, 2, -1)
	s := g.s()
	s.Fights = []int{pairKey(2, 0, 1), pairKey(2, 1, 2)}
	if d, inv, tied := s.nextAntBattle(2); d >= 0 {
		t.Fatalf("a battle after everyone fought: defender P%d invader P%d tied %v", d+1, inv+1, tied)
	}
}
