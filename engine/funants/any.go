package funants

// Whether a command is open at all, asked at the root of every turn
// (turnTree): the first cell or card that qualifies answers it, without
// building the lists the command's own steps show. Search plays thousands
// of turns a second through here.

// canHire is len(hireKinds(s)) > 0.
func (g *state) canHire(s int) bool {
	for _, k := range hireKinds {
		nw, ns, cost := kindCost(k)
		if g.Players[s].Tokens < cost || g.supply(s, Worker) < nw || g.supply(s, Soldier) < ns {
			continue
		}
		for _, c := range g.homeCells(s) {
			if g.hireCellOK(s, k, c) {
				return true
			}
		}
	}
	return false
}

// canMoveAny is len(moveFroms(s)) > 0.
func (g *state) canMoveAny(s int) bool {
	for _, a := range g.Ants {
		if a.Owner == s && !a.Moved && g.canMove(s, a.Cell) {
			return true
		}
	}
	return false
}

// canTunnel is len(tunnelCells(s)) > 0.
func (g *state) canTunnel(s int) bool {
	if len(g.Players[s].Entrances) >= entrancesPerColour {
		return false
	}
	// Only a cell with one of s's workers may take a tunnel: ask of those
	// cells, not of the whole board (Choices asks on every call).
	for _, a := range g.Ants {
		if a.Owner == s && a.Kind == Worker && g.tunnelCellOK(s, a.Cell) {
			return true
		}
	}
	return false
}

// canPlay is len(playable(s)) > 0.
func (g *state) canPlay(s int) bool {
	for _, id := range g.Players[s].Hand {
		if g.cardUsable(s, g.b.cards[id]) {
			return true
		}
	}
	return false
}
