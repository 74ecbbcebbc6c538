package march

import (
	"slices"

	"formica/engine"
)

// runSetup deals the starting position: species sides (MOA1-SPEC-2), cards,
// larvae, food and ants by player count (MOA1-SETUP-4..6, MOA1-2P-2..3,
// MOA1-SOLO-14, -16).
func (s *State) runSetup(t *Task) bool {
	switch t.Stage {
	case 0:
		t.Stage = 1
		if s.Opt.Species && s.evolved() {
			s.dealSpecies() // MOAE-ANC-1
		} else if s.Opt.Species {
			// MOA1-AMB-22: deal from the four species Nests.
			sp := []string{"rabid", "nomad", "mutant", "marauder"}
			s.RNG.Shuffle(len(sp), func(i, j int) { sp[i], sp[j] = sp[j], sp[i] })
			side := Task{K: kSide, Seat: -1, Hex: -1, Ans: make([]string, s.N)}
			for p := 0; p < s.N && p < len(sp); p++ {
				s.player(p).Offered = sp[p]
				side.Who = append(side.Who, p)
			}
			s.push(side)
		}
		return false
	case 1:
		t.Stage = 2
		r := s.rules
		for _, p := range s.order(s.Active) {
			pl := s.player(p)
			larvae, cards := r.StartLarvae, r.StartCards
			switch {
			case s.rise():
				larvae, cards = s.riseStart(p) // RISE-13, RISE-14
			case s.N == 1:
				larvae, cards = 3, 4 // MOA1-SOLO-14
				if s.Opt.Difficulty == "easy" {
					larvae += 3 // MOA1-SOLO-16
				}
				if s.Opt.Difficulty == "hard" {
					cards = 2
				}
			case s.N == 2 && !s.rules.ReverseGT:
				// MOAE-2P-2, AMB-8: the standard set-up stays whole
				pl.Supply -= r.StartGTAnts
				s.ownTiles()
				s.Tiles[0].Out[p] = r.StartGTAnts
			case s.N == 2:
				larvae = 3 // MOA1-2P-3
			default:
				pl.Supply -= r.StartGTAnts
				s.ownTiles()
				s.Tiles[0].Out[p] = r.StartGTAnts // MOA1-SETUP-4
			}
			if pl.Species == "marauder" {
				cards = 1 // MOA1-SPEC-25
			}
			if s.Opt.Draft {
				cards = s.draftDraw(p) // MOAE-PSETUP-6
			}
			pl.Supply -= larvae
			pl.Larvae = larvae
			s.Food -= r.StartFood
			pl.Food = r.StartFood
			for i := 0; i < cards; i++ {
				s.draw(p)
			}
		}
		if s.Opt.Draft {
			s.openDraft() // MOAE-PSETUP-6
		}
		if s.N <= 2 {
			// 2 players: each draws 2 unused starting hexes and places one
			// (MOA1-2P-2); solo: 1 random starting hex (MOA1-SOLO-14).
			k := 2
			if s.N == 1 && !s.rise() {
				k = 1 // RISE-13: the solo colony chooses as 2 players do
			}
			for _, p := range s.order(s.Active) {
				st := Task{K: kStart, Seat: p, Hex: -1}
				for i := 0; i < k && len(s.Spare) > 0; i++ {
					j := s.RNG.IntN(len(s.Spare))
					st.Explore.Hexes = append(st.Explore.Hexes, s.Spare[j])
					s.Spare = append(s.Spare[:j], s.Spare[j+1:]...)
				}
				s.push(st)
			}
			// tasks run top first: reverse so the first player places first
			n := len(s.Tasks)
			for i, j := n-s.N, n-1; i < j; i, j = i+1, j-1 {
				s.Tasks[i], s.Tasks[j] = s.Tasks[j], s.Tasks[i]
			}
		}
		return false
	}
	s.pop()
	s.startWorker()
	return false
}

// startNode: [hex] edge rot [sites]; the hex goes next to the GT, connected
// to it by a tunnel (MOA1-AMB-20).
func (s *State) startNode(t *Task, seat int, path []string) engine.Step {
	i := 0
	num := t.Explore.Hexes[0]
	if len(t.Explore.Hexes) > 1 {
		if len(path) == 0 {
			var cs []string
			for _, n := range t.Explore.Hexes {
				cs = append(cs, hexCode(n))
			}
			return step("moa.step.hex", false, cs...)
		}
		num = parseHexCode(path[0])
		i = 1
	}
	gt := &s.Tiles[0]
	return s.placeNode(gt, num, path[i:], 3, true)
}

func (s *State) startAnswer(t *Task, seat int, path []string) {
	num := t.Explore.Hexes[0]
	if len(t.Explore.Hexes) > 1 {
		num = parseHexCode(path[0])
		path = path[1:]
		for _, n := range t.Explore.Hexes {
			if n != num {
				s.emit("moa.hex_returned", "hex", hexCode(n))
			}
		}
	}
	s.pop()
	nt := s.placeHex(num, &s.Tiles[0], edgeIndex(path[0]), rotOf(path[1]))
	s.player(seat).Supply -= 3 // MOA1-2P-3: 3 ants on the placed hex
	s.arriveMany(nt, seat, 3, path[2:])
	s.hexAdded(seat, nt)
}

// placeNode walks "edge rot [site...]" for placing hex num next to from
// through an open edge (tunnel must meet when tunnel is true), then k ants
// choosing sites.
func (s *State) placeNode(from *Tile, num int, path []string, k int, tunnel bool) engine.Step {
	if len(path) == 0 {
		var cs []string
		for _, e := range s.emptyEdges(from) {
			if !tunnel || s.opening(from, e) {
				cs = append(cs, edgeCode(e))
			}
		}
		return step("moa.step.edge", false, cs...)
	}
	e := edgeIndex(path[0])
	if len(path) == 1 {
		return step("moa.step.rotation", false, s.rotations(num, e, tunnel)...)
	}
	return s.sitePicks(num, k, path[2:])
}

// rotations lists rotations of hex num whose opening meets edge e of the
// exploring hex (MOA1-EXPLORE-3); all six when no tunnel is needed.
func (s *State) rotations(num, e int, tunnel bool) []string {
	var cs []string
	h := s.data.Hex(num)
	for r := 0; r < 6; r++ {
		if !tunnel || h.TunnelSet[((e+3-r)%6+6)%6] {
			cs = append(cs, rotCodes[r])
		}
	}
	return cs
}

// rotCodes spelled out: a concatenation cost an allocation each.
var rotCodes = [6]string{"r0", "r1", "r2", "r3", "r4", "r5"}

// rotIndex is the rotation a code names, -1 if none.
func rotIndex(code string) int {
	for r, c := range rotCodes {
		if c == code {
			return r
		}
	}
	return -1
}

func rotOf(code string) int { return int(code[1] - '0') }

// sitePicks asks for distinct sites for k ants arriving on a fresh hex num
// while the remaining sites differ (MOA1-HEX-12).
func (s *State) sitePicks(num, k int, picked []string) engine.Step {
	h := s.data.Hex(num)
	want := min(k, len(h.Sites))
	if len(picked) >= want {
		return done("moa.step.site")
	}
	var rest []string
	cls := map[string]bool{}
	for i, sd := range h.Sites {
		if contains(picked, siteCode(i)) {
			continue
		}
		rest = append(rest, siteCode(i))
		c := sd.Res
		if sd.Control {
			c += "*"
		}
		cls[c] = true
	}
	if len(cls) <= 1 {
		return done("moa.step.site")
	}
	return step("moa.step.site", false, rest...)
}

// placeHex puts hex num beyond edge e of from, turned rot (MOA1-HEX-21).
func (s *State) placeHex(num int, from *Tile, e, rot int) *Tile {
	q, r := from.Q+dirOf(e)[0], from.R+dirOf(e)[1]
	h := s.data.Hex(num)
	nt := Tile{Num: num, Q: q, R: r, Rot: rot, Sites: make([]int, len(h.Sites)), Out: make([]int, s.N)}
	for i := range nt.Sites {
		nt.Sites[i] = -1
	}
	s.Tiles = append(s.Tiles, nt)
	s.At = slices.Clone(s.At) // a clone may share it
	s.At[num] = len(s.Tiles) - 1
	s.emit("moa.hex_placed", "hex", hexCode(num), "name", h.Name, "q", itoa(q), "r", itoa(r))
	return &s.Tiles[len(s.Tiles)-1]
}

// arriveMany places k ants of seat (already taken from somewhere) on t, on
// the picked sites first.
func (s *State) arriveMany(t *Tile, seat, k int, picked []string) {
	s.ownTiles()
	for _, c := range picked {
		if k == 0 {
			break
		}
		if i := parseSite(c, t); i >= 0 && t.Sites[i] < 0 {
			t.Sites[i] = seat
			k--
		}
	}
	for ; k > 0; k-- {
		s.arrive(t, seat, -1)
	}
}

// hexAdded applies what a newly added hex brings: a centipede marker
// (MOA1-HEX-23) and a New Frontiers effect for the adding player (MOA1-NF-1).
func (s *State) hexAdded(seat int, t *Tile) {
	h := s.data.Hex(t.Num)
	if h.Centi {
		s.putCentipede(t)
		if s.data.Centipede != nil {
			s.growCentipedes() // MOAE-CENT-2
		}
	}
	if h.Effect != "" && seat >= 0 {
		s.push(Task{K: kEff, Seat: seat, Hex: t.Num, Effect: EffectTask{ID: h.Effect}})
	}
}

// putCentipede places a marker if the hex has none and a marker is left
// (MOA1-HEX-23, MOA1-AMB-31).
func (s *State) putCentipede(t *Tile) bool {
	if t.Num == 0 || t.Centi || s.Counters == 0 {
		return false
	}
	t.Centi = true
	s.Counters--
	s.emit("moa.centipede_placed", "hex", hexCode(t.Num))
	return true
}
