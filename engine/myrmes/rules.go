package myrmes

import (
	"slices"
	"strconv"
	"strings"

	"formica/engine"
)

// used reports whether a garden space exists with this player count (MYR-PC-4).
func (g *state) used(c int) bool { return g.b.cells[c].Min <= g.N }

func (g *state) label(c int) string { return g.b.cells[c].Label }

func (g *state) name(seat int) string { return engine.Seat(seat).String() }

func (g *state) emit(key string, args map[string]string) {
	g.ev = append(g.ev, engine.Public(key, args))
}

func itoa(n int) string { return strconv.Itoa(n) }

// take removes up to n cubes of kind (0 larvae, 1 food, 2 earth, 3 stone)
// from the general supply and returns how many it got (AMB-21).
func (g *state) take(kind, n int) int {
	if g.Opt.Unlimited {
		return n
	}
	got := min(n, g.Supply[kind])
	g.Supply[kind] -= got
	if got < n {
		g.emit("myr.shortage", map[string]string{"n": itoa(n - got)})
	}
	return got
}

func (g *state) putBack(kind, n int) {
	if !g.Opt.Unlimited {
		g.Supply[kind] += n
	}
}

// gain scores n VP for seat; with Victory point +1 every scoring of 1 VP or
// more in a regular season earns one more (MYR-EFF-8, AMB-2).
func (g *state) gain(seat, n int) int {
	if n <= 0 {
		return 0
	}
	p := g.ownPlayer(seat)
	if g.Season < 3 && g.b.Events[p.Event] == "vp" {
		n += eventOne
	}
	p.Score += n
	return n
}

// effLevel is the colony level with Level +1 (MYR-EFF-4, AMB-18).
func (g *state) effLevel(seat int) int {
	p := g.Players[seat]
	if g.b.Events[p.Event] == "level" {
		return min(topLevel, p.Level+eventOne)
	}
	return p.Level
}

// maxSize is the largest pheromone the player may place (MYR-PHER-2,
// MYR-EFF-6, AMB-19).
func (g *state) maxSize(seat int) int {
	p := g.Players[seat]
	if g.b.Events[p.Event] == "hex" {
		if p.Level == topLevel {
			return g.b.HexTop
		}
		return g.b.Sizes[p.Level+eventOne]
	}
	return g.b.Sizes[g.effLevel(seat)]
}

// figures counts workers and soldiers, the 8 shared figures (MYR-CAP-1, AMB-6).
func (g *state) figures(seat int) int {
	p := g.Players[seat]
	n := p.Workers + p.Soldiers
	for _, r := range p.Rooms {
		if r {
			n++
		}
	}
	return n
}

func (p *player) nursesInPlay() int {
	return p.Nurses + p.Tracks[0] + p.Tracks[1] + p.Tracks[2] + p.Atelier + p.Board + p.ObjNurses
}

// storeLimit is the end-of-season storeroom limit (MYR-EOS-3).
func (g *state) storeLimit(seat int) int {
	if g.effLevel(seat) >= 2 {
		return storeHigh
	}
	return storeLow
}

// free reports whether a space may receive a tile or tunnel: in the garden,
// not water, no tile, token or prey (MYR-PHER-1, MYR-PHER-3).
func (g *state) free(c int) bool {
	x := g.Cells[c]
	return g.used(c) && g.b.cells[c].Terrain != Water && x.Tile < 0 && x.Tunnel < 0 && x.Prey < 0
}

// placementsAnywhere lists every cell set shape sh could cover on free
// spaces, each sorted, without duplicates.
func (g *state) placementsAnywhere(sh int) [][]int {
	var out [][]int
	for c := range g.Cells {
		out = append(out, g.placementsAt(sh, c)...)
	}
	return dedupe(out)
}

// placementsAt lists the placements of shape sh covering cell w (MYR-PHER-3).
func (g *state) placementsAt(sh, w int) [][]int {
	if !g.free(w) {
		return nil
	}
	var out [][]int
	var buf [8]int // a cover tried on the stack, kept only when it fits
	for _, rot := range g.b.Pheromones[sh].rots {
		for _, anchor := range rot {
			if tried, ok := g.cover(g.b.cells[w], rot, anchor, buf[:0]); ok {
				cells := slices.Clone(tried)
				slices.Sort(cells)
				out = append(out, cells)
			}
		}
	}
	return dedupe(out)
}

// canPlaceAt is len(placementsAt(sh, w)) > 0 without building them: the
// root of every sortie step asks it of each shape.
func (g *state) canPlaceAt(sh, w int) bool {
	if !g.free(w) {
		return false
	}
	for _, rot := range g.b.Pheromones[sh].rots {
		for _, anchor := range rot {
			if _, ok := g.cover(g.b.cells[w], rot, anchor, nil); ok {
				return true
			}
		}
	}
	return false
}

// cover reports whether rotation rot, its anchor hex on wc, lies on free
// cells only; the cells are appended to buf when buf is not nil.
func (g *state) cover(wc gcell, rot [][2]int, anchor [2]int, buf []int) ([]int, bool) {
	for _, h := range rot {
		c, in := g.b.axial(wc.Q+h[0]-anchor[0], wc.R+h[1]-anchor[1])
		if !in || !g.free(c) {
			return buf, false
		}
		if buf != nil {
			buf = append(buf, c)
		}
	}
	return buf, true
}

func dedupe(sets [][]int) [][]int {
	slices.SortFunc(sets, slices.Compare)
	return slices.CompactFunc(sets, slices.Equal)
}

func (g *state) placementCode(cells []int) string {
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = g.label(c)
	}
	return strings.Join(parts, "-")
}

// layPheromone puts shape sh on cells for seat with one cube per covered
// space of food, earth or stone terrain (MYR-PHER-4).
func (g *state) layPheromone(seat, sh int, cells []int) int {
	t := tile{Owner: seat, Shape: sh, Cells: slices.Clone(cells)}
	for _, c := range cells {
		switch g.b.cells[c].Terrain {
		case Food:
			t.Cubes[cFood] += g.take(1, 1)
		case Earth:
			t.Cubes[cEarth] += g.take(2, 1)
		case Stone:
			t.Cubes[cStone] += g.take(3, 1)
		}
	}
	g.Tiles = append(g.Tiles, t)
	idx := len(g.Tiles) - 1
	g.ownCells()
	for _, c := range cells {
		g.Cells[c].Tile = int16(idx)
	}
	p := g.ownPlayer(seat)
	p.Pher = slices.Clone(p.Pher) // shared with clones (ownPlayer)
	p.Pher[sh]--
	return idx
}

// tileLabel is how players name a tile: its first space.
func (g *state) tileLabel(t int) string { return g.label(g.Tiles[t].Cells[0]) }

// charges reports whether entering tile t costs seat a soldier: another
// player's pheromone, or their special tile still marked (MYR-MOVE-5, AMB-7).
func (g *state) charges(seat, t int) bool {
	x := g.Tiles[t]
	if x.Owner == seat {
		return false
	}
	return x.Shape >= 0 || x.Marked
}

// moves lists where the worker on a sortie may step next: spaces or whole
// tiles, each with its soldier cost (MYR-MOVE-1..7, MYR-HUNT-1).
type move struct {
	code string
	cell int // the cell entered (for a tile: its first space)
	tile int
	prey int
	cost int // soldiers
}

// appendMoves appends the sortie's legal steps to out, in cell order; its
// callers pass a buffer on their stack (a step's options are listed for
// every answer of a sortie).
func (g *state) appendMoves(out []move) []move {
	s := g.Sortie
	if s.MP <= 0 {
		return out
	}
	p := g.Players[s.Seat]
	from := []int{s.At}
	if s.Tile >= 0 {
		from = g.Tiles[s.Tile].Cells
	}
	// Seen lists on the stack.
	var seenBuf, seenTilesBuf [16]int
	seen, seenTiles := seenBuf[:0], seenTilesBuf[:0]
	for _, f := range from {
		for _, n := range g.b.cells[f].Adj {
			x := g.Cells[n]
			xt, xp := int(x.Tile), int(x.Prey)
			if slices.Contains(seen, n) || !g.used(n) || g.b.cells[n].Terrain == Water || (s.Tile >= 0 && xt == s.Tile) {
				continue
			}
			seen = append(seen, n)
			switch {
			case xt >= 0:
				if slices.Contains(seenTiles, xt) {
					continue
				}
				seenTiles = append(seenTiles, xt)
				m := move{code: g.tileLabel(xt), cell: g.Tiles[xt].Cells[0], tile: xt, prey: -1}
				if g.charges(s.Seat, xt) {
					m.cost = enterSoldiers
				}
				if p.Soldiers >= m.cost {
					out = append(out, m)
				}
			case xp >= 0:
				m := move{code: g.label(n), cell: n, tile: -1, prey: xp, cost: g.b.Prey[xp].Soldiers}
				if p.Soldiers >= m.cost { // AMB-32
					out = append(out, m)
				}
			default:
				out = append(out, move{code: g.label(n), cell: n, tile: -1, prey: -1})
			}
		}
	}
	slices.SortFunc(out, func(a, b move) int { return a.cell - b.cell })
	return out
}

// tunnelSpaces are the free spaces next to one of seat's pieces in the
// garden where a new tunnel exit may go (MYR-TUN-1, AMB-15).
func (g *state) tunnelSpaces(seat int) []int {
	var out []int
	for c := range g.Cells {
		if g.tunnelSpace(seat, c) {
			out = append(out, c)
		}
	}
	return out
}

// anyTunnelSpace is len(tunnelSpaces(seat)) > 0 (the root of every
// atelier step asks it): a free space next to one of seat's pieces is a
// piece with a free space next to it, so it asks only the pieces'
// neighbours.
func (g *state) anyTunnelSpace(seat int) bool {
	for n, x := range g.Cells {
		if int(x.Tunnel) != seat && (x.Tile < 0 || g.Tiles[x.Tile].Owner != seat) {
			continue
		}
		for _, c := range g.b.cells[n].Adj {
			if g.free(c) {
				return true
			}
		}
	}
	return false
}

// tunnelSpace reports whether tunnelSpaces lists space c.
func (g *state) tunnelSpace(seat, c int) bool {
	if !g.free(c) {
		return false
	}
	for _, n := range g.b.cells[c].Adj {
		x := g.Cells[n]
		if int(x.Tunnel) == seat || (x.Tile >= 0 && g.Tiles[x.Tile].Owner == seat) {
			return true
		}
	}
	return false
}

// pherGroups returns, for seat's pheromones, a component id per tile index
// (tiles not the player's pheromones map to -1) and component sizes
// (MYR-OBJDEF-8, AMB-36).
func (g *state) ownPheromones(seat int) []int {
	var out []int
	for i, t := range g.Tiles {
		if t.Owner == seat && t.Shape >= 0 && !t.Gone {
			out = append(out, i)
		}
	}
	return out
}

func (g *state) touching(a, b int) bool {
	for _, c := range g.Tiles[a].Cells {
		for _, n := range g.b.cells[c].Adj {
			if int(g.Cells[n].Tile) == b {
				return true
			}
		}
	}
	return false
}

// componentSize is the size of the group of seat's connected pheromones
// holding tile t.
func (g *state) componentSize(seat, t int) int {
	own := g.ownPheromones(seat)
	seen := map[int]bool{t: true}
	stack := []int{t}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, y := range own {
			if !seen[y] && g.touching(x, y) {
				seen[y] = true
				stack = append(stack, y)
			}
		}
	}
	return len(seen)
}

func (g *state) markedSpecials(seat int) []int {
	var out []int
	for i, t := range g.Tiles {
		if t.Owner == seat && t.Shape < 0 && t.Marked {
			out = append(out, i)
		}
	}
	return out
}

// objVP is the value of a completion space (MYR-OBJ-5).
func objVP(level int) int { return 3 + 3*level }

// laterBonus is the earlier-completer bonus by player count (MYR-PC-5).
func laterBonus(n int) int { return map[int]int{2: 5, 3: 4, 4: 3}[n] }

func (g *state) seasonIndex() int { return (g.Year-1)*4 + g.Season }

func (g *state) doneBy(o objective, seat int) bool {
	return slices.ContainsFunc(o.Done, func(c completion) bool { return c.Seat == seat })
}
