package march

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
)

//go:embed components_1e.json
var components1e []byte

// Resource codes printed on collection sites.
const (
	ResFood   = "f"  // 1 food
	ResLarva  = "l"  // 1 larva
	ResLarva2 = "l2" // 2 larvae
	ResCard   = "c"  // 1 card
	ResCP     = "p"  // 1 colony point
)

// Card types.
const (
	TypeEvent = "event"
	TypeEvo   = "evo"
	TypeGoal  = "goal"
)

// Body segments of Evolutions, in Nest order.
// segName names body segment i (0 head, 1 thorax, 2 abdomen).
func segName(i int) string {
	switch i {
	case 0:
		return "head"
	case 1:
		return "thorax"
	}
	return "abdomen"
}

// SiteData is one printed collection site.
type SiteData struct {
	Res     string `json:"res"`
	Control bool   `json:"control,omitempty"`
}

// HexData is one printed hex face.
type HexData struct {
	Num       int        `json:"n"`
	Name      string     `json:"name"`
	RU        string     `json:"ru"`
	Kind      string     `json:"kind"` // start, std, nf
	RawSites  []string   `json:"sites"`
	Tunnels   string     `json:"tunnels"` // six 0/1 flags: e, ne, nw, w, sw, se
	Worm      bool       `json:"worm,omitempty"`
	Centi     bool       `json:"centi,omitempty"`
	Effect    string     `json:"effect,omitempty"`
	PL        string     `json:"pl,omitempty"` // Polish name (Evolved)
	Sites     []SiteData `json:"-"`
	Control   int        `json:"-"` // index of the control site
	TunnelSet [6]bool    `json:"-"`
}

// CardData is one printed card.
type CardData struct {
	ID     int    `json:"id"`
	Type   string `json:"type"`
	Seg    string `json:"seg,omitempty"`
	Effect string `json:"effect"`
	Name   string `json:"name"`
	RU     string `json:"ru"`
	Cost   int    `json:"cost"`
	Pay    string `json:"pay,omitempty"` // "larvae": cost payable only with larvae; Evolved also "ants", "any"
	Fer    int    `json:"fer"`
	CP     int    `json:"cp,omitempty"`
	Solo   bool   `json:"solo,omitempty"`
	// Evolved edition
	PL     string `json:"pl,omitempty"`     // Polish name
	Counts string `json:"counts,omitempty"` // what a Colony Goal's tiers count (MOAE-GOAL-2)
	Tiers  []int  `json:"tiers,omitempty"`  // thresholds for 1, 2 and 3 CP
	Bonus  string `json:"bonus,omitempty"`  // a Colony Goal's immediate effect
}

// SegIndex is the segment index of an Evolution (0 head, 1 thorax, 2 abdomen).
func (c *CardData) SegIndex() int {
	for i := 0; i < 3; i++ {
		if segName(i) == c.Seg {
			return i
		}
	}
	return -1
}

// Data is the component set of one rule set: hexes, cards and the Great
// Tunnel's openings. It is read-only once loaded.
type Data struct {
	GT struct {
		Standard string `json:"standard"`
		Reverse  string `json:"reverse"`
	} `json:"gt"`
	Hexes []HexData  `json:"hexes"`
	Cards []CardData `json:"cards"`
	// The Evolved edition's components (empty in the 1st edition's file).
	Settings  *Settings    `json:"settings,omitempty"`
	Rest      []RestTile   `json:"rest,omitempty"`
	Rewards   []RewardTile `json:"rewards,omitempty"`
	Centipede *CentiTrack  `json:"centipede,omitempty"`
	Species   []Species    `json:"species,omitempty"` // Ancient Species (MOAE-ANC-1)
	Rise      *Rise        `json:"rise,omitempty"`    // Rise of the Centipedes (evolved_solo.go)
	// Amounts are the numbers each effect's text states, in the text's
	// order, by effect id; the effect code reads them from here (issue 13).
	Amounts map[string][]int `json:"amounts,omitempty"`
	hex     [29]*HexData     // by number; 25 hexes (1st edition) or 28 tiles
	card    [67]*CardData
}

// sharedData is each rule set's embedded components, parsed once (as in
// funants, micropolis and myrmes): a new or decoded game no longer parses
// the data file. Keyed by RuleSet.ID; ruleSet builds each with its
// embedded file.
var sharedData = map[string]func() (*Data, error){
	"1e":      sync.OnceValues(func() (*Data, error) { return Edition1().LoadData(components1e) }),
	"evolved": sync.OnceValues(func() (*Data, error) { return Evolved().LoadData(componentsEvolved) }),
}

// LoadData parses and checks a 1st edition component file against the
// rulebook's constraints (MOA1-DATA, §6).
func LoadData(b []byte) (*Data, error) { return Edition1().LoadData(b) }

// LoadData parses a component file of this rule set and checks it against
// the rulebook's constraints. Scenario scripts and tests load their own.
func (r *RuleSet) LoadData(b []byte) (*Data, error) {
	d := &Data{}
	if err := json.Unmarshal(b, d); err != nil {
		return nil, fmt.Errorf("march data: %w", err)
	}
	if len(d.Hexes) != r.Tiles || len(d.Cards) != 66 {
		return nil, fmt.Errorf("march data: want %d tiles and 66 cards, got %d and %d", r.Tiles, len(d.Hexes), len(d.Cards))
	}
	es := r.effects
	starts := 0
	for i := range d.Hexes {
		h := &d.Hexes[i]
		if h.Num < 1 || h.Num > r.Tiles || d.hex[h.Num] != nil {
			return nil, fmt.Errorf("march data: bad or repeated hex number %d", h.Num)
		}
		d.hex[h.Num] = h
		if h.Kind == "start" {
			starts++
		}
		if err := r.TileKind(h.Num, h.Kind); err != nil {
			return nil, fmt.Errorf("march data: hex %d: %v", h.Num, err)
		}
		if _, ok := es[h.Effect]; h.Effect != "" && es != nil && !ok {
			return nil, fmt.Errorf("march data: hex %d: unknown effect %q", h.Num, h.Effect)
		}
		h.Control = -1
		for j, raw := range h.RawSites {
			s := SiteData{Res: strings.TrimSuffix(raw, "*"), Control: strings.HasSuffix(raw, "*")}
			switch s.Res {
			case ResFood, ResLarva, ResLarva2, ResCard, ResCP:
			default:
				return nil, fmt.Errorf("march data: hex %d: unknown resource %q", h.Num, raw)
			}
			if s.Control {
				if h.Control >= 0 {
					return nil, fmt.Errorf("march data: hex %d has two control sites (MOA1-HEX-6)", h.Num)
				}
				h.Control = j
			}
			h.Sites = append(h.Sites, s)
		}
		if h.Control < 0 {
			return nil, fmt.Errorf("march data: hex %d has no control site (MOA1-HEX-6)", h.Num)
		}
		t, err := parseEdges(h.Tunnels)
		if err != nil || t == [6]bool{} {
			return nil, fmt.Errorf("march data: hex %d needs 1-6 tunnel openings as six 0/1 flags", h.Num)
		}
		h.TunnelSet = t
	}
	if starts != r.StartTiles {
		return nil, fmt.Errorf("march data: want %d starting hexes, got %d", r.StartTiles, starts)
	}
	for i := range d.Cards {
		c := &d.Cards[i]
		if c.ID < 1 || c.ID > 66 || d.card[c.ID] != nil {
			return nil, fmt.Errorf("march data: bad or repeated card id %d", c.ID)
		}
		if c.Type == TypeEvo && c.SegIndex() < 0 {
			return nil, fmt.Errorf("march data: card %d: Evolution without a segment", c.ID)
		}
		if _, ok := es[c.Effect]; es != nil && !ok {
			return nil, fmt.Errorf("march data: card %d: unknown effect %q", c.ID, c.Effect)
		}
		d.card[c.ID] = c
	}
	for _, s := range []string{d.GT.Standard, d.GT.Reverse} {
		if _, err := parseEdges(s); err != nil && (s != "" || r.ReverseGT) {
			return nil, fmt.Errorf("march data: Great Tunnel openings: %v", err)
		}
	}
	if r.Check != nil {
		if err := r.Check(d); err != nil {
			return nil, fmt.Errorf("march data: %w", err)
		}
	}
	if err := r.checkAmounts(d); err != nil {
		return nil, fmt.Errorf("march data: %w", err)
	}
	return d, nil
}

// checkAmounts checks that every effect the data names has exactly the
// amounts its code reads, each at least 1 and equal to what the code
// supports where it supports one value only, and no amounts for effects
// the data does not name.
func (r *RuleSet) checkAmounts(d *Data) error {
	used := map[string]bool{}
	for _, h := range d.Hexes {
		if h.Effect != "" {
			used[h.Effect] = true
		}
	}
	for _, c := range d.Cards {
		used[c.Effect] = true
	}
	var errs []error
	for id := range used {
		e, ok := r.effects[id]
		if !ok {
			continue // unknown ids were refused above
		}
		got := d.Amounts[id]
		if len(got) != len(e.amounts) {
			errs = append(errs, fmt.Errorf("effect %q: want %d amounts, got %v", id, len(e.amounts), got))
			continue
		}
		for i, want := range e.amounts {
			if got[i] < 1 || (want != free && got[i] != want) {
				errs = append(errs, fmt.Errorf("effect %q: amount %d is %d; the code supports %s", id, i+1, got[i], supports(want)))
			}
		}
	}
	for id := range d.Amounts {
		if !used[id] {
			errs = append(errs, fmt.Errorf("amounts for effect %q, which no card or tile names", id))
		}
	}
	return errors.Join(errs...)
}

func supports(want int) string {
	if want == free {
		return "any value of at least 1"
	}
	return fmt.Sprintf("only %d", want)
}

func parseEdges(s string) ([6]bool, error) {
	var t [6]bool
	if len(s) != 6 {
		return t, fmt.Errorf("want six 0/1 flags, got %q", s)
	}
	for i := 0; i < 6; i++ {
		switch s[i] {
		case '1':
			t[i] = true
		case '0':
		default:
			return t, fmt.Errorf("want six 0/1 flags, got %q", s)
		}
	}
	return t, nil
}

// Hex returns the face of hex n (1-25, Evolved 1-28).
func (d *Data) Hex(n int) *HexData { return d.hex[n] }

// sameName counts the cards called name.
func (d *Data) sameName(name string) int {
	n := 0
	for _, c := range d.card {
		if c != nil && c.Name == name {
			n++
		}
	}
	return n
}

// Card returns card id (1-66).
func (d *Data) Card(id int) *CardData { return d.card[id] }
