package march

import (
	"strconv"

	"formica/engine"
)

// goalEffects are the Colony Goal cards: a bonus when played
// (MOA1-CARD-18, -19, MOA1-AMB-9) and a condition scored in the Slumber
// phase (MOA1-SLUMBER-3, MOA1-CLAR-GOAL).
func goalEffects() effects {
	return effects{
		"linkpast":     {rule: "MOA1-CLAR-GOAL-1", run: linkPastRun, met: linkPastMet, amounts: []int{1}},
		"hugestores":   {rule: "MOA1-CLAR-GOAL-2", run: gainRun(0, "food"), met: hugeStoresMet, amounts: []int{free}},
		"advevo":       {rule: "MOA1-CLAR-GOAL-2", run: gainRun(0, "cards"), met: advEvoMet, amounts: []int{free}},
		"bigbrood":     {rule: "MOA1-CLAR-GOAL-2", run: gainRun(0, "larvae"), met: bigBroodMet, amounts: []int{free}},
		"blindmasters": {rule: "MOA1-CLAR-EV-10", node: burrowNode, answer: burrowAnswer, met: blindMastersMet, amounts: []int{free}}, // MOA1-CLAR-GOAL-3
		// the threshold, then one step of one ant
		"stranger":    {rule: "MOA1-CLAR-GOAL-4", node: oneStepEffectNode, answer: oneStepEffectAnswer, met: strangerMet, amounts: []int{free, 1, 1}},
		"caringhive":  {rule: "MOA1-CLAR-GOAL-4", node: oneStepEffectNode, answer: oneStepEffectAnswer, met: caringHiveMet, amounts: []int{free, 1, 1}},
		"pioneers":    {rule: "MOA1-CLAR-GOAL-4", node: oneStepEffectNode, answer: oneStepEffectAnswer, met: pioneersMet, amounts: []int{free, 1, 1}},
		"greedytribe": {rule: "MOA1-CLAR-GOAL-6", node: larvaeHereNode, answer: larvaeHereAnswer, met: greedyTribeMet, amounts: []int{free, free}},
		"greatcolony": {rule: "MOA1-CLAR-GOAL-6", node: larvaeHereNode, answer: larvaeHereAnswer, met: greatColonyMet, amounts: []int{free, 1}},
		"longtunnel":  {rule: "MOA1-CLAR-GOAL-7", run: gainRun(1, "food"), met: longTunnelMet, amounts: []int{free, free}},
		"conqueror":   {rule: "MOA1-CARD-19", run: gainRun(1, "larvae"), met: conquerorMet, amounts: []int{free, free}},
	}
}

// gainRun gives the owner resources at once: kinds[k] ("food", "larvae"
// or "cards") as many as the effect's amount at+k.
func gainRun(at int, kinds ...string) func(s *State, t *Task) bool {
	return func(s *State, t *Task) bool {
		seat, id := t.Seat, t.Effect.ID
		s.pop()
		for k, kind := range kinds {
			s.gainKind(seat, kind, s.amt(id, at+k))
		}
		return false
	}
}

// gainKind gives seat n food, larvae or cards.
func (s *State) gainKind(seat int, kind string, n int) {
	switch kind {
	case "food":
		s.gainFood(seat, n)
	case "larvae":
		s.gainLarvae(seat, n)
	case "cards":
		for i := 0; i < n; i++ {
			s.draw(seat)
		}
	}
}

func linkPastRun(s *State, t *Task) bool {
	s.pop()
	if s.Players[t.Seat].Larvae > 0 {
		s.placeLarva(t.Seat, &s.Tiles[0], -1)
	}
	return false
}

// MOA1-CLAR-GOAL-4, -5: one step of one ant
func oneStepEffectNode(s *State, _ *Task, seat int, path []string) engine.Step {
	return s.oneStepNode(seat, path, "moa.step.move", true)
}

func oneStepEffectAnswer(s *State, _ *Task, seat int, path []string) { s.applyOneStep(seat, path) }

// MOA1-CLAR-GOAL-6: larvae onto a hex (Greedy Tribe: one you occupy, up to 2)
func larvaeHereNode(s *State, t *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		cs := s.larvaTargets(seat)
		if t.Effect.ID == "greedytribe" {
			cs = s.hexCodes(func(t *Tile) bool { return t.Num != 0 && t.occupies(seat) && s.Players[seat].Larvae > 0 })
		}
		return withPass(step("moa.step.hex", false, cs...))
	}
	if t.Effect.ID == "greedytribe" && len(path) == 1 {
		var cs []string
		for n := 1; n <= min(s.amt(t.Effect.ID, 1), s.Players[seat].Larvae); n++ {
			cs = append(cs, strconv.Itoa(n))
		}
		return step("moa.step.larvae", false, cs...)
	}
	return done("moa.step.effect")
}

func larvaeHereAnswer(s *State, _ *Task, seat int, path []string) {
	tl := s.tile(parseHexCode(path[0]))
	n := 1
	if len(path) > 1 {
		n = atoi(path[1])
	}
	for i := 0; i < n; i++ {
		s.player(seat).Larvae--
		s.arriveChoosing(tl, seat)
		s.emit("moa.larva_placed", "seat", seatArg(seat), "hex", path[0])
	}
}

// MOA1-CLAR-GOAL-1: strictly most ants in the GT
func linkPastMet(s *State, seat int) bool {
	gt := &s.Tiles[0]
	for q := 0; q < s.N; q++ {
		if q != seat && gt.Out[q] >= gt.Out[seat] {
			return false
		}
	}
	return gt.Out[seat] > 0
}

func hugeStoresMet(s *State, seat int) bool {
	return s.beatsNeighbours(seat, func(q *Player) int { return q.Food })
}

func advEvoMet(s *State, seat int) bool {
	return s.beatsNeighbours(seat, func(q *Player) int { return len(q.Evo[0]) + len(q.Evo[1]) + len(q.Evo[2]) })
}

func bigBroodMet(s *State, seat int) bool {
	return s.beatsNeighbours(seat, func(q *Player) int { return q.Larvae })
}

func blindMastersMet(s *State, seat int) bool {
	return len(s.hexCodes(func(t *Tile) bool { return s.hasWorm(t) && t.occupies(seat) })) >= s.amt("blindmasters", 0)
}

func strangerMet(s *State, seat int) bool {
	gt := &s.Tiles[0]
	return len(s.hexCodes(func(t *Tile) bool { return t.Num != 0 && s.control(t) == seat && !s.adjacent(t, gt) })) >= s.amt("stranger", 0)
}

// MOA1-CLAR-GOAL-5: one-larva sites only
func caringHiveMet(s *State, seat int) bool {
	return len(s.siteCodes(func(t *Tile, i int) bool { return t.Sites[i] == seat && s.sites(t)[i].Res == ResLarva })) >= s.amt("caringhive", 0)
}

func greedyTribeMet(s *State, seat int) bool {
	return len(s.siteCodes(func(t *Tile, i int) bool { return t.Sites[i] == seat && s.sites(t)[i].Res == ResFood })) >= s.amt("greedytribe", 0)
}

// MOA1-CLAR-GOAL-7: the Slumber example scores occupied hexes
func longTunnelMet(s *State, seat int) bool { return s.longestTunnel(seat) >= s.amt("longtunnel", 0) }

func conquerorMet(s *State, seat int) bool {
	return len(s.hexCodes(func(t *Tile) bool { return t.Num != 0 && s.control(t) == seat })) >= s.amt("conqueror", 0)
}

func greatColonyMet(s *State, seat int) bool { return s.antsInAnthill(seat) >= s.amt("greatcolony", 0) }

func pioneersMet(s *State, seat int) bool {
	return len(s.hexCodes(func(t *Tile) bool { return t.occupies(seat) && hexDist(t.Q, t.R) >= s.amt("pioneers", 0) })) > 0
}

// beatsNeighbours: more than both neighbours, ties score nothing
// (MOA1-CLAR-GOAL-2); with 2 players the one other player (MOA1-2P-6).
func (s *State) beatsNeighbours(seat int, val func(*Player) int) bool {
	me := val(&s.Players[seat])
	if s.N == 1 {
		return me > 0
	}
	for _, q := range []int{(seat + 1) % s.N, (seat + s.N - 1) % s.N} {
		if val(&s.Players[q]) >= me {
			return false
		}
	}
	return true
}

// longestTunnel: the largest group of hexes seat occupies joined by tunnels
// (the GT not counted). The rulebook's Slumber example scores Long Tunnel for
// Hollow, Stump and Peat Bog, of which Red controls only Stump.
func (s *State) longestTunnel(seat int) int {
	best := 0
	seen := map[int]bool{}
	for i := range s.Tiles {
		st := &s.Tiles[i]
		if st.Num == 0 || !st.occupies(seat) || seen[st.Num] {
			continue
		}
		n, queue := 0, []*Tile{st}
		seen[st.Num] = true
		for len(queue) > 0 {
			t := queue[0]
			queue = queue[1:]
			n++
			for e := 0; e < 6; e++ {
				nb := s.neighbor(t, e)
				if nb != nil && nb.Num != 0 && !seen[nb.Num] && nb.occupies(seat) && s.connected(t, e) {
					seen[nb.Num] = true
					queue = append(queue, nb)
				}
			}
		}
		best = max(best, n)
	}
	return best
}
