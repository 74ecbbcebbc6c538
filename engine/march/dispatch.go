package march

import (
	"strings"

	"formica/engine"
)

// node returns the legal next step of seat's answer to t after path, and the
// rule that governs it.
func (s *State) node(t *Task, seat int, path []string) (engine.Step, string) {
	switch t.K {
	case kSide:
		if len(path) == 0 {
			return step("moa.step.side", false, "regular", "special"), "MOA1-SPEC-2"
		}
		return done("moa.step.side"), "MOA1-SPEC-2"
	case kStart:
		return s.startNode(t, seat, path), "MOA1-2P-2"
	case kTurn:
		return s.turnNode(t, seat, path)
	case kExplore:
		return s.exploreNode(t, seat, path), "MOA1-EXPLORE-2"
	case kMarch:
		return s.marchNode(t, seat, path), "MOA1-MARCH-2"
	case kReact:
		return s.reactNode(t, seat, path), "MOA1-REACT-6"
	case kFill:
		if len(path) == 0 {
			return step("moa.step.site", false, s.freeSiteOptions(s.tile(t.Hex))...), "MOA1-HEX-16"
		}
		return done("moa.step.site"), "MOA1-HEX-16"
	case kLoss:
		return s.lossNode(t, seat, path), "MOA1-GLOSS-11"
	case kInvader:
		if len(path) == 0 {
			var cs []string
			for _, p := range t.Fight.Values {
				cs = append(cs, seatCode(p))
			}
			return step("moa.step.invader", false, cs...), "MOA1-BATTLE-2"
		}
		return done("moa.step.invader"), "MOA1-BATTLE-2"
	case kFero:
		return s.feroNode(t, seat, path), "MOA1-BATTLE-5"
	case kSpoils:
		if t.Fight.Control {
			if len(path) == 0 {
				return stepLead("moa.step.control", s.controlMoves(s.tile(t.Hex), seat), "done"), "MOAE-SPOILS-1"
			}
			return done("moa.step.control"), "MOAE-SPOILS-1"
		}
		return s.spoilsNode(t, seat, path), "MOA1-BATTLE-11"
	case kDecree:
		if len(path) < max(1, s.rules.DecreeTimes) { // MOAE-QUEEN-8: twice
			name, rule := "moa.step.decree", "MOA1-QUEEN-11"
			if s.rules.DecreeTimes > 1 {
				name, rule = "moa.step.queens_choice", "MOAE-QUEEN-8"
			}
			// labelled by Choices (labelDecree): Check and BareChoices
			// read the codes alone
			return step(name, false, "food", "larvae"), rule
		}
		return done("moa.step.decree"), "MOA1-QUEEN-11"
	case kFeed:
		if len(path) == 0 {
			return step("moa.step.feed", false, s.feedOptions(seat)...), "MOAE-QUEEN-5"
		}
		return done("moa.step.feed"), "MOAE-QUEEN-5"
	case kEff, kHead, kAbd:
		return s.effectNode(t, seat, path)
	case kGenome:
		return s.genomeNode(t, seat, path), "MOA1-SPEC-15"
	case kAncient:
		return s.expansionNode(t, seat, path), "MOAE-ANC-7"
	case kDraft:
		return s.draftNode(seat, path), "MOAE-PSETUP-6"
	case kThorax:
		return s.thoraxNode(t, seat, path), "MOAE-WEND-3"
	case kRaid:
		return s.raidNode(t, seat, path), "MOA1-SPEC-22"
	case kHunt:
		return s.huntNode(t, seat, path), "MOA1-SOLO-8"
	case kDiscard:
		if len(path) < t.Discard.Count {
			var cs []string
			for _, c := range s.handOptions(seat) {
				if !contains(path, c) {
					cs = append(cs, c)
				}
			}
			return step("moa.step.discard", false, cs...), discardRule(t)
		}
		return done("moa.step.discard"), discardRule(t)
	}
	return engine.Step{Name: "moa.step.none"}, ""
}

// discardRule names why a discard is owed.
func discardRule(t *Task) string {
	if t.Discard.Forage {
		return "MOAE-FORAGE-2"
	}
	return "MOA1-CLAR-NF-2"
}

func contains(path []string, code string) bool {
	for _, p := range path {
		if p == code {
			return true
		}
	}
	return false
}

// answer applies seat's complete answer to the single-seat task t.
func (s *State) answer(t *Task, seat int, path []string) {
	switch t.K {
	case kStart:
		s.startAnswer(t, seat, path)
	case kTurn:
		s.turnAnswer(t, seat, path)
	case kExplore:
		s.exploreAnswer(t, seat, path)
	case kMarch:
		s.marchAnswer(t, seat, path)
	case kFill:
		tl := s.tile(t.Hex)
		s.pop()
		s.fillSite(tl, seat, parseSite(path[0], tl))
	case kInvader:
		inv := parseSeatCode(path[0], s.N)
		s.pop()
		s.top().Fight.Invader = inv
	case kSpoils:
		if t.Fight.Control {
			s.controlSpoilsAnswer(t, seat, path)
			return
		}
		s.spoilsAnswer(t, seat, path)
	case kEff, kHead, kAbd:
		s.effectAnswer(t, seat, path)
	case kGenome:
		s.genomeAnswer(t, seat, path)
	case kAncient:
		s.expansionAnswer(t, seat, path)
	case kThorax:
		s.thoraxAnswer(t, seat, path)
	case kRaid:
		s.raidAnswer(t, seat, path)
	case kHunt:
		s.huntAnswer(t, seat, path)
	case kDiscard:
		s.pop()
		for _, c := range path {
			s.discardFromHand(seat, parseCardCode(c))
			s.emit("moa.discarded", "seat", seatArg(seat), "card", c)
		}
	}
}

// resolveAll resolves a simultaneous task once every answer is in.
func (s *State) resolveAll(t *Task) {
	if t.K == kReact { // one reactor at a time; the window stays open
		s.reactAnswered(t)
		return
	}
	task := t.clone()
	s.pop()
	switch task.K {
	case kSide:
		for _, p := range task.Who {
			if task.Ans[p] == "special" {
				s.player(p).Species = s.Players[p].Offered
				s.emit("moa.species", "seat", seatArg(p), "species", s.Players[p].Species)
			}
		}
	case kDraft:
		s.resolveDraft(&task)
	case kLoss:
		s.resolveLosses(&task)
	case kFero:
		s.resolveFerocity(&task)
	case kDecree:
		s.resolveDecree(&task)
	case kFeed:
		s.resolveFeeding(&task)
	}
}

// run performs an automatic task; it returns true when t waits for input.
func (s *State) run(t *Task) bool {
	switch t.K {
	case kSetup:
		return s.runSetup(t)
	case kWorker:
		return s.runWorker(t)
	case kTurn:
		return s.runTurn(t)
	case kReact:
		return s.nextReaction(t)
	case kMarch:
		if t.Move.Steps <= 0 {
			s.endMarch(t)
			return false
		}
		return true
	case kSoldier:
		return s.runSoldier(t)
	case kThorax:
		return s.runThorax(t)
	case kNextPhase:
		s.pop()
		s.startSoldier()
		return false
	case kGTBattle:
		return s.runGTBattle(t)
	case kTileBattle:
		return s.runTileBattle(t)
	case kCentiFight:
		return s.runCentiFight(t)
	case kRiseAttack:
		return s.runRiseAttack(t)
	case kBattle:
		return s.runBattle(t)
	case kCenti:
		return s.runCenti(t)
	case kQueen:
		return s.runQueen(t)
	case kHorde:
		s.pop()
		if s.SoloEnd && s.Opt.SoloEndTwo && !t.Horde.Final {
			// MOA1-AMB-41 alternative reading of MOA1-SOLO-15: after the
			// card for the Rest, one more card ends the solo Worker phase
			s.push(Task{K: kHorde, Seat: -1, Hex: -1, Horde: HordeTask{Final: true}})
		}
		s.hordeCard(0)
		return false
	case kRelease:
		s.pop()
		s.Hold = false
		return false
	case kEff, kHead, kAbd:
		return s.runEffect(t)
	case kAncient:
		return s.runExpansion(t)
	case kLoss, kFero, kDecree, kSide, kFeed, kDraft:
		// opened with Who set; nothing to run
		return true
	case kSpoils:
		if t.Fight.Control {
			return true // a choice (MOAE-SPOILS-1)
		}
		return s.runSpoils(t)
	case kDiscard:
		if len(s.Players[t.Seat].Hand) <= t.Discard.Count {
			s.pop()
			for _, id := range append([]int(nil), s.Players[t.Seat].Hand...) {
				s.discardFromHand(t.Seat, id)
			}
			return false
		}
		return true
	case kExplore, kGenome, kRaid, kHunt, kStart, kInvader, kFill:
		return true
	}
	s.pop()
	return false
}

// validPath re-checks an answer given earlier against the current state.
func (s *State) validPath(t *Task, seat int, path []string) bool {
	for i := range path {
		st, _ := s.node(t, seat, path[:i])
		if !hasOption(st, path[i]) {
			return false
		}
	}
	st, _ := s.node(t, seat, path)
	return st.Done
}

func splitAns(a string) []string { return strings.Fields(a) }
