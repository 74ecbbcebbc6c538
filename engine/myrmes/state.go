package myrmes

import (
	"encoding/json"
	"slices"
	"strings"

	"formica/engine"
)

// Phase is where the season stands.
type Phase int

// Phases of a year (MYR-STRUCT-4, MYR-WIN).
const (
	PhaseBirths  Phase = iota // event and nurse placement, simultaneous and sealed
	PhaseCap                  // births above the 8-figure cap: which ants to take (AMB-5)
	PhaseWorkers              // turn order
	PhaseHarvest              // simultaneous and sealed
	PhaseAtelier              // turn order
	PhaseKeep                 // end of season: storeroom limit, simultaneous and sealed
	PhaseWinter               // simultaneous and sealed
	PhaseOver
)

var phaseNames = [...]string{"births", "cap", "workers", "harvest", "atelier", "season_end", "winter", "over"}

func (p Phase) String() string { return phaseNames[p] }

// Prompt kinds.
const (
	kEvent   = "event"
	kBirths  = "births"
	kCap     = "cap"
	kWorker  = "worker"
	kSortie  = "sortie"
	kHarvest = "harvest"
	kAtelier = "atelier"
	kKeep    = "keep"
	kWinter  = "winter"
)

// Atelier areas (MYR-ATL-5).
const (
	aTunnel = iota
	aLevel
	aNurse
	aGoal
)

type options struct {
	UpgradeAnd bool `json:"upgrade_and,omitempty"` // AMB-1: 1 stone and 2 earth
	Partial    bool `json:"partial,omitempty"`     // AMB-3: 1-2 larvae also give a food
	Half       bool `json:"half,omitempty"`        // AMB-13: 3 earth + 3 stone
	Unlimited  bool `json:"unlimited,omitempty"`   // AMB-21
}

type tile struct {
	Owner   int    `json:"owner"`
	Shape   int    `json:"shape"`             // pheromone shape index, -1 for a special tile
	Special string `json:"special,omitempty"` // special tile id
	Cells   []int  `json:"cells"`             // sorted
	Cubes   [3]int `json:"cubes"`
	Marked  bool   `json:"marked,omitempty"` // special: ownership cube still on it
	Gone    bool   `json:"gone,omitempty"`   // cleared (MYR-CLR-2)
}

// cell is small (4 bytes) because every answer clones the whole garden.
type cell struct {
	Tile   int16 `json:"t"` // index in tiles, -1 none
	Prey   int8  `json:"p"` // prey kind, -1 none
	Tunnel int8  `json:"u"` // owner seat of a tunnel exit, -1 none
}

type player struct {
	Score     int     `json:"score"`
	Larvae    int     `json:"larvae"`
	Workers   int     `json:"workers"` // in the worker room
	Soldiers  int     `json:"soldiers"`
	Nurses    int     `json:"nurses"` // in the nurse room
	Store     [3]int  `json:"store"`
	Level     int     `json:"level"`
	Event     int     `json:"event"`
	Rooms     [4]bool `json:"rooms"`   // colony rooms used this season
	Tracks    [3]int  `json:"tracks"`  // nurses on the larva, soldier, worker tracks
	Atelier   int     `json:"atelier"` // nurses waiting in the player atelier
	Board     int     `json:"board"`   // nurses on the main-board atelier (or idle) this season
	Areas     [4]bool `json:"areas"`   // atelier areas used this season
	ObjNurses int     `json:"obj_nurses"`
	Pher      []int   `json:"pher"` // pheromone tiles left by shape
	Tunnels   int     `json:"tunnels"`
	Cubes     int     `json:"cubes"` // free ownership cubes
	Prey      [3]int  `json:"prey"`
	MaxObj    int     `json:"max_obj"` // highest objective level completed
	Spent     int     `json:"spent"`   // larvae spent on the event this season
	// Simultaneous phases: prompts still to answer, answers sealed until all are in.
	Queue  []string      `json:"queue,omitempty"`
	Sealed []engine.Path `json:"sealed,omitempty"`
	Prefs  uint8         `json:"prefs,omitempty"` // standing preferences, bits in prefNames order
	// Births above the cap waiting for the player's choice (AMB-5).
	BornW int `json:"born_w,omitempty"`
	BornS int `json:"born_s,omitempty"`
}

type completion struct {
	Seat   int `json:"seat"`
	Season int `json:"season"`
}

type objective struct {
	Def  int          `json:"def"`
	Done []completion `json:"done"`
}

type sortie struct {
	Seat int `json:"seat"`
	At   int `json:"at"`   // cell the worker stands on
	Tile int `json:"tile"` // tile it stands on, -1 none
	MP   int `json:"mp"`
}

type state struct {
	N       int         `json:"n"`
	Opt     options     `json:"opt"`
	Year    int         `json:"year"`   // 1..3
	Season  int         `json:"season"` // 0 spring, 1 summer, 2 autumn, 3 winter
	Phase   Phase       `json:"phase"`
	Dice    [3]int      `json:"dice"` // 0 once the season's die is taken off (MYR-EOS-6)
	First   int         `json:"first"`
	Cur     int         `json:"cur"`
	Cells   []cell      `json:"cells"`
	Tiles   []tile      `json:"tiles"`
	Players []*player   `json:"players"`
	Objs    []objective `json:"objs"`
	Supply  [4]int      `json:"supply"` // larvae, food, earth, stone
	Pools   [2]int      `json:"pools"`  // farm/scavenging, sub-colony
	Sortie  *sortie     `json:"sortie,omitempty"`
	RNG     *engine.RNG `json:"rng"`
	rng     engine.RNG  // RNG of a clone (Clone)
	// players holds the list Players of a clone (Clone): each state has
	// its own list, so ownPlayer replaces a player without copying it.
	players [4]*player
	Res     *engine.Result `json:"result,omitempty"`
	b       *board
	ev      []engine.Event // events of the answer being applied
	// tilesOwn: Tiles is this state's own copy. Clone shares Tiles (most
	// answers change no tile) and Apply copies them before its first
	// change (ownTiles), so neither copy ever writes the other's.
	tilesOwn bool
	// playersOwn: bit s set when Players[s] is this state's own. Clone
	// shares the players (not the list), and Apply copies one before its
	// first change (ownPlayer): a sealed answer or a turn copies its
	// player's 350 bytes, a step of a sortie often none, not every
	// player's.
	playersOwn uint8
	// cellsOwn: Cells are this state's own copy, the same way (ownCells).
	cellsOwn bool
}

// ownCells makes Cells this state's own before Apply changes a cell.
func (g *state) ownCells() {
	if !g.cellsOwn {
		g.Cells = slices.Clone(g.Cells)
		g.cellsOwn = true
	}
}

// ownTiles makes Tiles this state's own before Apply changes a tile in
// place; every such change comes after it (appends need not: shared
// tiles are capped).
func (g *state) ownTiles() {
	if !g.tilesOwn {
		g.Tiles = slices.Clone(g.Tiles)
		g.tilesOwn = true
	}
}

// ownPlayer makes player seat this state's own before a change to it and
// returns it: a copy whose queue and sealed answers are clipped, so an
// append reallocates. Its pheromone counts stay shared: only
// layPheromone changes them, and it copies them first. The list is this
// state's own already (Clone).
func (g *state) ownPlayer(seat int) *player {
	if g.playersOwn&(1<<seat) == 0 {
		p := new(player)
		*p = *g.Players[seat]
		p.Queue = slices.Clip(p.Queue)
		p.Sealed = slices.Clip(p.Sealed)
		g.Players[seat] = p
		g.playersOwn |= 1 << seat
	}
	return g.Players[seat]
}

func (g *state) Clone() engine.State {
	c := *g
	c.Cells, c.cellsOwn = g.Cells, false // copied when Apply changes one (ownCells)
	// Tiles are shared until Apply changes one (ownTiles); a tile's cells
	// never change once laid. Slices only appended to are clipped, so an
	// append in one copy reallocates.
	c.Tiles, c.tilesOwn = slices.Clip(g.Tiles), false
	// The players are shared until Apply changes one (ownPlayer); the
	// list is the copy's own, in the copy itself (2 to 4 players).
	n := copy(c.players[:], g.Players)
	c.Players, c.playersOwn = c.players[:n:n], 0
	// Objectives change only when one is completed, which copies them
	// (completeGoal).
	c.Objs = slices.Clip(g.Objs)
	// The sortie is shared: applySortie, which alone changes it, copies
	// it first. The generator is in the copy itself: no allocation.
	c.rng = *g.RNG
	c.RNG = &c.rng
	if g.Res != nil {
		r := *g.Res
		c.Res = &r
	}
	return &c
}

func (g *state) MarshalBinary() ([]byte, error) { return json.Marshal(g) }

func decode(data []byte) (engine.State, error) {
	b, err := defaultBoard()
	if err != nil {
		return nil, err
	}
	g := &state{b: b}
	if err := json.Unmarshal(data, g); err != nil {
		return nil, err
	}
	if g.RNG == nil || len(g.Cells) != len(b.cells) || g.N < 2 || g.N > 4 || len(g.Players) != g.N {
		return nil, errBadState
	}
	return g, nil
}

func (g *state) Result() *engine.Result { return g.Res }

// simultaneous reports whether the phase collects sealed answers from
// several seats at once.
func (p Phase) simultaneous() bool {
	return p == PhaseBirths || p == PhaseHarvest || p == PhaseKeep || p == PhaseWinter
}

func (g *state) Pending() []engine.Prompt {
	if g.Res != nil {
		return nil
	}
	// A turn prompts one seat: one prompt allocated, not room for all.
	switch {
	case g.Phase.simultaneous():
		n := 0
		for _, p := range g.Players {
			if len(p.Queue) > 0 {
				n++
			}
		}
		if n == 0 {
			return nil
		}
		out := make([]engine.Prompt, 0, n)
		for s, p := range g.Players {
			if len(p.Queue) > 0 {
				out = append(out, g.prompt(s, p.Queue[0], true))
			}
		}
		return out
	case g.Phase == PhaseCap:
		var out []engine.Prompt // rare: births above the cap
		for s, p := range g.Players {
			if p.BornW+p.BornS > 0 {
				out = append(out, g.prompt(s, kCap, false))
			}
		}
		return out
	case g.Sortie != nil:
		return []engine.Prompt{g.prompt(g.Sortie.Seat, kSortie, false)}
	case g.Phase == PhaseWorkers:
		return []engine.Prompt{g.prompt(g.Cur, kWorker, false)}
	case g.Phase == PhaseAtelier:
		return []engine.Prompt{g.prompt(g.Cur, kAtelier, false)}
	}
	return nil
}

// promptRule is the rule of each prompt kind: a switch, not a map, as
// Pending asks it for every prompt.
func promptRule(kind string) string {
	switch kind {
	case kEvent:
		return "MYR-EVT-2"
	case kBirths:
		return "MYR-BIRTH-1"
	case kCap:
		return "MYR-CAP-1"
	case kWorker:
		return "MYR-WRK-1"
	case kSortie:
		return "MYR-SORT-3"
	case kHarvest:
		return "MYR-HARV-2"
	case kAtelier:
		return "MYR-ATL-2"
	case kKeep:
		return "MYR-EOS-3"
	case kWinter:
		return "MYR-WIN-1"
	}
	return ""
}

func (g *state) prompt(seat int, kind string, secret bool) engine.Prompt {
	p := engine.Prompt{Seat: engine.Seat(seat), Kind: kind, Rule: promptRule(kind), Secret: secret}
	p.Default = g.defaultPath(seat, kind)
	return p
}

// defaultPath is the answer taken at a deadline: keep the event, keep the
// nurses home, the first harvest choices, the first keep, no trade; a worker
// maturing a larva if it can, else a sortie that stops at once; an idle nurse.
func (g *state) defaultPath(seat int, kind string) engine.Path {
	p := g.Players[seat]
	switch kind {
	case kEvent:
		return g.b.eventDefaults[p.Event]
	case kBirths:
		return g.b.birthsDefault
	case kWorker:
		if !p.Rooms[0] {
			return g.b.roomDefault
		}
		for i, c := range g.Cells {
			if int(c.Tunnel) == seat {
				return g.b.outDefaults[i]
			}
		}
	case kSortie:
		return g.b.stopDefault
	case kAtelier:
		return g.b.skipDefault
	case kWinter:
		return g.b.noneDefault
	}
	// The first option at every step. Past the root each code is the
	// first option of its step, so the path stays valid and the next step
	// needs no walk of the prefix (Choices would check it again).
	var path engine.Path
	var ob optBuf // only the first option's code is read
	for range 32 {
		var st engine.Step
		if len(path) == 0 || path[0] == "pref" {
			var err error
			if st, err = g.choices(engine.Seat(seat), path, inBuf(&ob)); err != nil {
				break
			}
		} else {
			st = g.step(seat, kind, path, inBuf(&ob))
		}
		if st.Done || len(st.Options) == 0 {
			break
		}
		path = append(path, st.Options[0].Code)
	}
	return path
}

// Secrets lists each seat's sealed answers while its phase is open
// (enginetest.Secretive): they appear in the owner's view only.
func (g *state) Secrets(seat engine.Seat) []string {
	if s := g.sealedText(int(seat)); s != "" {
		return []string{s}
	}
	return nil
}

// Hidden lists the sealed answers of the simultaneous phase still open
// (engine.Concealer): each in the words a player typed, e.g. "births 1 0 2 1".
func (g *state) Hidden() []engine.Secret {
	var out []engine.Secret
	for s, p := range g.Players {
		if len(p.Sealed) == 0 {
			continue
		}
		sec := engine.Secret{Owner: engine.Seat(s), What: "pick", Forms: []string{g.sealedText(s)}}
		for _, a := range p.Sealed {
			sec.Forms = append(sec.Forms, a.String())
		}
		out = append(out, sec)
	}
	return out
}

func (g *state) sealedText(seat int) string {
	p := g.Players[seat]
	if len(p.Sealed) == 0 {
		return ""
	}
	parts := make([]string, len(p.Sealed))
	for i, a := range p.Sealed {
		parts[i] = a.String()
	}
	return "sealed " + engine.Seat(seat).String() + ": " + strings.Join(parts, " / ")
}
