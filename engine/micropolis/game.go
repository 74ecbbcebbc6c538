package micropolis

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"formica/engine"
)

// Setup option names and values.
const (
	OptVariant = "variant" // classic | twohills (MIC-ADV-1)
	OptGeneral = "general" // literal | largest: who contends for the general token (MIC-AMB-8)
	OptTiles   = "tiles"   // scenario: tile ids in draw order, e.g. "12,5,7" (the rest shuffled after them)
	OptFirst   = "first"   // first player (MIC-SETUP-6, MIC-AMB-23): "2", or "2b" for anthill b in twohills

	Classic  = "classic"
	TwoHills = "twohills"
	Literal  = "literal"
	Largest  = "largest"
)

// Game is the Micropolis descriptor.
var Game = &engine.Descriptor{
	ID:   "micropolis",
	Name: "Micropolis",
	Options: []engine.OptionSpec{
		{Name: OptVariant, Values: []string{Classic, TwoHills}, Rule: "MIC-ADV-1"},
		{Name: OptGeneral, Values: []string{Literal, Largest}, Rule: "MIC-GEN-3"},
		{Name: OptTiles, Rule: "MIC-SETUP-4"},
		{Name: OptFirst, Default: "1", Rule: "MIC-SETUP-6"},
	},
	Seats: func(s engine.Setup) (int, int) {
		if s.Options[OptVariant] == TwoHills {
			return 2, 3 // MIC-ADV-1
		}
		return 2, 6 // MIC-SETUP-1
	},
	New:    newState,
	Decode: decode,
}

const (
	startArmy  = 5  // MIC-SETUP-2
	maxArmy    = 10 // MIC-ARMY-2
	soldiers   = 45 // MIC-SETUP-3, MIC-ARMY-4
	architects = 2
	rowSize    = 7 // MIC-SETUP-5
)

func newState(setup engine.Setup) (engine.State, error) {
	tiles, err := defaultTiles()
	if err != nil {
		return nil, err
	}
	s := &state{
		Variant:    setup.Options[OptVariant],
		GenRule:    setup.Options[OptGeneral],
		N:          setup.Seats,
		ArchSupply: architects,
		RNG:        engine.NewRNG(setup.Seed),
		Round:      1,
		Phase:      phaseTurn,
		tiles:      tiles,
	}
	if s.Variant == "" {
		s.Variant = Classic
	}
	if s.GenRule == "" {
		s.GenRule = Literal
	}
	nh := s.hillsPer()
	s.Players = make([]player, s.N)
	for i := range s.Players {
		s.Players[i].Hills = make([]hill, nh)
		for h := range s.Players[i].Hills {
			s.Players[i].Hills[h].Army = startArmy
		}
	}
	s.Supply = soldiers - startArmy*nh*s.N // MIC-SETUP-8, MIC-ADV-4
	bag, err := bagOrder(setup.Options[OptTiles], s.RNG)
	if err != nil {
		return nil, err
	}
	for _, id := range bag[:rowSize] {
		s.Row = append(s.Row, rowTile{ID: id})
	}
	s.Stack = bag[rowSize:]
	s.General, s.GeneralHill, err = parseFirst(setup.Options[OptFirst], s.N, nh)
	if err != nil {
		return nil, err
	}
	s.Current = s.General
	return s, nil
}

// bagOrder shuffles the 61 tiles (MIC-SETUP-4); a scenario's listed ids come
// first, in order, and the rest follow shuffled.
func bagOrder(spec string, rng *engine.RNG) ([]int, error) {
	var first []int
	seen := make([]bool, tileCount+1)
	if spec = strings.TrimSpace(spec); spec != "" {
		for _, f := range strings.Split(spec, ",") {
			id, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || id < 1 || id > tileCount {
				return nil, fmt.Errorf("option tiles: %q is not a tile id 1..%d", f, tileCount)
			}
			if seen[id] {
				return nil, fmt.Errorf("option tiles: tile %d listed twice", id)
			}
			seen[id] = true
			first = append(first, id)
		}
	}
	var rest []int
	for id := 1; id <= tileCount; id++ {
		if !seen[id] {
			rest = append(rest, id)
		}
	}
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	return append(first, rest...), nil
}

// parseFirst reads the first player ("1".."6", 1-based) and, in the
// two-anthill variant, the anthill of the general token ("2b").
func parseFirst(spec string, n, nh int) (seat, h int, err error) {
	spec = strings.ToLower(strings.TrimSpace(spec))
	if spec == "" {
		return 0, 0, nil
	}
	if last := spec[len(spec)-1]; last == 'a' || last == 'b' {
		h = int(last - 'a')
		spec = spec[:len(spec)-1]
		if h >= nh {
			return 0, 0, fmt.Errorf("option first: anthill b exists only in the twohills variant")
		}
	}
	p, err := strconv.Atoi(spec)
	if err != nil || p < 1 || p > n {
		return 0, 0, fmt.Errorf("option first: want a player number 1..%d (optionally followed by a or b), got %q", n, spec)
	}
	return p - 1, h, nil
}

func decode(data []byte) (engine.State, error) {
	tiles, err := defaultTiles()
	if err != nil {
		return nil, err
	}
	s := &state{}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("micropolis: decode state: %w", err)
	}
	if s.RNG == nil || s.N < 2 || len(s.Players) != s.N {
		return nil, fmt.Errorf("micropolis: decode state: incomplete state")
	}
	s.tiles = tiles
	return s, nil
}
