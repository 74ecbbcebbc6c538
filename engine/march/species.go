package march

import (
	"formica/engine"
)

// dance is the Rabid Ant's Dance of Chaos (MOA1-SPEC-6, -9): reveal until an
// Event, play it free, then take steps equal to its ferocity value.
func (s *State) dance(seat int) { s.danceEvent(seat, false) }

// danceEvent reveals until an Event, plays it free and gives steps equal to
// its ferocity: after the card (the Rabid Ant), or before it (stepsFirst,
// the Chaos Dancers, MOAE-ANC-9).
func (s *State) danceEvent(seat int, stepsFirst bool) {
	limit := len(s.Deck) + len(s.Discard)
	if s.Opt.DanceNoReshuffle {
		// MOA1-AMB-41 alternative: the Dance stops at the end of the deck,
		// without an Event and so without steps
		limit = len(s.Deck)
	}
	for i := 0; i < limit; i++ {
		id := s.reveal()
		if id == 0 {
			return
		}
		c := s.data.Card(id)
		s.emit("moa.revealed", "card", cardCode(id), "name", c.Name)
		// No option for keeping the revealed non-Events (MOA1-AMB-41): the
		// rulebook's own verb is "discard" ("Сбрасывайте карты колоды"),
		// so the discard pile is the only reading.
		s.Discard = append(s.Discard, id)
		if c.Type != TypeEvent {
			continue
		}
		s.emit("moa.played_free", "seat", seatArg(seat), "card", cardCode(id), "name", c.Name)
		ts := []Task{{K: kEff, Seat: seat, Hex: -1, Effect: EffectTask{ID: c.Effect, Card: id}}}
		if c.Fer > 0 {
			// MOA1-SPEC-9: ordinary March steps, larvae first; with
			// dance-steps=ants (MOA1-AMB-41) ant steps only, as the text
			// names larvae for the Marauder Raid but not here
			sub := "dance"
			if s.Opt.DanceAntSteps {
				sub = "ants"
			}
			ts = append(ts, Task{K: kMarch, Seat: seat, Hex: -1, Move: MoveTask{Steps: c.Fer, Mode: sub}})
			if stepsFirst {
				ts[0], ts[1] = ts[1], ts[0]
			}
		}
		s.push(ts...)
		return
	}
}

// genomeCards lists Evolutions in hand with cost at most maxCost that seat
// can pay (maxCost < 99: free second card, payment not needed).
func (s *State) genomeCards(seat, maxCost int) []int {
	var out []int
	for _, id := range s.Players[seat].Hand {
		c := s.data.Card(id)
		if c.Type != TypeEvo || c.Cost > maxCost {
			continue
		}
		if maxCost >= 99 && !s.payable(seat, id) {
			continue
		}
		out = append(out, id)
	}
	return out
}

// genomeFirstNode: "<evo> <payment...> top|under" (MOA1-SPEC-15, -16).
func (s *State) genomeFirstNode(seat int, path []string) engine.Step {
	if len(path) == 0 {
		var cs []string
		for _, id := range s.genomeCards(seat, 99) {
			cs = append(cs, cardCode(id))
		}
		return step("moa.step.card", false, cs...)
	}
	id := parseCardCode(path[0])
	cost := s.data.Card(id).Cost
	if len(path)-1 < cost {
		return s.payNode(seat, id, path[1:], "evo")
	}
	if len(path)-1 == cost {
		return step("moa.step.placement", false, "top", "under")
	}
	return done("moa.step.placement")
}

func (s *State) genomeFirst(seat int, path []string) {
	id := parseCardCode(path[0])
	c := s.data.Card(id)
	s.payCost(seat, id, path[1:])
	s.placeEvolution(seat, id, path[len(path)-1] == "top")
	s.push(Task{K: kGenome, Seat: seat, Hex: -1, Effect: EffectTask{Cost: c.Cost}})
}

// genomeNode: the optional free second Evolution with cost <= the first.
func (s *State) genomeNode(t *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		cs := []string{"pass"}
		for _, id := range s.genomeCards(seat, t.Effect.Cost) {
			cs = append(cs, cardCode(id))
		}
		return step("moa.step.card", false, cs...)
	}
	if path[0] == "pass" || len(path) == 2 {
		return done("moa.step.placement")
	}
	return step("moa.step.placement", false, "top", "under")
}

func (s *State) genomeAnswer(t *Task, seat int, path []string) {
	s.pop()
	if path[0] == "pass" {
		return
	}
	id := parseCardCode(path[0])
	p := s.playerLists(seat)
	for i, h := range p.Hand {
		if h == id {
			p.Hand = append(p.Hand[:i], p.Hand[i+1:]...)
			break
		}
	}
	s.placeEvolution(seat, id, path[1] == "top")
}

// raidTargets: contested hexes where the raider and another player both
// have ants (MOA1-SPEC-22, MOA1-AMB-27).
func (s *State) raidTargets(seat int) []string {
	return s.hexCodes(func(t *Tile) bool {
		if t.Num == 0 || t.ants(seat) == 0 || !t.antContested() || !s.playerBattles() {
			return false
		}
		return t.totalAnts() > t.ants(seat)
	})
}

func (s *State) raidNode(t *Task, seat int, path []string) engine.Step {
	switch len(path) {
	case 0:
		return step("moa.step.hex", false, s.raidTargets(seat)...)
	case 1:
		tl := s.tile(parseHexCode(path[0]))
		var cs []string
		for p := 0; p < s.N; p++ {
			if p != seat && tl.ants(p) > 0 {
				cs = append(cs, seatCode(p))
			}
		}
		return step("moa.step.opponent", false, cs...)
	}
	return done("moa.step.opponent")
}

// raidAnswer starts the battle; the raider is always the invader.
func (s *State) raidAnswer(t *Task, seat int, path []string) {
	s.pop()
	opp := parseSeatCode(path[1], s.N)
	s.push(Task{K: kBattle, Seat: opp, Hex: parseHexCode(path[0]), Fight: FightTask{Invader: seat, Raid: true}})
}
