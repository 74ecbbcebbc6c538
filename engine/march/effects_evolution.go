package march

import (
	"strconv"

	"formica/engine"
)

// evolutionEffects are the Evolution cards (MOA1-CARD-9, MOA1-CLAR-EVO).
// Head abilities are offered at the start of the Soldier phase
// (MOA1-SOLDIER-1), abdomen abilities at the start of the Queen phase
// (MOA1-QUEEN-1); the passive ones are hooks the core asks for by id.
func evolutionEffects() effects {
	return effects{
		"acrobat":    {rule: "MOA1-CLAR-EVO-1", run: antsOnlyMarchRun, start: PhaseSoldier, amounts: []int{free}},
		"amazon":     {rule: "MOA1-CLAR-EVO-2", amounts: []int{free, free}},
		"armor":      {rule: "MOA1-CLAR-EVO-3", amounts: []int{free}},
		"warrior":    {rule: "MOA1-CLAR-EVO-4", node: warriorNode, answer: warriorAnswer, start: PhaseSoldier, amounts: []int{free}},
		"kamikaze":   {rule: "MOA1-CLAR-EVO-5", node: kamikazeNode, answer: kamikazeAnswer, start: PhaseSoldier, amounts: []int{1, free}},
		"woodborer":  {rule: "MOA1-CLAR-EVO-6", run: antsOnlyMarchRun, start: PhaseQueen, amounts: []int{free}},
		"berserker":  {rule: "MOA1-CLAR-EVO-7"},
		"reaper":     {rule: "MOA1-CLAR-EVO-8", amounts: []int{free}},
		"honeypot":   {rule: "MOA1-CLAR-EV-4", node: harvestNode, answer: harvestAnswer, start: PhaseQueen}, // MOA1-CLAR-EVO-9
		"leafcutter": {rule: "MOA1-CLAR-EVO-10", node: leafcutterNode, answer: leafcutterAnswer, start: PhaseQueen, amounts: []int{free, free}},
		"parasite":   {rule: "MOA1-CLAR-EVO-11", amounts: []int{free}},
		"pharaoh":    {rule: "MOA1-CLAR-EVO-12", amounts: []int{free}},
		"proboscis":  {rule: "MOA1-CLAR-EVO-13", amounts: []int{free}},
		"scout":      {rule: "MOA1-CLAR-EVO-14", amounts: []int{2}},
		"stinger":    {rule: "MOA1-CLAR-EVO-15", node: stingerNode, answer: stingerAnswer, start: PhaseQueen, amounts: []int{1}},
		"phoenix":    {rule: "MOA1-CLAR-EVO-16"},
		"thief":      {rule: "MOA1-CLAR-EVO-17", amounts: []int{free, free}},
		"traitor":    {rule: "MOA1-CLAR-EVO-18", amounts: []int{free}},
		"veteran":    {rule: "MOA1-CLAR-EVO-19", amounts: []int{free}},
		"digger":     {rule: "MOA1-CLAR-EVO-20"},
		"weaver":     {rule: "MOA1-CLAR-EVO-21"},
	}
}

// MOA1-CLAR-EVO-1, -6: a short March of ants only
func antsOnlyMarchRun(s *State, t *Task) bool {
	seat, n := t.Seat, s.amt(t.Effect.ID, 0)
	s.pop()
	if s.canMove(seat) {
		s.push(Task{K: kMarch, Seat: seat, Hex: -1, Move: MoveTask{Steps: n, Mode: "ants"}})
	}
	return false
}

// MOA1-CLAR-EVO-10: collection sites that give nothing to others this phase
func leafcutterNode(s *State, t *Task, seat int, path []string) engine.Step {
	if n := len(path); n == 0 || (n < s.amt(t.Effect.ID, 0) && path[n-1] != "done") {
		var cs []string
		if n > 0 {
			cs = append(cs, "done")
		}
		cs = append(cs, s.siteCodes(func(t *Tile, i int) bool { return t.Sites[i] == seat && !contains(path, hexCode(t.Num)+siteCode(i)) })...)
		st := step("moa.step.site", false, cs...)
		if len(path) == 0 {
			st = withPass(st)
		}
		return st
	}
	return done("moa.step.effect")
}

func leafcutterAnswer(s *State, _ *Task, seat int, path []string) {
	for _, c := range path {
		if c == "done" {
			continue
		}
		tl, i := s.parseGlobalSite(c)
		p := s.player(seat)
		p.Leaf = append(p.Leaf, tl.Num*10+i)
	}
}

// MOA1-CLAR-EVO-4: return ants to larvae or place up to 2 larvae
func warriorNode(s *State, t *Task, seat int, path []string) engine.Step {
	switch len(path) {
	case 0:
		return withPass(step("moa.step.hex", false, s.hexCodes(func(t *Tile) bool { return t.Num != 0 && t.ants(seat) > 0 })...))
	case 1:
		cs := []string{"return"}
		if s.Players[seat].Larvae > 0 {
			cs = append(cs, "place")
		}
		return step("moa.step.warrior", false, cs...)
	case 2:
		tl := s.tile(parseHexCode(path[0]))
		hi := tl.ants(seat)
		if path[1] == "place" {
			hi = min(s.amt(t.Effect.ID, 0), s.Players[seat].Larvae)
		}
		var cs []string
		for n := 1; n <= hi; n++ {
			cs = append(cs, strconv.Itoa(n))
		}
		return step("moa.step.count", false, cs...)
	}
	return done("moa.step.effect")
}

func warriorAnswer(s *State, _ *Task, seat int, path []string) {
	tl := s.tile(parseHexCode(path[0]))
	n := atoi(path[2])
	for i := 0; i < n; i++ {
		if path[1] == "return" {
			s.takeAnt(tl, seat, s.defaultPos(tl, seat))
			s.player(seat).Larvae++
		} else {
			s.player(seat).Larvae--
			s.arriveChoosing(tl, seat)
		}
	}
	s.emit("moa.warrior", "seat", seatArg(seat), "hex", path[0], "mode", path[1], "n", path[2])
}

// MOA1-CLAR-EVO-5: one own ant and up to the card's number of others on the hex
func kamikazeNode(s *State, t *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		return withPass(step("moa.step.hex", false, s.hexCodes(func(t *Tile) bool {
			return t.Num != 0 && t.ants(seat) > 0 && t.totalAnts() > t.ants(seat)
		})...))
	}
	tl := s.tile(parseHexCode(path[0]))
	if len(path) < 1+s.amt(t.Effect.ID, 1) {
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
		return step("moa.step.victim", len(path) == 2, cs...)
	}
	return done("moa.step.effect")
}

func kamikazeAnswer(s *State, _ *Task, seat int, path []string) {
	tl := s.tile(parseHexCode(path[0]))
	counts := make([]int, s.N)
	counts[seat] = 1
	for _, c := range path[1:] {
		counts[parseSeatCode(c, s.N)]++
	}
	s.pushLosses(tl.Num, counts, "card")
}

// MOA1-CLAR-EVO-15: one ant of one other player on a shared hex
func stingerNode(s *State, _ *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		return withPass(step("moa.step.hex", false, s.hexCodes(func(t *Tile) bool {
			return t.Num != 0 && t.ants(seat) > 0 && t.totalAnts() > t.ants(seat)
		})...))
	}
	if len(path) == 1 {
		tl := s.tile(parseHexCode(path[0]))
		var cs []string
		for p := 0; p < s.N; p++ {
			if p != seat && tl.ants(p) > 0 {
				cs = append(cs, seatCode(p))
			}
		}
		return step("moa.step.victim", false, cs...)
	}
	return done("moa.step.effect")
}

func stingerAnswer(s *State, _ *Task, _ int, path []string) {
	counts := make([]int, s.N)
	counts[parseSeatCode(path[1], s.N)] = 1
	s.pushLosses(parseHexCode(path[0]), counts, "card")
}
