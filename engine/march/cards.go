package march

import (
	"slices"
	"strings"

	"formica/engine"
)

// payable reports whether seat can pay card id's cost (MOA1-CARD-2).
func (s *State) payable(seat, id int) bool {
	c := s.data.Card(id)
	have := 0
	if c.Pay != "ants" { // MOAE-PLAY-2: ants only
		have += s.Players[seat].Larvae
	}
	if c.Pay != "larvae" {
		have += s.antsInAnthill(seat)
	}
	cost, extra := s.cardCost(seat, id), s.evoExtra(seat, id)
	// the Visionary Queen's extra is 1 ant or 1 larva, whatever the card asks (AMB-27)
	return have >= cost-extra && s.Players[seat].Larvae+s.antsInAnthill(seat) >= cost
}

// playable lists the cards seat may play now.
// canPlay is len(s.playable(seat)) > 0, without the list.
func (s *State) canPlay(seat int) bool {
	for _, id := range s.Players[seat].Hand {
		if s.payable(seat, id) && s.cardPlayable(seat, id) {
			return true
		}
	}
	return false
}

func (s *State) playable(seat int) []int {
	var out []int
	for _, id := range s.Players[seat].Hand {
		if s.payable(seat, id) && s.cardPlayable(seat, id) {
			out = append(out, id)
		}
	}
	return out
}

// offersCard is whether code is among playNode's first options (the cards
// seat may play) without listing them.
func (s *State) offersCard(seat int, code string) bool {
	id := parseCardCode(code)
	return id > 0 && slices.Contains(s.Players[seat].Hand, id) && s.payable(seat, id) && s.cardPlayable(seat, id)
}

// cardPlayable holds the preconditions printed on some cards.
func (s *State) cardPlayable(seat, id int) bool {
	if e := s.rules.effects[s.data.Card(id).Effect]; e.playable != nil {
		return e.playable(s, seat)
	}
	return true
}

func (s *State) contestedHexes() []string {
	var cs []string
	for num := 1; num <= s.rules.Tiles; num++ {
		// a Trap needs a battle to fight: without player battles
		// (MOA1-AMB-29) only a centipede hex offers one
		if t := s.tile(num); t != nil && t.contested() && (t.Centi || s.playerBattles()) {
			cs = append(cs, hexCode(num))
		}
	}
	return cs
}

// playNode: "<card> <payment...> [goal to discard]" (MOA1-CARD-1, -2, -20).
func (s *State) playNode(seat int, path []string, free bool) engine.Step {
	if len(path) == 0 {
		var cs []string
		for _, id := range s.playable(seat) {
			cs = append(cs, cardCode(id))
		}
		return step("moa.step.card", false, cs...)
	}
	return s.payNode(seat, parseCardCode(path[0]), path[1:], "")
}

// payNode walks the payment: one code per point of cost, "l" for a larva or
// a hex code for an ant there; then, for a third Colony Goal, which goal to
// discard.
func (s *State) payNode(seat, id int, path []string, need string) engine.Step {
	c := s.data.Card(id)
	cost := s.cardCost(seat, id)
	if len(path) < cost {
		var cs []string
		s.eachPayment(seat, id, path, func(code string) bool {
			cs = append(cs, code)
			return true
		})
		return step("moa.step.pay", false, cs...)
	}
	if c.Type == TypeGoal && len(s.Players[seat].Goals) >= s.rules.MaxGoals && len(path) == cost {
		var cs []string
		for _, g := range s.Players[seat].Goals {
			cs = append(cs, cardCode(g))
		}
		return step("moa.step.replace", false, cs...)
	}
	return done("moa.step.pay")
}

// eachPayment calls fn with payNode's codes for the next point of card
// id's cost after path (fewer codes than the cost), in payNode's order,
// until fn returns false: a code can be looked for without the list.
func (s *State) eachPayment(seat, id int, path []string, fn func(code string) bool) {
	c := s.data.Card(id)
	anyKind := len(path) >= s.cardCost(seat, id)-s.evoExtra(seat, id) // the Visionary Queen's extra (AMB-27)
	larvae := s.Players[seat].Larvae
	// counted without maps: a payment is a few codes, and a random player
	// or an AI walks it on every prefix
	used := func(code string) int {
		n := 0
		for _, p := range path {
			if p == code {
				n++
			}
		}
		return n
	}
	var perHex [maxTiles + 1]int
	for _, p := range path {
		if p != "l" {
			if t, _ := s.parseAnt(seat, p); t != nil {
				perHex[t.Num]++
			}
		}
	}
	if larvae-used("l") > 0 && (c.Pay != "ants" || anyKind) { // MOAE-PLAY-2
		if !fn("l") {
			return
		}
	}
	if c.Pay != "larvae" || anyKind {
		s.eachAnt(seat, func(t *Tile) bool { return t.ants(seat)-perHex[t.Num] > 0 }, func(code string) bool {
			t, pos := s.parseAnt(seat, code)
			switch {
			case code == hexCode(t.Num): // any ant there
			case pos < 0 && t.Out[seat]-used(code) <= 0:
				return true
			case pos >= 0 && used(code) > 0:
				return true
			}
			return fn(code)
		})
	}
}

// offersPayment is whether code is among payNode's options for the next
// point of the cost, without listing them.
func (s *State) offersPayment(seat, id int, path []string, code string) bool {
	found := false
	s.eachPayment(seat, id, path, func(c string) bool {
		found = c == code
		return !found
	})
	return found
}

// payCost pays card id with the codes of payNode; tokens go to the supply
// (MOA1-CARD-2, MOA1-TOK-4). It returns the rest of the path.
func (s *State) payCost(seat, id int, path []string) []string {
	cost := s.cardCost(seat, id)
	p := s.playerLists(seat)
	// named ants first ("5o", "5s2"), then "any ant on hex 5"
	for pass := 0; pass < 2; pass++ {
		for _, code := range path[:cost] {
			if code == "l" {
				if pass == 0 {
					p.Larvae--
					p.Supply++
				}
				continue
			}
			if named := strings.ContainsAny(code, "os"); named != (pass == 0) {
				continue
			}
			if t, pos := s.parseAnt(seat, code); t != nil {
				s.destroyAnt(t, seat, pos)
			}
		}
	}
	if i := slices.Index(p.Hand, id); i >= 0 {
		p.Hand = slices.Delete(p.Hand, i, i+1)
	}
	return path[cost:]
}

// payForCard handles "play <card> <pay...> [goal]" and returns the card.
func (s *State) payForCard(seat int, path []string) int {
	id := parseCardCode(path[0])
	rest := s.payCost(seat, id, path[1:])
	if len(rest) > 0 { // MOA1-CARD-20: discard a goal to make room
		g := parseCardCode(rest[0])
		p := s.playerLists(seat)
		if i := slices.Index(p.Goals, g); i >= 0 {
			p.Goals = slices.Delete(p.Goals, i, i+1)
			s.Discard = append(s.Discard, g)
			s.emit("moa.goal_discarded", "seat", seatArg(seat), "card", cardCode(g))
		}
	}
	c := s.data.Card(id)
	s.emit("moa.played", "seat", seatArg(seat), "card", cardCode(id), "name", c.Name)
	return id
}

// playCard puts a paid card into effect: Events resolve once and go to the
// discard pile (MOA1-CARD-8); Evolutions go on top of their segment
// (MOA1-CARD-9); Colony Goals stay face up and give their bonus at once
// (MOA1-CARD-18, -19, MOA1-AMB-9).
func (s *State) playCard(seat, id int, _ []string) {
	c := s.data.Card(id)
	switch c.Type {
	case TypeEvent:
		s.Discard = append(s.Discard, id)
		s.push(Task{K: kEff, Seat: seat, Hex: -1, Effect: EffectTask{ID: c.Effect, Card: id}})
	case TypeEvo:
		s.placeEvolution(seat, id, true)
	case TypeGoal:
		p := s.player(seat)
		p.Goals = append(p.Goals, id)
		s.push(Task{K: kEff, Seat: seat, Hex: -1, Effect: EffectTask{ID: c.Effect, Card: id}})
	}
}

// placeEvolution puts an Evolution on top of (or, for the Mutant, under) its
// segment and scores complete bodies (MOA1-CARD-9, -15, MOA1-SPEC-16).
func (s *State) placeEvolution(seat, id int, top bool) {
	c := s.data.Card(id)
	p := s.player(seat)
	sg := c.SegIndex()
	if top {
		p.Evo[sg] = append(p.Evo[sg], id)
	} else {
		p.Evo[sg] = append([]int{id}, p.Evo[sg]...)
	}
	s.emit("moa.evolved", "seat", seatArg(seat), "card", cardCode(id), "name", c.Name, "segment", c.Seg)
	s.checkBodies(seat)
}
