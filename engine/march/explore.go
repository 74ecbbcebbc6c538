package march

import (
	"slices"
	"strings"

	"formica/engine"
)

// startExplore draws the hex (Scout: two, MOA1-CLAR-EVO-14) and asks where to
// put it. sub is "" for Explore, "j1"/"j2" for the Nomad's journey
// (MOA1-SPEC-10); from forces the exploring hex.
func (s *State) startExplore(seat int, sub string, from int) {
	k := 1
	if s.activeEffect(seat, 1) == "scout" && (sub == "" || sub == subExpand1) { // Expansion is one Explore (MOAE-ANC-7)
		k = 2
	}
	if from >= 0 && (s.openEmpty(s.tile(from)) == 0 || s.tile(from).ants(seat) == 0) {
		return
	}
	t := Task{K: kExplore, Seat: seat, Hex: from, Explore: ExploreTask{Mode: sub}}
	for i := 0; i < k && len(s.Stack) > 0; i++ {
		t.Explore.Hexes = append(t.Explore.Hexes, s.Stack[0])
		s.Stack = s.Stack[1:]
	}
	if len(t.Explore.Hexes) == 0 {
		return
	}
	if len(t.Explore.Hexes) == 1 {
		s.emit("moa.hex_drawn", "seat", seatArg(seat), "hex", hexCode(t.Explore.Hexes[0]))
	} else {
		s.emitTo(seat, "moa.scout_drew", "a", hexCode(t.Explore.Hexes[0]), "b", hexCode(t.Explore.Hexes[1]))
	}
	s.push(t)
}

func (s *State) minExploreAnts(t *Task) int {
	if t.Explore.Mode == "j1" {
		return 2 // MOA1-SPEC-14: an ant for each of the two hexes
	}
	return 1
}

func (s *State) exploreNode(t *Task, seat int, path []string) engine.Step {
	num := t.Explore.Hexes[0]
	if len(t.Explore.Hexes) > 1 {
		if len(path) == 0 {
			return step("moa.step.hex", false, hexCode(t.Explore.Hexes[0]), hexCode(t.Explore.Hexes[1]))
		}
		num = parseHexCode(path[0])
		path = path[1:]
	}
	if len(path) == 0 {
		if t.Hex >= 0 {
			return step("moa.step.from", false, hexCode(t.Hex))
		}
		var cs []string
		for _, c := range s.exploreFrom(seat, s.minExploreAnts(t)) {
			if t.Explore.Mode != "j1" || s.openEmpty(s.tile(parseHexCode(c))) >= 2 {
				cs = append(cs, c)
			}
		}
		return step("moa.step.from", false, cs...)
	}
	from := s.tile(parseHexCode(path[0]))
	if len(path) == 1 {
		var cs []string
		for _, e := range s.emptyEdges(from) {
			if s.opening(from, e) { // MOA1-EXPLORE-4: no exploring through a closed edge
				cs = append(cs, edgeCode(e))
			}
		}
		return step("moa.step.edge", false, cs...)
	}
	if len(path) == 2 {
		return step("moa.step.rotation", false, s.rotations(num, edgeIndex(path[1]), true)...)
	}
	if s.evolved() && (t.Explore.Mode == "" || t.Explore.Mode == subExpand1 || t.Explore.Mode == subExpand2) { // MOAE-EXPL-3: ants from several locations
		ants := path[3:]
		k := slices.Index(ants, "done")
		if k < 0 {
			e := edgeIndex(path[1])
			cs := s.exploreAntOptions(seat, num, from.Q+dirOf(e)[0], from.R+dirOf(e)[1], rotOf(path[2]), ants)
			if len(ants) > 0 {
				cs = append([]string{"done"}, cs...)
			}
			return step("moa.step.ant", false, cs...)
		}
		return s.sitePicks(num, k, ants[k+1:])
	}
	if s.pickSource(t) {
		if len(path) == 3 {
			return step("moa.step.source", false, s.exploreSources(seat, from, edgeIndex(path[1]))...)
		}
		from = s.tile(parseHexCode(path[3]))
		path = append(path[:3:3], path[4:]...)
	}
	have := from.ants(seat)
	if len(path) == 3 {
		lo, hi := s.exploreAntRange(t, have)
		var cs []string
		for n := lo; n <= hi; n++ {
			cs = append(cs, itoa(n))
		}
		return step("moa.step.ants", false, cs...)
	}
	n := atoi(path[3])
	vac := s.vacateCount(from, seat, n)
	rest := path[4:]
	if len(rest) < vac {
		return step("moa.step.vacate", false, s.vacateOptions(from, seat, rest)...)
	}
	return s.sitePicks(num, n, rest[vac:])
}

// exploreAntRange is how many of the have ants on the exploring hex may go.
func (s *State) exploreAntRange(t *Task, have int) (lo, hi int) {
	lo, hi = 1, have
	switch t.Explore.Mode {
	case "j1":
		hi = have - 1
	case "j2":
		lo = have // MOA1-SPEC-10: every ant leaves the exploring hex
	}
	return lo, hi
}

// pickSource reports whether the explorer names the hex the ants come from:
// with explore-from=adjacent (MOA1-AMB-40 alternative) any one hex adjacent
// to the new hex. The Nomad's journey always moves the exploring hex's ants
// (MOA1-SPEC-10), so it never asks.
func (s *State) pickSource(t *Task) bool {
	return s.Opt.ExploreAdjacent && t.Explore.Mode == ""
}

// exploreSources lists the hexes adjacent to the space beyond from's edge e
// from which seat's ants may leave, the exploring hex first (MOA1-EXPLORE-5).
func (s *State) exploreSources(seat int, from *Tile, e int) []string {
	q, r := from.Q+dirOf(e)[0], from.R+dirOf(e)[1]
	cs := []string{hexCode(from.Num)}
	for d := 0; d < 6; d++ {
		n := s.tileAt(q+dirOf(d)[0], r+dirOf(d)[1])
		if n != nil && n != from && n.ants(seat) > 0 && s.canLeave(seat, n) {
			cs = append(cs, hexCode(n.Num))
		}
	}
	return cs
}

// vacateCount: how many site ants must be chosen to leave from (outskirts
// ants go first); 0 when the choice makes no difference.
func (s *State) vacateCount(from *Tile, seat, n int) int {
	if from.Num == 0 {
		return 0
	}
	k := n - from.Out[seat]
	if k <= 0 || k >= from.onSites(seat) {
		return 0
	}
	cls := map[string]bool{}
	for i, o := range from.Sites {
		if o == seat {
			cls[s.siteClass(from, i)] = true
		}
	}
	if len(cls) <= 1 {
		return 0
	}
	return k
}

func (s *State) vacateOptions(from *Tile, seat int, picked []string) []string {
	var cs []string
	for i, o := range from.Sites {
		if o == seat && !contains(picked, siteCode(i)) {
			cs = append(cs, siteCode(i))
		}
	}
	return cs
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// takeAnts removes n ants of seat from t: outskirts first, then the vacated
// sites given, then non-control sites, the control site last.
func (s *State) takeAnts(t *Tile, seat, n int, vacate []string) {
	s.ownTiles()
	for ; n > 0 && (t.Num == 0 || t.Out[seat] > 0); n-- {
		t.Out[seat]--
	}
	for _, c := range vacate {
		if n == 0 {
			break
		}
		if i := parseSite(c, t); i >= 0 && t.Sites[i] == seat {
			t.Sites[i] = -1
			n--
		}
	}
	for ; n > 0; n-- {
		s.takeAnt(t, seat, s.defaultPos(t, seat))
	}
}

// exploreAnswer performs MOA1-EXPLORE-2 steps 4-8.
func (s *State) exploreAnswer(t *Task, seat int, path []string) {
	task := t.clone()
	s.pop()
	num := task.Explore.Hexes[0]
	if len(task.Explore.Hexes) > 1 {
		num = parseHexCode(path[0])
		path = path[1:]
		other := task.Explore.Hexes[0]
		if other == num {
			other = task.Explore.Hexes[1]
		}
		s.Stack = append(s.Stack, other) // the Scout's other hex: bottom of the stack, unseen
		s.emit("moa.hex_drawn", "seat", seatArg(seat), "hex", hexCode(num))
	}
	from := s.tile(parseHexCode(path[0]))
	e, rot := edgeIndex(path[1]), rotOf(path[2])
	fromNum := from.Num
	if s.evolved() && (task.Explore.Mode == "" || task.Explore.Mode == subExpand1 || task.Explore.Mode == subExpand2) {
		if task.Explore.Mode == subExpand1 {
			s.offerSecondTile(seat, fromNum) // MOAE-ANC-7, after the first tile's effects
		}
		s.exploreEvolved(seat, num, from, e, rot, path[3:], afterExploreOnce(task.Explore.Mode))
		return
	}
	src := from
	if s.pickSource(&task) { // MOA1-AMB-40 alternative
		src = s.tile(parseHexCode(path[3]))
		path = append(path[:3:3], path[4:]...)
	}
	n := atoi(path[3])
	vac := s.vacateCount(src, seat, n)
	s.takeAnts(src, seat, n, path[4:4+vac])
	nt := s.placeHex(num, s.tile(fromNum), e, rot)
	s.arriveMany(nt, seat, n, path[4+vac:])
	s.emit("moa.explored", "seat", seatArg(seat), "hex", hexCode(num), "from", hexCode(src.Num), "n", itoa(n))
	if task.Explore.Mode == "j1" {
		s.startExplore(seat, "j2", fromNum)
	}
	before := len(s.Tasks)
	s.hexAdded(seat, nt)
	if len(s.Tasks) > before && !s.Opt.FillBeforeNF {
		// MOA1-EXPLORE-2, MOA1-AMB-41: the New Frontiers effect (step 7)
		// resolves before free sites are refilled (step 8), so filling
		// waits until a release task under the effect runs.
		s.Hold = true
		s.Tasks = slices.Insert(s.Tasks, before, Task{K: kRelease, Seat: -1, Hex: -1})
	}
	if s.activeEffect(seat, 1) == "reaper" { // MOA1-CLAR-EVO-8
		k := 0
		for i, o := range nt.Sites {
			if r := s.sites(nt)[i].Res; o == seat && (r == ResLarva || r == ResLarva2) {
				k++
			}
		}
		s.gainLarvae(seat, k*s.amt("reaper", 0))
	}
	if s.evolved() {
		s.afterExplore(seat) // MOAE-CL-22
	}
}

// exploreSources lists the locations next to the space (q, r) that a tile
// num turned rot would join by a tunnel and from which seat's ants may leave
// (MOAE-EXPL-3; wormholes do not count, MOAE-WORM-3).
func (s *State) exploreSourcesAt(seat, num, q, r, rot int) []*Tile {
	h := s.data.Hex(num)
	var out []*Tile
	for d := 0; d < 6; d++ {
		n := s.tileAt(q+dirOf(d)[0], r+dirOf(d)[1])
		if n != nil && h.TunnelSet[((d-rot)%6+6)%6] && s.opening(n, (d+3)%6) && n.ants(seat) > 0 && s.canLeave(seat, n) {
			out = append(out, n)
		}
	}
	return out
}

// exploreAntOptions: one code per moving ant, as in a payment: a location
// ("1": any ant there) or one ant ("1s2", "1o"), not used up by picked.
func (s *State) exploreAntOptions(seat, num, q, r, rot int, picked []string) []string {
	srcs := s.exploreSourcesAt(seat, num, q, r, rot)
	perTile, used := map[int]int{}, map[string]int{}
	for _, p := range picked {
		used[p]++
		if t, _ := s.parseAnt(seat, p); t != nil {
			perTile[t.Num]++
		}
	}
	var cs []string
	for _, code := range s.antOptions(seat, func(t *Tile) bool {
		return slices.Contains(srcs, t) && t.ants(seat)-perTile[t.Num] > 0
	}) {
		t, pos := s.parseAnt(seat, code)
		switch {
		case code == hexCode(t.Num):
		case pos < 0 && t.Out[seat]-used[code] <= 0:
			continue
		case pos >= 0 && used[code] > 0:
			continue
		}
		cs = append(cs, code)
	}
	return cs
}

// exploreEvolved places tile num and moves the named ants onto it from
// every adjacent connected location (MOAE-EXPL-2, -3); freed sites refill
// at the end of the action (MOAE-EXPL-4).
func (s *State) exploreEvolved(seat, num int, from *Tile, e, rot int, path []string, after bool) {
	k := slices.Index(path, "done")
	ants, sites := path[:k], path[k+1:]
	for pass := 0; pass < 2; pass++ { // named ants first, then "any ant there"
		for _, code := range ants {
			if named := strings.ContainsAny(code, "os"); named != (pass == 0) {
				continue
			}
			if t, pos := s.parseAnt(seat, code); t != nil {
				s.takeAnt(t, seat, pos)
			}
		}
	}
	nt := s.placeHex(num, from, e, rot)
	s.arriveMany(nt, seat, len(ants), sites)
	s.emit("moa.explored", "seat", seatArg(seat), "hex", hexCode(num), "from", hexCode(from.Num), "n", itoa(len(ants)))
	before := len(s.Tasks)
	s.hexAdded(seat, nt)
	if len(s.Tasks) > before {
		// AMB-13: the Placement effect before the refill
		s.Hold = true
		s.Tasks = slices.Insert(s.Tasks, before, Task{K: kRelease, Seat: -1, Hex: -1})
	}
	if !after {
		return // an Expansion's second tile (MOAE-ANC-7)
	}
	if s.activeEffect(seat, 1) == "reaper" {
		k := 0
		for i, o := range nt.Sites {
			if r := s.sites(nt)[i].Res; o == seat && (r == ResLarva || r == ResLarva2) {
				k++
			}
		}
		s.gainLarvae(seat, k*s.amt("reaper", 0))
	}
	s.afterExplore(seat) // MOAE-CL-22
}

// canJourney: an exploring hex with 2 ants and 2 open edges on empty space,
// and 2 hexes in the stack (MOA1-SPEC-10, -14).
func (s *State) canJourney(seat int) bool {
	if len(s.Stack) < 2 {
		return false
	}
	for i := range s.Tiles {
		t := &s.Tiles[i]
		if t.ants(seat) < 2 || !s.canLeave(seat, t) {
			continue
		}
		if s.openEmpty(t) >= 2 {
			return true
		}
	}
	return false
}

// marchNode: "done", "larva <hex> [site]" or "<ant> <hex> [site]"
// (MOA1-MARCH-2, -3).
func (s *State) marchNode(t *Task, seat int, path []string) engine.Step {
	larvaOK := s.larvaOK(t, seat)
	if len(path) == 0 {
		if larvaOK {
			return stepLead("moa.step.step", s.movable(seat), "done", "larva")
		}
		return stepLead("moa.step.step", s.movable(seat), "done")
	}
	if path[0] == "done" {
		return done("moa.step.step")
	}
	if path[0] == "larva" {
		if len(path) == 1 {
			return step("moa.step.hex", false, s.larvaTargets(seat)...)
		}
		if len(path) == 2 {
			if cs := s.siteStep(s.tile(parseHexCode(path[1]))); cs != nil {
				return step("moa.step.site", false, cs...)
			}
		}
		return done("moa.step.step")
	}
	if len(path) == 1 {
		return step("moa.step.to", false, s.antStepCodes(seat, path[0])...)
	}
	if len(path) == 2 {
		if cs := s.siteStep(s.tile(parseHexCode(path[1]))); cs != nil {
			return step("moa.step.site", false, cs...)
		}
	}
	return done("moa.step.step")
}

func (s *State) marchAnswer(t *Task, seat int, path []string) {
	switch path[0] {
	case "done":
		t.Move.Steps = 0
		return
	case "larva":
		site := -1
		if len(path) > 2 {
			site = parseSite(path[2], s.tile(parseHexCode(path[1])))
		}
		s.placeLarva(seat, s.tile(parseHexCode(path[1])), site)
	default:
		from, pos := s.parseAnt(seat, path[0])
		to := s.tile(parseHexCode(path[1]))
		site := -1
		if len(path) > 2 {
			site = parseSite(path[2], to)
		}
		s.moveAnt(seat, from, pos, to, site)
		t.Move.AntMoved = true
	}
	t.Move.Steps--
	if !s.marchGoesOn(t, seat) {
		t.Move.Steps = 0
	}
}

// marchGoesOn is whether marchNode offers a step besides "done": a larva
// or an ant that can step (movable is non-empty just when canMove).
func (s *State) marchGoesOn(t *Task, seat int) bool {
	return s.larvaOK(t, seat) || s.canMove(seat)
}

// larvaOK: the March may still place a larva (MOA1-MARCH-3).
func (s *State) larvaOK(t *Task, seat int) bool {
	return (!t.Move.AntMoved || !s.rules.LarvaeFirst) && t.Move.Mode != "ants" && s.Players[seat].Larvae > 0
}

// endMarch closes a movement: a Marauder Raid starts its battle
// (MOA1-SPEC-22); in the Uprising a player may then fight a centipede
// (MOA1-SOLO-8).
func (s *State) endMarch(t *Task) {
	task := t.clone()
	s.pop()
	switch task.Move.Mode {
	case "raid":
		if len(s.raidTargets(task.Seat)) > 0 {
			s.push(Task{K: kRaid, Seat: task.Seat, Hex: -1})
		}
	case "":
		if s.evolved() {
			s.rebelAfterMarch(task.Seat) // MOAE-CL-15
		}
		if s.Opt.Uprising && len(s.huntTargets(task.Seat)) > 0 {
			s.push(Task{K: kHunt, Seat: task.Seat, Hex: -1})
		}
	}
}

func sortedInts(a []int) []int {
	b := slices.Clone(a)
	slices.Sort(b)
	return b
}

// openEmpty counts open edges of t that face empty space.
func (s *State) openEmpty(t *Tile) int {
	k := 0
	for e := 0; e < 6; e++ { // emptyEdges without its list
		if s.neighbor(t, e) == nil && s.opening(t, e) {
			k++
		}
	}
	return k
}
