package march

// The Evolved 2-player game: each player places a starting tile, and the
// Old Guard, the remnant of an ancient colony, fights in the Great Tunnel
// (§12.1 of the rules reference, MOAE-2P-*).

// oldGuard: the Old Guard takes part in this game (MOAE-2P-3).
// Not in Rise of the Centipedes: the Horde is the only foe there (RISE-15).
func (s *State) oldGuard() bool { return s.evolved() && s.N == 2 && !s.rise() }

// oldGuardBattle finishes a Great Tunnel battle with the Old Guard: it
// discards the deck's top card for ferocity after both players decided,
// with no Unpredictable Enemy (MOAE-2P-9, AMB-9 c); players win every tie
// against it (MOAE-2P-10); it inflicts and suffers losses like a player
// seated just left of the defender (MOAE-2P-11); its 1st or 2nd place
// blocks those spoils (MOAE-2P-12); its survivors leave (AMB-9 a).
// places ranks the players (ties from the defender d).
func (s *State) oldGuardBattle(places, strength, ants []int, d int) {
	gt := &s.Tiles[0]
	ogStrength := s.OldGuard // no Evolutions (AMB-9 d)
	if id := s.reveal(); id != 0 {
		s.Discard = append(s.Discard, id)
		s.Shown = append(s.Shown, id)
		ogStrength += s.data.Card(id).Fer
		s.emit("moa.old_guard_card", "card", cardCode(id), "name", s.data.Card(id).Name, "n", itoa(s.data.Card(id).Fer))
	}
	// the Old Guard ranks below every player with as much strength
	at := len(places)
	for i, p := range places {
		if strength[p] < ogStrength {
			at = i
			break
		}
	}
	// a ring of N+1 seats with the Old Guard (index N) just left of d
	ring := []int{d, s.N}
	for i := 1; i < s.N; i++ {
		ring = append(ring, (d+i)%s.N)
	}
	vAnts, vPrev := make([]int, len(ring)), make([]int, len(ring))
	prev := s.evoPrevent(ants)
	winner := 0
	for v, p := range ring {
		if p == s.N {
			vAnts[v] = s.OldGuard
		} else {
			vAnts[v], vPrev[v] = ants[p], prev[p]
		}
		if at == 0 && p == s.N || at > 0 && p == places[0] {
			winner = v
		}
	}
	// assignLosses walks clockwise from the winner's index in the ring
	_, removed := assignLosses(vAnts, vPrev, winner)
	s.ownTiles()
	for v, p := range ring {
		if p == s.N || removed[v] == 0 {
			continue
		}
		gt.Out[p] -= removed[v]
		s.player(p).Supply += removed[v]
		s.emit("moa.ants_lost", "seat", seatArg(p), "hex", "gt", "n", itoa(removed[v]))
	}
	if at == 0 {
		s.emit("moa.old_guard_won", "n", itoa(ogStrength))
	} else {
		s.evoBattleWon(places[0], ants)
		s.emit("moa.gt_won", "seat", seatArg(places[0]))
	}
	s.OldGuard = 0
	// the Old Guard's place gains nothing; a player below it keeps its own
	// place's spoils (MOAE-2P-12)
	w := s.rewardTile()
	if w == nil {
		return
	}
	for i, p := range places {
		place := i
		if i >= at {
			place++
		}
		if place < len(w.Places) {
			s.gain(p, w.Places[place], "reward")
		}
	}
}
