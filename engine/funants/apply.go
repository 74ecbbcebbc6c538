package funants

import (
	"slices"
	"strconv"
	"strings"

	"formica/engine"
)

func itoa(n int) string { return strconv.Itoa(n) }

func (g *state) Apply(a engine.Answer) ([]engine.Event, error) {
	g.ev = nil
	g.playersOwn, g.antsOwn = false, false // a clone of this state may share them
	s := int(a.Seat)
	p := a.Path
	pr, ok := g.promptFor(a.Seat)
	if !ok {
		return nil, engine.ErrNotYourTurn
	}
	if len(p) == 0 {
		return nil, engine.Illegal("FUN-TURN-1", p, 0, "fun.err.empty", nil)
	}
	switch pr.Kind {
	case "battle":
		g.applyBattle(s, p)
	case "order":
		n, _ := strconv.Atoi(p[1])
		g.startFight(g.battles()[n-1])
	default:
		if p[0] != "swap" {
			g.SwapOK = false // the swap belongs to the draw phase (FUN-DRAW-2)
		}
		switch p[0] {
		case "hire":
			g.applyHire(s, p)
		case "move":
			g.applyMove(s, p)
		case "tunnel":
			g.Mode = modeMove // tunnels only in a move turn (FUN-TUNNEL-2)
			g.pl(s).Tokens--
			g.placeEntrance(s, g.cellOf(p[1]))
		case "build":
			g.applyBuild(s)
		case "play":
			g.applyPlay(s, p)
		case "swap":
			g.SwapOK = false
			id := g.takeCard(s, p[1])
			g.Discard = append(g.Discard, id)
			g.emit("fun.swapped", map[string]string{"player": seatName(s)})
			g.draw(s, 1)
		case "sell":
			g.Discard = append(g.Discard, g.takeCard(s, p[1]), g.takeCard(s, p[2]))
			g.pl(s).Tokens++
			g.emit("fun.sold", map[string]string{"player": seatName(s), "cards": p[1] + " " + p[2]})
		case "pass":
			g.emit("fun.end_turn", map[string]string{"player": seatName(s)})
			g.startTurn((g.Active + 1) % len(g.Players))
		}
	}
	g.settle()
	ev := g.ev
	g.ev = nil
	return ev, nil
}

// --- turn start: draw, swap window, income (FUN-TURN-1) ---

func (g *state) startTurn(s int) {
	g.Active = s
	g.Turn++
	g.Mode = modeNone
	g.SwapOK = true
	if slices.ContainsFunc(g.Ants, func(a ant) bool { return a.Moved }) {
		g.ownAnts()
		for i := range g.Ants {
			g.Ants[i].Moved = false
		}
	}
	g.emit("fun.turn", map[string]string{"player": seatName(s)})
	if n := 4 - len(g.Players[s].Hand); n > 0 {
		g.draw(s, n) // FUN-DRAW-1; never discard down (FUN-DRAW-4)
	}
	// Income: one token per worker on a resource cell (FUN-INCOME-1/2).
	if n := g.mining(s); n > 0 {
		g.pl(s).Tokens += n
		g.emit("fun.income", map[string]string{"player": seatName(s), "n": itoa(n)})
	}
	// Delayed Supplies cards pay now and leave play (FUN-CARD-3).
	pays := func(ip inPlay) bool { return ip.Owner == s && g.b.cards[ip.Card] == "supplies" }
	if slices.ContainsFunc(g.InPlay, pays) {
		kept := slices.Clone(g.InPlay)[:0] // a new list: clones share the old (Clone)
		for _, ip := range g.InPlay {
			if pays(ip) {
				g.pl(s).Tokens += 2
				g.Discard = append(g.Discard, ip.Card)
				g.emit("fun.gain", map[string]string{"player": seatName(s), "n": "2"})
				continue
			}
			kept = append(kept, ip)
		}
		g.InPlay = kept
	}
}

// draw deals n cards to seat, reshuffling the discard pile when the deck
// runs out (FUN-DRAW-3, FUN-CARD-7).
func (g *state) draw(s, n int) {
	got := 0
	var nb [4]string // a hand's worth on the stack
	names := nb[:0]
	for ; got < n; got++ {
		if len(g.Deck) == 0 {
			if len(g.Discard) == 0 {
				break
			}
			// A copy shuffled: clones share the discard pile (Clone).
			g.Deck, g.Discard = slices.Clone(g.Discard), nil
			g.RNG.Shuffle(len(g.Deck), func(i, j int) { g.Deck[i], g.Deck[j] = g.Deck[j], g.Deck[i] })
			g.emit("fun.reshuffled", nil)
		}
		id := g.Deck[0]
		g.Deck = g.Deck[1:]
		p := g.pl(s)
		p.Hand = append(p.Hand, id)
		names = append(names, g.b.cards[id])
	}
	if got > 0 {
		g.emit("fun.drew", map[string]string{"player": seatName(s), "n": itoa(got)})
		g.emitTo(s, "fun.drew_cards", map[string]string{"cards": joinWords(names)})
	}
}

func joinWords(ws []string) string { return strings.Join(ws, ", ") }

// --- hire ---

func (g *state) addAnt(s int, kind string, cell int) int {
	g.NextAnt++
	g.ownAnts()
	g.Ants = append(g.Ants, ant{ID: g.NextAnt, Owner: s, Kind: kind, Cell: cell})
	return len(g.Ants) - 1
}

func (g *state) antIndex(id int) int {
	return slices.IndexFunc(g.Ants, func(a ant) bool { return a.ID == id })
}

func (g *state) applyHire(s int, p engine.Path) {
	g.Mode = modeHire
	k, c := p[1], g.cellOf(p[2])
	_, _, cost := kindCost(k)
	g.pl(s).Tokens -= cost // FUN-HIRE-1
	if len(p) >= 4 {
		// The push: the ant already there steps forward (FUN-HIRE-5).
		f := g.cellOf(p[3])
		i := g.pick(g.mineOn(s, c), p, 4)
		g.ownAnts()
		g.Ants[i].Cell = f
		g.emit("fun.pushed", map[string]string{"player": seatName(s), "kind": g.Ants[i].Kind, "from": p[2], "to": p[3]})
		g.arrive([]int{g.Ants[i].ID}, f)
		if g.Winners != nil {
			return
		}
	}
	for _, r := range k {
		i := g.addAnt(s, string(r), c)
		g.Ants[i].Moved = true // hired ants do not move this turn (FUN-MAIN-5)
		g.emit("fun.hired", map[string]string{"player": seatName(s), "kind": string(r), "cell": p[2]})
	}
}

// --- move ---

func (g *state) applyMove(s int, p engine.Path) {
	g.Mode = modeMove
	from, to := g.cellOf(p[1]), g.cellOf(p[2])
	var mb [8]int // on the stack: a move is the commonest answer
	ants := g.appendMovers(mb[:0], s, from, false)
	var ib [2]int
	ids := ib[:0]
	if len(p) >= 4 && p[3] == "2" {
		for _, i := range ants {
			ids = append(ids, g.Ants[i].ID)
		}
	} else {
		ids = append(ids, g.Ants[g.pick(ants, p, 3)].ID)
	}
	g.ownAnts()
	for _, id := range ids {
		i := g.antIndex(id)
		g.Ants[i].Cell, g.Ants[i].Moved = to, true
		g.emit("fun.moved", map[string]string{"player": seatName(s), "kind": g.Ants[i].Kind, "from": p[1], "to": p[2]})
	}
	g.arrive(ids, to)
}

// arrive settles ants that moved onto cell (FUN-MOVE-6): pickup, tunnel
// removal, then the victory or capture check before any battle (FUN-WIN-5).
func (g *state) arrive(ids []int, cell int) {
	if len(ids) == 0 {
		return
	}
	s := g.Ants[g.antIndex(ids[0])].Owner
	name := g.b.Cells[cell].ID
	if g.Token[cell] {
		g.Token = slices.Clone(g.Token) // clones share the tokens (Clone)
		g.Token[cell] = false           // each board token once (FUN-RES-1)
		g.pl(s).Tokens++
		g.emit("fun.pickup", map[string]string{"player": seatName(s), "cell": name})
	}
	for q := range g.Players {
		if g.opponents(s, q) {
			g.removeEntrance(q, cell) // FUN-TUNNEL-7
		}
	}
	h := g.b.home[cell]
	if h < 0 {
		return
	}
	q := g.owner(h)
	if q < 0 || !g.opponents(s, q) {
		return // unused or allied anthill (FUN-ALLY-3)
	}
	switch g.Scenario {
	case Classic:
		g.win([]int{s}) // FUN-WIN-1 (b)
	case Pyramids, PyramidsTeams:
		for _, id := range ids {
			lv := g.Players[q].Levels
			if len(lv) == 0 {
				break // nothing to capture; the ant stays (FUN-WIN-6)
			}
			top := lv[len(lv)-1]
			g.pl(q).Levels = lv[: len(lv)-1 : len(lv)-1] // capped: clones share the array
			g.pl(s).Captured = append(g.Players[s].Captured, top)
			g.removeAnt(id)
			g.emit("fun.captured", map[string]string{"player": seatName(s), "from": seatName(q), "size": itoa(top.Size)})
			if g.Scenario == Pyramids && len(g.Players[s].Captured) >= 3 {
				g.win([]int{s}) // FUN-WIN-3
				return
			}
			if g.Scenario == PyramidsTeams && len(g.Players[q].Levels) == 0 {
				g.win(g.team(s)) // FUN-WIN-4
				return
			}
		}
	}
}

func (g *state) team(s int) []int {
	var out []int
	for i, p := range g.Players {
		if p.Team == g.Players[s].Team {
			out = append(out, i)
		}
	}
	return out
}

func (g *state) win(seats []int) {
	if g.Winners != nil {
		return
	}
	g.Winners = seats
	var names []string
	for _, s := range seats {
		names = append(names, seatName(s))
	}
	g.emit("fun.won", map[string]string{"players": joinWords(names)})
}

func (g *state) removeAnt(id int) {
	if i := g.antIndex(id); i >= 0 {
		g.ownAnts()
		g.Ants = slices.Delete(g.Ants, i, i+1)
	}
}

// --- tunnels ---

func (g *state) placeEntrance(s, cell int) {
	p := g.pl(s)
	p.Entrances = append(p.Entrances, cell)
	g.emit("fun.tunnel", map[string]string{"player": seatName(s), "cell": g.b.Cells[cell].ID})
}

func (g *state) removeEntrance(q, cell int) {
	if i := slices.Index(g.Players[q].Entrances, cell); i >= 0 {
		p := g.pl(q)
		p.Entrances = slices.Delete(slices.Clone(p.Entrances), i, i+1) // a copy: clones share it (ownPlayers)
		g.emit("fun.tunnel_removed", map[string]string{"player": seatName(q), "cell": g.b.Cells[cell].ID})
	}
}

// --- build ---

func (g *state) applyBuild(s int) {
	k := len(g.Players[s].Levels)
	p := g.pl(s)
	p.Tokens -= levelCost[k]
	p.Levels = append(p.Levels, Level{Colour: s, Size: k}) // FUN-BUILD-2
	g.emit("fun.built", map[string]string{"player": seatName(s), "size": itoa(k)})
	if k == 2 {
		switch g.Scenario {
		case Classic:
			g.win([]int{s}) // FUN-WIN-1 (a)
		case ClassicTeams:
			g.win(g.team(s)) // FUN-WIN-2
		}
	}
}

// --- battles ---

// settle drops spent ambushes and starts the next battle the board calls for.
func (g *state) settle() {
	g.ordering = false
	spent := func(ip inPlay) bool { return ip.Cell >= 0 && g.mineCount(ip.Owner, ip.Cell) == 0 }
	if slices.ContainsFunc(g.InPlay, spent) {
		kept := slices.Clone(g.InPlay)[:0] // a new list: clones share the old (Clone)
		for _, ip := range g.InPlay {
			if spent(ip) {
				g.Discard = append(g.Discard, ip.Card)
				continue
			}
			kept = append(kept, ip)
		}
		g.InPlay = kept
	}
	if g.Winners != nil {
		g.Fight = nil
		return
	}
	if g.Fight != nil {
		return
	}
	if !g.anyBattle() {
		return
	}
	if bs := g.battles(); len(bs) == 1 {
		g.startFight(bs[0])
	} else {
		g.ordering = len(bs) > 1
	}
}

func (g *state) startFight(bt battle) {
	g.Fight = &fight{battle: bt}
	g.emit("fun.battle_start", map[string]string{"a": seatName(bt.A), "cell_a": g.b.Cells[bt.CellA].ID,
		"b": seatName(bt.B), "cell_b": g.b.Cells[bt.CellB].ID})
}

func (g *state) applyBattle(s int, p engine.Path) {
	f := new(fight) // clones share the fight (Clone)
	*f = *g.Fight
	g.Fight = f
	side := 0
	if s == f.B {
		side = 1
	}
	f.Turn = 1 - side // the other side answers next (FUN-BATTLE-7)
	if p[0] == "pass" {
		f.Passed[side] = true
		g.emit("fun.battle_pass", map[string]string{"player": seatName(s)})
		if f.Passed[0] && f.Passed[1] {
			g.resolve()
		}
		return
	}
	// Ant Rage: +1 to the ant of the seat's the player chose, in this
	// battle (FUN-CARD-8).
	cell, _ := g.fightSide(s)
	ants := g.mineOn(s, cell)
	i := ants[0]
	if len(p) > 2 {
		for _, a := range ants {
			if rageCode(g.Ants[a]) == p[2] {
				i = a
				break
			}
		}
	}
	g.ownAnts()
	g.Ants[i].Rage++
	g.Discard = append(g.Discard, g.takeCard(s, "rage"))
	g.emit("fun.rage", map[string]string{"player": seatName(s), "kind": g.Ants[i].Kind, "cell": g.b.Cells[cell].ID})
	f.Passed = [2]bool{} // the other side may answer the card
}

func strength(a ant) int {
	n := 1
	if a.Kind == Soldier {
		n = 2
	}
	return n + a.Rage
}

// fighters picks who fights from seat's ants on cell (FUN-BATTLE-3) and
// adds an ambush there.
func (g *state) fighters(s, cell int) (ids []int, total int) {
	ants := g.mineOn(s, cell)
	if len(ants) == 2 {
		x, y := strength(g.Ants[ants[0]]), strength(g.Ants[ants[1]])
		switch {
		case x > y:
			ants = ants[:1]
		case y > x:
			ants = ants[1:]
		}
	}
	for _, i := range ants {
		ids = append(ids, g.Ants[i].ID)
		total += strength(g.Ants[i])
	}
	if k := slices.IndexFunc(g.InPlay, func(ip inPlay) bool { return ip.Owner == s && ip.Cell == cell }); k >= 0 {
		total += ambushBonus
		g.Discard = append(g.Discard, g.InPlay[k].Card)
		g.InPlay = slices.Delete(slices.Clone(g.InPlay), k, k+1) // clones share the list (Clone)
		g.emit("fun.ambush", map[string]string{"player": seatName(s), "cell": g.b.Cells[cell].ID})
	}
	return ids, total
}

// resolve compares strengths and removes the losers (FUN-BATTLE-4/6).
func (g *state) resolve() {
	f := g.Fight
	g.Fight = nil
	ia, sa := g.fighters(f.A, f.CellA)
	ib, sb := g.fighters(f.B, f.CellB)
	var gone []int
	switch {
	case sa == sb:
		gone = append(ia, ib...)
	case sa > sb:
		gone = ib
	default:
		gone = ia
	}
	g.emit("fun.battle", map[string]string{"a": seatName(f.A), "b": seatName(f.B), "sa": itoa(sa), "sb": itoa(sb)})
	for _, id := range gone {
		a := g.Ants[g.antIndex(id)]
		g.emit("fun.removed", map[string]string{"player": seatName(a.Owner), "kind": a.Kind, "cell": g.b.Cells[a.Cell].ID})
		g.removeAnt(id)
	}
	if slices.ContainsFunc(g.Ants, func(a ant) bool { return a.Rage != 0 }) {
		g.ownAnts()
		for i := range g.Ants {
			g.Ants[i].Rage = 0 // bonuses last one battle (FUN-BATTLE-8)
		}
	}
}
