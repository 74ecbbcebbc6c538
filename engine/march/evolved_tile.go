package march

import "slices"

// Tile battles of the Evolved Soldier phase (§6.2, §6.4 of the rules
// reference): one ant battle per tile with every colony on it, and the
// centipede's fights one colony at a time before it.

const (
	kTileBattle TaskKind = "tilebattle" // Evolved ant battle on a tile
	kCentiFight TaskKind = "centifight" // Evolved centipede fight
)

// tileBattleKey marks in State.Fights that tile num had its ant battle
// (MOAE-SOLD-5); 80 is unused by the 1st edition's pair and centipede keys.
func tileBattleKey(num int) int { return num*100 + 80 }

// nextTileFight finds the next fight on tile num: the centipede's next foe
// first (MOAE-SOLD-6, MOAE-CENT-5, -13, -14), then the tile's single ant
// battle while no centipede is left on it (MOAE-MEADOW-14, MOAE-SOLD-5).
func (s *State) nextTileFight(num int) (Task, bool) {
	tl := s.tile(num)
	if tl.Centi {
		if tl.totalAnts() == 0 {
			return Task{}, false
		}
		ants, skip := make([]int, s.N), make([]bool, s.N)
		for p := range ants {
			ants[p] = tl.ants(p)
			skip[p] = slices.Contains(s.Fights, centiKey(num, p))
		}
		if p := centipedeFoe(ants, s.control(tl), s.Active, skip); p >= 0 {
			return Task{K: kCentiFight, Seat: p, Hex: num}, true
		}
		return Task{}, false // a centipede still there: no ant battle (MOAE-CENT-13)
	}
	if tl.antContested() && !slices.Contains(s.Fights, tileBattleKey(num)) {
		return Task{K: kTileBattle, Seat: -1, Hex: num}, true
	}
	return Task{}, false
}

// tileDefender is the player on the control site, or, with nobody there,
// the first participant in player order from the active player (AMB-11).
func (s *State) tileDefender(tl *Tile) int {
	if d := s.control(tl); d >= 0 {
		return d
	}
	for _, p := range s.order(s.Active) {
		if tl.ants(p) > 0 {
			return p
		}
	}
	return -1
}

// runTileBattle: every colony on the tile fights one battle (MOAE-BATTLE-1);
// strength is ants + head Evolutions + ferocity (MOAE-BATTLE-3, -4); the
// strongest wins, ties clockwise from the defender (MOAE-BATTLE-5); losses
// by the casualty algorithm, each player choosing which ants die
// (MOAE-LOSS-1..8); the winner gains CP and may take the control site
// (MOAE-SPOILS-1); outskirts ants then fill sites from the winner
// (MOAE-CLEAN-1). Task: Hex, Stage, Fight.Values: ferocity per seat, then {winner}.
func (s *State) runTileBattle(t *Task) bool {
	num := t.Hex
	tl := s.tile(num)
	switch t.Stage {
	case 0:
		if !tl.antContested() { // MOAE-SOLD-4
			s.pop()
			return false
		}
		if !t.Fight.Opened { // Military Head before strength is set (MOAE-CL-12)
			t.Fight.Opened = true
			if ms := s.militaryTasks(num, tl.playersOn()); len(ms) > 0 {
				s.push(ms...)
				return false
			}
		}
		t.Stage = 1
		s.Fights = append(s.Fights, tileBattleKey(num))
		who := tl.playersOn()
		s.emit("moa.tile_battle", "hex", hexCode(num), "n", itoa(len(who)), "defender", seatArg(s.tileDefender(tl)))
		s.Shown = nil
		s.openFerocity(Task{K: kFero, Seat: -1, Hex: num, Fight: FightTask{Kind: "tile"}}, ferocityOrder(seatsIn(s.N, who), s.tileDefender(tl))) // MOAE-BATTLE-4
		return false
	case 1:
		strength, ants := make([]int, s.N), make([]int, s.N)
		for p := range strength {
			strength[p] = -1
			if ants[p] = tl.ants(p); ants[p] > 0 {
				strength[p] = ants[p] + s.evoStrength(p) // MOAE-BATTLE-3
				if p < len(t.Fight.Values) {
					strength[p] += t.Fight.Values[p]
				}
			}
		}
		w := battleRank(strength, s.tileDefender(tl))[0]
		_, removed := assignLosses(ants, s.evoPrevent(ants), w)
		s.emit("moa.tile_won", "hex", hexCode(num), "seat", seatArg(w), "n", itoa(strength[w]))
		for _, p := range s.order(w) {
			if p < len(t.Fight.Values) && t.Fight.Values[p] > 0 && ants[p] > 0 && s.activeEffect(p, 0) == "traphead" {
				s.addCP(p, s.data.Settings.TrapHeadCP, "trap") // MOAE-CL-13
			}
		}
		s.evoBattleWon(w, ants)
		t.Fight.Values = []int{w}
		t.Stage = 2
		s.Hold = true // the winner takes the control site before anyone fills sites
		s.FillFrom = w
		s.pushLosses(num, removed, "battle") // MOAE-LOSS-7: the owner chooses
		return false
	case 2:
		w := t.Fight.Values[0]
		t.Stage = 3
		s.addCP(w, s.data.Settings.TileBattleCP, "battle") // MOAE-SPOILS-1
		if s.activeEffect(w, 0) == "veteran" {
			s.addCP(w, s.amt("veteran", 0), "veteran")
		}
		s.pushControlSpoils(w, num)
		return false
	}
	s.Hold = false
	s.FillFrom = t.Fight.Values[0] // MOAE-CLEAN-1: the winner fills first
	s.pop()
	return false
}

// runCentiFight: one colony against the centipede (MOAE-CENT-5..13).
// Task: Seat the player, Hex, Stage, Fight.Values: {ferocity} then {won}.
func (s *State) runCentiFight(t *Task) bool {
	num := t.Hex
	tl := s.tile(num)
	switch t.Stage {
	case 0:
		if !tl.Centi || tl.ants(t.Seat) == 0 {
			s.pop()
			return false
		}
		if !t.Fight.Opened {
			t.Fight.Opened = true
			s.Fights = append(s.Fights, centiKey(num, t.Seat)) // MOAE-CENT-14
			if s.declinesCentipede(t.Seat) {
				s.push(Task{K: kEff, Seat: t.Seat, Hex: num, Effect: EffectTask{ID: effCentiDecline}}) // MOAE-CL-8
				return false
			}
		}
		t.Stage = 1
		s.emit("moa.centi_fight", "hex", hexCode(num), "seat", seatArg(t.Seat), "base", itoa(s.centiStrength()))
		s.Shown = nil
		s.openFerocity(Task{K: kFero, Seat: t.Seat, Hex: num, Fight: FightTask{Kind: "centi"}}, []int{t.Seat})
		return false
	case 1:
		mine := tl.ants(t.Seat) + s.evoStrength(t.Seat) + t.Fight.Values[0] // MOAE-CENT-7
		// MOAE-CENT-8, -9: cards for the centipede after the player's
		// ferocity; they go to the discard pile only at cleanup
		// (MOAE-CENT-13), so a reshuffle cannot draw them again
		add, drawn := s.centipedeCards() // RISE-10: the Horde's own deck
		s.Shown = append(s.Shown, drawn...)
		total := s.centiStrength() + add + s.attackStrength(t)     // RISE-8
		won, lost := centipedeLosses(tl.ants(t.Seat), mine, total) // MOAE-CENT-10, -11
		flag := 0
		if won {
			flag = 1
		}
		s.emit("moa.centi_result", "hex", hexCode(num), "seat", seatArg(t.Seat), "mine", itoa(mine),
			"total", itoa(total), "won", itoa(flag), "loss", itoa(lost))
		t.Fight.Values = []int{flag}
		t.Stage = 2
		s.Hold = true
		counts := make([]int, s.N)
		counts[t.Seat] = lost // not prevented (MOAE-CENT-11)
		s.pushLosses(num, counts, "centipede")
		return false
	case 2:
		t.Stage = 3
		if t.Fight.Values[0] == 1 {
			tl.Centi = false
			s.Counters++                                 // back to the supply (MOAE-CENT-11)
			s.gain(t.Seat, s.centiReward(), "centipede") // MOAE-CENT-12, MOAE-SPOILS-2
			s.pushControlSpoils(t.Seat, num)
		} else {
			s.hordeWon(num) // RISE-11
		}
		return false
	}
	s.Hold = false
	s.FillFrom = t.Seat // MOAE-CENT-13, AMB-12: the fight's winner first
	if t.Fight.Values[0] == 0 {
		s.FillFrom = (t.Seat + 1) % s.N // the centipede won: the next player
	}
	s.pop()
	return false
}

// pushControlSpoils lets the winner move 1 ant on the tile onto the
// control site, pushing any ant there to the outskirts (MOAE-SPOILS-1,
// MOAE-CENT-12); without an ant off the control site there is no choice.
func (s *State) pushControlSpoils(w, num int) {
	if len(s.controlMoves(s.tile(num), w)) > 0 {
		s.push(Task{K: kSpoils, Seat: w, Hex: num, Fight: FightTask{Control: true}})
	}
}

// controlMoves lists w's ants on the tile that could take the control
// site: "o" for the outskirts, or a site code.
func (s *State) controlMoves(tl *Tile, w int) []string {
	ctl := s.data.Hex(tl.Num).Control
	if tl.Sites[ctl] == w {
		return nil
	}
	var cs []string
	if tl.Out[w] > 0 {
		cs = append(cs, "o")
	}
	for i, o := range tl.Sites {
		if o == w {
			cs = append(cs, siteCode(i))
		}
	}
	return cs
}

func (s *State) controlSpoilsAnswer(t *Task, seat int, path []string) {
	tl := s.tile(t.Hex)
	s.pop()
	if path[0] == "done" {
		return
	}
	ctl := s.data.Hex(tl.Num).Control
	s.ownTiles()
	if path[0] == "o" {
		tl.Out[seat]--
	} else {
		tl.Sites[parseSite(path[0], tl)] = -1
	}
	if o := tl.Sites[ctl]; o >= 0 {
		tl.Out[o]++ // pushed onto the outskirts
	}
	tl.Sites[ctl] = seat
	s.emit("moa.spoils_moved", "seat", seatArg(seat), "hex", hexCode(t.Hex), "site", siteCode(ctl))
}
