package micropolis

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
)

// Tile is one anthill tile face (component data, MIC-SPEC §12.1). Tiles sit
// in a ring with their short edge against the base; Left and Right ports are
// positions on the side edges: 0 near the base, 1 middle, 2 outer.
type Tile struct {
	ID       int       `json:"id"`
	Segments []Segment `json:"segments"`
	Barracks int       `json:"barracks,omitempty"` // barracks slots 1..4; 0 none
}

// Segment is one gallery piece on a tile with what is printed in it.
type Segment struct {
	Left    []int    `json:"left,omitempty"`  // ports reached on the left edge
	Right   []int    `json:"right,omitempty"` // ports reached on the right edge
	Workers int      `json:"workers,omitempty"`
	Master  string   `json:"master,omitempty"` // queen, nurse, architect, recruiter, centurion
	Eggs    int      `json:"eggs,omitempty"`   // nurse only
	Fruits  []string `json:"fruits,omitempty"` // fruit kinds or "gift"
}

// Master kinds.
const (
	Queen     = "queen"
	Nurse     = "nurse"
	Architect = "architect"
	Recruiter = "recruiter"
	Centurion = "centurion"
	Gift      = "gift"
)

// fruitKinds are the six real fruits (MIC-FRUIT-1); read-only.
var fruitKinds = [6]string{"cherry", "lemon", "grape", "blackberry", "fig", "pomegranate"}

const (
	tileCount = 61 // MIC-SETUP-4
	ringSize  = 10 // MIC-GEO-1
	ports     = 3
)

//go:embed tiles.json
var tilesJSON []byte

// defaultTiles parses the embedded tile set once; the result is never mutated.
var defaultTiles = sync.OnceValues(func() ([]Tile, error) { return parseTiles(tilesJSON) })

// parseTiles reads and checks a tile set: tiles[i].ID == i+1.
func parseTiles(data []byte) ([]Tile, error) {
	var ts []Tile
	if err := json.Unmarshal(data, &ts); err != nil {
		return nil, fmt.Errorf("tiles: %w", err)
	}
	if len(ts) != tileCount {
		return nil, fmt.Errorf("tiles: %d tiles, want %d", len(ts), tileCount)
	}
	for i, t := range ts {
		if t.ID != i+1 {
			return nil, fmt.Errorf("tiles: tile %d has id %d, want ids 1..%d in order", i+1, t.ID, tileCount)
		}
		if err := checkTile(t); err != nil {
			return nil, fmt.Errorf("tiles: tile %d: %w", t.ID, err)
		}
	}
	return ts, nil
}

func checkTile(t Tile) error {
	if t.Barracks < 0 || t.Barracks > 4 {
		return fmt.Errorf("barracks %d, want 0..4 (MIC-BARR-1)", t.Barracks)
	}
	if len(t.Segments) == 0 {
		return fmt.Errorf("no segments")
	}
	var left, right [ports]bool
	masters := 0
	for _, s := range t.Segments {
		for _, side := range []struct {
			ps   []int
			used *[ports]bool
		}{{s.Left, &left}, {s.Right, &right}} {
			for _, p := range side.ps {
				if p < 0 || p >= ports {
					return fmt.Errorf("port %d, want 0..%d", p, ports-1)
				}
				if side.used[p] {
					return fmt.Errorf("two segments reach port %d of one edge", p)
				}
				side.used[p] = true
			}
		}
		if s.Workers < 0 {
			return fmt.Errorf("negative workers")
		}
		switch s.Master {
		case "":
		case Queen, Architect, Recruiter, Centurion:
			masters++
		case Nurse:
			masters++
			if s.Eggs < 1 {
				return fmt.Errorf("nurse with %d eggs, want at least 1", s.Eggs)
			}
		default:
			return fmt.Errorf("unknown master %q", s.Master)
		}
		if s.Master != Nurse && s.Eggs != 0 {
			return fmt.Errorf("eggs without a nurse")
		}
		for _, f := range s.Fruits {
			if f != Gift && !slices.Contains(fruitKinds[:], f) {
				return fmt.Errorf("unknown fruit %q", f)
			}
		}
	}
	if masters > 1 {
		return fmt.Errorf("%d masters, want at most 1", masters)
	}
	return nil
}

// master returns the tile's master and its egg count ("" if none).
func (t *Tile) master() (string, int) {
	for _, s := range t.Segments {
		if s.Master != "" {
			return s.Master, s.Eggs
		}
	}
	return "", 0
}
