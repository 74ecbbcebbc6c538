package march

import (
	"slices"
	"sort"

	"formica/engine"
)

func (s *State) startQueen() {
	s.Phase = PhaseQueen
	s.FillFrom = s.Active
	s.emit("moa.phase", "phase", string(PhaseQueen), "round", itoa(s.Round))
	s.push(Task{K: kQueen, Seat: -1, Hex: -1})
}

// decreeRound: no Royal Decree in the last round (MOA1-QUEEN-13); Long game:
// none in rounds 4 and 5 (MOA1-LONG-2, MOA1-AMB-1).
func (s *State) decreeRound() bool {
	if s.Round >= s.Rounds {
		return false
	}
	if s.evolved() {
		return true // MOAE-QUEEN-9, MOAE-EPIC-4: skipped only in the last round
	}
	return !(s.Opt.Long && s.Opt.LongDecree != "last" && s.Round >= 4)
}

// runQueen: abdomen abilities (MOA1-QUEEN-1) → Harvest → Feeding → Royal
// Decree → Slumber.
func (s *State) runQueen(t *Task) bool {
	switch t.Stage {
	case 0:
		t.Stage = 1
		var abd []Task
		for _, p := range s.order(s.Active) {
			s.player(p).Leaf = nil
			if s.Opt.PhaseDrawbacks && s.Players[p].Species == "marauder" {
				continue // MOA1-AMB-23 alternative reading of War Rations
			}
			if e := s.startAbility(p, 2, PhaseQueen); e != "" {
				abd = append(abd, Task{K: kAbd, Seat: p, Hex: -1, Effect: EffectTask{ID: e}})
			}
		}
		s.push(abd...)
		return false
	case 1:
		t.Stage = 2
		for _, p := range s.order(s.Active) { // MOA1-AMB-16
			s.harvest(p)
		}
		if s.evolved() {
			s.startFeeding()
			return false
		}
		for _, p := range s.order(s.Active) {
			s.feed(p)
		}
		return false
	case 2:
		t.Stage = 3
		if s.decreeRound() {
			d := Task{K: kDecree, Seat: -1, Hex: -1, Who: s.order(s.Active), Ans: make([]string, s.N)}
			s.push(d)
		}
		return false
	}
	s.pop()
	s.slumber()
	return false
}

// harvest collects every site seat occupies (MOA1-QUEEN-2, -4); Pharaoh
// adds a larva per one-larva site (MOA1-CLAR-EVO-12); the Nomad gets 1 from
// two-larvae sites (MOA1-SPEC-12); Leafcutter sites give 1 CP instead.
func (s *State) harvest(p int) {
	barren := false // a two-larvae site already yielded (barren-queen=total)
	for num := 1; num <= s.rules.Tiles; num++ {
		t := s.tile(num)
		if t == nil {
			continue
		}
		for i, o := range t.Sites {
			if o != p {
				continue
			}
			if slices.Contains(s.Players[p].Leaf, num*10+i) {
				s.addCP(p, s.amt("leafcutter", 1), "leafcutter")
				continue
			}
			res := s.sites(t)[i].Res
			if res == ResLarva2 && s.Opt.BarrenTotal && s.Players[p].Species == "nomad" {
				// MOA1-AMB-24 alternative: "only 1 larva from all
				// two-larvae sites" is 1 in total
				if barren {
					continue
				}
				barren = true
			}
			s.collect(p, res, true)
		}
	}
}

func (s *State) collect(p int, res string, harvest bool) {
	switch res {
	case ResFood:
		s.gainFood(p, 1)
	case ResLarva:
		n := 1
		if harvest && s.activeEffect(p, 2) == "pharaoh" {
			n += s.amt("pharaoh", 0)
		}
		s.gainLarvae(p, n)
	case ResLarva2:
		n := 2
		if harvest && s.Players[p].Species == "nomad" {
			n = 1
		}
		s.gainLarvae(p, n)
	case ResCard:
		s.draw(p)
	case ResCP:
		s.addCP(p, 1, "harvest")
	}
}

// feedTerms: ants one food feeds (MOA1-QUEEN-6, MOAE-QUEEN-4; the Epic
// game's rounds 4 and 5 feed 3 before the abdomen bonus, MOAE-EPIC-3), the
// Thief Abdomens' tax on p and p's own Thief credit (MOA1-CLAR-EVO-17).
func (s *State) feedTerms(p int) (c, tax, credit int) {
	c = s.rules.FeedPerFood
	if s.evolved() && s.Opt.Long && s.Round >= 4 {
		c = s.rules.EpicFeedPerFood
	}
	c = max(1, c-s.feedLess(p)) // MOAE-ANC-5: a species' handicap, before the abdomen bonus
	c += s.casteBonus(p, 2)
	for q := 0; q < s.N; q++ {
		if q != p && s.activeEffect(q, 2) == "thief" {
			tax += s.amt("thief", 0)
		}
	}
	if s.activeEffect(p, 2) == "thief" {
		credit = (s.N - 1) * s.amt("thief", 1)
	}
	return c, tax, credit
}

// maxFed is how many of p's ants its food can feed.
func (s *State) maxFed(p int) int {
	c, tax, credit := s.feedTerms(p)
	return min(s.antsInAnthill(p), (max(0, s.Players[p].Food-tax)+credit)*c)
}

// feed implements MOA1-QUEEN-5..10 with Thief (MOA1-CLAR-EVO-17).
func (s *State) feed(p int) { s.feedN(p, -1) }

// feedN feeds up to want of p's ants (-1: all it can); an Evolved player
// may leave ants unfed even with food left (MOAE-QUEEN-5, AMB-33: the food
// spent is what the fed ants need).
func (s *State) feedN(p, want int) {
	pl := s.player(p)
	ants := s.antsInAnthill(p)
	c, tax, credit := s.feedTerms(p)
	target := ants
	if want >= 0 {
		target = min(want, ants)
	}
	paid := min(tax, pl.Food)
	s.spendFood(p, paid)
	need := max(0, (target+c-1)/c-credit)
	spend := min(pl.Food, need)
	s.spendFood(p, spend)
	fed := min(target, (spend+credit)*c)
	hungry := max(0, ants-fed)
	if tax > paid {
		hungry = max(hungry, min(ants, (tax-paid)*c)) // unpaid tax starves ants
	}
	if s.rules.StarveDies {
		s.starve(p, spend+paid, hungry)
		return
	}
	eaten := s.loseLarvae(p, hungry)
	s.emit("moa.fed", "seat", seatArg(p), "food", itoa(spend+paid), "larvae", itoa(eaten))
	if die := hungry - eaten; die > 0 {
		counts := make([]int, s.N)
		counts[p] = die
		s.pushLosses(-1, counts, "starve")
	}
}

// kFeed: the players with food and ants choose how many to feed, all at
// once; the default feeds every ant the food can (MOAE-QUEEN-5, §17.2).
const kFeed TaskKind = "feeding"

// startFeeding asks the players who have a choice; with nobody to ask
// every player feeds what they can.
func (s *State) startFeeding() {
	var who []int
	for _, p := range s.order(s.Active) {
		if s.maxFed(p) > 0 {
			who = append(who, p)
		}
	}
	if len(who) == 0 {
		for _, p := range s.order(s.Active) {
			s.feed(p)
		}
		return
	}
	s.push(Task{K: kFeed, Seat: -1, Hex: -1, Who: who, Ans: make([]string, s.N)})
}

// feedOptions: how many ants to feed, the most first.
func (s *State) feedOptions(p int) []string {
	var cs []string
	for n := s.maxFed(p); n >= 0; n-- {
		cs = append(cs, itoa(n))
	}
	return cs
}

// resolveFeeding feeds in player order: as chosen, or all it can (AMB-45:
// freed sites refill once every player has fed).
func (s *State) resolveFeeding(t *Task) {
	for _, p := range s.order(s.Active) {
		if slices.Contains(t.Who, p) {
			s.feedN(p, atoi(t.Ans[p]))
		} else {
			s.feed(p)
		}
	}
}

// resolveDecree: 2 food or 5 larvae, special species 4 (MOA1-QUEEN-11, -12,
// -14), in player order.
func (s *State) resolveDecree(t *Task) {
	for _, p := range t.Who {
		food, larvae := s.decreeGifts(p)
		for _, a := range splitAns(t.Ans[p]) { // MOAE-QUEEN-8: each choice in turn
			key := "moa.decree_"
			if s.rules.DecreeTimes > 1 {
				key = "moa.choice_"
			}
			if a == "food" {
				s.emit(key+"food", "seat", seatArg(p), "n", itoa(s.gainFood(p, food)))
			} else {
				s.emit(key+"larvae", "seat", seatArg(p), "n", itoa(s.gainLarvae(p, larvae)))
			}
		}
	}
}

// decreeGifts is what seat's Queen offers: food, or larvae (fewer for a
// Special Species colony).
func (s *State) decreeGifts(seat int) (food, larvae int) {
	larvae = s.rules.DecreeLarvae
	if s.Players[seat].Species != "" && !s.evolved() { // not the Ancient Species
		larvae = s.rules.SpecialLarvae
	}
	return s.rules.DecreeFood, larvae
}

// slumber scores central hexes and Colony Goals, then moves the round
// marker (MOA1-SLUMBER-1..5).
// CentralHexes is how many hexes seat p controls that score at Slumber
// (MOA1-SLUMBER-2; with 2 players only through a tunnel to the Great
// Tunnel, MOA1-2P-5, or any path of tunnels with the DuoPath option,
// MOA1-AMB-20), before the Evolved inner meadow's multiplier. The AI
// reads it too.
func (s *State) CentralHexes(p int) int {
	gt := &s.Tiles[0]
	var joined []bool
	if s.N == 2 && s.Opt.DuoPath {
		joined = s.tunnelReach(gt)
	}
	n := 0
	for i := range s.Tiles {
		t := &s.Tiles[i]
		if t.Num == 0 || s.control(t) != p {
			continue
		}
		if joined != nil {
			// MOA1-AMB-20 alternative: "connected by tunnels with the GT"
			// is any path of tunnels, adjacent or not
			if !joined[t.Num] {
				continue
			}
		} else if !s.adjacent(t, gt) || s.N == 2 && !s.rules.InnerAnyCount && !s.tunnelTo(gt, t) { // MOA1-2P-5
			continue
		}
		n++
	}
	return n
}

// goalCP is what Colony Goal g of seat scores at a Slumber now: its
// highest tier reached (MOAE-SLUMBER-2, MOAE-GOAL-2) or, for a 1st-edition
// goal, its CP when met (MOA1-SLUMBER-3).
func (s *State) goalCP(seat, g int) int {
	c := s.data.Card(g)
	if len(c.Tiers) > 0 {
		return s.goalTier(seat, c)
	}
	if s.goalMet(seat, g) {
		return c.CP
	}
	return 0
}

// GoalsCP is what seat p's Colony Goals in play and its Ancient Species
// would score at a Slumber as the position stands, beside the central
// hexes (CentralHexes). Goals in play and species are public; the AI
// reads it.
func (s *State) GoalsCP(p int) int {
	n := s.speciesCP(p)
	for _, g := range s.Players[p].Goals {
		n += s.goalCP(p, g)
	}
	return n
}

func (s *State) slumber() {
	s.Phase = PhaseSlumber
	// MOA1-SLUMBER-6 in player order (MOA1-AMB-41). No option: central hexes
	// and Colony Goals only add CP and no goal reads CP, food or cards that
	// scoring changes, so every order gives the same result.
	for _, p := range s.order(s.Active) {
		n := s.CentralHexes(p)
		if st := s.data.Settings; st != nil {
			n *= st.InnerMeadowCP // MOAE-SLUMBER-1
		}
		why := "central"
		if s.evolved() {
			why = "inner" // the inner meadow (MOAE-SLUMBER-1)
		}
		s.addCP(p, n, why)
		s.addCP(p, s.speciesCP(p), "species") // MOAE-ANC-5
		for _, g := range s.Players[p].Goals {
			if cp := s.goalCP(p, g); cp > 0 {
				s.addCP(p, cp, "goal")
				s.emit("moa.goal_scored", "seat", seatArg(p), "card", cardCode(g))
			}
		}
	}
	if s.Opt.Uprising { // MOA1-SOLO-11
		n := s.CentiGT
		for i := range s.Tiles {
			if s.Tiles[i].Centi {
				n++
			}
		}
		s.Horde += n * s.hordeNums().SlumberCP // RISE-11
	}
	if s.Round >= s.Rounds {
		s.finish()
		return
	}
	s.Round++
	s.startWorker()
}

// finish gives the awards and ranks the players (MOA1-END-1..5,
// MOA1-SOLO-12).
func (s *State) finish() {
	s.Phase = PhaseOver
	res := &engine.Result{Scores: make([]int, s.N), Rank: make([]int, s.N)}
	if !s.Opt.Uprising {
		awards := []struct {
			cat string
			val func(p *Player) int
		}{
			{"moa.award.brood", func(p *Player) int { return p.Larvae }},
			{"moa.award.storehouse", func(p *Player) int { return p.Food }},
			{"moa.award.potential", func(p *Player) int { return len(p.Hand) }},
		}
		for _, a := range awards {
			best, who := -1, []int(nil)
			for i := range s.Players {
				if s.Players[i].Starved {
					continue // MOAE-END-3: starved in autumn
				}
				switch v := a.val(&s.Players[i]); {
				case v > best:
					best, who = v, []int{i}
				case v == best:
					who = append(who, i)
				}
			}
			if best == 0 && !s.Opt.ZeroAwards {
				continue
			}
			pts, tie := s.rules.AwardCP, s.rules.AwardTieCP
			if st := s.data.Settings; st != nil {
				pts, tie = st.AwardCP, st.AwardTieCP // MOAE-END-2
			}
			if len(who) > 1 {
				pts = tie
			}
			for _, p := range who {
				s.addCP(p, pts, "award")
				res.Detail = append(res.Detail, engine.Score{Seat: engine.Seat(p), Category: a.cat, Points: pts})
			}
		}
	}
	for i := range s.Players {
		res.Scores[i] = s.Players[i].CP
	}
	if s.Opt.Uprising {
		lost := s.hordeWins() // MOA1-SOLO-12, RISE-12
		for i := range res.Rank {
			res.Rank[i] = 1
			if lost {
				res.Rank[i] = 2
			}
		}
		res.Detail = append(res.Detail, engine.Score{Seat: engine.NoSeat, Category: "moa.horde", Points: s.Horde})
		over := "moa.uprising_over"
		if s.rise() {
			over = "moa.rise_over"
		}
		s.emit(over, "horde", itoa(s.Horde), "lost", boolStr(lost))
		s.Res = res
		return
	}
	idx := make([]int, s.N)
	for i := range idx {
		idx[i] = i
	}
	key := func(p int) [2]int { return [2]int{s.Players[p].CP, s.antsInAnthill(p)} } // MOA1-END-4
	sort.SliceStable(idx, func(a, b int) bool {
		ka, kb := key(idx[a]), key(idx[b])
		return ka[0] > kb[0] || ka[0] == kb[0] && ka[1] > kb[1]
	})
	for i, p := range idx {
		res.Rank[p] = i + 1
		if i > 0 && key(idx[i-1]) == key(p) {
			res.Rank[p] = res.Rank[idx[i-1]] // MOA1-AMB-17: shared
		}
	}
	s.emit("moa.game_over", "winner", seatArg(idx[0]))
	s.Res = res
}

func boolStr(b bool) string {
	if b {
		return "1"
	}
	return "0"
}
