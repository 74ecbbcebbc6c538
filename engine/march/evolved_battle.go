package march

// Building blocks of the Evolved Soldier phase (§6 of the rules reference):
// the ranking of a battle with any number of players, the order of ferocity
// decisions, the casualty assignment algorithm, the centipede fights and the
// centipede size track. They are pure where they can be, so each rule is
// tested on its own numbers.

// battleRank orders the participants (strength >= 0; -1 = not in the
// battle) from 1st place down: highest strength first, ties broken
// clockwise starting with the defender, who need not take part
// (MOAE-BATTLE-5, MOAE-GT-9, AMB-28).
func battleRank(strength []int, defender int) []int {
	n := len(strength)
	var order []int
	for i := 0; i < n; i++ { // clockwise from the defender
		if p := (defender + i) % n; strength[p] >= 0 {
			order = append(order, p)
		}
	}
	// a stable sort keeps the clockwise order among equals
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && strength[order[j]] > strength[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}

// ferocityOrder is who decides on a ferocity card, in turn: clockwise from
// the player left of the defender, the defender last; a defender outside
// the battle plays no card (MOAE-BATTLE-4, MOAE-GT-11).
func ferocityOrder(in []bool, defender int) []int {
	n := len(in)
	var out []int
	for i := 1; i <= n; i++ {
		if p := (defender + i) % n; in[p] {
			out = append(out, p)
		}
	}
	return out
}

// seatsIn marks the seats of who among n seats.
func seatsIn(n int, who []int) []bool {
	in := make([]bool, n)
	for _, p := range who {
		in[p] = true
	}
	return in
}

// inTurn reports whether a task's deciders decide one after another in
// the order of Who, rather than all at once: the Evolved battles' ferocity
// cards (MOAE-BATTLE-4, MOAE-GT-11). The cards stay face down until the
// last has decided.
func inTurn(t *Task) bool {
	return t.K == kFero && (t.Fight.Kind == "tile" || t.Fight.Kind == "gt")
}

// assignLosses is the reference algorithm MOAE-LOSS-8: ants[p] are the
// ants of each seat in the location (0: not in the battle), prevent[p]
// the losses p's abilities prevent. It returns the losses assigned to each
// seat and the ants each removes.
func assignLosses(ants, prevent []int, winner int) (assigned, removed []int) {
	n := len(ants)
	assigned, removed = make([]int, n), make([]int, n)
	capOf := func(p int) int { return ants[p] + prevent[p] } // MOAE-LOSS-4
	var losers []int
	sum := 0
	for i := 1; i < n; i++ { // clockwise from the winner, nearest first
		if p := (winner + i) % n; ants[p] > 0 {
			losers = append(losers, p)
			sum += ants[p]
		}
	}
	assigned[winner] = min(sum/2, capOf(winner)) // MOAE-LOSS-2
	k := ants[winner]                            // MOAE-LOSS-3
	for k > 0 {
		gave := false
		for _, p := range losers {
			if k == 0 {
				break
			}
			if assigned[p] < capOf(p) {
				assigned[p]++
				k--
				gave = true
			}
		}
		if !gave {
			break // MOAE-LOSS-5: the excess has no effect
		}
	}
	for _, p := range losers {
		removed[p] = max(0, assigned[p]-prevent[p]) // MOAE-LOSS-7
	}
	removed[winner] = min(max(0, assigned[winner]-prevent[winner]), ants[winner]-1) // MOAE-LOSS-6
	return assigned, removed
}

// centipedeFoe is the next player the centipede fights on a tile: the most
// ants there, ties clockwise from the controller, or from the active player
// if nobody holds the control site; skip lists players already done with
// it (MOAE-CENT-5, MOAE-CENT-14). -1: nobody left.
func centipedeFoe(ants []int, controller, active int, skip []bool) int {
	n := len(ants)
	from := controller
	if from < 0 {
		from = active
	}
	best := -1
	for i := 0; i < n; i++ {
		p := (from + i) % n
		if ants[p] > 0 && !skip[p] && (best < 0 || ants[p] > ants[best]) {
			best = p
		}
	}
	return best
}

// centipedeFerocity draws cards for the centipede after the player's
// ferocity: another draw follows every card of exactly 1 ferocity
// (MOAE-CENT-8, -9, the Unpredictable Enemy). draw returns 0 when no card
// is left. It returns the ferocity added and the cards drawn.
func centipedeFerocity(draw func() int, fer func(id int) int) (int, []int) {
	total := 0
	var drawn []int
	for {
		id := draw()
		if id == 0 {
			return total, drawn
		}
		drawn = append(drawn, id)
		f := fer(id)
		total += f
		if f != 1 {
			return total, drawn
		}
	}
}

// centipedeLosses: a winner against the centipede loses half their ants on
// the tile rounded up, a loser all of them; nothing prevents these losses
// (MOAE-CENT-10, -11).
func centipedeLosses(ants, strength, centipede int) (won bool, lost int) {
	if strength >= centipede {
		return true, (ants + 1) / 2
	}
	return false, ants
}

// Centipede size track (MOAE-CENT-1..3, -17). State.CentiSize is the
// marker's space; the Evolved setup puts it on the space of the player
// count.

func (s *State) centiTrack() *CentiTrack { return s.data.Centipede }

// centiStrength is every centipede's base strength (MOAE-CENT-1, -7).
func (s *State) centiStrength() int { return s.centiTrack().Spaces[s.CentiSize].Strength }

// centiReward is the reward for defeating a centipede: the one printed at
// the top of the marker's section (MOAE-CENT-3, -12).
func (s *State) centiReward() Gain {
	tr := s.centiTrack()
	return tr.Sections[tr.Spaces[s.CentiSize].Section]
}

// growCentipedes moves the size marker one space down; at the bottom it
// stays (MOAE-CENT-2; the rules give no bottom rule, our data says stay).
func (s *State) growCentipedes() {
	if s.CentiSize < len(s.centiTrack().Spaces)-1 {
		s.CentiSize++
	}
	s.emit("moa.centipedes_grow", "strength", itoa(s.centiStrength()))
}
