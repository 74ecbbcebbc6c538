package march

import "strconv"

// Edge directions of a hex in axial coordinates, counter-clockwise from east.
// Edge i of a hex faces the neighbour at dirs[i]; the facing edge is (i+3)%6.
func dirOf(e int) [2]int {
	return [6][2]int{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}[e]
}

func edgeCode(e int) string {
	return [6]string{"e", "ne", "nw", "w", "sw", "se"}[e]
}

func edgeIndex(code string) int {
	for i := 0; i < 6; i++ {
		if edgeCode(i) == code {
			return i
		}
	}
	return -1
}

// Tile is a hex in the Anthill. Tile 0 of State.Tiles is the Great Tunnel
// (Num 0), which has no collection sites: its ants are counted in Out.
type Tile struct {
	Num   int   `json:"n"`
	Q     int   `json:"q"`
	R     int   `json:"r"`
	Rot   int   `json:"rot"`
	Sites []int `json:"sites"` // owner seat per site, -1 free
	Out   []int `json:"out"`   // ants per seat on the outskirts (GT: in the tunnel)
	Centi bool  `json:"centi,omitempty"`
	Worm  bool  `json:"worm,omitempty"` // wormhole marker placed by an effect
}

func (t *Tile) clone() Tile {
	c := *t
	c.Sites = append([]int(nil), t.Sites...)
	c.Out = append([]int(nil), t.Out...)
	return c
}

func hexCode(num int) string {
	if num == 0 {
		return "gt"
	}
	return strconv.Itoa(num)
}

// maxTiles is the highest tile number of any rule set (Evolved: 28); a
// number no tile of the match has is simply not on the board.
const maxTiles = 28

func parseHexCode(s string) int {
	if s == "gt" {
		return 0
	}
	// by hand, as strconv.Atoi: its error for a code that is no number
	// ("pass", "l") cost an allocation, and Check parses every ant code
	if len(s) == 0 || len(s) > 2 || s[0] < '1' || s[0] > '9' {
		return -1
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return -1
		}
		n = n*10 + int(s[i]-'0')
	}
	if n > maxTiles {
		return -1
	}
	return n
}

// tile returns the placed tile with number num, or nil.
func (s *State) tile(num int) *Tile {
	if num < 0 || num >= len(s.At) {
		return nil
	}
	i := s.At[num]
	if i < 0 {
		return nil
	}
	return &s.Tiles[i]
}

// tileAt returns the tile at axial position (q, r), or nil.
func (s *State) tileAt(q, r int) *Tile {
	for i := range s.Tiles {
		if s.Tiles[i].Q == q && s.Tiles[i].R == r {
			return &s.Tiles[i]
		}
	}
	return nil
}

func (s *State) neighbor(t *Tile, e int) *Tile {
	return s.tileAt(t.Q+dirOf(e)[0], t.R+dirOf(e)[1])
}

// opening reports whether tile t has a tunnel opening on board edge e.
func (s *State) opening(t *Tile, e int) bool {
	if t.Num == 0 {
		return s.gtEdges[e]
	}
	return s.data.Hex(t.Num).TunnelSet[((e-t.Rot)%6+6)%6]
}

// connected reports a tunnel between a and b through a's edge e
// (MOA1-HEX-20).
func (s *State) connected(a *Tile, e int) bool {
	b := s.neighbor(a, e)
	return b != nil && s.opening(a, e) && s.opening(b, (e+3)%6)
}

func (s *State) adjacent(a, b *Tile) bool {
	for e := 0; e < 6; e++ {
		if n := s.neighbor(a, e); n != nil && n.Num == b.Num {
			return true
		}
	}
	return false
}

func (s *State) tunnelTo(a, b *Tile) bool {
	for e := 0; e < 6; e++ {
		if n := s.neighbor(a, e); n != nil && n.Num == b.Num {
			return s.connected(a, e)
		}
	}
	return false
}

// tunnelReach marks the hex numbers joined to t by a path of tunnels
// (wormholes are not tunnels).
func (s *State) tunnelReach(t *Tile) []bool {
	seen := make([]bool, s.rules.Tiles+1)
	seen[t.Num] = true
	queue := []*Tile{t}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		for e := 0; e < 6; e++ {
			if n := s.neighbor(a, e); n != nil && !seen[n.Num] && s.connected(a, e) {
				seen[n.Num] = true
				queue = append(queue, n)
			}
		}
	}
	return seen
}

func (s *State) hasWorm(t *Tile) bool {
	return t.Num != 0 && (t.Worm || s.data.Hex(t.Num).Worm)
}

// sites returns the printed sites of a placed tile (none for the GT).
func (s *State) sites(t *Tile) []SiteData {
	if t.Num == 0 {
		return nil
	}
	return s.data.Hex(t.Num).Sites
}

func (s *State) control(t *Tile) int {
	if t.Num == 0 {
		return -1
	}
	return t.Sites[s.data.Hex(t.Num).Control]
}

// ants counts seat's ants on a tile (sites and outskirts).
func (t *Tile) ants(seat int) int {
	n := t.Out[seat]
	for _, o := range t.Sites {
		if o == seat {
			n++
		}
	}
	return n
}

func (t *Tile) onSites(seat int) int {
	n := 0
	for _, o := range t.Sites {
		if o == seat {
			n++
		}
	}
	return n
}

func (t *Tile) totalAnts() int {
	n := 0
	for _, o := range t.Out {
		n += o
	}
	for _, o := range t.Sites {
		if o >= 0 {
			n++
		}
	}
	return n
}

func (t *Tile) freeSites() int {
	n := 0
	for _, o := range t.Sites {
		if o < 0 {
			n++
		}
	}
	return n
}

func (t *Tile) outskirts() int {
	n := 0
	for _, o := range t.Out {
		n += o
	}
	return n
}

// occupies reports MOA1-HEX-13: an ant of seat on a collection site.
func (t *Tile) occupies(seat int) bool { return t.onSites(seat) > 0 }

// playersOn lists seats with ants on the tile.
func (t *Tile) playersOn() []int {
	var ps []int
	for p := range t.Out {
		if t.ants(p) > 0 {
			ps = append(ps, p)
		}
	}
	return ps
}

// contested implements MOA1-HEX-17: ants of two or more players and an ant
// on the outskirts, or a centipede and any ant. The GT never is.
func (t *Tile) contested() bool {
	if t.Num == 0 {
		return false
	}
	if t.Centi && t.totalAnts() > 0 {
		return true
	}
	return len(t.playersOn()) >= 2 && t.outskirts() > 0
}

// playerBattles reports whether players battle each other: always, except
// in a co-op Uprising whose group agreed otherwise (MOA1-AMB-29). The hex
// stays contested (MOA1-HEX-17); only ant battles are skipped. Rise of the
// Centipedes keeps every battle (RISE-15).
func (s *State) playerBattles() bool {
	return !s.Opt.Uprising || s.N < 2 || !s.Opt.CoopNoBattles || s.rise()
}

// antContested is the ant-battle part of MOA1-HEX-17 (no centipede term).
func (t *Tile) antContested() bool {
	return t.Num != 0 && len(t.playersOn()) >= 2 && t.outskirts() > 0
}

// siteClass groups sites that are interchangeable for their owner.
func (s *State) siteClass(t *Tile, i int) string {
	sd := s.sites(t)[i]
	if sd.Control {
		return sd.Res + "*"
	}
	return sd.Res
}

// freeChoice reports whether the free sites of t differ, so that an arriving
// ant's owner must choose (MOA1-HEX-12).
func (s *State) freeChoice(t *Tile) bool {
	cls := ""
	for i, o := range t.Sites {
		if o >= 0 {
			continue
		}
		c := s.siteClass(t, i)
		if cls != "" && c != cls {
			return true
		}
		cls = c
	}
	return false
}

func (t *Tile) firstFree() int {
	for i, o := range t.Sites {
		if o < 0 {
			return i
		}
	}
	return -1
}

// emptySpaces lists (tile, edge) pairs facing an empty board position.
func (s *State) emptyEdges(t *Tile) []int {
	var es []int
	for e := 0; e < 6; e++ {
		if s.neighbor(t, e) == nil {
			es = append(es, e)
		}
	}
	return es
}

// distance from the GT in hex steps.
func hexDist(q, r int) int {
	return (abs(q) + abs(r) + abs(q+r)) / 2
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
