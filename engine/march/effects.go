package march

import (
	"slices"
	"strconv"
	"strings"

	"formica/engine"
)

// knownEffect lists every effect id the data file may name. Each is code
// behind data: cards and New Frontiers hexes name an effect; the rules for
// it live here (and in the battle, feeding and movement code for passive
// Evolutions).
func knownEffect(e string) bool {
	switch e {
	case "royalstroll", "radiation", "espionage", "earlyharvest", "eggthief", "frenzy", "fungal", "unknown",
		"nuptial", "burrow", "mobilize", "jelly", "trap", "sparrow", "swarm",
		"acrobat", "amazon", "armor", "warrior", "kamikaze", "berserker", "proboscis", "phoenix", "traitor", "veteran",
		"reaper", "parasite", "scout", "digger", "weaver",
		"woodborer", "honeypot", "leafcutter", "pharaoh", "stinger", "thief",
		"linkpast", "hugestores", "advevo", "bigbrood", "blindmasters", "stranger", "caringhive", "greedytribe",
		"longtunnel", "conqueror", "greatcolony", "pioneers",
		"spiderden", "antlion", "centinest", "dew", "abandoned":
		return true
	}
	return false
}

// globalSite codes name a site anywhere: "5s2".
func (s *State) siteCodes(filter func(t *Tile, i int) bool) []string {
	var cs []string
	for num := 1; num <= 25; num++ {
		t := s.tile(num)
		if t == nil {
			continue
		}
		for i := range t.Sites {
			if filter(t, i) {
				cs = append(cs, hexCode(num)+siteCode(i))
			}
		}
	}
	return cs
}

func (s *State) parseGlobalSite(code string) (*Tile, int) {
	i := strings.IndexByte(code, 's')
	if i <= 0 {
		return nil, -1
	}
	t := s.tile(parseHexCode(code[:i]))
	if t == nil {
		return nil, -1
	}
	return t, parseSite(code[i:], t)
}

func (s *State) hexCodes(filter func(t *Tile) bool) []string {
	var cs []string
	for num := 0; num <= 25; num++ {
		if t := s.tile(num); t != nil && filter(t) {
			cs = append(cs, hexCode(num))
		}
	}
	return cs
}

// runEffect performs automatic effects and skips choices with no option.
func (s *State) runEffect(t *Task) bool {
	seat := t.Seat
	switch t.Sub {
	case "eggthief": // MOA1-CLAR-EV-5
		s.pop()
		n := 0
		for p := 0; p < s.N; p++ {
			if p != seat {
				n += s.loseLarvae(p, 1)
			}
		}
		s.gainLarvae(seat, n)
		return false
	case "frenzy": // MOA1-CLAR-EV-6: two bonus actions, each one reactable
		s.pop()
		bonus := []Task{{K: kTurn, Seat: seat, Hex: -1, M: 1}, {K: kTurn, Seat: seat, Hex: -1, M: 1}}
		// after the reaction to playing this card, if that window is next
		if n := len(s.Tasks); n > 0 && s.Tasks[n-1].K == kReact && s.Tasks[n-1].Sub == "play" && s.Tasks[n-1].Seat == seat {
			react := s.Tasks[n-1]
			s.Tasks = s.Tasks[:n-1]
			s.push(bonus...)
			s.push(react)
		} else {
			s.push(bonus...)
		}
		return false
	case "mobilize": // MOA1-CLAR-EV-11
		s.pop()
		s.push(Task{K: kMarch, Seat: seat, Hex: -1, N: 4, Sub: "mobilize"})
		return false
	case "acrobat", "woodborer": // MOA1-CLAR-EVO-1, -6: ants only
		s.pop()
		if len(s.movable(seat)) > 0 {
			s.push(Task{K: kMarch, Seat: seat, Hex: -1, N: 2, Sub: "ants"})
		}
		return false
	case "linkpast":
		s.pop()
		if s.Players[seat].Larvae > 0 {
			s.placeLarva(seat, &s.Tiles[0], -1)
		}
		return false
	case "hugestores", "longtunnel":
		s.pop()
		s.gainFood(seat, 1)
		return false
	case "advevo":
		s.pop()
		s.draw(seat)
		return false
	case "bigbrood", "conqueror":
		s.pop()
		s.gainLarvae(seat, 1)
		return false
	case "dew":
		s.pop()
		s.gainFood(seat, 2)
		return false
	case "abandoned":
		s.pop()
		s.gainLarvae(seat, 3)
		return false
	case "centinest": // MOA1-CLAR-NF-3
		s.pop()
		nt := s.tile(t.Hex)
		for e := 0; e < 6; e++ {
			if n := s.neighbor(nt, e); n != nil {
				s.putCentipede(n)
			}
		}
		return false
	case "antlion": // MOA1-CLAR-NF-2: one card per occupied site
		s.pop()
		nt := s.tile(t.Hex)
		var ds []Task
		for _, p := range s.order(seat) {
			if k := nt.onSites(p); k > 0 && len(s.Players[p].Hand) > 0 {
				ds = append(ds, Task{K: kDiscard, Seat: p, Hex: t.Hex, N: k})
			}
		}
		s.push(ds...)
		return false
	case "espionage": // MOA1-CLAR-EV-3
		if t.A == nil {
			t.A = []int{}
			for i := 0; i < 3; i++ {
				if id := s.reveal(); id != 0 {
					t.A = append(t.A, id)
					s.emit("revealed", "card", cardCode(id), "name", s.data.Card(id).Name)
				}
			}
		}
		return true
	case "unknown": // MOA1-CLAR-EV-8
		if t.A == nil {
			if len(s.Stack) == 0 {
				s.pop()
				return false
			}
			t.A = []int{s.Stack[0]}
			s.Stack = s.Stack[1:]
			s.emit("hex_drawn", "seat", seatArg(seat), "hex", hexCode(t.A[0]))
		}
		return true
	}
	st, _ := s.effectNode(t, seat, nil)
	if len(st.Options) <= 1 && !st.Done { // only "pass" left: nothing to do
		s.pop()
		return false
	}
	return true
}

func withPass(st engine.Step) engine.Step {
	st.Options = append(opts("pass"), st.Options...)
	return st
}

// effectNode is the decision tree of each card or hex effect with choices.
func (s *State) effectNode(t *Task, seat int, path []string) (engine.Step, string) {
	if len(path) > 0 && path[0] == "pass" {
		return done("effect"), ""
	}
	rule := "MOA1-CARD-8"
	switch t.Sub {
	case "royalstroll": // MOA1-CLAR-EV-1
		rule = "MOA1-CLAR-EV-1"
		switch len(path) {
		case 0:
			return withPass(step("hex", false, s.hexCodes(func(t *Tile) bool { return t.Num != 0 && s.control(t) == seat })...)), rule
		case 1:
			moved := parseHexCode(path[0])
			return step("anchor", false, s.hexCodes(func(t *Tile) bool { return t.Num != moved && len(s.emptyEdges(t)) > 0 })...), rule
		case 2:
			return step("edge", false, edgeNames(s.emptyEdges(s.tile(parseHexCode(path[1]))))...), rule
		case 3:
			return step("rotation", false, "r0", "r1", "r2", "r3", "r4", "r5"), rule
		}
		return done("effect"), rule
	case "radiation": // MOA1-CLAR-EV-2
		rule = "MOA1-CLAR-EV-2"
		if len(path) == 0 {
			var cs []string
			for sg := 0; sg < 3; sg++ {
				if len(s.Players[seat].Evo[sg]) > 0 {
					cs = append(cs, segName(sg))
				}
			}
			return withPass(step("segment", false, cs...)), rule
		}
		if len(path) == 1 {
			cs := []string{"none"}
			for _, id := range s.Players[seat].Hand {
				if s.data.Card(id).Type == TypeEvo {
					cs = append(cs, cardCode(id))
				}
			}
			return step("card", false, cs...), rule
		}
		return done("effect"), rule
	case "espionage":
		rule = "MOA1-CLAR-EV-3"
		if len(path) == 0 {
			cs := []string{"none"}
			for _, id := range t.A {
				cs = append(cs, cardCode(id))
			}
			return step("card", false, cs...), rule
		}
		if id := parseCardCode(path[0]); id != 0 && len(path) == 1 && s.needsGoalSwap(seat, id) {
			return step("replace", false, s.goalCodes(seat)...), rule
		}
		return done("effect"), rule
	case "spiderden": // MOA1-CLAR-NF-1
		rule = "MOA1-CLAR-NF-1"
		if len(path) == 0 {
			return withPass(step("card", false, s.handOptions(seat)...)), rule
		}
		if id := parseCardCode(path[0]); len(path) == 1 && s.needsGoalSwap(seat, id) {
			return step("replace", false, s.goalCodes(seat)...), rule
		}
		return done("effect"), rule
	case "earlyharvest", "honeypot": // MOA1-CLAR-EV-4, MOA1-CLAR-EVO-9
		rule = "MOA1-CLAR-EV-4"
		if len(path) == 0 {
			return withPass(step("site", false, s.siteCodes(func(t *Tile, i int) bool { return t.Sites[i] == seat })...)), rule
		}
		return done("effect"), rule
	case "leafcutter": // MOA1-CLAR-EVO-10
		rule = "MOA1-CLAR-EVO-10"
		if len(path) == 0 || (len(path) == 1 && path[0] != "done") {
			var cs []string
			if len(path) == 1 {
				cs = append(cs, "done")
			}
			cs = append(cs, s.siteCodes(func(t *Tile, i int) bool { return t.Sites[i] == seat && !contains(path, hexCode(t.Num)+siteCode(i)) })...)
			st := step("site", false, cs...)
			if len(path) == 0 {
				st = withPass(st)
			}
			return st, rule
		}
		return done("effect"), rule
	case "fungal", "sparrow", "trap": // MOA1-CLAR-EV-7, -13, -14
		rule = "MOA1-CLAR-EV-7"
		if len(path) == 0 {
			var cs []string
			switch t.Sub {
			case "fungal":
				cs = s.hexCodes(func(t *Tile) bool { return t.Num != 0 && t.totalAnts() > 0 })
			case "sparrow":
				cs = s.hexCodes(func(t *Tile) bool { return t.Num != 0 && t.occupies(seat) })
			case "trap":
				cs = s.contestedHexes()
			}
			return withPass(step("hex", false, cs...)), rule
		}
		return done("effect"), rule
	case "unknown":
		rule = "MOA1-CLAR-EV-8"
		num := t.A[0]
		switch len(path) {
		case 0:
			return step("anchor", false, s.hexCodes(func(t *Tile) bool { return len(s.emptyEdges(t)) > 0 })...), rule
		case 1:
			return step("edge", false, edgeNames(s.emptyEdges(s.tile(parseHexCode(path[0]))))...), rule
		case 2:
			return step("rotation", false, "r0", "r1", "r2", "r3", "r4", "r5"), rule
		case 3:
			var cs []string
			for n := 0; n <= min(3, s.Players[seat].Larvae); n++ {
				cs = append(cs, strconv.Itoa(n))
			}
			return step("larvae", false, cs...), rule
		}
		return s.sitePicks(num, atoi(path[3]), path[4:]), rule
	case "nuptial": // MOA1-CLAR-EV-9
		rule = "MOA1-CLAR-EV-9"
		if len(path) == 0 {
			owners := map[int]bool{}
			s.siteCodes(func(t *Tile, i int) bool { owners[t.Sites[i]] = true; return false })
			delete(owners, -1)
			var cs []string
			if len(owners) >= 2 {
				cs = s.siteCodes(func(t *Tile, i int) bool { return t.Sites[i] >= 0 })
			}
			return withPass(step("site", false, cs...)), rule
		}
		if len(path) == 1 {
			a, ai := s.parseGlobalSite(path[0])
			owner := a.Sites[ai]
			return step("site", false, s.siteCodes(func(t *Tile, i int) bool { return t.Sites[i] >= 0 && t.Sites[i] != owner })...), rule
		}
		return done("effect"), rule
	case "burrow", "blindmasters": // MOA1-CLAR-EV-10, MOA1-CLAR-GOAL-3
		rule = "MOA1-CLAR-EV-10"
		if len(path) == 0 {
			var cs []string
			if s.Counters > 0 {
				cs = s.hexCodes(func(t *Tile) bool { return t.Num != 0 && !s.hasWorm(t) })
			}
			return withPass(step("hex", false, cs...)), rule
		}
		if t.Sub == "burrow" && len(path) == 1 && s.Players[seat].Larvae > 0 {
			return step("larva", false, "larva", "nolarva"), rule
		}
		if t.Sub == "burrow" && len(path) == 2 && path[1] == "larva" {
			if cs := s.siteStep(s.tile(parseHexCode(path[0]))); cs != nil {
				return step("site", false, cs...), rule
			}
		}
		return done("effect"), rule
	case "jelly": // MOA1-CLAR-EV-12: both chosen before either is done
		rule = "MOA1-CLAR-EV-12"
		all := []string{"food", "larvae", "cards"}
		if len(path) < 2 {
			var cs []string
			for _, c := range all {
				if !contains(path, c) {
					cs = append(cs, c)
				}
			}
			return step("choice", false, cs...), rule
		}
		return done("effect"), rule
	case "swarm": // MOA1-CLAR-EV-15
		rule = "MOA1-CLAR-EV-15"
		if len(path) == 0 {
			return withPass(step("hex", false, s.hexCodes(func(d *Tile) bool {
				return len(s.hexCodes(func(t *Tile) bool { return t.Num != d.Num && t.ants(seat) > 0 && s.canLeave(seat, t) })) > 0
			})...)), rule
		}
		dest := parseHexCode(path[0])
		if len(path) >= 4 {
			return done("effect"), rule
		}
		used := map[string]int{}
		for _, p := range path[1:] {
			used[p]++
		}
		cs := s.hexCodes(func(t *Tile) bool {
			return t.Num != dest && t.ants(seat)-used[hexCode(t.Num)] > 0 && s.canLeave(seat, t)
		})
		return step("ant", len(path) > 1, cs...), rule
	case "stranger", "caringhive", "pioneers": // MOA1-CLAR-GOAL-4, -5
		rule = "MOA1-CLAR-GOAL-4"
		return s.oneStepNode(seat, path, "move", true), rule
	case "greedytribe", "greatcolony": // MOA1-CLAR-GOAL-6
		rule = "MOA1-CLAR-GOAL-6"
		if len(path) == 0 {
			cs := s.larvaTargets(seat)
			if t.Sub == "greedytribe" {
				cs = s.hexCodes(func(t *Tile) bool { return t.Num != 0 && t.occupies(seat) && s.Players[seat].Larvae > 0 })
			}
			return withPass(step("hex", false, cs...)), rule
		}
		if t.Sub == "greedytribe" && len(path) == 1 {
			var cs []string
			for n := 1; n <= min(2, s.Players[seat].Larvae); n++ {
				cs = append(cs, strconv.Itoa(n))
			}
			return step("larvae", false, cs...), rule
		}
		return done("effect"), rule
	case "warrior": // MOA1-CLAR-EVO-4
		rule = "MOA1-CLAR-EVO-4"
		switch len(path) {
		case 0:
			return withPass(step("hex", false, s.hexCodes(func(t *Tile) bool { return t.Num != 0 && t.ants(seat) > 0 })...)), rule
		case 1:
			cs := []string{"return"}
			if s.Players[seat].Larvae > 0 {
				cs = append(cs, "place")
			}
			return step("warrior", false, cs...), rule
		case 2:
			tl := s.tile(parseHexCode(path[0]))
			hi := tl.ants(seat)
			if path[1] == "place" {
				hi = min(2, s.Players[seat].Larvae)
			}
			var cs []string
			for n := 1; n <= hi; n++ {
				cs = append(cs, strconv.Itoa(n))
			}
			return step("count", false, cs...), rule
		}
		return done("effect"), rule
	case "kamikaze": // MOA1-CLAR-EVO-5
		rule = "MOA1-CLAR-EVO-5"
		if len(path) == 0 {
			return withPass(step("hex", false, s.hexCodes(func(t *Tile) bool {
				return t.Num != 0 && t.ants(seat) > 0 && t.totalAnts() > t.ants(seat)
			})...)), rule
		}
		tl := s.tile(parseHexCode(path[0]))
		if len(path) < 3 {
			used := map[int]int{}
			for _, c := range path[1:] {
				used[parseSeatCode(c, s.N)]++
			}
			var cs []string
			for p := 0; p < s.N; p++ {
				if p != seat && tl.ants(p)-used[p] > 0 {
					cs = append(cs, seatCode(p))
				}
			}
			return step("victim", len(path) == 2, cs...), rule
		}
		return done("effect"), rule
	case "stinger": // MOA1-CLAR-EVO-15
		rule = "MOA1-CLAR-EVO-15"
		if len(path) == 0 {
			return withPass(step("hex", false, s.hexCodes(func(t *Tile) bool {
				return t.Num != 0 && t.ants(seat) > 0 && t.totalAnts() > t.ants(seat)
			})...)), rule
		}
		if len(path) == 1 {
			tl := s.tile(parseHexCode(path[0]))
			var cs []string
			for p := 0; p < s.N; p++ {
				if p != seat && tl.ants(p) > 0 {
					cs = append(cs, seatCode(p))
				}
			}
			return step("victim", false, cs...), rule
		}
		return done("effect"), rule
	}
	return done("effect"), rule
}

func edgeNames(es []int) []string {
	var cs []string
	for _, e := range es {
		cs = append(cs, edgeCode(e))
	}
	return cs
}

func (s *State) needsGoalSwap(seat, id int) bool {
	return id != 0 && s.data.Card(id).Type == TypeGoal && len(s.Players[seat].Goals) >= s.rules.MaxGoals
}

func (s *State) goalCodes(seat int) []string {
	var cs []string
	for _, g := range s.Players[seat].Goals {
		cs = append(cs, cardCode(g))
	}
	return cs
}

// playFree plays a card without paying (Espionage, Empty Spider Den).
func (s *State) playFree(seat, id int, replace string) {
	p := &s.Players[seat]
	if i := slices.Index(p.Hand, id); i >= 0 {
		p.Hand = slices.Delete(p.Hand, i, i+1)
	}
	if g := parseCardCode(replace); g != 0 {
		if i := slices.Index(p.Goals, g); i >= 0 {
			p.Goals = slices.Delete(p.Goals, i, i+1)
			s.Discard = append(s.Discard, g)
		}
	}
	s.emit("played_free", "seat", seatArg(seat), "card", cardCode(id), "name", s.data.Card(id).Name)
	s.playCard(seat, id, nil)
}

// effectAnswer carries out an effect with the answer's choices.
func (s *State) effectAnswer(t *Task, seat int, path []string) {
	task := t.clone()
	s.pop()
	if path[0] == "pass" {
		return
	}
	switch task.Sub {
	case "royalstroll":
		moved := s.tile(parseHexCode(path[0]))
		anchor := s.tile(parseHexCode(path[1]))
		e := edgeIndex(path[2])
		moved.Q, moved.R, moved.Rot = anchor.Q+dirOf(e)[0], anchor.R+dirOf(e)[1], rotOf(path[3])
		s.emit("hex_moved", "hex", hexCode(moved.Num), "q", itoa(moved.Q), "r", itoa(moved.R))
	case "radiation":
		p := &s.Players[seat]
		for sg := 0; sg < 3; sg++ {
			if segName(sg) == path[0] {
				top := p.Evo[sg][len(p.Evo[sg])-1]
				p.Evo[sg] = p.Evo[sg][:len(p.Evo[sg])-1]
				s.Discard = append(s.Discard, top)
				s.emit("evolution_lost", "seat", seatArg(seat), "card", cardCode(top))
			}
		}
		if id := parseCardCode(path[1]); id != 0 {
			p.Hand = slices.DeleteFunc(p.Hand, func(x int) bool { return x == id })
			p.Evo[s.data.Card(id).SegIndex()] = append(p.Evo[s.data.Card(id).SegIndex()], id)
			s.emit("evolved", "seat", seatArg(seat), "card", cardCode(id), "name", s.data.Card(id).Name, "segment", s.data.Card(id).Seg)
		}
		s.checkBodies(seat) // only the net change counts
	case "espionage":
		chosen := parseCardCode(path[0])
		for _, id := range task.A {
			if id != chosen {
				s.Discard = append(s.Discard, id)
			}
		}
		if chosen != 0 {
			s.Players[seat].Hand = append(s.Players[seat].Hand, chosen)
			rep := ""
			if len(path) > 1 {
				rep = path[1]
			}
			s.playFree(seat, chosen, rep)
		}
	case "spiderden":
		rep := ""
		if len(path) > 1 {
			rep = path[1]
		}
		s.playFree(seat, parseCardCode(path[0]), rep)
	case "earlyharvest", "honeypot":
		tl, i := s.parseGlobalSite(path[0])
		s.collect(seat, s.sites(tl)[i].Res, false)
	case "leafcutter":
		for _, c := range path {
			if c == "done" {
				continue
			}
			tl, i := s.parseGlobalSite(c)
			s.Players[seat].Leaf = append(s.Players[seat].Leaf, tl.Num*10+i)
		}
	case "fungal", "sparrow":
		tl := s.tile(parseHexCode(path[0]))
		per := 2
		if task.Sub == "sparrow" {
			per = 3
		}
		counts := make([]int, s.N)
		for p := 0; p < s.N; p++ {
			counts[p] = min(per, tl.ants(p))
		}
		s.pushLosses(tl.Num, counts, "card")
	case "trap":
		s.Fights = nil
		s.push(Task{K: kSoldier, Seat: -1, Hex: parseHexCode(path[0]), N: 1, Sub: "trap"})
	case "unknown":
		anchor := s.tile(parseHexCode(path[0]))
		n := atoi(path[3])
		nt := s.placeHex(task.A[0], anchor, edgeIndex(path[1]), rotOf(path[2]))
		s.Players[seat].Larvae -= n
		s.arriveMany(nt, seat, n, path[4:])
		s.hexAdded(seat, nt)
	case "nuptial":
		a, ai := s.parseGlobalSite(path[0])
		b, bi := s.parseGlobalSite(path[1])
		a.Sites[ai], b.Sites[bi] = b.Sites[bi], a.Sites[ai]
		s.emit("swapped", "a", path[0], "b", path[1])
	case "burrow", "blindmasters":
		tl := s.tile(parseHexCode(path[0]))
		tl.Worm = true
		s.Counters--
		s.emit("wormhole_placed", "hex", path[0])
		if len(path) > 1 && path[1] == "larva" {
			site := -1
			if len(path) > 2 {
				site = parseSite(path[2], tl)
			}
			s.placeLarva(seat, tl, site)
		}
	case "jelly":
		for _, c := range path {
			switch c {
			case "food":
				s.gainFood(seat, 2)
			case "larvae":
				s.gainLarvae(seat, 3)
			case "cards":
				s.draw(seat)
				s.draw(seat)
			}
		}
	case "swarm":
		dest := s.tile(parseHexCode(path[0]))
		for _, c := range path[1:] {
			from := s.tile(parseHexCode(c))
			s.takeAnt(from, seat, s.defaultPos(from, seat))
			s.arriveChoosing(dest, seat)
			s.emit("moved", "seat", seatArg(seat), "from", c, "to", path[0])
		}
	case "stranger", "caringhive", "pioneers":
		s.applyOneStep(seat, path)
	case "greedytribe", "greatcolony":
		tl := s.tile(parseHexCode(path[0]))
		n := 1
		if len(path) > 1 {
			n = atoi(path[1])
		}
		for i := 0; i < n; i++ {
			s.Players[seat].Larvae--
			s.arriveChoosing(tl, seat)
			s.emit("larva_placed", "seat", seatArg(seat), "hex", path[0])
		}
	case "warrior":
		tl := s.tile(parseHexCode(path[0]))
		n := atoi(path[2])
		for i := 0; i < n; i++ {
			if path[1] == "return" {
				s.takeAnt(tl, seat, s.defaultPos(tl, seat))
				s.Players[seat].Larvae++
			} else {
				s.Players[seat].Larvae--
				s.arriveChoosing(tl, seat)
			}
		}
		s.emit("warrior", "seat", seatArg(seat), "hex", path[0], "mode", path[1], "n", path[2])
	case "kamikaze":
		tl := s.tile(parseHexCode(path[0]))
		counts := make([]int, s.N)
		counts[seat] = 1
		for _, c := range path[1:] {
			counts[parseSeatCode(c, s.N)]++
		}
		s.pushLosses(tl.Num, counts, "card")
	case "stinger":
		counts := make([]int, s.N)
		counts[parseSeatCode(path[1], s.N)] = 1
		s.pushLosses(parseHexCode(path[0]), counts, "card")
	}
}

// goalMet checks a Colony Goal's condition in the Slumber phase
// (MOA1-SLUMBER-3, MOA1-CLAR-GOAL).
func (s *State) goalMet(seat, id int) bool {
	p := &s.Players[seat]
	switch s.data.Card(id).Effect {
	case "linkpast": // MOA1-CLAR-GOAL-1: strictly most ants in the GT
		gt := &s.Tiles[0]
		for q := 0; q < s.N; q++ {
			if q != seat && gt.Out[q] >= gt.Out[seat] {
				return false
			}
		}
		return gt.Out[seat] > 0
	case "hugestores":
		return s.beatsNeighbours(seat, func(q *Player) int { return q.Food })
	case "advevo":
		return s.beatsNeighbours(seat, func(q *Player) int { return len(q.Evo[0]) + len(q.Evo[1]) + len(q.Evo[2]) })
	case "bigbrood":
		return s.beatsNeighbours(seat, func(q *Player) int { return q.Larvae })
	case "blindmasters":
		return len(s.hexCodes(func(t *Tile) bool { return s.hasWorm(t) && t.occupies(seat) })) >= 2
	case "stranger":
		gt := &s.Tiles[0]
		return len(s.hexCodes(func(t *Tile) bool { return t.Num != 0 && s.control(t) == seat && !s.adjacent(t, gt) })) >= 2
	case "caringhive": // MOA1-CLAR-GOAL-5: one-larva sites only
		return len(s.siteCodes(func(t *Tile, i int) bool { return t.Sites[i] == seat && s.sites(t)[i].Res == ResLarva })) >= 2
	case "greedytribe":
		return len(s.siteCodes(func(t *Tile, i int) bool { return t.Sites[i] == seat && s.sites(t)[i].Res == ResFood })) >= 3
	case "longtunnel": // MOA1-CLAR-GOAL-7: the Slumber example scores occupied hexes
		return s.longestTunnel(seat) >= 3
	case "conqueror":
		return len(s.hexCodes(func(t *Tile) bool { return t.Num != 0 && s.control(t) == seat })) >= 3
	case "greatcolony":
		return s.antsInAnthill(seat) >= 10
	case "pioneers":
		return len(s.hexCodes(func(t *Tile) bool { return t.occupies(seat) && hexDist(t.Q, t.R) >= 3 })) > 0
	}
	_ = p
	return false
}

// beatsNeighbours: more than both neighbours, ties score nothing
// (MOA1-CLAR-GOAL-2); with 2 players the one other player (MOA1-2P-6).
func (s *State) beatsNeighbours(seat int, val func(*Player) int) bool {
	me := val(&s.Players[seat])
	if s.N == 1 {
		return me > 0
	}
	for _, q := range []int{(seat + 1) % s.N, (seat + s.N - 1) % s.N} {
		if val(&s.Players[q]) >= me {
			return false
		}
	}
	return true
}

// longestTunnel: the largest group of hexes seat occupies joined by tunnels
// (the GT not counted). The rulebook's Slumber example scores Long Tunnel for
// Hollow, Stump and Peat Bog, of which Red controls only Stump.
func (s *State) longestTunnel(seat int) int {
	best := 0
	seen := map[int]bool{}
	for i := range s.Tiles {
		st := &s.Tiles[i]
		if st.Num == 0 || !st.occupies(seat) || seen[st.Num] {
			continue
		}
		n, queue := 0, []*Tile{st}
		seen[st.Num] = true
		for len(queue) > 0 {
			t := queue[0]
			queue = queue[1:]
			n++
			for e := 0; e < 6; e++ {
				nb := s.neighbor(t, e)
				if nb != nil && nb.Num != 0 && !seen[nb.Num] && nb.occupies(seat) && s.connected(t, e) {
					seen[nb.Num] = true
					queue = append(queue, nb)
				}
			}
		}
		best = max(best, n)
	}
	return best
}
