package march

import "formica/engine"

// frontierEffects are the New Frontiers hexes 21–25, resolved by the player
// who adds the hex (MOA1-NF-1, MOA1-CLAR-NF); the two the rulebook does not
// name are the project's design (MOA1-NF-4).
func frontierEffects() effects {
	return effects{
		"spiderden": {rule: "MOA1-CLAR-NF-1", node: spiderDenNode, answer: spiderDenAnswer},
		"antlion":   {rule: "MOA1-CLAR-NF-2", run: antlionRun, amounts: []int{free}},
		"centinest": {rule: "MOA1-CLAR-NF-3", run: centipedeNestRun},
		"dew":       {rule: "MOA1-NF-4", run: gainRun(0, "food"), amounts: []int{free}},
		"abandoned": {rule: "MOA1-NF-4", run: gainRun(0, "larvae"), amounts: []int{free}},
	}
}

// MOA1-CLAR-NF-1: play a card from the hand free
func spiderDenNode(s *State, _ *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		return withPass(step("moa.step.card", false, s.handOptions(seat)...))
	}
	if id := parseCardCode(path[0]); len(path) == 1 && s.needsGoalSwap(seat, id) {
		return step("moa.step.replace", false, s.goalCodes(seat)...)
	}
	return done("moa.step.effect")
}

func spiderDenAnswer(s *State, _ *Task, seat int, path []string) {
	rep := ""
	if len(path) > 1 {
		rep = path[1]
	}
	s.playFree(seat, parseCardCode(path[0]), rep)
}

// MOA1-CLAR-NF-2: cards per occupied site
func antlionRun(s *State, t *Task) bool {
	s.pop()
	nt := s.tile(t.Hex)
	var ds []Task
	for _, p := range s.order(t.Seat) {
		if k := nt.onSites(p); k > 0 && len(s.Players[p].Hand) > 0 {
			ds = append(ds, Task{K: kDiscard, Seat: p, Hex: t.Hex, Discard: DiscardTask{Count: k * s.amt(t.Effect.ID, 0)}})
		}
	}
	s.push(ds...)
	return false
}

// MOA1-CLAR-NF-3: a centipede on every neighbouring hex
func centipedeNestRun(s *State, t *Task) bool {
	s.pop()
	nt := s.tile(t.Hex)
	for e := 0; e < 6; e++ {
		if n := s.neighbor(nt, e); n != nil {
			s.putCentipede(n)
		}
	}
	return false
}
