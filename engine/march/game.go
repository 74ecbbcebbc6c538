package march

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"formica/engine"
)

// Game is the March of the Ants descriptor.
var Game = &engine.Descriptor{
	ID:       "march",
	Name:     "March of the Ants",
	RuleSets: []string{"1e", "evolved"},
	Options: []engine.OptionSpec{
		{Name: "length", Values: []string{"standard", "long"}, Rule: "MOA1-LONG-1"},
		{Name: "frontiers", Values: []string{"random", "none", "2", "3", "all"}, Rule: "MOA1-NF-2"},
		{Name: "species", Values: []string{"off", "on"}, Rule: "MOA1-SPEC-2"},
		{Name: "mode", Values: []string{"standard", "uprising"}, Rule: "MOA1-SOLO-1"},
		{Name: "difficulty", Values: []string{"normal", "easy", "hard"}, Rule: "MOA1-SOLO-16"},
		{Name: "long-decree", Values: []string{"last2", "last"}, Rule: "MOA1-AMB-1"},
		{Name: "negative-cp", Values: []string{"no", "yes"}, Rule: "MOA1-AMB-18"},
		{Name: "zero-awards", Values: []string{"yes", "no"}, Rule: "MOA1-AMB-34"},
		{Name: "centipede-tie", Values: []string{"player", "centipede"}, Rule: "MOA1-AMB-14"},
		{Name: "fill", Values: []string{"roundrobin", "first"}, Rule: "MOA1-AMB-5"},
		{Name: "drawbacks", Values: []string{"caste", "phase"}, Rule: "MOA1-AMB-23"},
		{Name: "explore-from", Values: []string{"exploring", "adjacent"}, Rule: "MOA1-AMB-40"},
		{Name: "explore-order", Values: []string{"listed", "fill-first"}, Rule: "MOA1-AMB-41"},
		{Name: "dance-reshuffle", Values: []string{"yes", "no"}, Rule: "MOA1-AMB-41"},
		{Name: "dance-react", Values: []string{"dance", "play"}, Rule: "MOA1-AMB-41"},
		{Name: "horde-reveal", Values: []string{"after", "before"}, Rule: "MOA1-AMB-41"},
		{Name: "centipede-explore", Values: []string{"free", "match"}, Rule: "MOA1-AMB-41"},
		{Name: "hunt", Values: []string{"own", "any"}, Rule: "MOA1-AMB-41"},
		{Name: "centipede-strength", Values: []string{"both", "one"}, Rule: "MOA1-AMB-41"},
		{Name: "solo-end", Values: []string{"one", "two"}, Rule: "MOA1-AMB-41"},
		{Name: "food", Values: []string{"limited", "unlimited"}, Rule: "MOA1-AMB-31"},
		{Name: "coop-battles", Values: []string{"yes", "no"}, Rule: "MOA1-AMB-29"},
		{Name: "head-bonus", Values: []string{"every", "soldier"}, Rule: "MOA1-AMB-8"},
		{Name: "barren-queen", Values: []string{"site", "total"}, Rule: "MOA1-AMB-24"},
		{Name: "mutation", Values: []string{"first", "after"}, Rule: "MOA1-AMB-26"},
		{Name: "rest-larva", Values: []string{"same", "extra"}, Rule: "MOA1-AMB-10"},
		{Name: "duo-central", Values: []string{"adjacent", "path"}, Rule: "MOA1-AMB-20"},
		{Name: "dance-steps", Values: []string{"march", "ants"}, Rule: "MOA1-AMB-41"},
		{Name: "draft", Values: []string{"off", "on"}, Rule: "MOAE-PSETUP-6"},
		// Free text for scenarios: card ids dealt/drawn first, hex numbers
		// drawn first, the first player (1-based).
		{Name: "deck"}, {Name: "stack"}, {Name: "first"}, {Name: "cdeck"},
	},
	Seats: func(s engine.Setup) (int, int) {
		if s.Options["mode"] == "uprising" {
			if s.RuleSet == "evolved" {
				return riseMinSeats, riseMaxSeats // RISE-1
			}
			return 1, 5
		}
		return 2, 5
	},
	New:    newState,
	Decode: decode,
}

func newState(su engine.Setup) (engine.State, error) {
	o := su.Options
	s := &State{Fixed: &Fixed{Rules: su.RuleSet}, N: su.Seats, RNG: engine.NewRNG(su.Seed), Final: -1, FillHex: -1}
	if s.Rules == "" {
		s.Rules = "1e"
	}
	s.Opt = Options{Long: o["length"] == "long", Frontiers: o["frontiers"], Species: o["species"] == "on",
		Uprising: o["mode"] == "uprising", Difficulty: o["difficulty"], LongDecree: o["long-decree"],
		NegativeCP: o["negative-cp"] == "yes", ZeroAwards: o["zero-awards"] != "no", CentiTie: o["centipede-tie"],
		FillFirst: o["fill"] == "first", PhaseDrawbacks: o["drawbacks"] == "phase",
		ExploreAdjacent: o["explore-from"] == "adjacent", FillBeforeNF: o["explore-order"] == "fill-first",
		DanceNoReshuffle: o["dance-reshuffle"] == "no", DancePlayReact: o["dance-react"] == "play",
		HordeFirst: o["horde-reveal"] == "before", CentiMatch: o["centipede-explore"] == "match",
		HuntAny: o["hunt"] == "any", CentiOneShared: o["centipede-strength"] == "one",
		SoloEndTwo: o["solo-end"] == "two", FoodUnlimited: o["food"] == "unlimited",
		CoopNoBattles: o["coop-battles"] == "no", HeadSoldierOnly: o["head-bonus"] == "soldier",
		BarrenTotal: o["barren-queen"] == "total", MutationAfter: o["mutation"] == "after",
		RestExtraLarva: o["rest-larva"] == "extra", DuoPath: o["duo-central"] == "path",
		DanceAntSteps: o["dance-steps"] == "ants", Draft: o["draft"] == "on"}
	if s.Opt.Frontiers == "" {
		s.Opt.Frontiers = "random"
	}
	if err := s.bind(); err != nil {
		return nil, err
	}
	if err := s.evolvedOptions(); err != nil {
		return nil, err
	}
	r := s.rules
	s.Rounds = r.Rounds
	if s.Opt.Long {
		s.Rounds = r.LongRounds // MOA1-LONG-1
	}
	s.Round, s.Phase = 1, PhaseSetup
	s.Counters, s.Food = r.Counters, r.FoodTokens
	s.At = make([]int, r.Tiles+1)
	for i := range s.At {
		s.At[i] = -1
	}
	s.Tiles = []Tile{{Num: 0, Out: make([]int, s.N)}} // MOA1-SETUP-1
	s.At[0] = 0
	s.Players = make([]Player, s.N)
	for i := range s.Players {
		s.Players[i] = Player{Supply: r.Tokens}
	}
	if err := s.setupCards(o["deck"], o["cdeck"]); err != nil {
		return nil, err
	}
	if err := s.setupHexes(o["stack"]); err != nil {
		return nil, err
	}
	if s.restTiles() {
		s.setupRest() // MOAE-SETUP-6
	}
	if len(s.data.Rewards) > 0 {
		s.setupRewards() // MOAE-SETUP-7, -8
	}
	if tr := s.data.Centipede; tr != nil {
		if s.CentiSize = s.sizeStart(); s.CentiSize < 0 { // MOAE-SETUP-2, MOAE-CENT-17, RISE-13
			return nil, fmt.Errorf("the centipede size track has no start for %d players", s.N)
		}
	}
	s.Active = s.RNG.IntN(s.N) // MOA1-SETUP-11
	if f := o["first"]; f != "" {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > s.N {
			return nil, fmt.Errorf("first=%q: want a seat number 1-%d", f, s.N)
		}
		s.Active = n - 1
	}
	s.FillFrom = s.Active
	s.push(Task{K: kSetup, Seat: -1, Hex: -1})
	s.advance()
	return s, nil
}

func parseInts(text string) ([]int, error) {
	if text == "" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Split(text, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// setupCards shuffles the deck (MOA1-SETUP-6), splitting off the centipede
// deck in the Uprising (MOA1-SOLO-2). A deck= option puts listed cards on top.
func (s *State) setupCards(front, cfront string) error {
	var deck, cdeck []int
	for id := 1; id <= 66; id++ {
		if s.Opt.Uprising && s.data.Card(id).Solo {
			cdeck = append(cdeck, id)
		} else {
			deck = append(deck, id)
		}
	}
	var err error
	if s.Deck, err = s.arrange(deck, front, "deck"); err != nil {
		return err
	}
	s.CDeck, err = s.arrange(cdeck, cfront, "cdeck")
	return err
}

func (s *State) arrange(pool []int, front, name string) ([]int, error) {
	s.RNG.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	want, err := parseInts(front)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	var top []int
	for _, id := range want {
		i := slices.Index(pool, id)
		if i < 0 {
			return nil, fmt.Errorf("%s: %d is not available or listed twice", name, id)
		}
		pool = slices.Delete(pool, i, i+1)
		top = append(top, id)
	}
	return append(top, pool...), nil
}

// setupHexes builds the hex stack: 2 random starting hexes per player on top
// of the shuffled standard hexes (MOA1-SETUP-7..9, MOA1-5P-1) with the New
// Frontiers hexes chosen by MOA1-NF-2.
func (s *State) setupHexes(front string) error {
	var starts, std, nf []int
	for n := 1; n <= s.rules.Tiles; n++ {
		switch s.data.Hex(n).Kind {
		case "start":
			starts = append(starts, n)
		case "nf", "beyond":
			nf = append(nf, n)
		default:
			std = append(std, n)
		}
	}
	shuffle := func(a []int) { s.RNG.Shuffle(len(a), func(i, j int) { a[i], a[j] = a[j], a[i] }) }
	shuffle(starts)
	shuffle(nf)
	k := 0
	switch {
	case s.rules.Beyond != nil:
		k = s.rules.Beyond(s.N)
	case s.Opt.Frontiers == "random":
		k = 2 + s.RNG.IntN(2)
	case s.Opt.Frontiers == "2":
		k = 2
	case s.Opt.Frontiers == "3":
		k = 3
	case s.Opt.Frontiers == "all":
		k = 5
	}
	if s.rules.Beyond == nil && (s.N >= 5 || s.Opt.Long) {
		k = 5 // MOA1-5P-5, MOA1-LONG-3
	}
	std = append(std, nf[:k]...)
	shuffle(std)
	ns := min(2*s.N, len(starts))
	if s.N == 1 {
		ns = 2 // MOA1-AMB-29: solo keeps 2 starting hexes on the stack
	}
	s.Stack = append(append([]int(nil), starts[:ns]...), std...)
	s.Spare = starts[ns:]
	want, err := parseInts(front)
	if err != nil {
		return fmt.Errorf("stack: %v", err)
	}
	var top []int
	for _, n := range want {
		i := slices.Index(s.Stack, n)
		if i < 0 {
			j := slices.Index(s.Spare, n)
			if j < 0 {
				return fmt.Errorf("stack: hex %d is not in play or listed twice", n)
			}
			s.Spare = slices.Delete(s.Spare, j, j+1)
		} else {
			s.Stack = slices.Delete(s.Stack, i, i+1)
		}
		top = append(top, n)
	}
	s.Stack = append(top, s.Stack...)
	return nil
}
