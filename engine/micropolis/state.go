package micropolis

import (
	"encoding/json"
	"slices"

	"formica/engine"
)

// Phases.
const (
	phaseTurn    = "turn"    // the current player takes and places a tile
	phaseGeneral = "general" // the general chooses who gets the token (MIC-GEN-3)
	phaseOver    = "over"
)

type rowTile struct {
	ID       int `json:"id"`
	Soldiers int `json:"soldiers"`
}

// hill is one anthill: the army on its base and the ring of 10 slots.
type hill struct {
	Army  int             `json:"army"`
	Slots [ringSize]int16 `json:"slots"` // tile id, 0 = empty (small: every answer clones every anthill)
	Order [ringSize]int16 `json:"order"` // placement order from 1
	Full  [ringSize]bool  `json:"full"`  // the barracks on that slot is full
	Count int             `json:"count"`
}

type player struct {
	Arch  int    `json:"arch"` // architect tokens held
	Hills []hill `json:"hills"`
}

// cand is an anthill that may receive the general token.
type cand struct {
	Seat int `json:"seat"`
	Hill int `json:"hill"`
}

// state is the whole game. Everything is public except Stack's order.
type state struct {
	Variant     string         `json:"variant"`
	GenRule     string         `json:"genrule"`
	N           int            `json:"n"`
	Row         []rowTile      `json:"row"`
	Stack       []int          `json:"stack"` // top first
	Supply      int            `json:"supply"`
	ArchSupply  int            `json:"arch_supply"`
	Players     []player       `json:"players"`
	General     int            `json:"general"`
	GeneralHill int            `json:"general_hill"`
	Round       int            `json:"round"`
	Turns       int            `json:"turns"` // turns played this round
	Current     int            `json:"current"`
	Phase       string         `json:"phase"`
	Cands       []cand         `json:"cands,omitempty"`
	Last        *LastTurn      `json:"last,omitempty"`
	Res         *engine.Result `json:"result,omitempty"`
	Final       *Final         `json:"final,omitempty"`
	RNG         *engine.RNG    `json:"rng"`

	tiles []Tile // immutable component data, shared between clones
}

func (s *state) hillsPer() int {
	if s.Variant == TwoHills {
		return 2
	}
	return 1
}

func (s *state) rounds() int { return ringSize * s.hillsPer() }

func (s *state) tile(id int) *Tile { return &s.tiles[id-1] }

func (s *state) Result() *engine.Result { return s.Res }

func (s *state) MarshalBinary() ([]byte, error) { return json.Marshal(s) }

func (s *state) Clone() engine.State {
	c := *s
	c.Row = slices.Clone(s.Row)
	// Shared: Apply only takes tiles off the front of the stack, and
	// Determinize, which shuffles it, copies it first.
	c.Stack = slices.Clip(s.Stack)
	c.Players = make([]player, len(s.Players))
	// Every player's anthills in one allocation (Clone runs once per
	// answer); each part capped at its length, so an append copies it out.
	n := 0
	for _, p := range s.Players {
		n += len(p.Hills)
	}
	hills := make([]hill, 0, n)
	for i, p := range s.Players {
		k := len(hills)
		hills = append(hills, p.Hills...)
		c.Players[i] = player{Arch: p.Arch, Hills: hills[k:len(hills):len(hills)]}
	}
	c.Cands = slices.Clip(s.Cands) // shared: only ever replaced whole
	if s.Res != nil {
		r := *s.Res
		r.Scores, r.Rank, r.Detail = slices.Clone(r.Scores), slices.Clone(r.Rank), slices.Clone(r.Detail)
		c.Res = &r
	}
	// Last is replaced whole by every turn, and Final built once at game
	// end, never mutated: sharing them is safe.
	c.RNG = s.RNG.Clone()
	return &c
}

func (s *state) Pending() []engine.Prompt {
	switch s.Phase {
	case phaseTurn:
		return []engine.Prompt{{Seat: engine.Seat(s.Current), Kind: "turn", Rule: "MIC-TURN-1"}}
	case phaseGeneral:
		return []engine.Prompt{{Seat: engine.Seat(s.General), Kind: "general", Rule: "MIC-GEN-3"}}
	}
	return nil
}

// open lists the slots where h's next tile may go (MIC-PLACE-1, MIC-PLACE-2,
// MIC-GEO-5): any slot for the first tile, else the empty slots next to a tile.
func (h *hill) open() []int {
	out := make([]int, 0, ringSize)
	for i := 0; i < ringSize; i++ {
		if h.Slots[i] != 0 {
			continue
		}
		if h.Count == 0 || h.Slots[(i+ringSize-1)%ringSize] != 0 || h.Slots[(i+1)%ringSize] != 0 {
			out = append(out, i)
		}
	}
	return out
}

func (h *hill) complete() bool { return h.Count == ringSize }

// armyGain adds n soldiers to army, capped at 10 (MIC-ARMY-2); it returns the
// new army and the surplus, which goes to the supply.
func armyGain(army, n int) (int, int) {
	army += n
	if army > maxArmy {
		return maxArmy, army - maxArmy
	}
	return army, 0
}

func hillLabel(h int) string { return string(rune('a' + h)) }

// Standing implements engine.Progress: the round and, from the public
// anthills, what everyone would score if the game ended now (MIC-SCORE).
func (s *state) Standing() engine.Standing {
	st := engine.Standing{Round: min(s.Round, s.rounds()), Rounds: s.rounds(), Projected: s.Res == nil}
	if s.Res != nil {
		st.Scores = slices.Clone(s.Res.Scores)
	} else {
		st.Scores = s.projected() // as finish would count them, without copying the state
	}
	return st
}
