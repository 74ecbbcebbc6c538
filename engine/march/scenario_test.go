package march

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// scenario is March's fixture for scenario scripts ("fix ..." lines): it
// builds a rulebook example's position on a real match with the same
// helpers as the internal tests. It exists only in test files, so no
// player can reach it.
//
//	fix reset 5 5                 empty Anthill but the GT; every player 5 food, 5 larvae, 0 CP, no cards
//	fix face 4 l2*,c 100101       substitute hex 4's printed face (sites, tunnels e ne nw w sw se) for this script
//	fix hex 5 1 0 0               place hex 5 at axial (q, r) = (1, 0), turned 0
//	fix join 4 5 3                turn these placed hexes so each is joined to the next by a tunnel
//	fix ant P1 5 s1               an ant of P1 from its supply onto site 1 of hex 5
//	fix ant P1 5 o 3              three ants onto hex 5's outskirts ("gt" for the Great Tunnel)
//	fix food P1 3                 P1 has 3 food (from or back to the general supply)
//	fix larvae P1 2               P1 has 2 larvae (from or back to its token supply)
//	fix hand P1 1 7               cards from the deck into P1's hand
//	fix evo P3 36 34              Evolutions, bottom first
//	fix goal P1 63                a Colony Goal in play
//	fix decktop 2 1               cards on top of the deck, in this order
//	fix stacktop 3                hexes on top of the hex stack, in this order
//	fix centipede 12              a centipede from the supply onto hex 12
//	fix turn P1                   P1's Worker-phase turn starts now
//	fix phase soldier             the Soldier (or queen) phase starts now
//	fix check                     the state's invariants hold
//	fix centispace 2 food=1,cp=1  Evolved: the size marker's space has strength 2 and its section this reward, for this script
type scenario struct {
	faces map[*engine.Match]map[int]HexData
	centi map[*engine.Match]*CentiTrack
}

func (sc *scenario) fix(t *testing.T, m *engine.Match, args []string) error {
	g := &tg{t: t, m: m}
	s := g.s()
	if len(args) == 0 { // the state was re-decoded: substitute the faces again
		for _, h := range sc.faces[m] {
			substitute(s, h)
		}
		if c := sc.centi[m]; c != nil {
			d := *s.data
			d.Centipede = c
			s.data = &d
		}
		return nil
	}
	num := func(i int) int {
		if i >= len(args) {
			t.Fatalf("fix %s: missing argument %d", args[0], i)
		}
		if args[i] == "gt" {
			return 0
		}
		n, err := strconv.Atoi(args[i])
		if err != nil {
			t.Fatalf("fix %s: %q is not a number", args[0], args[i])
		}
		return n
	}
	seat := func(i int) int {
		if i >= len(args) {
			t.Fatalf("fix %s: missing seat", args[0])
		}
		p, err := enginetest.ParseSeat(args[i])
		if err != nil || int(p) >= s.N {
			t.Fatalf("fix %s: bad seat %q", args[0], args[i])
		}
		return int(p)
	}
	nums := func(from int) []int {
		var ns []int
		for i := from; i < len(args); i++ {
			ns = append(ns, num(i))
		}
		return ns
	}
	switch args[0] {
	case "reset":
		g.reset(num(1), num(2))
	case "face":
		if len(args) != 4 {
			return fmt.Errorf("fix face wants: hex sites tunnels")
		}
		n := num(1)
		if s.tile(n) != nil {
			return fmt.Errorf("fix face %d: substitute a face before placing the hex", n)
		}
		h := *s.data.Hex(n)
		h.RawSites = strings.Split(args[2], ",")
		h.Tunnels = args[3]
		if err := parseFace(&h); err != nil {
			return err
		}
		if sc.faces[m] == nil {
			sc.faces[m] = map[int]HexData{}
		}
		sc.faces[m][n] = h
		substitute(s, h)
	case "hex":
		g.place(num(1), num(2), num(3), num(4))
	case "join":
		g.join(nums(1)...)
	case "ant":
		p, n := seat(1), num(2)
		site, count := -1, 1
		if len(args) > 3 && strings.HasPrefix(args[3], "s") {
			k, err := strconv.Atoi(args[3][1:])
			if err != nil || s.tile(n) == nil || k < 1 || k > len(s.tile(n).Sites) || s.tile(n).Sites[k-1] >= 0 {
				return fmt.Errorf("fix ant: site %q of hex %d is not a free site", args[3], n)
			}
			site = k - 1
		} else if len(args) > 4 {
			count = num(4)
		}
		if s.tile(n) == nil {
			return fmt.Errorf("fix ant: hex %d is not placed", n)
		}
		for i := 0; i < count; i++ {
			g.ant(n, p, site)
		}
	case "food":
		p, n := seat(1), num(2)
		s.Food -= n - s.Players[p].Food
		s.Players[p].Food = n
	case "larvae":
		p, n := seat(1), num(2)
		s.Players[p].Supply -= n - s.Players[p].Larvae
		s.Players[p].Larvae = n
	case "hand":
		g.hand(seat(1), nums(2)...)
	case "evo":
		g.evo(seat(1), nums(2)...)
	case "goal":
		p := seat(1)
		for _, id := range nums(2) {
			g.takeCard(id)
			s.Players[p].Goals = append(s.Players[p].Goals, id)
		}
	case "decktop":
		g.deckTop(nums(1)...)
	case "stacktop":
		top := nums(1)
		rest := s.Stack[:0:0]
		for _, n := range s.Stack {
			if !containsInt(top, n) {
				rest = append(rest, n)
			}
		}
		s.Stack = append(top, rest...)
	case "centipede":
		tl := s.tile(num(1))
		if tl == nil || tl.Centi {
			return fmt.Errorf("fix centipede: hex %s is not placed or has one", args[1])
		}
		tl.Centi = true
		s.Counters--
	case "turn":
		g.turn(seat(1))
	case "phase":
		s.Tasks = nil
		s.ev = nil
		switch args[1] {
		case "soldier":
			s.startSoldier()
		case "queen":
			s.startQueen()
		default:
			return fmt.Errorf("fix phase: soldier or queen")
		}
		s.advance()
		g.check()
	case "check":
		g.check()
	case "centispace":
		if len(args) != 3 || s.data.Centipede == nil {
			return fmt.Errorf("fix centispace wants: strength reward (Evolved only)")
		}
		c := *s.data.Centipede
		c.Spaces = slices.Clone(c.Spaces)
		c.Sections = slices.Clone(c.Sections)
		c.Spaces[s.CentiSize].Strength = num(1)
		var gain Gain
		for _, kv := range strings.Split(args[2], ",") {
			k, v, _ := strings.Cut(kv, "=")
			n, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("fix centispace: bad reward %q", kv)
			}
			switch k {
			case "food":
				gain.Food = n
			case "larvae":
				gain.Larvae = n
			case "cards":
				gain.Cards = n
			case "cp":
				gain.CP = n
			default:
				return fmt.Errorf("fix centispace: unknown reward %q", k)
			}
		}
		c.Sections[c.Spaces[s.CentiSize].Section] = gain
		if sc.centi == nil {
			sc.centi = map[*engine.Match]*CentiTrack{}
		}
		sc.centi[m] = &c
		d := *s.data
		d.Centipede = &c
		s.data = &d
	default:
		return fmt.Errorf("unknown fix command %q", args[0])
	}
	return nil
}

func containsInt(ns []int, n int) bool {
	for _, x := range ns {
		if x == n {
			return true
		}
	}
	return false
}

// parseFace reads a face's printed sites and tunnels as LoadData does.
func parseFace(h *HexData) error {
	h.Sites, h.Control = nil, -1
	for j, raw := range h.RawSites {
		sd := SiteData{Res: strings.TrimSuffix(raw, "*"), Control: strings.HasSuffix(raw, "*")}
		switch sd.Res {
		case ResFood, ResLarva, ResLarva2, ResCard, ResCP:
		default:
			return fmt.Errorf("face of hex %d: unknown resource %q", h.Num, raw)
		}
		if sd.Control {
			if h.Control >= 0 {
				return fmt.Errorf("face of hex %d: two control sites", h.Num)
			}
			h.Control = j
		}
		h.Sites = append(h.Sites, sd)
	}
	if h.Control < 0 {
		return fmt.Errorf("face of hex %d: no control site", h.Num)
	}
	t, err := parseEdges(h.Tunnels)
	if err != nil {
		return err
	}
	h.TunnelSet = t
	return nil
}

// substitute gives this state (and the states cloned from it) its own copy
// of the component data with hex h.Num's face replaced.
func substitute(s *State, h HexData) {
	d := *s.data
	d.hex[h.Num] = &h
	s.data = &d
}

// join turns the placed hexes nums until each is joined to the next by a
// tunnel, so a worked example's board can be laid out without
// hand-computing rotations.
func (g *tg) join(nums ...int) {
	g.t.Helper()
	s := g.s()
	var try func(i int) bool
	try = func(i int) bool {
		if i == len(nums) {
			return true
		}
		t := s.tile(nums[i])
		if t == nil {
			g.t.Fatalf("fix join: hex %d is not placed", nums[i])
		}
		for r := 0; r < 6; r++ {
			t.Rot = r
			if (i == 0 || s.tunnelTo(s.tile(nums[i-1]), t)) && try(i+1) {
				return true
			}
		}
		return false
	}
	if !try(0) {
		g.t.Fatalf("hexes %v cannot be joined by tunnels here", nums)
	}
}

// TestScripts runs the scenarios in testdata, with the fixture above.
// worker_turns.txt: MOA1-WORKER-1 MOA1-WORKER-3 MOA1-WORKER-5 MOA1-REST-2
// MOA1-EXPLORE-2 MOA1-EXPLORE-8 MOA1-MARCH-2 MOA1-MARCH-3 MOA1-MARCH-8
// MOA1-REACT-2 MOA1-FORAGE-1 MOA1-FORAGE-2 MOA1-HEX-12 MOA1-HEX-16
// first_hexes.txt: MOA1-EXPLORE-7 MOA1-NF-1 MOA1-HEX-2 MOA1-EXPLORE-4
// MOA1-*_example_*.txt: the worked examples of the Russian 1st-edition
// rulebook, each named after the rule IDs it fixes.
func TestScripts(t *testing.T) {
	sc := &scenario{faces: map[*engine.Match]map[int]HexData{}}
	enginetest.RunScripts(t, Game, "testdata/*.txt", sc.fix)
}
