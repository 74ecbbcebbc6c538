package march

// Queen and Slumber phase rules of the Evolved edition that replace the 1st
// edition's (MOAE-QUEEN, MOAE-SLUMBER).

// starve: ants the food did not feed are lost (the player picks which,
// AMB-33), with a flat CP penalty; in the last round the player also loses
// the end-game awards (MOAE-QUEEN-5, -6, -7). Until players may choose to
// leave ants unfed, every ant the pantry can feed is fed.
func (s *State) starve(p, food, hungry int) {
	s.emit("moa.fed", "seat", seatArg(p), "food", itoa(food), "larvae", "0")
	if hungry <= 0 {
		return
	}
	s.addCP(p, -s.data.Settings.StarvationCP, "starve")
	if s.Round >= s.Rounds {
		s.player(p).Starved = true
	}
	counts := make([]int, s.N)
	counts[p] = hungry
	s.pushLosses(-1, counts, "starve")
}

// goalTier is the CP of the highest tier seat reaches on Colony Goal c
// (MOAE-GOAL-2): 1, 2 or 3, or 0 below the first.
func (s *State) goalTier(seat int, c *CardData) int {
	n := s.measure(seat, c.Counts)
	cp := 0
	for i, at := range c.Tiers {
		if n >= at {
			cp = i + 1
		}
	}
	return cp
}

// measure counts what a Colony Goal's tiers count (component data: the
// card's "counts").
func (s *State) measure(seat int, what string) int {
	p := &s.Players[seat]
	gt := &s.Tiles[0]
	tiles := func(f func(t *Tile) bool) int {
		n := 0
		for i := range s.Tiles {
			if t := &s.Tiles[i]; t.Num != 0 && f(t) {
				n++
			}
		}
		return n
	}
	sites := func(res string) int {
		return len(s.siteCodes(func(t *Tile, i int) bool {
			r := s.sites(t)[i].Res
			return t.Sites[i] == seat && (r == res || res == ResLarva && r == ResLarva2)
		}))
	}
	switch what {
	case "card_sites": // MOAE-CL-23: occupied card sites
		return sites(ResCard)
	case "food_sites":
		return sites(ResFood)
	case "larva_sites":
		return sites(ResLarva)
	case "tunnel_path": // MOAE-CL-24
		return s.longestControlledPath(seat)
	case "wormhole_tiles":
		return tiles(func(t *Tile) bool { return t.occupies(seat) && s.hasWorm(t) })
	case "food":
		return p.Food
	case "larvae":
		return p.Larvae
	case "evolutions":
		return len(p.Evo[0]) + len(p.Evo[1]) + len(p.Evo[2])
	case "controlled_tiles":
		return tiles(func(t *Tile) bool { return s.control(t) == seat })
	case "meadow_ants":
		return s.antsInAnthill(seat)
	case "far_tiles":
		return tiles(func(t *Tile) bool { return t.occupies(seat) && hexDist(t.Q, t.R) >= s.amt("pioneers", 1) })
	case "outer_tiles":
		return tiles(func(t *Tile) bool { return s.control(t) == seat && !s.adjacent(t, gt) })
	case "inner_tiles":
		return tiles(func(t *Tile) bool { return t.occupies(seat) && s.adjacent(t, gt) })
	case "gt_ants":
		return gt.ants(seat)
	}
	return 0
}

// longestControlledPath is the most tiles seat controls on one simple path
// along tunnels (MOAE-CL-24: a group an ant could walk through passing each
// tile once). Our reading: the path runs through controlled tiles only and
// not through the Great Tunnel, which is not a tile.
func (s *State) longestControlledPath(seat int) int {
	var ctl []*Tile
	for i := range s.Tiles {
		if t := &s.Tiles[i]; t.Num != 0 && s.control(t) == seat {
			ctl = append(ctl, t)
		}
	}
	on := make([]bool, s.rules.Tiles+1)
	best := 0
	var walk func(t *Tile, n int)
	walk = func(t *Tile, n int) {
		best = max(best, n)
		on[t.Num] = true
		for e := 0; e < 6; e++ {
			nb := s.neighbor(t, e)
			if nb != nil && nb.Num != 0 && !on[nb.Num] && s.control(nb) == seat && s.connected(t, e) {
				walk(nb, n+1)
			}
		}
		on[t.Num] = false
	}
	for _, t := range ctl {
		walk(t, 1)
	}
	return best
}
