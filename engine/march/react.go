package march

import (
	"formica/engine"
)

// entitled lists who may react to seat's action, in resolution order:
// clockwise from the player on the actor's left (MOA1-REACT-2); with 5
// players only the two neighbours (MOA1-5P-2).
func (s *State) entitled(t *Task) []int {
	if t.React.Action == "raid" {
		return []int{t.React.Raided} // MOA1-SPEC-23: only the raided player
	}
	var out []int
	for _, p := range s.order(t.Seat)[1:] {
		if globalReaction(t.React.Action) {
			out = append(out, p) // MOAE-ANC-3: every other player
			continue
		}
		if s.rules.NeighboursReact(s.N) && p != (t.Seat+1)%s.N && p != (t.Seat+s.N-1)%s.N {
			continue
		}
		out = append(out, p)
	}
	return out
}

// nextReaction runs a reaction window (MOA1-REACT-2, MOA1-ASYNC-6): the
// entitled players react one at a time in the rulebook's order, each prompted
// only once the previous reaction, with its free-site filling, is resolved
// and visible, so an answer is always checked against the board it acts on
// and is never dropped afterwards. A standing preference, or a window where
// passing is the only legal reaction, answers at once without a prompt. The
// advance loop settles free sites between two calls. It reports whether the
// window waits for a player. The Mutant gains larvae for the Evolutions
// played in reaction once all are done (MOA1-SPEC-17).
func (s *State) nextReaction(t *Task) bool {
	if t.Ans == nil {
		t.React.Reactors = s.entitled(t)
		t.Ans = make([]string, s.N)
	}
	if t.React.Next >= len(t.React.Reactors) {
		gained, seat := t.React.Larvae, t.Seat
		s.pop()
		if gained > 0 {
			s.gainLarvae(seat, gained)
		}
		return false
	}
	seat := t.React.Reactors[t.React.Next]
	if ans, ok := s.autoReact(t, seat); ok {
		t.Ans[seat] = ans
		t.React.Next++
		s.react(t, seat, splitAns(ans))
		return false
	}
	t.Who = []int{seat}
	return true
}

// reactAnswered resolves the answer of the reactor the window waited for.
func (s *State) reactAnswered(t *Task) {
	seat := t.Who[0]
	t.Who = nil
	t.React.Next++
	s.react(t, seat, splitAns(t.Ans[seat]))
}

// autoReact returns seat's answer when a preference covers the window or
// the only legal reaction is to pass.
func (s *State) autoReact(t *Task, seat int) (string, bool) {
	pass := s.prefPass(seat, t.React.Action) || (s.pref(seat, "pass-species") && isSpeciesAction(t.React.Action))
	if t.React.Action == "forage" && s.pref(seat, "take-forage") {
		return "take", true
	}
	if pass || !s.reactionChoice(t, seat) {
		return "pass", true
	}
	return "", false
}

// prefPass is s.pref(seat, "pass-"+action) without building the name:
// every reactor of every window asks it.
func (s *State) prefPass(seat int, action string) bool {
	for _, p := range s.Players[seat].Prefs {
		if len(p) == len("pass-")+len(action) && p[:len("pass-")] == "pass-" && p[len("pass-"):] == action {
			return true
		}
	}
	return false
}

// reactionChoice is whether reactNode offers seat more than one option,
// answered without the list for the common windows.
func (s *State) reactionChoice(t *Task, seat int) bool {
	p := &s.Players[seat]
	switch t.React.Action {
	case "play", actVision: // pass, a card in hand
		return len(p.Hand) > 0
	case "forage", "dance", actChaos: // pass, take
		return p.Supply > 0
	case "explore", actExpansion: // pass, larvaTargets (the GT first)
		return p.Larvae > 0
	case "march":
		if !s.rules.MarchReactLarva { // oneStepNode: pass, an ant that can step
			return s.canMove(seat)
		}
	}
	st, _ := s.node(t, seat, nil)
	return len(st.Options) > 1
}

func isSpeciesAction(a string) bool {
	return a == "dance" || a == "journey" || a == "genome" || ancientAction(a)
}

// reactNode is the reaction table of MOA1-REACT-6 and §4.6.
func (s *State) reactNode(t *Task, seat int, path []string) engine.Step {
	p := &s.Players[seat]
	if len(path) > 0 && path[0] == "pass" {
		return done("moa.step.reaction")
	}
	switch t.React.Action {
	case actBrood, actCultivate:
		return s.ancientReactNode(t, seat, path)
	case "explore", actExpansion: // MOA1-EXPLORE-8; Expansion is an Explore (MOAE-ANC-7)
		if len(path) == 0 {
			return stepLead("moa.step.reaction", s.larvaTargets(seat), "pass")
		}
		if len(path) == 1 {
			if cs := s.siteStep(s.tile(parseHexCode(path[0]))); cs != nil {
				return step("moa.step.site", false, cs...)
			}
		}
		return done("moa.step.reaction")
	case "march": // MOA1-MARCH-8
		if s.rules.MarchReactLarva { // MOAE-MARCH-3: or 1 larva into the Great Tunnel
			if len(path) == 0 && p.Larvae > 0 {
				st := s.oneStepNode(seat, path, "moa.step.reaction", true)
				st.Options = append(st.Options, opts("larva")...)
				return st
			}
			if len(path) > 0 && path[0] == "larva" {
				return done("moa.step.reaction")
			}
		}
		return s.oneStepNode(seat, path, "moa.step.reaction", true)
	case "forage", "dance", actChaos: // MOA1-FORAGE-2, MOA1-SPEC-6
		if len(path) == 0 {
			if p.Supply == 0 {
				return step("moa.step.reaction", false, "pass")
			}
			return step("moa.step.reaction", false, "pass", "take")
		}
		return done("moa.step.reaction")
	case "play", actVision: // MOA1-CARD-4
		if len(path) == 0 {
			return stepLead("moa.step.reaction", s.handOptions(seat), "pass")
		}
		return done("moa.step.reaction")
	case "journey": // MOA1-SPEC-11: a larva, then one ant step
		if len(path) == 0 {
			return stepLead("moa.step.reaction", s.larvaTargets(seat), "pass", "skip")
		}
		i := 1
		if path[0] != "skip" {
			if cs := s.siteStep(s.tile(parseHexCode(path[0]))); cs != nil {
				if len(path) == 1 {
					return step("moa.step.site", false, cs...)
				}
				i = 2
			}
		}
		return s.oneStepNode(seat, path[i:], "moa.step.move", false)
	case "genome": // MOA1-SPEC-17
		return s.evolutionReactionNode(seat, path)
	case "raid": // MOA1-SPEC-23
		if len(path) == 0 {
			return step("moa.step.reaction", false, "pass", "take")
		}
		return done("moa.step.reaction")
	}
	return done("moa.step.reaction")
}

// oneStepNode: "<ant> <hex> [site]"; with optional, "done" ends at once.
func (s *State) oneStepNode(seat int, path []string, name string, withPass bool) engine.Step {
	if len(path) == 0 {
		if withPass {
			return stepLead(name, s.movable(seat), "pass")
		}
		return stepLead(name, s.movable(seat), "done")
	}
	if path[0] == "done" {
		return done(name)
	}
	if len(path) == 1 {
		return step("moa.step.to", false, s.antStepCodes(seat, path[0])...)
	}
	if len(path) == 2 {
		if cs := s.siteStep(s.tile(parseHexCode(path[1]))); cs != nil {
			return step("moa.step.site", false, cs...)
		}
	}
	return done(name)
}

// applyOneStep moves an ant by "<ant> <hex> [site]".
func (s *State) applyOneStep(seat int, path []string) {
	if len(path) < 2 {
		return
	}
	from, pos := s.parseAnt(seat, path[0])
	to := s.tile(parseHexCode(path[1]))
	site := -1
	if len(path) > 2 {
		site = parseSite(path[2], to)
	}
	s.moveAnt(seat, from, pos, to, site)
}

// react resolves seat's reaction to t, an answer validated against the
// current state. t may move when a task is pushed, so it is updated first.
func (s *State) react(t *Task, seat int, path []string) {
	if len(path) == 0 || path[0] == "pass" {
		return
	}
	if t.React.Action == "genome" {
		t.React.Larvae += s.data.Card(parseCardCode(path[0])).Cost
	}
	s.emit("moa.reacted", "seat", seatArg(seat), "action", t.React.Action)
	switch t.React.Action {
	case actBrood, actCultivate:
		s.ancientReact(t, seat, path)
	case "explore", actExpansion:
		site := -1
		tl := s.tile(parseHexCode(path[0]))
		if len(path) > 1 {
			site = parseSite(path[1], tl)
		}
		s.placeLarva(seat, tl, site)
	case "march":
		if path[0] == "larva" { // MOAE-MARCH-3
			s.placeLarva(seat, &s.Tiles[0], -1)
			return
		}
		s.applyOneStep(seat, path)
		// Wanderer Thorax: more ant steps, not as a thorax reaction
		// (t.Seat -1; MOAE-CL-20, MOAE-WEND-4)
		if t.Seat >= 0 && s.activeEffect(seat, 1) == "wanderer" && s.canMove(seat) {
			s.push(Task{K: kMarch, Seat: seat, Hex: -1, Move: MoveTask{Steps: s.amt("wanderer", 0) - 1, Mode: "ants"}})
		}
	case "forage", "dance", actChaos:
		s.gainLarvae(seat, 1)
	case "play", actVision:
		s.discardFromHand(seat, parseCardCode(path[0]))
		s.draw(seat)
	case "journey":
		i := 1
		if path[0] != "skip" {
			tl := s.tile(parseHexCode(path[0]))
			site := -1
			if len(path) > 1 && path[1][0] == 's' {
				site = parseSite(path[1], tl)
				i = 2
			}
			s.placeLarva(seat, tl, site)
		}
		if i < len(path) && path[i] != "done" {
			s.applyOneStep(seat, path[i:])
		}
	case "genome":
		id := parseCardCode(path[0])
		s.payCost(seat, id, path[1:])
		s.placeEvolution(seat, id, true)
	case "raid":
		s.draw(seat)
	}
}

// evolutionReactionNode: the reaction of playing an Evolution card, paying
// its cost, or passing (the Mutant's Genome, MOA1-SPEC-17; the Egg
// Keepers' global reaction, MOAE-ANC-6).
func (s *State) evolutionReactionNode(seat int, path []string) engine.Step {
	if len(path) == 0 {
		var cs []string
		for _, id := range s.genomeCards(seat, 99) {
			cs = append(cs, cardCode(id))
		}
		return stepLead("moa.step.reaction", cs, "pass")
	}
	return s.payNode(seat, parseCardCode(path[0]), path[1:], "evo")
}
