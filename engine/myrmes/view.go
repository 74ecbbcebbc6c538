package myrmes

import (
	"slices"

	"formica/engine"
)

// View is what one seat may see. Everything in Myrmes is public except the
// answers of a simultaneous phase still open: a player's own sealed answers
// appear in Sealed of that player's view only.
type View struct {
	Viewer  int          `json:"viewer"` // -1 for a spectator
	Year    int          `json:"year"`
	Season  int          `json:"season"` // 0 spring, 1 summer, 2 autumn, 3 winter
	Phase   string       `json:"phase"`
	Dice    [3]int       `json:"dice"` // 0 once taken off
	DiceEv  [3]string    `json:"dice_events"`
	Track   []string     `json:"track"` // event ids, left to right
	First   int          `json:"first"`
	Current int          `json:"current"` // seat on turn in a turn-order phase, -1 otherwise
	Garden  []ViewCell   `json:"garden"`
	Tiles   []ViewTile   `json:"tiles"`
	Players []ViewPlayer `json:"players"`
	Goals   []ViewGoal   `json:"goals"`
	Sortie  *ViewSortie  `json:"sortie,omitempty"`
	Supply  [4]int       `json:"supply"` // larvae, food, earth, stone
	Pools   [2]int       `json:"pools"`  // aphid farm / scavenging, sub-colony
	Shapes  []ViewShape  `json:"shapes"`
	// Placements lists, while the worker on a sortie stands where it may lay
	// a pheromone, every legal placement of each shape the player may lay,
	// as typed after "place <shape>".
	Placements []ViewPlacement `json:"placements,omitempty"`
	// Chosen is the shape the player is about to lay, in a preview
	// (Preview): Placements then holds that shape only, drawn one by one.
	Chosen  string `json:"chosen,omitempty"`
	Over    bool   `json:"over"`
	Winners []int  `json:"winners,omitempty"`
}

// ViewCell is one garden space.
type ViewCell struct {
	Label   string `json:"label"`
	Col     int    `json:"col"`
	Row     int    `json:"row"`
	Terrain string `json:"terrain"` // F, E, S, M, W, P
	Used    bool   `json:"used"`
	Prey    string `json:"prey,omitempty"`
	Tunnel  int    `json:"tunnel"` // owner seat, -1 none
	Tile    int    `json:"tile"`   // index in Tiles, -1 none
}

// ViewTile is a pheromone or special tile in the garden.
type ViewTile struct {
	Owner   int      `json:"owner"`
	Shape   string   `json:"shape,omitempty"`
	Special string   `json:"special,omitempty"`
	Cells   []string `json:"cells"`
	Cubes   [3]int   `json:"cubes"`
	Marked  bool     `json:"marked,omitempty"`
	Gone    bool     `json:"gone,omitempty"`
}

// ViewPlayer is one colony.
type ViewPlayer struct {
	Score     int     `json:"score"`
	Larvae    int     `json:"larvae"`
	Workers   int     `json:"workers"`
	Soldiers  int     `json:"soldiers"`
	Nurses    int     `json:"nurses"`
	Store     [3]int  `json:"store"` // food, earth, stone
	Level     int     `json:"level"`
	Event     string  `json:"event"`
	Rooms     [4]bool `json:"rooms"`
	Tracks    [3]int  `json:"tracks"`
	Atelier   int     `json:"atelier"`
	Board     int     `json:"board"`
	ObjNurses int     `json:"obj_nurses"`
	Pher      []int   `json:"pher"` // tiles left by shape (Shapes order)
	Tunnels   int     `json:"tunnels"`
	Cubes     int     `json:"cubes"`
	Prey      [3]int  `json:"prey"` // ladybug, termite, spider
	MaxGoal   int     `json:"max_goal"`
	Waiting   bool    `json:"waiting"` // still to answer in a simultaneous phase
	Sealed    string  `json:"sealed,omitempty"`
}

// ViewGoal is an objective on the board with the seats that completed it.
type ViewGoal struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	N     int    `json:"n"`
	Level int    `json:"level"`
	Done  []int  `json:"done"`
}

// ViewSortie is the worker in the garden.
type ViewSortie struct {
	Seat int    `json:"seat"`
	At   string `json:"at"`
	MP   int    `json:"mp"`
}

// ViewPlacement is one shape and the spaces it may cover now.
type ViewPlacement struct {
	Shape string   `json:"shape"`
	Codes []string `json:"codes"`
}

// ViewShape is a pheromone shape with its size and points.
type ViewShape struct {
	ID    string   `json:"id"`
	Hexes [][2]int `json:"hexes"`
	VP    int      `json:"vp"`
}

func (g *state) View(seat engine.Seat) any {
	v := View{Viewer: int(seat), Year: g.Year, Season: g.Season, Phase: g.Phase.String(), Dice: g.Dice,
		Track: g.b.Events, First: g.First, Current: -1, Supply: g.Supply, Pools: g.Pools, Over: g.Res != nil}
	for i, d := range g.Dice {
		if d > 0 {
			v.DiceEv[i] = g.b.Faces[d-1]
		}
	}
	if g.Phase == PhaseWorkers || g.Phase == PhaseAtelier {
		v.Current = g.Cur
	}
	for i, c := range g.b.cells {
		x := g.Cells[i]
		vc := ViewCell{Label: c.Label, Col: c.Col, Row: c.Row, Terrain: string(c.Terrain), Used: g.used(i), Tunnel: int(x.Tunnel), Tile: int(x.Tile)}
		if x.Prey >= 0 {
			vc.Prey = g.b.Prey[x.Prey].ID
		}
		v.Garden = append(v.Garden, vc)
	}
	for _, t := range g.Tiles {
		vt := ViewTile{Owner: t.Owner, Special: t.Special, Cubes: t.Cubes, Marked: t.Marked, Gone: t.Gone}
		if t.Shape >= 0 {
			vt.Shape = g.b.Pheromones[t.Shape].ID
		}
		for _, c := range t.Cells {
			vt.Cells = append(vt.Cells, g.label(c))
		}
		v.Tiles = append(v.Tiles, vt)
	}
	for i, p := range g.Players {
		vp := ViewPlayer{Score: p.Score, Larvae: p.Larvae, Workers: p.Workers, Soldiers: p.Soldiers, Nurses: p.Nurses,
			Store: p.Store, Level: p.Level, Event: g.b.Events[p.Event], Rooms: p.Rooms, Tracks: p.Tracks, Atelier: p.Atelier,
			Board: p.Board, ObjNurses: p.ObjNurses, Pher: append([]int(nil), p.Pher...), Tunnels: p.Tunnels, Cubes: p.Cubes,
			Prey: p.Prey, MaxGoal: p.MaxObj, Waiting: len(p.Queue) > 0}
		if i == int(seat) {
			vp.Sealed = g.sealedText(i)
		}
		v.Players = append(v.Players, vp)
	}
	for _, o := range g.Objs {
		d := g.b.Objectives[o.Def]
		vg := ViewGoal{ID: d.ID, Kind: d.Kind, N: d.N, Level: d.Level, Done: []int{}}
		for _, c := range o.Done {
			vg.Done = append(vg.Done, c.Seat)
		}
		v.Goals = append(v.Goals, vg)
	}
	if s := g.Sortie; s != nil {
		v.Sortie = &ViewSortie{Seat: s.Seat, At: g.label(s.At), MP: s.MP}
		if s.Tile < 0 && g.free(s.At) {
			for _, sh := range g.shapesAllowed(s.Seat) {
				vp := ViewPlacement{Shape: g.b.Pheromones[sh].ID}
				for _, pl := range g.placementsAt(sh, s.At) {
					vp.Codes = append(vp.Codes, g.placementCode(pl))
				}
				if len(vp.Codes) > 0 {
					v.Placements = append(v.Placements, vp)
				}
			}
		}
	}
	for _, sh := range g.b.Pheromones {
		v.Shapes = append(v.Shapes, ViewShape{ID: sh.ID, Hexes: sh.Hexes, VP: sh.VP})
	}
	if g.Res != nil {
		for s, r := range g.Res.Rank {
			if r == 1 {
				v.Winners = append(v.Winners, s)
			}
		}
	}
	return v
}

// Preview implements engine.Previewer: after "place <shape>" the board
// shows where that shape may go, each placement labelled as typed
// (MYR-PHER-3). Everything in it is public: the worker stands in the open.
func (g *state) Preview(seat engine.Seat, path engine.Path) (any, bool) {
	if len(path) != 2 || path[0] != "place" || g.kindFor(int(seat)) != kSortie {
		return nil, false
	}
	if _, err := g.Choices(seat, path); err != nil {
		return nil, false
	}
	v := g.View(engine.NoSeat).(View)
	i := slices.IndexFunc(v.Placements, func(p ViewPlacement) bool { return p.Shape == path[1] })
	if i < 0 {
		return nil, false
	}
	v.Placements = v.Placements[i : i+1]
	v.Chosen = path[1]
	return v, true
}

// Continues implements engine.Turner: a worker's sortie takes an answer
// per step, and chat posts the board once, when the worker's turn ends.
func (g *state) Continues(seat engine.Seat) bool {
	return g.Sortie != nil && g.Sortie.Seat == int(seat)
}
