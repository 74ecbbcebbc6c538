package funants

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"formica/engine"
)

// Scenarios (FUN-SETUP-7, §13.3).
const (
	Classic       = "classic"
	ClassicTeams  = "classic-teams"
	Pyramids      = "pyramids"
	PyramidsTeams = "pyramids-teams"
)

// Game is the Fun Ants descriptor.
var Game = &engine.Descriptor{
	ID:   "funants",
	Name: "Fun Ants",
	Options: []engine.OptionSpec{
		{Name: "scenario", Values: []string{Classic, ClassicTeams, Pyramids, PyramidsTeams}, Rule: "FUN-SETUP-7"},
		{Name: "layout", Values: []string{"adjacent", "diagonal"}, Rule: "FUN-SEAT-1"},
		{Name: "allies", Values: []string{"diagonal", "adjacent"}, Rule: "FUN-SEAT-3"},
		// Free-text options that fix a starting position (scenario scripts).
		{Name: "anthills", Rule: "FUN-SETUP-8"}, // "nw,se": anthill per seat
		{Name: "deck"},                          // "1,2,3": top of the deck, dealt first
		{Name: "tokens"},                        // "4,9": starting tokens per seat
		{Name: "ants"},                          // "1w:c1,2s:e1": ants already on the board
		{Name: "captured"},                      // Pyramids: "2,0": levels each seat already took from the next seat
	},
	Seats: func(s engine.Setup) (int, int) {
		if teams(s.Options["scenario"]) {
			return 4, 4 // FUN-WIN-2, FUN-WIN-4
		}
		return 2, 4 // FUN-SETUP-1
	},
	New:    newGame,
	Decode: decode,
}

func teams(scenario string) bool { return scenario == ClassicTeams || scenario == PyramidsTeams }
func pyramids(scenario string) bool {
	return scenario == Pyramids || scenario == PyramidsTeams
}

// seatAnthills gives each seat its anthill, clockwise from nw (FUN-SEAT-1..3).
func seatAnthills(s engine.Setup, b *board) ([]int, error) {
	if txt := strings.TrimSpace(s.Options["anthills"]); txt != "" {
		parts := strings.Split(txt, ",")
		if len(parts) != s.Seats {
			return nil, fmt.Errorf("anthills=%q names %d anthills for %d players", txt, len(parts), s.Seats)
		}
		var out []int
		for _, p := range parts {
			a := b.anthillIndex(strings.TrimSpace(p))
			if a < 0 {
				return nil, fmt.Errorf("anthills: unknown anthill %q (use nw, ne, se, sw)", p)
			}
			for _, o := range out {
				if o == a {
					return nil, fmt.Errorf("anthills: %q chosen twice", p)
				}
			}
			out = append(out, a)
		}
		return out, nil
	}
	switch {
	case s.Seats == 2 && s.Options["layout"] == "diagonal":
		return []int{0, 2}, nil
	case s.Seats == 2:
		return []int{0, 1}, nil
	case s.Seats == 3:
		return []int{0, 1, 2}, nil
	default:
		return []int{0, 1, 2, 3}, nil
	}
}

func newGame(s engine.Setup) (engine.State, error) {
	b, err := sharedBoard()
	if err != nil {
		return nil, err
	}
	g := &state{b: b, Scenario: s.Options["scenario"], RNG: engine.NewRNG(s.Seed)}
	hills, err := seatAnthills(s, b)
	if err != nil {
		return nil, err
	}
	start := 4 // FUN-SETUP-3
	if pyramids(g.Scenario) {
		start = 5 // FUN-WIN-3, FUN-WIN-4
	}
	for seat := 0; seat < s.Seats; seat++ {
		p := player{Anthill: hills[seat], Team: seat, Tokens: start}
		if teams(g.Scenario) {
			// Allies share a team number (FUN-SEAT-3): diagonal P1+P3, adjacent P1+P2.
			if s.Options["allies"] == "adjacent" {
				p.Team = seat / 2
			} else {
				p.Team = seat % 2
			}
		}
		if pyramids(g.Scenario) {
			p.Levels = []Level{{Colour: seat, Size: 0}, {Colour: seat, Size: 1}, {Colour: seat, Size: 2}} // FUN-SETUP-9
		}
		g.Players = append(g.Players, p)
	}
	if txt := s.Options["tokens"]; txt != "" {
		parts := strings.Split(txt, ",")
		if len(parts) != s.Seats {
			return nil, fmt.Errorf("tokens=%q: want one number per player", txt)
		}
		for i, p := range parts {
			n, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("tokens: %q is not a token count", p)
			}
			g.Players[i].Tokens = n
		}
	}
	// Board tokens on the 8 resource cells (FUN-SETUP-5).
	g.Token = make([]bool, len(b.Cells))
	for i := range b.Cells {
		g.Token[i] = b.resource(i)
	}
	// Shuffle, then move any fixed top cards to the front (FUN-SETUP-6).
	for id := 1; id < len(b.cards); id++ {
		g.Deck = append(g.Deck, id)
	}
	g.RNG.Shuffle(len(g.Deck), func(i, j int) { g.Deck[i], g.Deck[j] = g.Deck[j], g.Deck[i] })
	if txt := s.Options["deck"]; txt != "" {
		var top []int
		for _, p := range strings.Split(txt, ",") {
			id, err := strconv.Atoi(strings.TrimSpace(p))
			if err != nil || id < 1 || id > 40 {
				return nil, fmt.Errorf("deck: %q is not a card id 1-40", p)
			}
			for _, t := range top {
				if t == id {
					return nil, fmt.Errorf("deck: card %d named twice", id)
				}
			}
			top = append(top, id)
		}
		rest := []int{}
		for _, id := range g.Deck {
			if !containsInt(top, id) {
				rest = append(rest, id)
			}
		}
		g.Deck = append(top, rest...)
	}
	for seat := range g.Players {
		g.draw(seat, 4)
	}
	if txt := s.Options["captured"]; txt != "" {
		if err := g.preCapture(txt); err != nil {
			return nil, err
		}
	}
	if txt := s.Options["ants"]; txt != "" {
		if err := g.placeStart(txt); err != nil {
			return nil, err
		}
	}
	g.startTurn(0) // the first seat is the youngest player (FUN-SETUP-10)
	g.settle()     // a scripted position may start with a battle
	g.ev = nil
	return g, nil
}

// placeStart reads "1w:c1,2s:e1" (seat number, kind, cell).
func (g *state) placeStart(txt string) error {
	for _, item := range strings.Split(txt, ",") {
		who, cell, ok := strings.Cut(strings.TrimSpace(item), ":")
		if !ok || len(who) < 2 {
			return fmt.Errorf("ants: %q: want seat+kind:cell, e.g. 1w:c1", item)
		}
		seat, err := strconv.Atoi(who[:len(who)-1])
		kind := who[len(who)-1:]
		if err != nil || seat < 1 || seat > len(g.Players) || (kind != Worker && kind != Soldier) {
			return fmt.Errorf("ants: %q: want seat 1-%d and kind w or s", item, len(g.Players))
		}
		c, ok := g.b.cellIndex(cell)
		if !ok {
			return fmt.Errorf("ants: unknown cell %q", cell)
		}
		if g.supply(seat-1, kind) == 0 {
			return fmt.Errorf("ants: player %d has no %s left", seat, kind)
		}
		g.Token[c] = false
		g.addAnt(seat-1, kind, c)
	}
	return nil
}

// preCapture reads "2,0": seat i has already taken that many levels from
// seat i+1 (Pyramids scenario scripts and short random runs).
func (g *state) preCapture(txt string) error {
	if !pyramids(g.Scenario) {
		return fmt.Errorf("captured= needs a Pyramids scenario")
	}
	parts := strings.Split(txt, ",")
	if len(parts) != len(g.Players) {
		return fmt.Errorf("captured=%q: want one number per player", txt)
	}
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		q := (i + 1) % len(g.Players)
		if err != nil || n < 0 || n > len(g.Players[q].Levels) || n > 2 || (n > 0 && !g.opponents(i, q)) {
			return fmt.Errorf("captured: %q for player %d is not possible", p, i+1)
		}
		for range n {
			lv := g.Players[q].Levels
			g.Players[i].Captured = append(g.Players[i].Captured, lv[len(lv)-1])
			g.Players[q].Levels = lv[:len(lv)-1]
		}
	}
	return nil
}

func decode(data []byte) (engine.State, error) {
	b, err := sharedBoard()
	if err != nil {
		return nil, err
	}
	g := &state{}
	if err := json.Unmarshal(data, g); err != nil {
		return nil, fmt.Errorf("funants: decode state: %w", err)
	}
	if g.RNG == nil || len(g.Players) < 2 || len(g.Token) != len(b.Cells) {
		return nil, fmt.Errorf("funants: decode state: incomplete state")
	}
	g.b = b
	g.ordering = g.Winners == nil && g.Fight == nil && len(g.battles()) > 1
	return g, nil
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
