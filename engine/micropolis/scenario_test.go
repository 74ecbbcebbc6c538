package micropolis

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// scenario is Micropolis's fixture for scenario scripts ("fix ..." lines).
// It exists only in test files, so no player can reach it. Anthills, armies
// and barracks are set with "set players.0.hills.0.slots = [...]" and the
// like; the fixture adds what the state's encoding cannot carry:
//
//	fix tile 3 {"id":3,"segments":[{"left":[1],"workers":2}],"barracks":2}
//	                     substitute tile 3's face for this script (the rulebook's
//	                     pictures are not in its text, so an example's tiles are given here)
//	fix finish           the game ends now and is scored (MIC-END-1)
type scenario struct {
	tiles map[*engine.Match]map[int]Tile
}

func (sc *scenario) fix(t *testing.T, m *engine.Match, args []string) error {
	s := m.State.(*state)
	if len(args) == 0 { // the state was re-decoded: substitute the tiles again
		for _, tl := range sc.tiles[m] {
			substituteTile(s, tl)
		}
		return nil
	}
	switch args[0] {
	case "tile":
		if len(args) < 3 {
			return fmt.Errorf("fix tile wants: id json")
		}
		id, err := strconv.Atoi(args[1])
		if err != nil || id < 1 || id > tileCount {
			return fmt.Errorf("fix tile: bad id %q", args[1])
		}
		var tl Tile
		if err := json.Unmarshal([]byte(strings.Join(args[2:], " ")), &tl); err != nil {
			return fmt.Errorf("fix tile %d: %v", id, err)
		}
		if tl.ID != id {
			return fmt.Errorf("fix tile %d: the face says id %d", id, tl.ID)
		}
		if err := checkTile(tl); err != nil {
			return fmt.Errorf("fix tile %d: %v", id, err)
		}
		if sc.tiles[m] == nil {
			sc.tiles[m] = map[int]Tile{}
		}
		sc.tiles[m][id] = tl
		substituteTile(s, tl)
	case "finish":
		s.finish()
	default:
		return fmt.Errorf("unknown fix command %q", args[0])
	}
	return nil
}

// substituteTile gives this state (and its clones) its own copy of the tile
// set with one face replaced; the shared default set is never touched.
func substituteTile(s *state, tl Tile) {
	ts := slices.Clone(s.tiles)
	ts[tl.ID-1] = tl
	s.tiles = ts
}

// TestScripts runs testdata scenarios: MIC-CHOOSE-3, MIC-CHOOSE-5, MIC-PLACE-2,
// MIC-ARCH-2, MIC-ADV-7 and MIC-ADV-8 as data, and the rulebook's setup,
// draft, end-of-round and scoring examples (MIC-*_example*.txt).
func TestScripts(t *testing.T) {
	sc := &scenario{tiles: map[*engine.Match]map[int]Tile{}}
	enginetest.RunScripts(t, Game, "testdata/*.txt", sc.fix)
}
