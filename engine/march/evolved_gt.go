package march

// The Great Tunnel battle and its reward tiles (MOAE-SOLD-1, §6.3,
// MOAE-SETUP-7, -8, MOAE-PREP-3).

// kGTBattle is the Great Tunnel battle of an Evolved Soldier phase.
const kGTBattle TaskKind = "gtbattle"

// setupRewards stacks 2 random "I-II" reward tiles on 2 random "III+"
// ones and turns the top one face up (MOAE-SETUP-7, -8); the Epic game
// takes a third "III+" (MOAE-EPIC-2).
func (s *State) setupRewards() {
	var low, high []int
	for _, w := range s.data.Rewards {
		if w.Level == "I-II" {
			low = append(low, w.ID)
		} else {
			high = append(high, w.ID)
		}
	}
	shuffle := func(a []int) { s.RNG.Shuffle(len(a), func(i, j int) { a[i], a[j] = a[j], a[i] }) }
	shuffle(low)
	shuffle(high)
	nh := 2
	if s.Opt.Long {
		nh = 3
	}
	s.Rewards = append(append([]int(nil), low[:2]...), high[:nh]...)
	s.nextReward()
}

// nextReward discards the current reward tile and reveals the next
// (MOAE-SETUP-8, MOAE-PREP-3).
func (s *State) nextReward() {
	if len(s.Rewards) == 0 {
		return
	}
	s.Reward, s.Rewards = s.Rewards[0], s.Rewards[1:]
	s.emit("moa.reward_tile", "tile", itoa(s.Reward))
}

func (s *State) rewardTile() *RewardTile {
	for i := range s.data.Rewards {
		if s.data.Rewards[i].ID == s.Reward {
			return &s.data.Rewards[i]
		}
	}
	return nil
}

// heads counts every head Evolution seat has in play (MOAE-EVO-5).
func (s *State) heads(seat int) int { return len(s.Players[seat].Evo[0]) }

// runGTBattle: with ants of one player only, that player takes the 1st
// place spoils without a battle; with two or more, all of them fight one
// battle: ferocity cards face down, then strength ranks every place
// (MOAE-SOLD-1, MOAE-GT-7..12).
func (s *State) runGTBattle(t *Task) bool {
	gt := &s.Tiles[0]
	var who []int
	for _, p := range s.order(s.Active) {
		if gt.ants(p) > 0 {
			who = append(who, p)
		}
	}
	og := s.oldGuard()
	switch t.Stage {
	case 0:
		if og && !t.Fight.Opened {
			s.OldGuard = s.Round // MOAE-2P-6, AMB-9 (a): set to the round number
			s.emit("moa.old_guard", "n", itoa(s.OldGuard))
		}
		fighters := len(who)
		if og {
			fighters++ // MOAE-2P-8: it counts as a player
		}
		if !t.Fight.Opened && fighters >= 2 { // Military Head (MOAE-CL-12)
			t.Fight.Opened = true
			if ms := s.militaryTasks(0, who); len(ms) > 0 {
				s.push(ms...)
				return false
			}
		}
		t.Stage = 1
		if fighters < 2 {
			s.pop()
			s.OldGuard = 0 // AMB-9 (b): alone, it blocks the 1st place spoils
			if len(who) == 1 {
				s.gtSpoils([]int{who[0]})
			}
			return false
		}
		s.emit("moa.gt_battle", "n", itoa(fighters))
		s.Shown = nil
		d := s.defender()
		if d < 0 {
			d = s.Active // as the ranking below: player order
		}
		s.openFerocity(Task{K: kFero, Seat: -1, Hex: 0, Fight: FightTask{Kind: "gt"}}, ferocityOrder(seatsIn(s.N, who), d)) // MOAE-GT-11
		return false
	}
	s.pop()
	strength := make([]int, s.N)
	ants := make([]int, s.N)
	for p := range strength {
		strength[p] = -1
	}
	for _, p := range who {
		ants[p] = gt.ants(p)
		strength[p] = ants[p] + s.evoStrength(p) // MOAE-BATTLE-3
		if p < len(t.Fight.Values) {
			strength[p] += t.Fight.Values[p] // ferocity
		}
	}
	d := s.defender()
	if d < 0 {
		d = s.Active // nobody took the Great Defender (a set-up position): player order
	}
	places := battleRank(strength, d)
	if og {
		s.oldGuardBattle(places, strength, ants, d)
		return false
	}
	_, removed := assignLosses(ants, s.evoPrevent(ants), places[0])
	s.ownTiles()
	s.evoBattleWon(places[0], ants)
	for _, p := range who {
		if removed[p] > 0 {
			gt.Out[p] -= removed[p] // the Great Tunnel has no sites: no choice (MOAE-GT-12)
			s.player(p).Supply += removed[p]
			s.emit("moa.ants_lost", "seat", seatArg(p), "hex", "gt", "n", itoa(removed[p]))
		}
	}
	s.emit("moa.gt_won", "seat", seatArg(places[0]))
	s.gtSpoils(places) // MOAE-SPOILS-2: even with no ants left
	// MOAE-CLEAN-1: the played cards went to the discard pile when revealed
	return false
}

// gtSpoils gives places 1-3 the spoils of the reward tile (MOAE-SPOILS-1).
func (s *State) gtSpoils(places []int) {
	w := s.rewardTile()
	if w == nil {
		return
	}
	for i, p := range places {
		if i >= len(w.Places) {
			break
		}
		s.gain(p, w.Places[i], "reward")
	}
}
