package march

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"formica/engine"
	"formica/engine/enginetest"
)

// Rise of the Centipedes, our solo/co-op mode of the Evolved edition: each
// design rule of DESIGN.md (RISE-1..16) by its ID, MOAE-SOLO-2 for the deck.

// riseDescriptor lists the Evolved rule set, not offered to players yet.
func riseDescriptor() *engine.Descriptor {
	d := *Game
	d.RuleSets = []string{"1e", "evolved"}
	return &d
}

// riseBoard: Rise with n colonies, tiles 1, 11 and 13 on the meadow without
// centipedes, 2 ants of P1 on tile 1 and the centipede deck's top as given.
func riseBoard(t *testing.T, n int, cdeck ...int) *tg {
	t.Helper()
	g := newEvolved(t, n, "mode=uprising")
	g.reset(5, 5)
	g.place(1, 1, 0, 0)
	g.place(11, 1, -1, 0)
	g.place(13, -1, 0, 0)
	g.ant(1, 0, 0)
	g.ant(1, 0, 1)
	g.cdeckTop(cdeck...)
	g.check()
	return g
}

// cdeckTop gathers the Horde board into the centipede deck and puts ids on top.
func (g *tg) cdeckTop(ids ...int) {
	s := g.s()
	s.CDeck = append(s.CDeck, s.CUsed...)
	s.CUsed = nil
	for i, id := range ids {
		j := slices.Index(s.CDeck, id)
		if j < 0 {
			g.t.Fatalf("card %d is not in the centipede deck", id)
		}
		s.CDeck[i], s.CDeck[j] = s.CDeck[j], s.CDeck[i]
	}
}

// centipede puts a centipede pawn on tile num.
func (g *tg) centipede(num int) {
	s := g.s()
	s.tile(num).Centi = true
	s.Counters--
}

// forage forages with seat and discards the first card offered, returning
// the events of both answers (MOAE-FORAGE-2).
func (g *tg) forage(seat int) []engine.Event {
	g.t.Helper()
	ev := g.ans(seat, "forage")
	return append(ev, g.ans(seat, g.options(seat, "")[0])...)
}

func TestRiseSeats(t *testing.T) {
	t.Run("RISE-1 one to four colonies", func(t *testing.T) {
		lo, hi := Game.Seats(engine.Setup{RuleSet: "evolved", Options: map[string]string{"mode": "uprising"}})
		if lo != 1 || hi != 4 {
			t.Fatalf("Rise seats %d-%d, want 1-4", lo, hi)
		}
		if lo, hi := Game.Seats(engine.Setup{Options: map[string]string{"mode": "uprising"}}); lo != 1 || hi != 5 {
			t.Fatalf("the 1st edition's Uprising seats %d-%d, want 1-5", lo, hi)
		}
		_, err := engine.Start(riseDescriptor(), engine.Setup{Game: "march", RuleSet: "evolved", Seats: 5, Seed: 1,
			Options: map[string]string{"mode": "uprising"}})
		if err == nil {
			t.Fatal("a 5-colony Rise started")
		}
	})
}

// namedCards are the card names the Evolved rules reference names in §13.
func namedCards(t *testing.T) string {
	ref, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules", "march-of-the-ants-evolved.md"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(ref)
	from, to := strings.Index(s, "## 13. Cards and tiles"), strings.Index(s, "## 14. Differences")
	if from < 0 || to < from {
		t.Fatal("no §13 in the reference")
	}
	return s[from:to]
}

func TestRiseDecks(t *testing.T) {
	t.Run("MOAE-SOLO-2 RISE-2 the solo-symbol cards are the centipede deck, the rest the player deck", func(t *testing.T) {
		g := newEvolved(t, 1, "mode=uprising")
		s := g.s()
		var solo, named []int
		types := map[string]int{}
		sec := namedCards(t)
		for id := 1; id <= 66; id++ {
			c := s.data.Card(id)
			if !c.Solo {
				continue
			}
			solo = append(solo, id)
			types[c.Type]++
			if strings.Contains(sec, c.Name) {
				named = append(named, id)
			}
		}
		if len(solo) != 16 || types[TypeEvent] != 6 || types[TypeEvo] != 6 || types[TypeGoal] != 4 {
			t.Fatalf("solo cards %v by type %v, want 6 Events, 6 Evolutions, 4 Colony Goals", solo, types)
		}
		if len(named) > 0 {
			t.Fatalf("cards named in the rules left the player deck: %v", named)
		}
		got := append(slices.Clone(s.CDeck), s.CUsed...)
		slices.Sort(got)
		if !slices.Equal(got, solo) {
			t.Fatalf("centipede deck %v, want %v", got, solo)
		}
		players := append(slices.Clone(s.Deck), s.Players[0].Hand...)
		for _, id := range solo {
			if slices.Contains(players, id) {
				t.Fatalf("solo card %d in the player deck or hand", id)
			}
		}
		if len(players)+len(s.Discard) != 66-16 {
			t.Fatalf("player cards %d, want 50", len(players)+len(s.Discard))
		}
		// the standard Evolved game keeps every card in one deck
		std := newEvolved(t, 3).s()
		if len(std.CDeck) != 0 {
			t.Fatalf("a standard game has a centipede deck of %d", len(std.CDeck))
		}
	})
	t.Run("MOAE-SOLO-2 RISE-2 the centipede deck order is secret", func(t *testing.T) {
		g := newEvolved(t, 1, "mode=uprising")
		s := g.s()
		v := s.View(0).(*View)
		if v.Uprising == nil || v.Uprising.Deck != len(s.CDeck) || len(v.Uprising.Board) != 0 {
			t.Fatalf("Horde view %+v", v.Uprising)
		}
		changed := 0
		for i := range 8 {
			c := s.Determinize(0, rand.New(rand.NewPCG(uint64(i), 5))).(*State)
			if !slices.Equal(c.CDeck, s.CDeck) {
				changed++
			}
			a, b := slices.Clone(c.CDeck), slices.Clone(s.CDeck)
			slices.Sort(a)
			slices.Sort(b)
			if !slices.Equal(a, b) {
				t.Fatal("a determinization changed which cards the centipede deck holds")
			}
		}
		if changed == 0 {
			t.Fatal("the determinizer never reshuffled the centipede deck")
		}
	})
}

func TestRiseHorde(t *testing.T) {
	t.Run("RISE-3 a card after every action, none in the standard game", func(t *testing.T) {
		g := riseBoard(t, 1, 30)
		g.turn(0)
		ev := g.forage(0)
		s := g.s()
		if !slices.Equal(s.CUsed, []int{30}) || eventArgs(ev, "moa.horde_card")["name"] != "Berserker Head" {
			t.Fatalf("Horde board %v after one action", s.CUsed)
		}
		std := evolvedBoard(t, 3, 5, 5)
		std.turn(0)
		if ev := std.forage(0); hasEvent(ev, "horde_card") || len(std.s().CUsed) != 0 {
			t.Fatal("a Horde card in the standard game")
		}
	})
	t.Run("RISE-4 Capture: the highest-numbered free tile, the size stays; all taken, into the Great Tunnel", func(t *testing.T) {
		g := riseBoard(t, 1, 30, 31)
		size := g.s().CentiSize
		g.turn(0)
		g.forage(0)
		s := g.s()
		if !s.tile(13).Centi || s.tile(11).Centi || s.tile(1).Centi || s.CentiSize != size {
			t.Fatalf("capture: centipedes on 1/11/13 %v %v %v, size %d (was %d)",
				s.tile(1).Centi, s.tile(11).Centi, s.tile(13).Centi, s.CentiSize, size)
		}
		s.tile(1).Centi, s.tile(11).Centi = true, true
		s.Counters -= 2
		g.turn(0)
		g.forage(0)
		if s := g.s(); s.CentiGT != 1 || s.Horde != 2 {
			t.Fatalf("capture into the GT: %d centipedes there, Horde %d CP", s.CentiGT, s.Horde)
		}
	})
	t.Run("RISE-5 RISE-7 Advance: the lowest centipede steps down its ferocity, then into the Great Tunnel for 2 CP", func(t *testing.T) {
		g := riseBoard(t, 1, 11) // Egg Thief, ferocity 2
		g.centipede(11)
		g.centipede(13)
		g.turn(0)
		ev := g.forage(0)
		s := g.s()
		// 11 -> 1 -> the Great Tunnel; 13 stays
		if s.tile(11).Centi || s.tile(1).Centi || !s.tile(13).Centi || s.CentiGT != 1 || s.Horde != 2 {
			t.Fatalf("advance: 1/11/13 %v %v %v, GT %d, Horde %d", s.tile(1).Centi, s.tile(11).Centi, s.tile(13).Centi, s.CentiGT, s.Horde)
		}
		if eventArgs(ev, "moa.centipede_gt")["n"] != "2" {
			t.Fatalf("events %v", ev)
		}
		// a centipede in the Great Tunnel cannot be fought (RISE-7)
		if slices.Contains(s.huntTargets(0), "gt") {
			t.Fatal("the Great Tunnel offered for a hunt")
		}
		g = riseBoard(t, 1, 9) // Espionage, ferocity 1: one step only
		g.centipede(13)
		g.turn(0)
		g.forage(0)
		if s := g.s(); s.tile(13).Centi || !s.tile(11).Centi || s.CentiGT != 0 {
			t.Fatal("a 1-ferocity Advance must move the centipede from 13 to 11")
		}
	})
	t.Run("RISE-6 Explore: no centipede, the top tile joins with one; a centipede tile grows them and reveals again", func(t *testing.T) {
		g := riseBoard(t, 1, 11, 30) // Advance with nothing to move, then Capture
		s := g.s()
		s.Stack = append([]int{14}, slices.DeleteFunc(s.Stack, func(n int) bool { return n == 14 })...)
		size := s.CentiSize
		g.turn(0)
		ev := g.forage(0)
		s = g.s()
		if s.At[14] < 0 || !s.tile(14).Centi || s.CentiSize != size+1 {
			t.Fatalf("explored tile 14 placed %v, centipede %v, size %d (was %d)", s.At[14] >= 0, s.At[14] >= 0 && s.tile(14).Centi, s.CentiSize, size)
		}
		// the second card, a Capture, takes the highest free tile (13)
		if !slices.Equal(s.CUsed, []int{11, 30}) || !s.tile(13).Centi || !hasEvent(ev, "centipedes_grow") {
			t.Fatalf("Horde board %v, tile 13 centipede %v", s.CUsed, s.tile(13).Centi)
		}
		// a tile without the symbol: one card only, the size stays
		g = riseBoard(t, 1, 11, 30)
		s = g.s()
		s.Stack = append([]int{15}, slices.DeleteFunc(s.Stack, func(n int) bool { return n == 15 })...)
		g.turn(0)
		g.forage(0)
		if s := g.s(); !s.tile(15).Centi || len(s.CUsed) != 1 || s.CentiSize != size {
			t.Fatalf("tile 15: centipede %v, Horde board %v, size %d", s.tile(15).Centi, s.CUsed, s.CentiSize)
		}
	})
}

func TestRiseFights(t *testing.T) {
	t.Run("RISE-8 RISE-10 RISE-11 Attack: +1 strength, the Horde's own cards with the Unpredictable Enemy, a win scores", func(t *testing.T) {
		// Conquerors (Attack); then ferocity 1, 1, 3 for the centipede
		g := riseBoard(t, 1, 59, 9, 31, 12)
		g.centipede(1)
		deck := len(g.s().Deck)
		g.start(Task{K: kHorde, Seat: -1, Hex: -1})
		s := g.s()
		r := eventArgs(s.ev, "moa.centi_result")
		// base 2 (the solo start) + 1 Attack + 1 + 1 + 3 = 8 against 2 ants
		if r["total"] != "8" || r["mine"] != "2" || r["won"] != "0" {
			t.Fatalf("fight %v", r)
		}
		if s.tile(1).ants(0) != 0 || !s.tile(1).Centi || s.Horde != 1 {
			t.Fatalf("after the lost fight: %d ants, centipede %v, Horde %d", s.tile(1).ants(0), s.tile(1).Centi, s.Horde)
		}
		if !slices.Equal(s.CUsed, []int{59, 9, 31, 12}) || len(s.Deck) != deck || slices.ContainsFunc(s.Discard, func(id int) bool { return s.data.Card(id).Solo }) {
			t.Fatalf("Horde board %v, player deck %d (was %d), discard %v", s.CUsed, len(s.Deck), deck, s.Discard)
		}
	})
	t.Run("RISE-8 Attack on every tile, lowest first, one colony at a time, no ant battle", func(t *testing.T) {
		// Attack; ferocity 4, 3, 3 for the three fights
		g := riseBoard(t, 2, 59, 20, 17, 12)
		g.centipede(1)
		g.centipede(13)
		g.ant(13, 1, 0)
		g.ant(1, 1, -1) // P2 on tile 1's outskirts: contested, yet no ant battle now
		g.start(Task{K: kHorde, Seat: -1, Hex: -1})
		s := g.s()
		var fights []string
		for _, e := range s.ev {
			if e.Key == "moa.centi_fight" {
				fights = append(fights, e.Args["hex"]+":"+e.Args["seat"])
			}
		}
		// base 2 + 1: P1 2 ants against 7, P2 1 against 6, P2 1 against 6
		if !slices.Equal(fights, []string{"1:P1", "1:P2", "13:P2"}) || s.Horde != 3 {
			t.Fatalf("fights %v, Horde %d", fights, s.Horde)
		}
		if hasEvent(s.ev, "tile_battle") || s.tile(1).totalAnts() != 0 || !s.tile(13).Centi {
			t.Fatal("an ant battle after the Attack, or ants left")
		}
	})
	t.Run("RISE-9 RISE-10 a hunt after the March: an Evolved fight, no Attack bonus", func(t *testing.T) {
		g := riseBoard(t, 1, 12, 30) // ferocity 3 for the hunt, then a Capture
		g.centipede(1)
		for range 4 {
			g.ant(1, 0, -1) // 6 ants on tile 1
		}
		g.turn(0)
		g.ans(0, "march")
		g.ans(0, "done")
		if got := g.options(0, ""); !slices.Equal(got, []string{"pass", "1"}) {
			t.Fatalf("hunt options %v", got)
		}
		ev := g.ans(0, "1")
		r := eventArgs(ev, "moa.centi_result")
		// 6 ants against 2 + 3 = 5: the colony wins, loses 3, gains the reward
		if r["total"] != "5" || r["won"] != "1" || r["loss"] != "3" {
			t.Fatalf("hunt %v", r)
		}
	})
	t.Run("RISE-11 Slumber: 1 CP per centipede on the meadow and in the Great Tunnel", func(t *testing.T) {
		g := riseBoard(t, 1)
		g.centipede(1)
		g.centipede(13)
		s := g.s()
		s.CentiGT, s.Counters = 1, s.Counters-1
		s.Horde = 5
		s.slumber()
		if s.Horde != 8 {
			t.Fatalf("Horde %d after the Slumber, want 5 + 3", s.Horde)
		}
	})
}

func TestRiseRest(t *testing.T) {
	t.Run("RISE-12 alone, the first Rest ends the Worker phase after its Horde card", func(t *testing.T) {
		g := riseBoard(t, 1, 30)
		s := g.s()
		s.dealRest()
		s.Players[0].Acted = true
		g.turn(0)
		up := len(s.RestUp)
		ev := g.ans(0, "rest r"+strings.TrimPrefix(g.options(0, "rest")[1], "r"))
		s = g.s()
		if up < 3 || !hasEvent(ev, "worker_over") || !slices.Equal(s.CUsed, []int{30}) {
			t.Fatalf("%d rest tiles; worker over %v; Horde board %v", up, hasEvent(ev, "worker_over"), s.CUsed)
		}
	})
	t.Run("RISE-12 together, a rested colony passes and the Horde still acts; all rested ends the phase", func(t *testing.T) {
		g := riseBoard(t, 2, 30, 31, 32, 46)
		s := g.s()
		s.dealRest()
		s.Players[0].Acted, s.Players[1].Acted = true, true
		g.turn(0)
		g.ans(0, "rest defender")
		g.wantPending("P2:action")
		g.forage(1)
		g.wantPending("P1:reaction.forage")
		g.ans(0, "pass")
		// P1's turn passes by itself, with a Horde card; P2 again
		g.wantPending("P2:action")
		s = g.s()
		if len(s.CUsed) != 3 || s.Phase != PhaseWorker {
			t.Fatalf("Horde board %v, phase %s", s.CUsed, s.Phase)
		}
		ev := g.ans(1, "rest "+g.options(1, "rest")[0])
		if !hasEvent(ev, "worker_over") || len(g.s().CUsed) != 4 {
			t.Fatalf("the phase must end when both rested; Horde board %v", g.s().CUsed)
		}
	})
}

func TestRiseSetup(t *testing.T) {
	t.Run("RISE-13 RISE-14 the Evolved setup, a starting tile alone, the size start and the difficulty", func(t *testing.T) {
		for _, c := range []struct {
			n                      int
			level                  string
			larvae, cards, size, k int
		}{
			{1, "normal", 4, 3, 0, 2}, {1, "easy", 7, 3, 0, 2}, {1, "hard", 4, 2, 2, 2},
			{3, "normal", 4, 3, 1, 0}, {3, "hard", 4, 2, 3, 0},
		} {
			g := newEvolved(t, c.n, "mode=uprising", "difficulty="+c.level)
			s := g.s()
			p := &s.Players[0]
			if p.Larvae != c.larvae || len(p.Hand) != c.cards || p.Food != 2 || s.Tiles[0].Out[0] != 2 || s.CentiSize != c.size {
				t.Fatalf("%d %s: %d larvae, %d cards, %d food, %d ants in the GT, size space %d", c.n, c.level,
					p.Larvae, len(p.Hand), p.Food, s.Tiles[0].Out[0], s.CentiSize)
			}
			if c.k > 0 {
				if top := s.top(); top.K != kStart || len(top.Explore.Hexes) != c.k {
					t.Fatalf("%d %s: start task %+v, want a choice of %d starting tiles", c.n, c.level, top, c.k)
				}
			}
		}
	})
	t.Run("RISE-15 no Old Guard with two colonies", func(t *testing.T) {
		if newEvolved(t, 2, "mode=uprising").s().oldGuard() {
			t.Fatal("the Old Guard in Rise")
		}
		if !newEvolved(t, 2).s().oldGuard() {
			t.Fatal("no Old Guard in the standard 2-player game")
		}
	})
}

func TestRiseEnd(t *testing.T) {
	t.Run("RISE-16 the colonies win together while their CP total is at least the Horde's; no awards", func(t *testing.T) {
		for _, c := range []struct {
			horde int
			lost  bool
		}{{10, false}, {11, true}} {
			g := riseBoard(t, 2)
			s := g.s()
			s.Players[0].CP, s.Players[1].CP = 4, 6
			s.Players[0].Larvae, s.Players[1].Larvae = 9, 0
			s.Horde = c.horde
			s.finish()
			want := 1
			if c.lost {
				want = 2
			}
			if !slices.Equal(s.Res.Rank, []int{want, want}) || s.Players[0].CP != 4 {
				t.Fatalf("Horde %d against 4 + 6: ranks %v, P1 %d CP", c.horde, s.Res.Rank, s.Players[0].CP)
			}
		}
	})
}

// Every RISE ID of DESIGN.md is named by a test of this file, and no test
// names one DESIGN.md does not define.
func TestRiseRulesNamedInTests(t *testing.T) {
	id := regexp.MustCompile(`\bRISE-[0-9]+\b`)
	doc, err := os.ReadFile("DESIGN.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("evolved_solo_test.go")
	if err != nil {
		t.Fatal(err)
	}
	script, _ := os.ReadFile(filepath.Join("testdata", "evolved", "rise-solo.txt"))
	defined, named := map[string]bool{}, map[string]bool{}
	for _, m := range id.FindAllString(string(doc), -1) {
		defined[m] = true
	}
	for _, m := range id.FindAllString(string(src)+string(script), -1) {
		named[m] = true
	}
	if len(defined) != 16 {
		t.Fatalf("DESIGN.md defines %d RISE rules, want 16", len(defined))
	}
	for r := range defined {
		if !named[r] {
			t.Errorf("%s is named in no test", r)
		}
	}
	for r := range named {
		if !defined[r] {
			t.Errorf("%s is not a rule of DESIGN.md", r)
		}
	}
}

// riseRulesNumbers are the numbers the Rise texts state, from the data and
// the state a Rise game starts in (TestTextNumbersMatchTheData).
func riseRulesNumbers(t *testing.T) map[string][]int {
	t.Helper()
	r := Evolved()
	d, err := r.LoadData(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := Game.Seats(engine.Setup{RuleSet: "evolved", Options: map[string]string{"mode": "uprising"}})
	solo := 0
	for _, c := range d.Cards {
		if c.Solo {
			solo++
		}
	}
	g := newEvolved(t, 1, "mode=uprising")
	p := g.s().View(engine.NoSeat).(*View).Panels[0]
	rs := d.Rise
	const (
		startChoice = 2 // MOAE-2P-2: starting tiles to choose from
		startAnts   = 3 // MOAE-2P-2: ants on the placed starting tile
	)
	ns := enginetest.Ns
	return map[string][]int{
		"march.evolved.rise": ns(lo, hi, solo, len(d.Cards)-solo, r.StartGTAnts, p.Larvae, p.Food, p.HandSize,
			startChoice, startAnts, rs.Difficulty["easy"].ExtraLarvae, rs.Difficulty["hard"].FewerCards, rs.Difficulty["hard"].SizeDown),
		"march.evolved.horde": ns(rs.AttackStrength, rs.GTCP, rs.WinCP, rs.SlumberCP),
	}
}

// TestRiseRandomGames plays random Rise games at every colony count and
// difficulty to the end, checking the component invariants after every
// answer: 3,000 games in long mode, a few under -short.
func TestRiseRandomGames(t *testing.T) {
	d := riseDescriptor()
	for seats := 1; seats <= 4; seats++ {
		for li, lv := range []string{"easy", "normal", "hard"} {
			for _, g := range enginetest.RandomGames(uint64(9300+10*seats+li), enginetest.Games(250, 2)) {
				su := engine.Setup{Game: "march", RuleSet: "evolved", Seats: seats, Seed: g.Seed,
					Options: map[string]string{"mode": "uprising", "difficulty": lv}}
				m, err := enginetest.PlayRandom(d, su, g.Rand(), 20000, func(m *engine.Match) {
					if err := m.State.(*State).invariants(); err != nil {
						t.Fatalf("%d colonies, %s, %s, answer %d: %v", seats, lv, g, len(m.Log), err)
					}
				})
				if err != nil {
					t.Fatalf("%d colonies, %s, %s: %v", seats, lv, g, err)
				}
				res := m.State.Result()
				if res == nil {
					t.Fatalf("%d colonies, %s, %s: no result", seats, lv, g)
				}
				s := m.State.(*State)
				total := 0
				for i := range s.Players {
					total += s.Players[i].CP
				}
				if lost := s.Horde > total; res.Rank[0] != map[bool]int{false: 1, true: 2}[lost] {
					t.Fatalf("%d colonies, %s, %s: Horde %d, colonies %d, ranks %v", seats, lv, g, s.Horde, total, res.Rank)
				}
			}
		}
	}
}

// TestRiseAcceptance runs the shared acceptance suite (leak oracle on every
// view and prompt, replay, every option accepted, junk refused) and the
// determinizer check over Rise games: the centipede deck order is secret.
// -short plays one game per setup (TestRiseRandomGames plays 24 more with
// the invariants), the full run 20.
func TestRiseAcceptance(t *testing.T) {
	d := riseDescriptor()
	var setups []engine.Setup
	for n := 1; n <= 4; n++ {
		setups = append(setups, engine.Setup{Game: "march", RuleSet: "evolved", Seats: n, Seed: uint64(80 + n),
			Options: map[string]string{"mode": "uprising", "difficulty": []string{"easy", "normal", "hard", "normal"}[n-1]}})
	}
	enginetest.Run(t, d, enginetest.Config{Setups: setups, Short: 1, Check: func(t testing.TB, s engine.State) {
		if err := s.(*State).invariants(); err != nil {
			t.Fatal(err)
		}
	}})
	varied, total := enginetest.CheckDeterminizer(t, d, setups, enginetest.Games(2, 1))
	if varied < total*3/4 {
		t.Fatalf("only %d of %d determinizations changed what the seat cannot see", varied, total)
	}
}

// BenchmarkRiseGame is a full random 4-colony Rise of the Centipedes game;
// its anchor, played in the same loop, is a standard 4-player Evolved game
// of the same seed: "ratio" = Rise / standard, on CPU time.
func BenchmarkRiseGame(b *testing.B) {
	d := riseDescriptor()
	var rise, std time.Duration
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		for _, mode := range []string{"uprising", "standard"} {
			su := engine.Setup{Game: "march", RuleSet: "evolved", Seats: 4, Seed: seed, Options: map[string]string{"mode": mode}}
			c0 := enginetest.CPUTime()
			if _, err := enginetest.PlayRandom(d, su, rand.New(rand.NewPCG(seed, 9)), 100000, nil); err != nil {
				b.Fatalf("%s seed %d: %v", mode, seed, err)
			}
			if mode == "uprising" {
				rise += enginetest.CPUTime() - c0
			} else {
				std += enginetest.CPUTime() - c0
			}
		}
	}
	b.ReportMetric(float64(rise.Microseconds())/1000/float64(b.N), "rise-cpu-ms/game")
	b.ReportMetric(float64(std.Microseconds())/1000/float64(b.N), "anchor-evolved-cpu-ms/game")
	if std > 0 {
		b.ReportMetric(float64(rise)/float64(std), "ratio")
	}
}

func TestRiseOptions(t *testing.T) {
	t.Run("RISE-15 coop-battles=no does not stop the colonies' battles in Rise", func(t *testing.T) {
		if !newEvolved(t, 2, "mode=uprising", "coop-battles=no").s().playerBattles() {
			t.Fatal("coop-battles=no applied to Rise")
		}
		if newTG(t, 2, "mode=uprising", "coop-battles=no").s().playerBattles() {
			t.Fatal("coop-battles=no no longer applies to the 1st edition's Uprising")
		}
	})
}
