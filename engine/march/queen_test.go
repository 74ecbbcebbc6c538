package march

import (
	"slices"
	"strings"
	"testing"

	"formica/engine"
)

func (g *tg) queen() {
	s := g.s()
	s.Phase = "queen"
	g.start(Task{K: kQueen, Seat: -1, Hex: -1})
}

// MOA1-QUEEN-2 MOA1-QUEEN-3 MOA1-QUEEN-4 MOA1-HEX-14 MOA1-HEX-7
// MOA1-ASYNC-15 MOA1-AMB-16 MOA1-QUEEN-11 MOA1-QUEEN-12 MOA1-ASYNC-17
func TestHarvestAndDecree(t *testing.T) {
	g := newTG(t, 3)
	g.reset(5, 0)
	g.place(12, 1, 0, 0) // s1 CP (control), s2 two larvae, s3 food, s4 card
	g.ant(12, 0, 0)
	g.ant(12, 0, 1)
	g.ant(12, 1, 2)
	g.ant(12, 1, 3)
	g.ant(12, 2, -1)                     // outskirts: harvests nothing
	g.s().Players[2].Supply = 3          // keep the token count: move the rest to larvae
	g.s().Players[2].Larvae = 36 - 3 - 1 // ...
	g.check()
	hand := len(g.s().Players[1].Hand)
	g.queen()
	s := g.s()
	if s.Players[0].CP != 1 || s.Players[0].Larvae != 2 || s.Players[1].Food != 5+1-1 || len(s.Players[1].Hand) != hand+1 {
		t.Fatalf("harvest: %+v / %+v", s.Players[0], s.Players[1])
	}
	g.wantPending("P1:decree P2:decree P3:decree")
	// The options state the rule's numbers, 2 food or 5 larvae, not "2 food or larvae".
	t.Run("MOA1-QUEEN-11 numbers", func(t *testing.T) {
		st, err := g.s().Choices(0, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, o := range st.Options {
			if strings.HasPrefix(o.Key, "moa.opt.decree") {
				got = append(got, engine.Path{o.Code, o.Key, o.Args["n"]}.String())
			}
		}
		if want := "food moa.opt.decree_food 2|larvae moa.opt.decree_larvae 5"; strings.Join(got, "|") != want {
			t.Fatalf("decree options %q, want %q", strings.Join(got, "|"), want)
		}
		msgs, err := Messages()
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range msgs.Languages() {
			if p := msgs.T(lang, "moa.prompt.decree", nil); strings.ContainsAny(p, "0123456789") {
				t.Fatalf("%s decree prompt states a number the data does not give it: %q", lang, p)
			}
		}
	})
	g.ans(2, "larvae") // only 3 tokens in supply
	g.ans(0, "food")
	g.ans(1, "larvae")
	s = g.s()
	if s.Players[2].Supply != 0 || s.Players[0].Food != 5-1+2 || s.Players[1].Larvae != 5 {
		t.Fatalf("decree: %+v %+v %+v", s.Players[0], s.Players[1], s.Players[2])
	}
	if s.Round != 2 || s.Phase != "worker" {
		t.Fatalf("next round: %d %s", s.Round, s.Phase)
	}
}

// MOA1-QUEEN-5 MOA1-QUEEN-6 MOA1-QUEEN-7 MOA1-QUEEN-8 MOA1-QUEEN-9
// MOA1-QUEEN-10 MOA1-CARD-14 MOA1-ASYNC-16
func TestFeeding(t *testing.T) {
	g := newTG(t, 3)
	g.reset(1, 2)
	for i := 0; i < 9; i++ {
		g.ant(0, 0, -1) // 9 ants in the GT (no harvest)
	}
	g.evo(0, 51) // one abdomen Evolution (Pharaoh): food feeds 5
	g.queen()
	// 9 ants: 1 food feeds 5, 2 larvae feed 2, 2 ants starve: P1 chooses
	s := g.s()
	if s.Players[0].Food != 0 || s.Players[0].Larvae != 0 {
		t.Fatalf("food and larvae spent: %+v", s.Players[0])
	}
	g.wantPending("P1:casualties")
	if !g.has(0, "", "gt") {
		t.Fatalf("starving ants anywhere: %v", g.options(0, ""))
	}
	g.ans(0, "gt gt")
	if g.s().antsInAnthill(0) != 7 {
		t.Fatal("2 ants starved")
	}
	// food is not held back: 4 ants, 3 food: spend 1
	g = newTG(t, 3)
	g.reset(3, 0)
	for i := 0; i < 4; i++ {
		g.ant(0, 1, -1)
	}
	g.queen()
	if f := g.s().Players[1].Food; f != 2 {
		t.Fatalf("4 ants eat 1 food: left %d", f)
	}
}

// MOA1-CLAR-EVO-17: Thief raises others' food needs by 1 and lowers its
// owner's by one per other player.
func TestThief(t *testing.T) {
	g := newTG(t, 3)
	g.reset(2, 0)
	for p := 0; p < 3; p++ {
		for i := 0; i < 4; i++ {
			g.ant(0, p, -1)
		}
	}
	g.evo(0, 53)
	g.queen()
	s := g.s()
	// Thief owner: 4 ants need 1 food, minus 2: pays 0. Others: 1 + 1 = 2.
	if s.Players[0].Food != 2 || s.Players[1].Food != 0 || s.Players[2].Food != 0 {
		t.Fatalf("thief food %d %d %d", s.Players[0].Food, s.Players[1].Food, s.Players[2].Food)
	}
}

// MOA1-QUEEN-1 MOA1-CARD-17 MOA1-AMB-38 MOA1-CLAR-EVO-9 MOA1-CLAR-EVO-15
// MOA1-ASYNC-14 MOA1-CLAR-EVO-6 MOA1-CLAR-EVO-10 MOA1-CLAR-EVO-12
func TestAbdomenAbilities(t *testing.T) {
	g := newTG(t, 3)
	g.reset(5, 0)
	g.place(2, 1, 0, 3) // s1 food control, s2 food, s3 CP
	g.ant(2, 0, 0)
	g.ant(2, 1, 1)
	g.ant(2, 1, 2)
	g.evo(1, 52) // P2 Stinger
	g.evo(0, 47) // P1 Honeypot
	g.evo(2, 49) // P3 Leafcutter (no sites: skipped)
	g.queen()
	// player order from the active player (P1): P1 Honeypot first
	g.wantPending("P1:abdomen.honeypot")
	g.ans(0, "2s1")
	if g.s().Players[0].Food != 6 {
		t.Fatal("honeypot collects a site an extra time")
	}
	g.wantPending("P2:abdomen.stinger")
	g.ans(1, "2 p1")
	s := g.s()
	if s.tile(2).ants(0) != 0 {
		t.Fatalf("stinger: P1 lost its ant %+v", s.tile(2))
	}
	// Leafcutter: a chosen site gives 1 CP instead of its resource
	g = newTG(t, 3)
	g.reset(5, 0)
	g.place(2, 1, 0, 3)
	g.ant(2, 0, 0)
	g.ant(2, 0, 1)
	g.evo(0, 49)
	g.queen()
	g.ans(0, "2s1 done")
	s = g.s()
	if s.Players[0].CP != 1 || s.Players[0].Food != 5+1-1 { // before the Decree and Slumber
		t.Fatalf("leafcutter: %+v", s.Players[0])
	}
	// Pharaoh: one-larva sites give 2; two-larvae sites unchanged
	g = newTG(t, 3)
	g.reset(5, 0)
	g.place(20, 1, 0, 0) // s1 CP, s2 two larvae, s3 larva, s4 food
	g.ant(20, 0, 1)
	g.ant(20, 0, 2)
	g.evo(0, 50)
	g.queen()
	if l := g.s().Players[0].Larvae; l != 4 {
		t.Fatalf("pharaoh larvae %d", l)
	}
	// Woodborer: up to 2 ant steps at the start of the Queen phase
	g = newTG(t, 3)
	g.reset(5, 0)
	g.place(1, 1, 0, 0)
	g.ant(0, 0, -1)
	g.evo(0, 46)
	g.queen()
	g.wantPending("P1:march")
	if g.has(0, "", "larva") {
		t.Fatal("woodborer moves ants only")
	}
	g.ans(0, "gt 1 s1")
	g.ans(0, "done")
	if g.s().tile(1).ants(0) != 1 {
		t.Fatal("woodborer step")
	}
}

// MOA1-QUEEN-13 MOA1-LONG-2 MOA1-AMB-1 MOA1-QUEEN-14 MOA1-SPEC-1
func TestNoDecree(t *testing.T) {
	g := newTG(t, 3)
	g.s().Round = 4
	if g.s().decreeRound() {
		t.Fatal("no decree in the last round")
	}
	g = newTG(t, 3, "length=long")
	for r, want := range map[int]bool{3: true, 4: false, 5: false} {
		g.s().Round = r
		if g.s().decreeRound() != want {
			t.Fatalf("long game round %d decree %v", r, !want)
		}
	}
	g = newTG(t, 3, "length=long", "long-decree=last")
	g.s().Round = 4
	if !g.s().decreeRound() {
		t.Fatal("long-decree=last: round 4 of 5 has a decree")
	}
	// special species: 4 larvae
	g = newTG(t, 3)
	g.reset(5, 0)
	g.s().Players[0].Species = "nomad"
	g.queen()
	g.ans(0, "larvae")
	g.ans(1, "larvae")
	g.ans(2, "food")
	if s := g.s(); s.Players[0].Larvae != 4 || s.Players[1].Larvae != 5 {
		t.Fatalf("decree larvae %d %d", s.Players[0].Larvae, s.Players[1].Larvae)
	}
}

// MOA1-SLUMBER-1 MOA1-SLUMBER-2 MOA1-SLUMBER-3 MOA1-SLUMBER-4
// MOA1-SLUMBER-5 MOA1-SLUMBER-6 MOA1-2P-5 MOA1-CARD-18 MOA1-ROUND-2
// MOA1-OVR-4 MOA1-ASYNC-18 MOA1-AMB-41
func TestSlumber(t *testing.T) {
	g := newTG(t, 3)
	g.reset(5, 0)
	g.place(3, 1, -1, 3) // adjacent to the GT, no tunnel needed with 3 players
	g.place(1, 2, -1, 0) // not adjacent to the GT
	g.ant(3, 0, 0)
	g.ant(1, 0, 0)
	g.s().Active = 1
	g.queen()
	for p := 0; p < 3; p++ {
		g.ans(p, "food")
	}
	s := g.s()
	if s.Players[0].CP != 1 || s.Round != 2 || s.Active != 1 || s.Phase != "worker" {
		t.Fatalf("central hex CP %d round %d active %d", s.Players[0].CP, s.Round, s.Active)
	}
	// 2 players: only a tunnel-connected central hex scores
	g = newTG(t, 2)
	g.reset(5, 0)
	gt := g.s().Tiles[0]
	_ = gt
	g.place(2, 1, 0, 3)  // Pond turned so its w opening meets the GT's e: connected
	g.place(4, 0, -1, 1) // Hollow at nw of the GT, turned so that no opening faces it
	g.ant(2, 0, 0)
	g.ant(4, 1, 0)
	s = g.s()
	if !s.tunnelTo(&s.Tiles[0], s.tile(2)) || s.tunnelTo(&s.Tiles[0], s.tile(4)) {
		t.Fatalf("tunnels: %v %v", s.tunnelTo(&s.Tiles[0], s.tile(2)), s.tunnelTo(&s.Tiles[0], s.tile(4)))
	}
	g.queen()
	g.ans(0, "food")
	g.ans(1, "food")
	s = g.s()
	if s.Players[0].CP != 1 || s.Players[1].CP != 0 {
		t.Fatalf("2-player central scoring %d %d", s.Players[0].CP, s.Players[1].CP)
	}
}

// MOA1-END-1 MOA1-END-2 MOA1-END-3 MOA1-END-4 MOA1-AMB-17 MOA1-AMB-34
// MOA1-OVR-1
// MOA1-ROUND-2
func TestFinalScoring(t *testing.T) {
	g := newTG(t, 3)
	g.reset(0, 0)
	s := g.s()
	s.Players[0].Larvae, s.Players[0].Supply = 4, 32 // most larvae: 3
	s.Players[1].Food, s.Players[2].Food = 2, 2      // tie: 1 each
	s.Food -= 4
	g.hand(2, 1, 2, 3) // most cards: 3
	g.hand(1, 4)
	s.Round = s.Rounds
	g.queen()
	r := g.m.State.Result()
	if r == nil {
		t.Fatal("the game ends after the last Slumber")
	}
	if !slices.Equal(r.Scores, []int{3, 1, 4}) || !slices.Equal(r.Rank, []int{2, 3, 1}) {
		t.Fatalf("scores %v rank %v", r.Scores, r.Rank)
	}
	// a tie on CP goes to most ants in the Anthill, then shared
	g = newTG(t, 3)
	g.reset(1, 0)
	s = g.s()
	s.Players[1].Food++
	s.Food--
	g.ant(0, 1, -1) // P2 eats 1 food: everybody ends with 1 food
	s.Round = s.Rounds
	g.queen()
	r = g.m.State.Result()
	// every award is tied: each player gets 1 per award (zero-awards=yes)
	if !slices.Equal(r.Scores, []int{3, 3, 3}) || !slices.Equal(r.Rank, []int{2, 1, 2}) {
		t.Fatalf("tie-break: scores %v rank %v", r.Scores, r.Rank)
	}
	g = newTG(t, 3, "zero-awards=no")
	g.reset(0, 0)
	g.s().Round = g.s().Rounds
	g.queen()
	if r = g.m.State.Result(); !slices.Equal(r.Scores, []int{0, 0, 0}) || !slices.Equal(r.Rank, []int{1, 1, 1}) {
		t.Fatalf("zero awards off: %v %v", r.Scores, r.Rank)
	}
	if g.m.State.Pending() != nil {
		t.Fatal("nothing pending after the end")
	}
	if _, err := g.m.Answer(engine.Answer{Seat: 0, Path: engine.Path{"pass"}}); err == nil {
		t.Fatal("answer accepted after the end")
	}
}

// MOA1-END-7 MOA1-AMB-18: scores stop at 0 unless negative-cp=yes.
func TestNegativeCP(t *testing.T) {
	g := newTG(t, 3)
	g.s().addCP(0, -2, "test")
	if g.s().Players[0].CP != 0 {
		t.Fatal("CP below 0")
	}
	g = newTG(t, 3, "negative-cp=yes")
	g.s().addCP(0, -2, "test")
	if g.s().Players[0].CP != -2 {
		t.Fatal("negative-cp=yes keeps negative scores")
	}
}
