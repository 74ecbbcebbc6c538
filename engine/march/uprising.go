package march

import (
	"slices"

	"formica/engine"
)

// drawCenti takes the top centipede card, reshuffling the used ones when the
// centipede deck is empty (MOA1-SOLO-17, MOA1-AMB-29).
func (s *State) drawCenti() int {
	if len(s.CDeck) == 0 {
		if len(s.CUsed) == 0 {
			return 0
		}
		s.CDeck, s.CUsed = slices.Clone(s.CUsed), nil // shuffled in place: a clone may share it
		s.RNG.Shuffle(len(s.CDeck), func(i, j int) { s.CDeck[i], s.CDeck[j] = s.CDeck[j], s.CDeck[i] })
		s.emit("moa.centipede_reshuffled")
	}
	id := s.CDeck[0]
	s.CDeck = s.CDeck[1:]
	return id
}

// hordeCard reveals a centipede card after an action and the centipedes act
// by its type (MOA1-SOLO-3..7).
func (s *State) hordeCard(depth int) {
	defer func() {
		if s.SoloEnd {
			s.Over = true // MOA1-SOLO-15
		}
	}()
	id := s.drawCenti()
	if id == 0 {
		return
	}
	s.CUsed = append(s.CUsed, id)
	c := s.data.Card(id)
	s.emit("moa.horde_card", "card", cardCode(id), "name", c.Name, "type", c.Type)
	switch c.Type {
	case TypeEvo: // Capture (MOA1-SOLO-4)
		for num := s.rules.Tiles; num >= 1; num-- {
			if t := s.tile(num); t != nil && !t.Centi {
				s.putCentipede(t)
				return
			}
		}
		s.centipedeToGT()
	case TypeEvent:
		from := -1
		for num := 1; num <= s.rules.Tiles; num++ {
			if t := s.tile(num); t != nil && t.Centi {
				from = num
				break
			}
		}
		if from < 0 {
			s.centipedeExplore(depth)
			return
		}
		s.advance1(from, c.Fer) // Advance (MOA1-SOLO-5)
	case TypeGoal: // Attack (MOA1-SOLO-6)
		if s.rise() {
			s.push(s.riseAttacks()...) // RISE-8
			return
		}
		var ts []Task
		for num := 1; num <= s.rules.Tiles; num++ {
			t := s.tile(num)
			if t == nil || !t.Centi || t.totalAnts() == 0 {
				continue
			}
			first := s.control(t)
			if first >= 0 {
				ts = append(ts, Task{K: kCenti, Seat: first, Hex: num, Fight: FightTask{Kind: "attack"}})
			}
			for _, p := range s.order(s.Active) {
				if p != first && t.ants(p) > 0 {
					ts = append(ts, Task{K: kCenti, Seat: p, Hex: num, Fight: FightTask{Kind: "attack"}})
				}
			}
		}
		s.push(ts...)
	}
}

// centipedeToGT: a centipede entering the GT scores the Horde one CP per
// player (MOA1-SOLO-5, -10, -11).
func (s *State) centipedeToGT() {
	if s.Counters == 0 {
		return
	}
	s.Counters--
	s.CentiGT++
	n := s.hordeNums().GTCP // MOA1-SOLO-5, RISE-7
	s.Horde += n
	s.emit("moa.centipede_gt", "n", itoa(n))
}

// advance1 moves the centipede on hex from by steps to lower-numbered hexes
// without a centipede, into the GT at the end (MOA1-AMB-28).
func (s *State) advance1(from, steps int) {
	cur := from
	for i := 0; i < steps; i++ {
		next := -1
		for num := cur - 1; num >= 1; num-- {
			if t := s.tile(num); t != nil && !t.Centi {
				next = num
				break
			}
		}
		s.tile(cur).Centi = false
		if next < 0 {
			s.Counters++ // the marker moves into the GT
			s.centipedeToGT()
			return
		}
		s.tile(next).Centi = true
		s.emit("moa.centipede_moved", "from", hexCode(cur), "to", hexCode(next))
		cur = next
	}
}

// centipedeExplore: the top hex goes anywhere next to the Anthill with a
// centipede on it (MOA1-SOLO-7); a centipede icon draws another card.
func (s *State) centipedeExplore(depth int) {
	if len(s.Stack) == 0 {
		return
	}
	num := s.Stack[0]
	type spot struct{ t, e int }
	var spots []spot
	for i := range s.Tiles {
		for _, e := range s.emptyEdges(&s.Tiles[i]) {
			// centipede-explore=match (MOA1-AMB-41 alternative): only
			// through an open edge, turned so the tunnels meet
			if !s.Opt.CentiMatch || s.opening(&s.Tiles[i], e) {
				spots = append(spots, spot{s.Tiles[i].Num, e})
			}
		}
	}
	if len(spots) == 0 {
		return // no matching place: the hex stays on the stack
	}
	s.Stack = s.Stack[1:]
	sp := spots[s.RNG.IntN(len(spots))]
	rot := s.RNG.IntN(6)
	if s.Opt.CentiMatch {
		rs := s.rotations(num, sp.e, true)
		rot = rotOf(rs[s.RNG.IntN(len(rs))])
	}
	nt := s.placeHex(num, s.tile(sp.t), sp.e, rot)
	s.hexAdded(-1, nt) // a centipede tile grows the centipedes (RISE-6, MOAE-TILE-3)
	s.putCentipede(nt)
	if s.data.Hex(num).Centi && depth < s.hordeNums().ExploreChain {
		s.hordeCard(depth + 1)
	}
}

// huntTargets: centipede hexes where seat has ants (MOA1-SOLO-8); with
// hunt=any (MOA1-AMB-41 alternative) every centipede hex in the Anthill.
func (s *State) huntTargets(seat int) []string {
	anyHex := s.Opt.HuntAny && !s.rise() // RISE-9: an Evolved fight needs the hunter's ants
	return s.hexCodes(func(t *Tile) bool { return t.Centi && (anyHex || t.ants(seat) > 0) })
}

func (s *State) huntNode(t *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		return stepLead("moa.step.hex", s.huntTargets(seat), "pass")
	}
	return done("moa.step.hex")
}

func (s *State) huntAnswer(t *Task, seat int, path []string) {
	s.pop()
	if path[0] == "pass" {
		return
	}
	if s.rise() {
		s.riseHunt(seat, parseHexCode(path[0]))
		return
	}
	s.push(Task{K: kCenti, Seat: seat, Hex: parseHexCode(path[0]), Fight: FightTask{Kind: "hunt"}})
}

var _ engine.State = (*State)(nil)
