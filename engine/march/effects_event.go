package march

import (
	"slices"
	"strconv"

	"formica/engine"
)

// eventEffects are the Event cards (MOA1-CARD-8, MOA1-CLAR-EV).
func eventEffects() effects {
	return effects{
		"royalstroll":  {rule: "MOA1-CLAR-EV-1", node: royalStrollNode, answer: royalStrollAnswer},
		"radiation":    {rule: "MOA1-CLAR-EV-2", node: radiationNode, answer: radiationAnswer},
		"espionage":    {rule: "MOA1-CLAR-EV-3", run: espionageRun, node: espionageNode, answer: espionageAnswer, amounts: []int{free}},
		"earlyharvest": {rule: "MOA1-CLAR-EV-4", node: harvestNode, answer: harvestAnswer},
		"eggthief":     {rule: "MOA1-CLAR-EV-5", run: eggThiefRun, amounts: []int{free}},
		"frenzy":       {rule: "MOA1-CLAR-EV-6", run: frenzyRun, amounts: []int{free}},
		// MOA1-CLAR-EV-7, -13, -14 share one decision: which hex
		"fungal":   {rule: "MOA1-CLAR-EV-7", node: hexLossNode, answer: hexLossAnswer, amounts: []int{free}},
		"sparrow":  {rule: "MOA1-CLAR-EV-7", node: hexLossNode, answer: hexLossAnswer, playable: sparrowPlayable, amounts: []int{free}},
		"trap":     {rule: "MOA1-CLAR-EV-7", node: hexLossNode, answer: trapAnswer, playable: trapPlayable},
		"unknown":  {rule: "MOA1-CLAR-EV-8", run: unknownRun, node: unknownNode, answer: unknownAnswer, amounts: []int{free}},
		"nuptial":  {rule: "MOA1-CLAR-EV-9", node: nuptialNode, answer: nuptialAnswer},
		"burrow":   {rule: "MOA1-CLAR-EV-10", node: burrowNode, answer: burrowAnswer, amounts: []int{1}},
		"mobilize": {rule: "MOA1-CLAR-EV-11", run: mobilizeRun, amounts: []int{free}},
		"jelly":    {rule: "MOA1-CLAR-EV-12", node: jellyNode, answer: jellyAnswer, amounts: []int{free, free, free}},
		"swarm":    {rule: "MOA1-CLAR-EV-15", node: swarmNode, answer: swarmAnswer, amounts: []int{free}},
	}
}

// MOA1-CLAR-EV-1
func royalStrollNode(s *State, t *Task, seat int, path []string) engine.Step {
	switch len(path) {
	case 0:
		return withPass(step("moa.step.hex", false, s.hexCodes(func(t *Tile) bool { return t.Num != 0 && s.control(t) == seat })...))
	case 1:
		moved := parseHexCode(path[0])
		return step("moa.step.anchor", false, s.hexCodes(func(t *Tile) bool { return t.Num != moved && len(s.emptyEdges(t)) > 0 })...)
	case 2:
		return step("moa.step.edge", false, edgeNames(s.emptyEdges(s.tile(parseHexCode(path[1]))))...)
	case 3:
		return step("moa.step.rotation", false, "r0", "r1", "r2", "r3", "r4", "r5")
	}
	return done("moa.step.effect")
}

func royalStrollAnswer(s *State, _ *Task, _ int, path []string) {
	moved := s.tile(parseHexCode(path[0]))
	anchor := s.tile(parseHexCode(path[1]))
	e := edgeIndex(path[2])
	moved.Q, moved.R, moved.Rot = anchor.Q+dirOf(e)[0], anchor.R+dirOf(e)[1], rotOf(path[3])
	s.emit("moa.hex_moved", "hex", hexCode(moved.Num), "q", itoa(moved.Q), "r", itoa(moved.R))
}

// MOA1-CLAR-EV-2
func radiationNode(s *State, _ *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		var cs []string
		for sg := 0; sg < 3; sg++ {
			if len(s.Players[seat].Evo[sg]) > 0 {
				cs = append(cs, segName(sg))
			}
		}
		return withPass(step("moa.step.segment", false, cs...))
	}
	if len(path) == 1 {
		cs := []string{"none"}
		for _, id := range s.Players[seat].Hand {
			if s.data.Card(id).Type == TypeEvo {
				cs = append(cs, cardCode(id))
			}
		}
		return step("moa.step.card", false, cs...)
	}
	return done("moa.step.effect")
}

func radiationAnswer(s *State, _ *Task, seat int, path []string) {
	p := s.playerLists(seat)
	for sg := 0; sg < 3; sg++ {
		if segName(sg) == path[0] {
			top := p.Evo[sg][len(p.Evo[sg])-1]
			p.Evo[sg] = p.Evo[sg][:len(p.Evo[sg])-1]
			s.Discard = append(s.Discard, top)
			s.emit("moa.evolution_lost", "seat", seatArg(seat), "card", cardCode(top))
		}
	}
	if id := parseCardCode(path[1]); id != 0 {
		p.Hand = slices.DeleteFunc(p.Hand, func(x int) bool { return x == id })
		p.Evo[s.data.Card(id).SegIndex()] = append(p.Evo[s.data.Card(id).SegIndex()], id)
		s.emit("moa.evolved", "seat", seatArg(seat), "card", cardCode(id), "name", s.data.Card(id).Name, "segment", s.data.Card(id).Seg)
	}
	s.checkBodies(seat) // only the net change counts
}

// MOA1-CLAR-EV-3: three cards face up, one may be played free.
func espionageRun(s *State, t *Task) bool {
	if t.Effect.Drawn == nil {
		t.Effect.Drawn = []int{}
		for i := 0; i < s.amt(t.Effect.ID, 0); i++ {
			if id := s.reveal(); id != 0 {
				t.Effect.Drawn = append(t.Effect.Drawn, id)
				s.emit("moa.revealed", "card", cardCode(id), "name", s.data.Card(id).Name)
			}
		}
	}
	return true
}

func espionageNode(s *State, t *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		cs := []string{"none"}
		for _, id := range t.Effect.Drawn {
			cs = append(cs, cardCode(id))
		}
		return step("moa.step.card", false, cs...)
	}
	if id := parseCardCode(path[0]); id != 0 && len(path) == 1 && s.needsGoalSwap(seat, id) {
		return step("moa.step.replace", false, s.goalCodes(seat)...)
	}
	return done("moa.step.effect")
}

func espionageAnswer(s *State, t *Task, seat int, path []string) {
	chosen := parseCardCode(path[0])
	for _, id := range t.Effect.Drawn {
		if id != chosen {
			s.Discard = append(s.Discard, id)
		}
	}
	if chosen != 0 {
		p := s.player(seat)
		p.Hand = append(p.Hand, chosen)
		rep := ""
		if len(path) > 1 {
			rep = path[1]
		}
		s.playFree(seat, chosen, rep)
	}
}

// MOA1-CLAR-EV-4 (Early Harvest), also MOA1-CLAR-EVO-9 (Honeypot).
func harvestNode(s *State, _ *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		return withPass(step("moa.step.site", false, s.siteCodes(func(t *Tile, i int) bool { return t.Sites[i] == seat })...))
	}
	return done("moa.step.effect")
}

func harvestAnswer(s *State, _ *Task, seat int, path []string) {
	tl, i := s.parseGlobalSite(path[0])
	s.collect(seat, s.sites(tl)[i].Res, false)
}

// MOA1-CLAR-EV-5
func eggThiefRun(s *State, t *Task) bool {
	seat := t.Seat
	s.pop()
	n := 0
	for p := 0; p < s.N; p++ {
		if p != seat {
			n += s.loseLarvae(p, s.amt(t.Effect.ID, 0))
		}
	}
	s.gainLarvae(seat, n)
	return false
}

// MOA1-CLAR-EV-6: two bonus actions, each one reactable
func frenzyRun(s *State, t *Task) bool {
	seat := t.Seat
	s.pop()
	var bonus []Task
	for i := 0; i < s.amt(t.Effect.ID, 0); i++ {
		bonus = append(bonus, Task{K: kTurn, Seat: seat, Hex: -1, Worker: WorkerTask{Bonus: true}})
	}
	// after the reaction to playing this card, if that window is next
	if n := len(s.Tasks); n > 0 && s.Tasks[n-1].K == kReact && s.Tasks[n-1].React.Action == "play" && s.Tasks[n-1].Seat == seat {
		react := s.Tasks[n-1]
		s.Tasks = s.Tasks[:n-1]
		s.push(bonus...)
		s.push(react)
	} else {
		s.push(bonus...)
	}
	return false
}

// MOA1-CLAR-EV-7 (Fungal Infection), -14 (Sparrow), -13 (Trap)
func hexLossNode(s *State, t *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		var cs []string
		switch t.Effect.ID {
		case "fungal":
			cs = s.hexCodes(func(t *Tile) bool { return t.Num != 0 && t.totalAnts() > 0 })
		case "sparrow":
			cs = s.hexCodes(func(t *Tile) bool { return t.Num != 0 && t.occupies(seat) })
		case "trap":
			cs = s.contestedHexes()
		}
		return withPass(step("moa.step.hex", false, cs...))
	}
	return done("moa.step.effect")
}

func hexLossAnswer(s *State, t *Task, _ int, path []string) {
	tl := s.tile(parseHexCode(path[0]))
	per := s.amt(t.Effect.ID, 0)
	counts := make([]int, s.N)
	for p := 0; p < s.N; p++ {
		counts[p] = min(per, tl.ants(p))
	}
	s.pushLosses(tl.Num, counts, "card")
}

// MOA1-CLAR-EV-14: occupy a site on the chosen hex
func sparrowPlayable(s *State, seat int) bool {
	for i := range s.Tiles {
		if s.Tiles[i].occupies(seat) {
			return true
		}
	}
	return false
}

// MOA1-CLAR-EV-13: a contested hex is needed
func trapPlayable(s *State, _ int) bool { return len(s.contestedHexes()) > 0 }

func trapAnswer(s *State, _ *Task, _ int, path []string) {
	s.Fights = nil
	s.push(Task{K: kSoldier, Seat: -1, Hex: parseHexCode(path[0]), Stage: 1, Soldier: SoldierTask{Trap: true}})
}

// MOA1-CLAR-EV-8: the top hex of the stack, placed with up to 3 larvae
func unknownRun(s *State, t *Task) bool {
	if t.Effect.Drawn == nil {
		if len(s.Stack) == 0 {
			s.pop()
			return false
		}
		t.Effect.Drawn = []int{s.Stack[0]}
		s.Stack = s.Stack[1:]
		s.emit("moa.hex_drawn", "seat", seatArg(t.Seat), "hex", hexCode(t.Effect.Drawn[0]))
	}
	return true
}

func unknownNode(s *State, t *Task, seat int, path []string) engine.Step {
	num := t.Effect.Drawn[0]
	switch len(path) {
	case 0:
		return step("moa.step.anchor", false, s.hexCodes(func(t *Tile) bool { return len(s.emptyEdges(t)) > 0 })...)
	case 1:
		return step("moa.step.edge", false, edgeNames(s.emptyEdges(s.tile(parseHexCode(path[0]))))...)
	case 2:
		return step("moa.step.rotation", false, "r0", "r1", "r2", "r3", "r4", "r5")
	case 3:
		var cs []string
		for n := 0; n <= min(s.amt(t.Effect.ID, 0), s.Players[seat].Larvae); n++ {
			cs = append(cs, strconv.Itoa(n))
		}
		return step("moa.step.larvae", false, cs...)
	}
	return s.sitePicks(num, atoi(path[3]), path[4:])
}

func unknownAnswer(s *State, t *Task, seat int, path []string) {
	anchor := s.tile(parseHexCode(path[0]))
	n := atoi(path[3])
	nt := s.placeHex(t.Effect.Drawn[0], anchor, edgeIndex(path[1]), rotOf(path[2]))
	s.player(seat).Larvae -= n
	s.arriveMany(nt, seat, n, path[4:])
	s.hexAdded(seat, nt)
}

// MOA1-CLAR-EV-9: swap two occupied sites of different players
func nuptialNode(s *State, _ *Task, _ int, path []string) engine.Step {
	if len(path) == 0 {
		owners := map[int]bool{}
		s.siteCodes(func(t *Tile, i int) bool { owners[t.Sites[i]] = true; return false })
		delete(owners, -1)
		var cs []string
		if len(owners) >= 2 {
			cs = s.siteCodes(func(t *Tile, i int) bool { return t.Sites[i] >= 0 })
		}
		return withPass(step("moa.step.site", false, cs...))
	}
	if len(path) == 1 {
		a, ai := s.parseGlobalSite(path[0])
		owner := a.Sites[ai]
		return step("moa.step.site", false, s.siteCodes(func(t *Tile, i int) bool { return t.Sites[i] >= 0 && t.Sites[i] != owner })...)
	}
	return done("moa.step.effect")
}

func nuptialAnswer(s *State, _ *Task, _ int, path []string) {
	a, ai := s.parseGlobalSite(path[0])
	b, bi := s.parseGlobalSite(path[1])
	s.ownTiles()
	a.Sites[ai], b.Sites[bi] = b.Sites[bi], a.Sites[ai]
	s.emit("moa.swapped", "a", path[0], "b", path[1])
}

// MOA1-CLAR-EV-10 (Burrow), also MOA1-CLAR-GOAL-3 (Blind Masters)
func burrowNode(s *State, t *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		var cs []string
		if s.Counters > 0 {
			cs = s.hexCodes(func(t *Tile) bool { return t.Num != 0 && !s.hasWorm(t) })
		}
		return withPass(step("moa.step.hex", false, cs...))
	}
	if t.Effect.ID == "burrow" && len(path) == 1 && s.Players[seat].Larvae > 0 {
		return step("moa.step.larva", false, "larva", "nolarva")
	}
	if t.Effect.ID == "burrow" && len(path) == 2 && path[1] == "larva" {
		if cs := s.siteStep(s.tile(parseHexCode(path[0]))); cs != nil {
			return step("moa.step.site", false, cs...)
		}
	}
	return done("moa.step.effect")
}

func burrowAnswer(s *State, _ *Task, seat int, path []string) {
	tl := s.tile(parseHexCode(path[0]))
	tl.Worm = true
	s.Counters--
	s.emit("moa.wormhole_placed", "hex", path[0])
	if len(path) > 1 && path[1] == "larva" {
		site := -1
		if len(path) > 2 {
			site = parseSite(path[2], tl)
		}
		s.placeLarva(seat, tl, site)
	}
}

// MOA1-CLAR-EV-11: a 4-step March
func mobilizeRun(s *State, t *Task) bool {
	s.pop()
	s.push(Task{K: kMarch, Seat: t.Seat, Hex: -1, Move: MoveTask{Steps: s.amt(t.Effect.ID, 0), Mode: "mobilize"}})
	return false
}

// MOA1-CLAR-EV-12: both chosen before either is done
func jellyNode(_ *State, _ *Task, _ int, path []string) engine.Step {
	all := []string{"food", "larvae", "cards"}
	if len(path) < 2 {
		var cs []string
		for _, c := range all {
			if !contains(path, c) {
				cs = append(cs, c)
			}
		}
		return step("moa.step.choice", false, cs...)
	}
	return done("moa.step.effect")
}

func jellyAnswer(s *State, t *Task, seat int, path []string) {
	for _, c := range path {
		s.gainKind(seat, c, s.amt(t.Effect.ID, slices.Index([]string{"food", "larvae", "cards"}, c)))
	}
}

// MOA1-CLAR-EV-15: up to three ants from anywhere to one hex
func swarmNode(s *State, t *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		return withPass(step("moa.step.hex", false, s.hexCodes(func(d *Tile) bool {
			return len(s.hexCodes(func(t *Tile) bool { return t.Num != d.Num && t.ants(seat) > 0 && s.canLeave(seat, t) })) > 0
		})...))
	}
	dest := parseHexCode(path[0])
	if len(path) > s.amt(t.Effect.ID, 0) {
		return done("moa.step.effect")
	}
	used := map[string]int{}
	for _, p := range path[1:] {
		used[p]++
	}
	cs := s.hexCodes(func(t *Tile) bool {
		return t.Num != dest && t.ants(seat)-used[hexCode(t.Num)] > 0 && s.canLeave(seat, t)
	})
	return step("moa.step.ant", len(path) > 1, cs...)
}

func swarmAnswer(s *State, _ *Task, seat int, path []string) {
	dest := s.tile(parseHexCode(path[0]))
	for _, c := range path[1:] {
		from := s.tile(parseHexCode(c))
		s.takeAnt(from, seat, s.defaultPos(from, seat))
		s.arriveChoosing(dest, seat)
		s.emit("moa.moved", "seat", seatArg(seat), "from", c, "to", path[0])
	}
}
