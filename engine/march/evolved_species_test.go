package march

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"formica/engine"
)

// ancientBoard is evolvedBoard with the given Ancient Species for P1, P2…
// ("" for none), their markers on the circular space (MOAE-ANC-4).
func ancientBoard(t *testing.T, n, food, larvae int, species ...string) *tg {
	g := evolvedBoard(t, n, food, larvae)
	s := g.s()
	for p, id := range species {
		s.Players[p].Species, s.Players[p].Marker = id, id != ""
	}
	return g
}

func TestAncientSpecies(t *testing.T) {
	t.Run("MOAE-ANC-1 a random nest sheet each, played on its Ancient Species side", func(t *testing.T) {
		firsts := map[string]bool{}
		for seed := uint64(1); seed <= 12; seed++ {
			d := *Game
			d.RuleSets = []string{"1e", "evolved"}
			m, err := engine.Start(&d, engine.Setup{Game: "march", RuleSet: "evolved", Seats: 5, Seed: seed,
				Options: map[string]string{"species": "on"}})
			if err != nil {
				t.Fatal(err)
			}
			s := m.State.(*State)
			seen := map[string]bool{}
			for p := range s.Players {
				id := s.Players[p].Species
				if s.ancient(p) == nil || seen[id] {
					t.Fatalf("seed %d: P%d plays %q (species %v)", seed, p+1, id, seen)
				}
				seen[id] = true
			}
			firsts[s.Players[0].Species] = true
		}
		if len(firsts) < 3 {
			t.Fatalf("P1's species over 12 games: %v; the nest sheets are not dealt at random", firsts)
		}
		if s := newEvolved(t, 3).s(); s.Players[0].Species != "" {
			t.Fatal("a species without species=on")
		}
	})

	t.Run("MOAE-ANC-2 the basic actions stay, the unique action is added", func(t *testing.T) {
		g := ancientBoard(t, 3, 2, 4, "eggkeepers")
		g.turn(0)
		if got := g.options(0, ""); !slices.Equal(got, []string{"explore", "march", "forage", "brood"}) {
			t.Fatalf("actions %v, want explore march forage brood", got)
		}
	})

	t.Run("MOAE-ANC-3 once per Worker phase, its cost paid first, reactions from all others clockwise", func(t *testing.T) {
		g := ancientBoard(t, 4, 2, 4, "eggkeepers")
		g.hand(1, 24) // Treacherous Head, 1 of any
		g.hand(2, 31) // Acrobat Head, 1 of any
		g.hand(3, 49) // Thief Abdomen, 1 of any
		g.turn(0)
		g.ans(0, "brood")
		if p := g.s().Players[0]; p.Food != 1 || p.Larvae != 6 {
			t.Fatalf("after Brood: %d food, %d larvae; want 1 (cost paid) and 6", p.Food, p.Larvae)
		}
		// P3 sits opposite P1: no neighbour, yet it reacts (global reaction)
		g.wantPending("P2:reaction.brood")
		g.ans(1, "pass")
		g.wantPending("P3:reaction.brood")
		g.ans(2, "c31 l")
		g.wantPending("P4:reaction.brood")
		g.ans(3, "pass")
		g.turn(0)
		if g.has(0, "", "brood") {
			t.Fatal("the unique action is offered twice in one Worker phase")
		}
	})

	t.Run("MOAE-ANC-3 a cost in larvae: no unique action without it", func(t *testing.T) {
		g := ancientBoard(t, 3, 0, 1, "farmers")
		g.turn(0)
		if !g.has(0, "", "cultivate") {
			t.Fatalf("Cultivation not offered with 1 larva: %v", g.options(0, ""))
		}
		g.ans(0, "cultivate")
		if p := g.s().Players[0]; p.Larvae != 0 || p.Food != 2 {
			t.Fatalf("after Cultivation: %d larvae, %d food; want 0 and 2", p.Larvae, p.Food)
		}
		g = ancientBoard(t, 3, 0, 0, "farmers")
		g.turn(0)
		if g.has(0, "", "cultivate") {
			t.Fatal("Cultivation offered without the larva it costs")
		}
	})

	t.Run("MOAE-ANC-4 the marker: on the space each Worker phase, off when used or when the Soldier phase starts", func(t *testing.T) {
		g := ancientBoard(t, 3, 2, 4, "eggkeepers", "farmers")
		s := g.s()
		s.Players[0].Marker, s.Players[1].Marker = false, false
		s.startWorker()
		marker := func(p int) bool { return g.s().View(engine.NoSeat).(*View).Panels[p].Marker }
		if !marker(0) || !marker(1) || marker(2) {
			t.Fatalf("markers at the start of the Worker phase: %v %v %v; want on, on, off (no species)", marker(0), marker(1), marker(2))
		}
		g.turn(0)
		g.ans(0, "brood")
		if marker(0) || !marker(1) {
			t.Fatal("P1's marker stays after its action, or P2's left unused")
		}
		g.s().startSoldier()
		if marker(1) {
			t.Fatal("P2's marker stays on the space in the Soldier phase")
		}
	})

	t.Run("MOAE-ANC-5 every species has a handicap: the data check refuses one without", func(t *testing.T) {
		r := Evolved()
		b := bytes.Replace(r.Data, []byte(`"evo_extra": 1`), []byte(`"evo_extra": 0`), 1)
		if _, err := r.LoadData(b); err == nil || !strings.Contains(err.Error(), `"visionary" has no handicap`) {
			t.Fatalf("a species without handicap loads: %v", err)
		}
	})

	t.Run("MOAE-ANC-5 handicaps: Explorers march 1 step fewer, Farmers feed 1 ant fewer per food, Dancers rest only without food and cards", func(t *testing.T) {
		g := ancientBoard(t, 3, 2, 4, "explorers", "farmers", "dancers")
		g.turn(0)
		g.ans(0, "march")
		if n := g.s().top().Move.Steps; n != 5 {
			t.Fatalf("Horizon Explorers March %d steps, want 5", n)
		}
		s := g.s()
		if c, _, _ := s.feedTerms(1); c != 3 {
			t.Fatalf("a Fungus Farmers food feeds %d ants, want 3", c)
		}
		if c, _, _ := s.feedTerms(0); c != 4 {
			t.Fatalf("a Horizon Explorers food feeds %d ants, want 4", c)
		}
		s.Players[2].Acted = true
		g.turn(2)
		if g.has(2, "", "rest") {
			t.Fatal("the Chaos Dancers may rest holding food")
		}
		g.s().Players[1].Acted = true
		g.turn(1)
		if !g.has(1, "", "rest") {
			t.Fatal("other species may rest")
		}
	})

	t.Run("MOAE-ANC-5 Slumber: Explorers 1 CP per tile beyond the meadow, Farmers 1 CP per 3 food, at most 2", func(t *testing.T) {
		g := ancientBoard(t, 3, 7, 4, "explorers", "farmers", "farmers")
		g.place(24, 3, 0, 0) // beyond the meadow, not next to the Great Tunnel
		g.place(25, 3, -1, 0)
		g.ant(24, 0, 0)
		g.ant(25, 0, 0)
		s := g.s()
		s.Players[1].Food, s.Players[2].Food = 9, 4
		s.slumber()
		if cp := []int{s.Players[0].CP, s.Players[1].CP, s.Players[2].CP}; !slices.Equal(cp, []int{2, 2, 1}) {
			t.Fatalf("Slumber CP %v; want 2 (two tiles beyond), 2 (9 food, at most 2), 1 (4 food)", cp)
		}
	})

	t.Run("MOAE-ANC-6 Egg Keepers gain larvae for the dearest Evolution played in reaction", func(t *testing.T) {
		g := ancientBoard(t, 3, 2, 4, "eggkeepers")
		g.hand(1, 24) // Treacherous Head, cost 1
		g.hand(2, 23) // Amazon Head, cost 2
		g.turn(0)
		g.ans(0, "brood")
		g.ans(1, "c24 l")
		g.ans(2, "c23 l l")
		if p := g.s().Players[0]; p.Larvae != 4+2+2 {
			t.Fatalf("Egg Keepers have %d larvae; want 4 + 2 (Brood) + 2 (the Amazon Head's cost, not both)", p.Larvae)
		}
		if g.s().Players[1].Evo[0][0] != 24 || g.s().Players[2].Evo[0][0] != 23 {
			t.Fatal("the reactions' Evolutions are not in play")
		}
		g = ancientBoard(t, 3, 2, 4, "eggkeepers")
		g.turn(0)
		g.ans(0, "brood")
		if p := g.s().Players[0]; p.Larvae != 4+2 {
			t.Fatalf("no Evolution played in reaction, yet %d larvae", p.Larvae)
		}
	})

	t.Run("MOAE-ANC-6 Egg Keepers lose CP per ferocity card, not in the Great Tunnel", func(t *testing.T) {
		for _, c := range []struct {
			sub  string
			want int
		}{{"tile", 2}, {"ant", 2}, {"centi", 2}, {"gt", 3}} {
			g := ancientBoard(t, 3, 2, 4, "eggkeepers")
			g.hand(0, 5)
			g.hand(1, 6)
			s := g.s()
			for p := range s.Players {
				s.Players[p].CP = 3
			}
			s.Tasks = []Task{{K: kTileBattle, Seat: -1, Hex: 1}}
			f := Task{K: kFero, Seat: 0, Hex: 1, Fight: FightTask{Invader: 1, Kind: c.sub}, Who: []int{0, 1}, Ans: []string{"c5", "c6", ""}}
			s.resolveFerocity(&f)
			if cp := []int{s.Players[0].CP, s.Players[1].CP}; !slices.Equal(cp, []int{c.want, 3}) {
				t.Fatalf("%s battle: CP %v after a ferocity card each, want [%d 3]", c.sub, cp, c.want)
			}
		}
	})

	t.Run("MOAE-ANC-7 Expansion: a second tile joined to the same tile, an ant on each, one Explore", func(t *testing.T) {
		g := ancientBoard(t, 3, 2, 4, "explorers")
		g.evo(0, 41) // Gatherer Thorax: 1 food after exploring
		g.turn(0)
		g.ans(0, "expansion")
		e := g.options(0, "gt")[0]
		r := g.options(0, "gt "+e)[0]
		if got := g.options(0, "gt "+e+" "+r); len(got) == 0 || got[0] == "done" {
			t.Fatal("the first tile may be placed without an ant")
		}
		g.ans(0, g.finish(0, "gt"))
		g.wantPending("P1:expansion")
		if got := g.options(0, ""); !slices.Equal(got, []string{"tile", "done"}) {
			t.Fatalf("second tile options %v", got)
		}
		g.ans(0, "tile")
		if got := g.options(0, ""); !slices.Equal(got, []string{"gt"}) {
			t.Fatalf("the second tile may be explored from %v, want the first one's tile (gt) only", got)
		}
		g.ans(0, g.finish(0, "gt"))
		s := g.s()
		if s.tile(2) == nil || s.tile(3) == nil || s.tile(2).ants(0) != 1 || s.tile(3).ants(0) != 1 {
			t.Fatal("want tiles 2 and 3 placed with 1 ant each")
		}
		if s.Players[0].Food != 2 {
			t.Fatalf("%d food: 2 - 1 (cost) + 1 (Gatherer Thorax, on one tile only) = 2", s.Players[0].Food)
		}
		g.wantPending("P2:reaction.expansion") // one Explore reaction, after both tiles
	})

	t.Run("MOAE-ANC-8 Visionary Queen: more goals only by her action; a further Evolution costs 1 ant or larva more", func(t *testing.T) {
		g := ancientBoard(t, 3, 2, 4, "visionary")
		s := g.s()
		g.takeCard(56)
		g.takeCard(57)
		s.Players[0].Goals = []int{56, 57}
		g.hand(0, 61, 62) // Pioneers, Stranger: Colony Goals of cost 1
		g.turn(0)
		if got := g.options(0, "play c61 l"); !slices.Equal(got, []string{"c56", "c57"}) {
			t.Fatalf("a Colony Goal played as a card must replace one: %v", got)
		}
		g.ans(0, "vision c61 l")
		if goals := g.s().Players[0].Goals; !slices.Equal(goals, []int{56, 57, 61}) {
			t.Fatalf("goals after Vision %v, want 56 57 61", goals)
		}
		g = ancientBoard(t, 3, 2, 4, "visionary")
		g.evo(0, 33)  // a thorax Evolution in play
		g.hand(0, 36) // Digger Thorax, 1 ant
		g.turn(0)
		if got := g.options(0, "play c36"); slices.Contains(got, "l") {
			t.Fatalf("Digger Thorax's printed cost is paid with ants only: %v", got)
		}
		if got := g.options(0, "play c36 gt"); !slices.Contains(got, "l") {
			t.Fatalf("the extra cost may be a larva: %v", got)
		}
		g.ans(0, "play c36 gt l")
		if p := g.s().Players[0]; p.Larvae != 3 || g.s().Tiles[0].Out[0] != 1 {
			t.Fatalf("paid %d larvae and %d ants, want 1 and 1", 4-p.Larvae, 2-g.s().Tiles[0].Out[0])
		}
	})

	t.Run("MOAE-ANC-9 Chaos Dancers take the steps first, then resolve the card", func(t *testing.T) {
		g := ancientBoard(t, 3, 2, 4, "dancers")
		g.deckTop(23, 18) // Amazon Head, then Dance of Scents: gain 1 larva and 1 food, ferocity 1
		g.turn(0)
		g.ans(0, "chaos")
		g.wantPending("P1:march")
		s := g.s()
		if s.top().Move.Steps != 1 || s.Players[0].Food != 1 || s.Players[0].Larvae != 4 {
			t.Fatalf("%d steps, %d food, %d larvae before the card; want 1, 1, 4", s.top().Move.Steps, s.Players[0].Food, s.Players[0].Larvae)
		}
		g.ans(0, "done")
		if p := g.s().Players[0]; p.Food != 2 || p.Larvae != 5 {
			t.Fatalf("after the steps the card gives 1 larva and 1 food: %d food, %d larvae", p.Food, p.Larvae)
		}
		g.wantPending("P2:reaction.chaos")
	})
}

func TestAdvancedDraft(t *testing.T) {
	t.Run("MOAE-PSETUP-6 draw 2 + position, keep 3 in secret, the rest shuffled under the deck", func(t *testing.T) {
		g := newEvolved(t, 5, "draft=on")
		s := g.s()
		var sizes []int
		for _, p := range s.Players {
			sizes = append(sizes, len(p.Hand))
		}
		// the rulebook's example: the 3rd player draws 2 + 3 = 5
		if !slices.Equal(sizes, []int{3, 4, 5, 6, 7}) {
			t.Fatalf("drawn %v, want 3 4 5 6 7", sizes)
		}
		for _, p := range s.Pending() {
			if p.Kind != "draft" || !p.Secret || len(p.Default) != 0 {
				t.Fatalf("prompt %+v: want a secret draft without a default", p)
			}
		}
		g.wantPending("P2:draft P3:draft P4:draft P5:draft")
		deck := len(s.Deck)
		var back []int
		for p := 1; p < 5; p++ {
			h := g.s().Players[p].Hand
			back = append(back, h[3:]...)
			g.ans(p, strings.Join([]string{cardCode(h[0]), cardCode(h[1]), cardCode(h[2])}, " "))
			if p < 4 && len(g.s().Players[p].Hand) != p+3 {
				t.Fatal("a draft pick resolved before all were in")
			}
		}
		s = g.s()
		for p := range s.Players {
			if len(s.Players[p].Hand) != 3 {
				t.Fatalf("P%d keeps %d cards", p+1, len(s.Players[p].Hand))
			}
		}
		bottom := slices.Clone(s.Deck[len(s.Deck)-len(back):])
		slices.Sort(back)
		slices.Sort(bottom)
		if len(s.Deck) != deck+len(back) || !slices.Equal(bottom, back) {
			t.Fatalf("the bottom of the deck is %v, want the %d cards not kept %v", bottom, len(back), back)
		}
	})
	t.Run("MOAE-PSETUP-6 the position counts from the first player", func(t *testing.T) {
		s := newEvolved(t, 3, "draft=on", "first=2").s()
		if got := []int{len(s.Players[0].Hand), len(s.Players[1].Hand), len(s.Players[2].Hand)}; !slices.Equal(got, []int{5, 3, 4}) {
			t.Fatalf("P2 first: drawn %v, want 5 3 4", got)
		}
	})
	t.Run("MOAE-PSETUP-6 a determinized sample re-picks another seat's sealed draft from its new hand", func(t *testing.T) {
		g := newEvolved(t, 3, "draft=on")
		h := g.s().Players[1].Hand
		g.ans(1, cardCode(h[0])+" "+cardCode(h[1])+" "+cardCode(h[2]))
		moved := 0
		for i := range 8 {
			c := g.s().Determinize(2, rand.New(rand.NewPCG(uint64(i), 5))).(*State)
			keep := splitAns(c.top().Ans[1])
			for _, code := range keep {
				if !slices.Contains(c.Players[1].Hand, parseCardCode(code)) {
					t.Fatalf("sample %d: P2 keeps %s, not in its sampled hand %v", i, code, c.Players[1].Hand)
				}
			}
			if len(keep) != 3 {
				t.Fatalf("sample %d: P2 keeps %v", i, keep)
			}
			if !slices.Equal(c.Players[1].Hand, h) {
				moved++
			}
		}
		if moved < 6 {
			t.Fatalf("P2's hand changed in %d of 8 samples", moved)
		}
	})
	t.Run("MOAE-PSETUP-6 an Evolved option only", func(t *testing.T) {
		_, err := engine.Start(Game, engine.Setup{Game: "march", Seats: 3, Seed: 1, Options: map[string]string{"draft": "on"}})
		if err == nil {
			t.Fatal("draft=on started a 1st edition game")
		}
	})
}
