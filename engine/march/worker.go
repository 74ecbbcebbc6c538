package march

import (
	"slices"

	"formica/engine"
)

func (s *State) startWorker() {
	s.Phase = PhaseWorker
	s.Moon = false // MOA1-WORKER-2, MOA1-AMB-6: Sun side up
	s.Over, s.SoloEnd, s.Rested, s.Final = false, false, 0, -1
	for i := range s.Players {
		s.player(i).Rested, s.player(i).Acted = false, false
	}
	s.FillFrom = s.Active
	s.emit("moa.phase", "phase", string(PhaseWorker), "round", itoa(s.Round))
	if s.restTiles() {
		s.dealRest()
	}
	s.placeMarkers() // MOAE-ANC-4
	if s.Round > 1 && s.data.Rewards != nil {
		s.nextReward() // MOAE-PREP-3
	}
	s.push(Task{K: kWorker, Seat: -1, Hex: -1})
}

// runWorker passes the active player marker clockwise (MOA1-WORKER-5) until
// the end condition (MOA1-REST-6, MOA1-2P-4, MOA1-5P-4, MOA1-SOLO-15).
func (s *State) runWorker(t *Task) bool {
	if t.Worker.Turns > 0 && !s.Over && s.Final >= 0 && t.Worker.FinalGiven {
		s.Over = true // the other player's final turn is done (MOA1-2P-4)
	}
	if s.Over {
		s.pop()
		s.endWorker()
		return false
	}
	if t.Worker.Turns > 0 {
		s.Active = (s.Active + 1) % s.N
	}
	if s.Final >= 0 && s.Active == s.Final {
		t.Worker.FinalGiven = true
	}
	t.Worker.Turns++
	s.FillFrom = s.Active
	s.push(Task{K: kTurn, Seat: s.Active, Hex: -1})
	return false
}

// endWorker empties the Rest zones (MOA1-REST-5); the player who ended the
// phase keeps the marker, Moon side up (MOA1-REST-6).
func (s *State) endWorker() {
	for i := range s.Players {
		p := s.player(i)
		p.Larvae += p.RestLarva
		p.Food += p.RestFood
		p.RestLarva, p.RestFood = 0, 0
	}
	s.Moon = true
	if s.restTiles() {
		// MOAE-REST-6, -7: the marker passes clockwise; its receiver is the
		// active player until the end of the round and starts the next
		s.Active = (s.Active + 1) % s.N
	}
	s.emit("moa.worker_over", "seat", seatArg(s.Active))
	if s.restTiles() {
		s.startThorax() // MOAE-WEND-1
		return
	}
	s.startSoldier()
}

// runTurn: a player who has rested must rest again (MOA1-REST-4, -WORKER-7),
// with no choice, so it is automatic. Bonus actions end with the phase.
func (s *State) runTurn(t *Task) bool {
	if s.Over {
		s.pop()
		return false
	}
	p := &s.Players[t.Seat]
	if p.Rested && !t.Worker.Bonus && s.rise() {
		s.pop()
		s.risePass(t.Seat) // RISE-12
		return false
	}
	if p.Rested && !t.Worker.Bonus && !s.restTiles() {
		s.pop()
		s.doRest(t.Seat)
		s.afterAction(t.Seat, "")
		return false
	}
	return true
}

// actionCodes lists the legal actions of seat (MOA1-WORKER-3, -4,
// MOA1-ASYNC-4).
func (s *State) actionCodes(t *Task, seat int) []string {
	p := &s.Players[seat]
	if s.restTiles() && p.Rested && !t.Worker.Bonus {
		return []string{"rest"} // MOAE-REST-4, MOAE-WORK-4
	}
	cs := make([]string, 0, 8) // room for every action
	food := p.Food >= s.rules.ActionFood
	if food && s.canExplore(seat) {
		cs = append(cs, "explore")
	}
	if food && (p.Larvae > 0 || s.canMove(seat)) {
		cs = append(cs, "march")
	}
	if food {
		cs = append(cs, "forage")
	}
	if s.canPlay(seat) {
		cs = append(cs, "play")
	}
	if food {
		switch p.Species {
		case "rabid":
			cs = append(cs, "dance")
		case "nomad":
			if s.canJourney(seat) {
				cs = append(cs, "journey")
			}
		case "mutant":
			if len(s.genomeCards(seat, 99)) > 0 {
				cs = append(cs, "genome")
			}
		case "marauder":
			if p.Larvae > 0 || s.canMove(seat) {
				cs = append(cs, "raid")
			}
		}
	}
	cs = append(cs, s.ancientActions(seat)...) // MOAE-ANC-3
	if s.canRest(t, seat, len(cs) > 0) {
		cs = append(cs, "rest")
	}
	return cs
}

// offersAction is slices.Contains(s.actionCodes(t, seat), code), working
// out only what code needs: Check and BareChoices ask it of the first step
// of every action's path.
func (s *State) offersAction(t *Task, seat int, code string) bool {
	p := &s.Players[seat]
	if s.restTiles() && p.Rested && !t.Worker.Bonus {
		return code == "rest"
	}
	food := p.Food >= s.rules.ActionFood
	switch code {
	case "explore":
		return food && s.canExplore(seat)
	case "march":
		return food && (p.Larvae > 0 || s.canMove(seat))
	case "forage":
		return food
	case "play":
		return s.canPlay(seat)
	case "dance":
		return food && p.Species == "rabid"
	case "journey":
		return food && p.Species == "nomad" && s.canJourney(seat)
	case "genome":
		return food && p.Species == "mutant" && len(s.genomeCards(seat, 99)) > 0
	case "raid":
		return food && p.Species == "marauder" && (p.Larvae > 0 || s.canMove(seat))
	case "rest":
		// another action is legal just when forage is (it asks only for
		// food; every other but a card or the species' own asks for food
		// too), a card can be played, or the species' own action
		return s.canRest(t, seat, food || s.canPlay(seat) || len(s.ancientActions(seat)) > 0)
	}
	// the Ancient Species' own
	return slices.Contains(s.ancientActions(seat), code)
}

// canRest: not as the first action of the phase unless the player has no
// cards and no food (MOA1-REST-2) or nothing else is legal (MOA1-REST-10);
// a Rabid Ant never while holding food or cards (MOA1-SPEC-7). A bonus
// action of Frenzied Activity may be a Rest (MOA1-CLAR-EV-6).
func (s *State) canRest(t *Task, seat int, other bool) bool {
	p := &s.Players[seat]
	if !other {
		return true
	}
	if s.restBarred(seat) {
		return false
	}
	if t.Worker.Bonus {
		return true
	}
	return p.Acted || (len(p.Hand) == 0 && p.Food == 0)
}

// canExplore: a hex stack, and an own ant on a hex with an open edge facing
// empty space (MOA1-EXPLORE-4, -9, -10).
func (s *State) canExplore(seat int) bool {
	if len(s.Stack) == 0 {
		return false
	}
	for i := range s.Tiles {
		if s.exploresFrom(seat, &s.Tiles[i], 1) {
			return true
		}
	}
	return false
}

func (s *State) exploreFrom(seat, minAnts int) []string {
	var cs []string
	for i := range s.Tiles {
		if t := &s.Tiles[i]; s.exploresFrom(seat, t, minAnts) {
			cs = append(cs, hexCode(t.Num))
		}
	}
	return cs
}

// exploresFrom is whether seat's ants on t (at least minAnts) may explore
// from it: they may leave and it has an empty opening edge.
func (s *State) exploresFrom(seat int, t *Tile, minAnts int) bool {
	if t.ants(seat) < minAnts || !s.canLeave(seat, t) {
		return false
	}
	for e := 0; e < 6; e++ { // emptyEdges without its list
		if s.neighbor(t, e) == nil && s.opening(t, e) {
			return true
		}
	}
	return false
}

func (s *State) turnNode(t *Task, seat int, path []string) (engine.Step, string) {
	if len(path) == 0 {
		st := step("moa.step.action", false, s.actionCodes(t, seat)...)
		return st, "MOA1-WORKER-3"
	}
	if ancientAction(path[0]) {
		return s.ancientNode(seat, path[1:])
	}
	switch path[0] {
	case "forage":
		if s.activeEffect(seat, 1) == "parasite" && s.N > 1 && !s.evolved() {
			if len(path) == 1 {
				var cs []string
				for p := 0; p < s.N; p++ {
					if p != seat {
						cs = append(cs, seatCode(p))
					}
				}
				return step("moa.step.player", false, cs...), "MOA1-CLAR-EVO-11"
			}
		}
		return done("moa.step.action"), "MOA1-FORAGE-1"
	case "play":
		return s.playNode(seat, path[1:], false), "MOA1-CARD-1"
	case "genome":
		return s.genomeFirstNode(seat, path[1:]), "MOA1-SPEC-15"
	case "rest":
		if s.restTiles() { // MOAE-REST-3: one face-up rest tile of your choice
			if len(path) == 1 {
				return step("moa.step.rest", false, s.RestUp...), "MOAE-REST-3"
			}
			return done("moa.step.action"), "MOAE-REST-3"
		}
	}
	return done("moa.step.action"), "MOA1-WORKER-3"
}

func (s *State) payFood(seat int) {
	s.spendFood(seat, s.rules.ActionFood)
}

// turnAnswer performs the chosen action (MOA1-WORKER-3).
func (s *State) turnAnswer(t *Task, seat int, path []string) {
	s.pop()
	p := s.player(seat)
	act := path[0]
	if act != "rest" {
		p.Acted = true
	}
	s.emit("moa.action", "seat", seatArg(seat), "action", act)
	switch act {
	case "explore":
		s.payFood(seat)
		s.afterAction(seat, "explore")
		s.startExplore(seat, "", -1)
	case "march":
		s.payFood(seat)
		s.afterAction(seat, "march")
		steps := s.rules.MarchSteps - s.marchLess(seat) // MOA1-MARCH-1, MOAE-ANC-5
		if s.rules.ThoraxSteps {
			steps += s.casteBonus(seat, 1) // MOA1-CARD-12
		}
		s.push(Task{K: kMarch, Seat: seat, Hex: -1, Move: MoveTask{Steps: steps}})
	case "forage":
		s.payFood(seat)
		s.afterAction(seat, "forage")
		s.forage(seat, path[1:])
	case "play":
		id := s.payForCard(seat, path[1:])
		s.afterAction(seat, "play")
		s.playCard(seat, id, path[1:])
	case "rest":
		s.afterAction(seat, "")
		if s.restTiles() {
			s.takeRest(seat, path[1])
		} else {
			s.doRest(seat)
		}
	case "dance":
		s.payFood(seat)
		s.afterAction(seat, "dance")
		s.dance(seat)
	case "journey":
		s.payFood(seat)
		s.afterAction(seat, "journey")
		s.startExplore(seat, "j1", -1)
	case "genome":
		s.payFood(seat)
		s.afterAction(seat, "genome")
		s.genomeFirst(seat, path[1:])
	case "raid":
		s.payFood(seat)
		s.afterAction(seat, "")
		s.push(Task{K: kMarch, Seat: seat, Hex: -1, Move: MoveTask{Steps: 3 + s.casteBonus(seat, 1), Mode: "raid"}}) // MOA1-SPEC-21
	default:
		if ancientAction(act) {
			s.ancientAnswer(seat, path)
		}
	}
}

// afterAction queues the reaction window (MOA1-REACT-1) and, in the
// Uprising, the centipede card (MOA1-SOLO-3). Pushed first, they run after
// the action's own tasks.
func (s *State) afterAction(seat int, kind string) {
	var ts []Task
	if kind != "" && kind != "raid" {
		ts = append(ts, Task{K: kReact, Seat: seat, Hex: -1, React: ReactTask{Action: kind}})
		if kind == "dance" && s.Opt.DancePlayReact {
			// MOA1-AMB-41 alternative: the free Event also counts as a
			// played card, so the Play-a-Card reaction follows the Dance's
			ts = append(ts, Task{K: kReact, Seat: seat, Hex: -1, React: ReactTask{Action: "play"}})
		}
	}
	if s.Opt.Uprising {
		h := Task{K: kHorde, Seat: -1, Hex: -1}
		if s.Opt.HordeFirst { // MOA1-AMB-41: the card comes before the reactions
			ts = append([]Task{h}, ts...)
		} else {
			ts = append(ts, h)
		}
	}
	// these must run after everything the action itself pushes next
	s.push(ts...)
}

// doRest implements MOA1-REST-3..7.
func (s *State) doRest(seat int) {
	p := s.player(seat)
	if !p.Rested {
		p.Rested = true
		if p.Supply > 0 {
			p.Supply--
			p.RestLarva++
		}
		s.Rested++
		s.emit("moa.rested", "seat", seatArg(seat), "first", "1")
		switch need := s.rules.RestsToEnd(s.N); {
		case s.N == 1:
			s.SoloEnd = true // MOA1-SOLO-15
			if !s.Opt.Uprising {
				s.Over = true
			}
		case need == 0:
			if s.Final < 0 {
				s.Final = (seat + 1) % s.N // MOA1-2P-4
			} else {
				s.Over = true
			}
		case s.Rested >= need:
			s.Over = true // MOA1-REST-6, MOA1-5P-4
			if s.Opt.RestExtraLarva && p.Supply > 0 {
				// MOA1-AMB-10 alternative: the rester who ends the phase
				// gets 1 larva more than the first-Rest one
				p.Supply--
				p.RestLarva++
			}
		}
		return
	}
	if s.Food > 0 || s.Opt.FoodUnlimited { // MOA1-AMB-31
		s.Food--
		p.RestFood++
	}
	s.emit("moa.rested", "seat", seatArg(seat), "first", "0")
}

// forage draws 2 cards (MOA1-FORAGE-1); Parasite discards the first and
// takes larvae from a chosen player (MOA1-CLAR-EVO-11).
func (s *State) forage(seat int, path []string) {
	if s.activeEffect(seat, 1) == "parasite" && s.evolved() {
		s.evoParasite(seat) // MOAE-CL-18
	}
	if s.activeEffect(seat, 1) == "parasite" && len(path) > 0 && !s.evolved() {
		if id := s.reveal(); id != 0 {
			s.Discard = append(s.Discard, id)
			s.emit("moa.parasite_discard", "seat", seatArg(seat), "card", cardCode(id))
		}
		s.draw(seat)
		victim := parseSeatCode(path[0], s.N)
		n := s.loseLarvae(victim, s.amt("parasite", 0))
		s.gainLarvae(seat, n)
		return
	}
	for i := 0; i < s.rules.ForageDraw; i++ {
		s.draw(seat)
	}
	if n := s.rules.ForageDiscard; n > 0 {
		// before the reactions: the window was queued first (MOAE-FORAGE-2)
		s.push(Task{K: kDiscard, Seat: seat, Hex: -1, Discard: DiscardTask{Count: n, Forage: true}})
	}
}
