package myrmes

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"formica/engine"
)

//go:embed data/myrmes.json
var defaultData []byte

// defaultBoard is the embedded component data, parsed once: it is immutable
// and shared by every state.
var defaultBoard = sync.OnceValues(func() (*board, error) { return loadBoard(defaultData) })

// Terrains of garden spaces (CD-1): what a pheromone on them yields.
const (
	Food     = 'F'
	Earth    = 'E'
	Stone    = 'S'
	Mushroom = 'M' // barren (MYR-PHER-4)
	Water    = 'W' // never entered nor covered (MYR-MOVE-3, MYR-PHER-3)
	Prey     = 'P' // a prey space: barren once its prey is caught (DESIGN.md)
)

// Cube kinds in a storeroom or on a pheromone.
const (
	cFood = iota
	cEarth
	cStone
)

var cubeNames = [3]string{"food", "earth", "stone"}

type shapeData struct {
	ID    string   `json:"id"`
	Hexes [][2]int `json:"hexes"` // axial (q, r) offsets
	VP    int      `json:"vp"`
	Count int      `json:"count"`
	rots  [][][2]int
}

type specialData struct {
	ID    string `json:"id"`
	Level int    `json:"level"`
	Cost  [3]int `json:"cost"` // food, earth, stone
	VP    int    `json:"vp"`
	Pool  string `json:"pool"`
}

type preyData struct {
	ID       string `json:"id"`
	Count    int    `json:"count"`
	Soldiers int    `json:"soldiers"`
	Food     int    `json:"food"`
	VP       int    `json:"vp"`
}

type objectiveData struct {
	ID    string `json:"id"`
	Level int    `json:"level"`
	Kind  string `json:"kind"`
	N     int    `json:"n"`
	Same  string `json:"same"` // a copy of another tile's requirement
}

type rawData struct {
	Garden struct {
		Terrain []string            `json:"terrain"`
		Players []string            `json:"players"`
		Starts  map[string][]string `json:"starts"`
	} `json:"garden"`
	Events     []string        `json:"events"`
	Faces      []string        `json:"faces"`
	Sizes      []int           `json:"sizes"`
	HexTop     int             `json:"hexTop"`
	Pheromones []shapeData     `json:"pheromones"`
	Specials   []specialData   `json:"specials"`
	Pools      map[string]int  `json:"pools"`
	Prey       []preyData      `json:"prey"`
	Objectives []objectiveData `json:"objectives"`
}

// board is the static component data: the garden graph and the tiles. It is
// shared by every state and never serialized.
type board struct {
	rawData
	cells   []gcell
	byLabel map[string]int
	byAxial map[[2]int]int
	// grid is byAxial as a dense table (cell+1 at (q-minQ)*rows+r-minR, 0
	// none): cover asks it for every hex of every shape it tries.
	grid               []int16
	minQ, minR, gq, gr int
	faces              []int // die face-1 -> event index
	starts             map[int][]int
	nums               []map[string]string // {"n": "0"}, {"n": "1"}...: shared, read-only option arguments
	at                 []map[string]string // {"cell": "c3"} per space: shared, read-only option arguments
	// numOpts are the options 0, 1, 2... of a count step by label key,
	// and eventKeys the label key of each event: built once, shared and
	// read-only, so a step lists them without allocating.
	nurseOpts, tradeOpts []engine.Option // "myr.opt.nurses", "myr.opt.trades"
	eventKeys            []string
	// Shared and read-only too, each capped so an append copies: the
	// default answers that never vary (Pending lists one per prompt) and
	// the steps of "pref <name> on|off".
	eventDefaults              []engine.Path // by event
	birthsDefault, stopDefault engine.Path
	skipDefault, noneDefault   engine.Path
	roomDefault                engine.Path
	outDefaults                []engine.Path // "out <space>" by space
	prefOpts, prefNameOpts     []engine.Option
	onOffOpts                  []engine.Option
	// playerArgs are the arguments {"player": "P1"}... of events that
	// name only their player, by seat: shared and read-only, like every
	// event's arguments (readers copy them to localize).
	playerArgs []map[string]string
	// eventSetKeys are the events of setting each event (myr.event_set.*).
	eventSetKeys []string
}

type gcell struct {
	Label   string
	Col     int
	Row     int
	Q, R    int
	Terrain byte
	Min     int // fewest players with which the space is used (MYR-PC-2, MYR-PC-3)
	Adj     []int
}

// axial returns the space at axial (q, r), as byAxial does.
func (b *board) axial(q, r int) (int, bool) {
	q, r = q-b.minQ, r-b.minR
	if q < 0 || r < 0 || q >= b.gq || r >= b.gr {
		return 0, false
	}
	c := int(b.grid[q*b.gr+r]) - 1
	return c, c >= 0
}

var axialDirs = [6][2]int{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

func loadBoard(data []byte) (*board, error) {
	b := &board{}
	if err := json.Unmarshal(data, &b.rawData); err != nil {
		return nil, fmt.Errorf("myrmes data: %w", err)
	}
	g := b.Garden
	if len(g.Terrain) == 0 || len(g.Terrain) != len(g.Players) {
		return nil, fmt.Errorf("myrmes data: terrain and players grids differ")
	}
	b.byLabel = map[string]int{}
	b.byAxial = map[[2]int]int{}
	for row, line := range g.Terrain {
		if len(line) != len(g.Players[row]) || len(line) > 26 {
			return nil, fmt.Errorf("myrmes data: row %d has a bad length", row+1)
		}
		for col := 0; col < len(line); col++ {
			t := line[col]
			if !slices.Contains([]byte{Food, Earth, Stone, Mushroom, Water, Prey}, t) {
				return nil, fmt.Errorf("myrmes data: row %d: unknown terrain %q", row+1, t)
			}
			q := col - (row-(row&1))/2
			c := gcell{
				Label: string(rune('a'+col)) + strconv.Itoa(row+1),
				Col:   col, Row: row, Q: q, R: row, Terrain: t,
				Min: int(g.Players[row][col] - '0'),
			}
			b.byLabel[c.Label] = len(b.cells)
			b.byAxial[[2]int{q, row}] = len(b.cells)
			b.cells = append(b.cells, c)
		}
	}
	b.minQ, b.minR = b.cells[0].Q, b.cells[0].R
	maxQ, maxR := b.minQ, b.minR
	for _, c := range b.cells {
		b.minQ, b.minR, maxQ, maxR = min(b.minQ, c.Q), min(b.minR, c.R), max(maxQ, c.Q), max(maxR, c.R)
	}
	b.gq, b.gr = maxQ-b.minQ+1, maxR-b.minR+1
	b.grid = make([]int16, b.gq*b.gr)
	for i, c := range b.cells {
		b.grid[(c.Q-b.minQ)*b.gr+c.R-b.minR] = int16(i + 1)
	}
	for i := range b.cells {
		b.at = append(b.at, map[string]string{"cell": b.cells[i].Label})
		c := &b.cells[i]
		for _, d := range axialDirs {
			if j, ok := b.byAxial[[2]int{c.Q + d[0], c.R + d[1]}]; ok {
				c.Adj = append(c.Adj, j)
			}
		}
	}
	for n := range 64 {
		b.nums = append(b.nums, map[string]string{"n": strconv.Itoa(n)})
	}
	for n := range b.nums {
		b.nurseOpts = append(b.nurseOpts, engine.Option{Code: strconv.Itoa(n), Key: "myr.opt.nurses", Args: b.nums[n]})
		b.tradeOpts = append(b.tradeOpts, engine.Option{Code: strconv.Itoa(n), Key: "myr.opt.trades", Args: b.nums[n]})
	}
	for _, id := range b.Events {
		b.eventKeys = append(b.eventKeys, "myr.opt.event."+id)
		b.eventDefaults = append(b.eventDefaults, engine.Path{id})
		b.eventSetKeys = append(b.eventSetKeys, "myr.event_set."+id)
	}
	b.birthsDefault = engine.Path{"0", "0", "0", "0"}
	for _, c := range b.cells {
		b.outDefaults = append(b.outDefaults, engine.Path{"out", c.Label})
	}
	b.stopDefault, b.skipDefault, b.noneDefault, b.roomDefault = engine.Path{"stop"}, engine.Path{"skip"}, engine.Path{"0"}, engine.Path{"r0"}
	b.prefOpts = []engine.Option{{Code: "pref", Key: "myr.opt.pref"}}
	for i, n := range prefNames {
		b.prefNameOpts = append(b.prefNameOpts, engine.Option{Code: n, Key: prefKeys[i]})
	}
	b.prefNameOpts = slices.Clip(b.prefNameOpts)
	b.onOffOpts = []engine.Option{{Code: "on"}, {Code: "off"}}
	for s := range engine.Seat(4) {
		b.playerArgs = append(b.playerArgs, map[string]string{"player": s.String()})
	}
	b.starts = map[int][]int{}
	for k, labels := range g.Starts {
		n, err := strconv.Atoi(k)
		if err != nil || n < 2 || n > 4 || len(labels) != n {
			return nil, fmt.Errorf("myrmes data: starts %q must list %s start spaces", k, k)
		}
		for _, l := range labels {
			i, ok := b.byLabel[l]
			if !ok || b.cells[i].Terrain == Water || b.cells[i].Terrain == Prey || b.cells[i].Min > n {
				return nil, fmt.Errorf("myrmes data: start space %q is not a usable space", l)
			}
			b.starts[n] = append(b.starts[n], i)
		}
	}
	for n := 2; n <= 4; n++ {
		if len(b.starts[n]) != n {
			return nil, fmt.Errorf("myrmes data: no start spaces for %d players", n)
		}
	}
	for _, f := range b.Faces {
		i := slices.Index(b.Events, f)
		if i < 0 {
			return nil, fmt.Errorf("myrmes data: die face %q is no event", f)
		}
		b.faces = append(b.faces, i)
	}
	for _, e := range eventIDs {
		if !slices.Contains(b.Events, e) {
			return nil, fmt.Errorf("myrmes data: event %q missing from the track", e)
		}
	}
	if len(b.Sizes) != 4 {
		return nil, fmt.Errorf("myrmes data: sizes must give the largest pheromone for levels 0-3")
	}
	total := 0
	for i := range b.Pheromones {
		s := &b.Pheromones[i]
		total += s.Count
		s.rots = rotations(s.Hexes)
	}
	if total != 17 {
		return nil, fmt.Errorf("myrmes data: %d pheromone tiles per player, want 17 (CD-3)", total)
	}
	prey := 0
	for _, p := range b.Prey {
		prey += p.Count
	}
	if prey != 18 {
		return nil, fmt.Errorf("myrmes data: %d prey tokens, want 18 (MYR-SETUP-5)", prey)
	}
	if len(b.Objectives) != 20 {
		return nil, fmt.Errorf("myrmes data: %d objectives, want 20 (CD-6)", len(b.Objectives))
	}
	return b, nil
}

// rotations lists the six rotations of a polyhex (AMB-10: no mirroring),
// each normalized so that equal cell sets compare equal.
func rotations(hexes [][2]int) [][][2]int {
	var out [][][2]int
	cur := slices.Clone(hexes)
	for range 6 {
		out = append(out, slices.Clone(cur))
		for i, h := range cur {
			cur[i] = [2]int{-h[1], h[0] + h[1]}
		}
	}
	return out
}

func (b *board) event(id string) int { return slices.Index(b.Events, id) }

func (b *board) special(id string) int {
	return slices.IndexFunc(b.Specials, func(s specialData) bool { return s.ID == id })
}

func (b *board) shape(id string) int {
	return slices.IndexFunc(b.Pheromones, func(s shapeData) bool { return s.ID == id })
}

// eventIDs are the eight events the rulebook names (MYR-EFF-1..8).
var eventIDs = []string{"larvae", "worker", "soldier", "level", "move", "hex", "harvest", "vp"}
