package funants

import (
	"slices"

	"formica/engine"
)

// playable lists the card codes seat may play in its main phase now
// (FUN-CARD-1). Ant Rage belongs to battles only (FUN-CARD-8).
func (g *state) playable(s int) []string {
	var out []string
	for _, id := range g.Players[s].Hand {
		c := g.b.cards[id]
		if slices.Contains(out, c) || !g.cardUsable(s, c) {
			continue
		}
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

func (g *state) cardUsable(s int, code string) bool {
	switch code {
	// Whether any cell qualifies, asked of the cells of seat's ants: the
	// lists below are of cells holding seat's ants.
	case "ambush":
		return g.anyAntCell(s, func(c int) bool {
			return !slices.ContainsFunc(g.InPlay, func(ip inPlay) bool { return ip.Owner == s && ip.Cell == c })
		})
	case "dash":
		return g.anyAntCell(s, func(c int) bool { return g.canMove(s, c) })
	case "retreat":
		return g.anyAntCell(s, func(c int) bool { return len(g.retreatTos(s, c)) > 0 })
	case "recruit":
		return len(g.recruitCells(s)) > 0
	case "forage", "supplies":
		return true
	case "harvest":
		return g.mining(s) > 0
	case "sabotage":
		return len(g.sabotageCells(s)) > 0
	case "engineer":
		return g.canTunnel(s)
	}
	return false
}

// anyAntCell reports whether ok holds for a cell holding one of seat's ants.
func (g *state) anyAntCell(s int, ok func(c int) bool) bool {
	for _, a := range g.Ants {
		if a.Owner == s && ok(a.Cell) {
			return true
		}
	}
	return false
}

// ambushCells: cells holding seat's ants and no ambush of seat's yet.
func (g *state) ambushCells(s int) []int {
	var out []int
	for c := range g.b.Cells {
		if g.mineCount(s, c) == 0 {
			continue
		}
		if !slices.ContainsFunc(g.InPlay, func(ip inPlay) bool { return ip.Owner == s && ip.Cell == c }) {
			out = append(out, c)
		}
	}
	return out
}

func (g *state) retreatTos(s, from int) []int {
	var out []int
	for _, c := range g.homeCells(s) {
		if c != from && g.canEnter(s, c, 1) {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}

func (g *state) retreatFroms(s int) []int {
	var out []int
	for c := range g.b.Cells {
		if g.mineCount(s, c) > 0 && len(g.retreatTos(s, c)) > 0 {
			out = append(out, c)
		}
	}
	return out
}

func (g *state) recruitCells(s int) []int {
	if g.supply(s, Worker) == 0 {
		return nil
	}
	var out []int
	for _, c := range g.homeCells(s) {
		if g.canEnter(s, c, 1) {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}

func (g *state) sabotageCells(s int) []int {
	var out []int
	for q, p := range g.Players {
		if !g.opponents(s, q) {
			continue
		}
		for _, c := range p.Entrances {
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	slices.Sort(out)
	return out
}

// mining counts seat's workers on resource cells (FUN-RES-2).
func (g *state) mining(s int) int {
	n := 0
	for _, a := range g.Ants {
		if a.Owner == s && a.Kind == Worker && g.b.resource(a.Cell) {
			n++
		}
	}
	return n
}

// playTree: play <card> [targets...].
func (g *state) playTree(s int, w walk) (engine.Step, error) {
	var ob optBuf
	w.rule = "FUN-CARD-1"
	if st, stop, err := w.at(1, "card", w.labelled(ob[:0], "fun.cardname.", g.playable(s)...), false); stop {
		return st, err
	}
	w.rule = "FUN-CARD-5"
	switch w.p[1] {
	case "ambush":
		if st, stop, err := w.at(2, "cell", g.cellOpts(ob[:0], g.ambushCells(s)), false); stop {
			return st, err
		}
		return w.end(3)
	case "dash":
		return g.moveTree(s, w, true)
	case "retreat":
		if st, stop, err := w.at(2, "from", g.cellOpts(ob[:0], g.retreatFroms(s)), false); stop {
			return st, err
		}
		from := g.cellOf(w.p[2])
		if st, stop, err := w.at(3, "to", g.cellOpts(ob[:0], g.retreatTos(s, from)), false); stop {
			return st, err
		}
		return g.whichTree(w, 4, g.mineOn(s, from))
	case "recruit":
		if st, stop, err := w.at(2, "cell", g.cellOpts(ob[:0], g.recruitCells(s)), false); stop {
			return st, err
		}
		return w.end(3)
	case "sabotage":
		if st, stop, err := w.at(2, "cell", g.cellOpts(ob[:0], g.sabotageCells(s)), false); stop {
			return st, err
		}
		return w.end(3)
	case "engineer":
		if st, stop, err := w.at(2, "cell", g.cellOpts(ob[:0], g.tunnelCells(s)), false); stop {
			return st, err
		}
		return w.end(3)
	}
	return w.end(2) // forage, harvest, supplies
}

// takeCard removes the first card with code from seat's hand.
func (g *state) takeCard(s int, code string) int {
	i := g.handIndex(s, code)
	p := g.pl(s)
	id := p.Hand[i]
	p.Hand = slices.Delete(slices.Clone(p.Hand), i, i+1) // a copy: clones share the hand (ownPlayers)
	return id
}

// applyPlay carries out a main-phase card (FUN-CARD-2..6).
func (g *state) applyPlay(s int, p engine.Path) {
	code := p[1]
	id := g.takeCard(s, code)
	g.emit("fun.played", map[string]string{"player": seatName(s), "card": code})
	discard := true
	switch code {
	case "ambush":
		// Delayed: stays in play on the cell (FUN-CARD-3).
		g.InPlay = append(g.InPlay, inPlay{Card: id, Owner: s, Cell: g.cellOf(p[2])})
		discard = false
	case "supplies":
		g.InPlay = append(g.InPlay, inPlay{Card: id, Owner: s, Cell: -1})
		discard = false
	case "dash":
		from, to := g.cellOf(p[2]), g.cellOf(p[3])
		i := g.pick(g.movers(s, from, true), p, 4)
		g.ownAnts()
		g.Ants[i].Cell = to
		g.emit("fun.moved", map[string]string{"player": seatName(s), "kind": g.Ants[i].Kind, "from": p[2], "to": p[3]})
		g.arrive([]int{g.Ants[i].ID}, to)
	case "retreat":
		from, to := g.cellOf(p[2]), g.cellOf(p[3])
		i := g.pick(g.mineOn(s, from), p, 4)
		g.ownAnts()
		g.Ants[i].Cell = to
		g.emit("fun.moved", map[string]string{"player": seatName(s), "kind": g.Ants[i].Kind, "from": p[2], "to": p[3]})
		g.arrive([]int{g.Ants[i].ID}, to)
	case "recruit":
		c := g.cellOf(p[2])
		a := g.addAnt(s, Worker, c)
		g.Ants[a].Moved = true
		g.emit("fun.hired", map[string]string{"player": seatName(s), "kind": Worker, "cell": p[2]})
	case "forage":
		g.pl(s).Tokens++
		g.emit("fun.gain", map[string]string{"player": seatName(s), "n": "1"})
	case "harvest":
		n := g.mining(s)
		g.pl(s).Tokens += n
		g.emit("fun.gain", map[string]string{"player": seatName(s), "n": itoa(n)})
	case "sabotage":
		c := g.cellOf(p[2])
		for q := range g.Players {
			if g.opponents(s, q) {
				g.removeEntrance(q, c)
			}
		}
	case "engineer":
		g.placeEntrance(s, g.cellOf(p[2]))
	}
	if discard {
		g.Discard = append(g.Discard, id)
	}
}

// pick chooses the ant named at p[i] (a kind) or the first candidate.
func (g *state) pick(cands []int, p engine.Path, i int) int {
	if i < len(p) {
		for _, c := range cands {
			if g.Ants[c].Kind == p[i] {
				return c
			}
		}
	}
	return cands[0]
}

// ambushBonus is +2 for seat's side when it fights from a cell holding its
// ambush; the card is then used up.
const ambushBonus = 2
