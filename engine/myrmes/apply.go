package myrmes

import (
	"slices"
	"strconv"
	"strings"

	"formica/engine"
)

func (g *state) Apply(a engine.Answer) ([]engine.Event, error) {
	g.ev = make([]engine.Event, 0, 2) // most answers tell one or two (resolve makes room for more)
	g.tilesOwn = false                // a clone of this state may share its tiles
	g.playersOwn = 0                  // and its players
	g.cellsOwn = false                // and its cells
	s := int(a.Seat)
	kind := g.kindFor(s)
	path := a.Path
	if len(path) == 3 && path[0] == "pref" {
		kind = "pref"
	}
	switch kind {
	case "pref":
		i := slices.Index(prefNames[:], path[1])
		prefs := g.Players[s].Prefs &^ (1 << i)
		if path[2] == "on" {
			prefs |= 1 << i
		}
		if prefs != g.Players[s].Prefs { // else the player stays shared
			g.ownPlayer(s).Prefs = prefs
		}
		on := 0
		if path[2] == "on" {
			on = 1
		}
		g.ev = append(g.ev, engine.Event{Key: prefEventKeys[i][on], To: a.Seat})
	case kEvent, kBirths, kHarvest, kKeep, kWinter:
		p := g.ownPlayer(s)
		sealed := make(engine.Path, 0, len(path)+1)
		p.Sealed = append(p.Sealed, append(append(sealed, kind), path...))
		p.Queue = p.Queue[1:]
		g.emit("myr.ready", g.b.playerArgs[s])
		g.ev = append(g.ev, engine.Event{Key: "myr.sealed", Args: map[string]string{"answer": path.String()}, To: a.Seat})
		if g.allAnswered() {
			g.resolve()
		}
	case kCap:
		g.applyCap(s, path)
	case kWorker:
		g.applyWorker(s, path)
	case kSortie:
		g.applySortie(s, path)
	case kAtelier:
		g.applyAtelier(s, path)
	default:
		return nil, engine.ErrNotYourTurn
	}
	ev := g.ev
	g.ev = nil
	return ev, nil
}

func (g *state) allAnswered() bool {
	for _, p := range g.Players {
		if len(p.Queue) > 0 {
			return false
		}
	}
	return true
}

// order lists the seats in turn order from the first player (MYR-STRUCT-5).
func (g *state) order() []int {
	out := make([]int, g.N)
	for i := range out {
		out[i] = (g.First + i) % g.N
	}
	return out
}

// sealed returns the seat's sealed answer of kind, nil if none.
func (g *state) sealed(s int, kind string) engine.Path {
	for _, a := range g.Players[s].Sealed {
		if a[0] == kind {
			return a[1:]
		}
	}
	return nil
}

// resolve reveals and carries out a simultaneous phase once every answer is in.
func (g *state) resolve() {
	g.ev = slices.Grow(g.ev, 4*g.N) // a few events of each player
	switch g.Phase {
	case PhaseBirths:
		for _, s := range g.order() {
			if a := g.sealed(s, kEvent); a != nil {
				g.applyEvent(s, a[0])
			}
		}
		for _, s := range g.order() {
			if a := g.sealed(s, kBirths); a != nil {
				g.applyBirths(s, a)
			}
		}
		g.clearSealed()
		g.afterBirths()
	case PhaseHarvest:
		for _, s := range g.order() {
			g.applyHarvest(s, g.sealed(s, kHarvest))
		}
		g.clearSealed()
		g.startAtelier()
	case PhaseKeep:
		for _, s := range g.order() {
			if a := g.sealed(s, kKeep); a != nil {
				g.applyKeep(s, a[0])
			}
		}
		g.clearSealed()
		g.endSeason()
	case PhaseWinter:
		for _, s := range g.order() {
			n := 0
			if a := g.sealed(s, kWinter); a != nil {
				n, _ = strconv.Atoi(a[0])
			}
			g.payWinter(s, n)
		}
		g.clearSealed()
		g.endYear()
	}
}

func (g *state) clearSealed() {
	for i, p := range g.Players {
		if len(p.Sealed) > 0 { // a player who sealed nothing stays shared
			g.ownPlayer(i).Sealed = nil
		}
	}
}

// applyEvent moves the event cube, spending one larva a step (MYR-EVT-3..5).
func (g *state) applyEvent(s int, code string) {
	p := g.ownPlayer(s)
	e := g.b.event(code)
	d := abs(e - p.Event)
	p.Larvae -= d
	p.Spent += d // out of play at once, back to the supply at end of season (AMB-30)
	p.Event = e
	g.emit(g.b.eventSetKeys[e], map[string]string{"player": g.name(s), "n": itoa(d)})
}

var (
	larvaYield   = [4]int{0, 1, 3, 5}    // MYR-BIRTH-2
	soldierYield = [4]int{0, 0, 1, 2}    // MYR-BIRTH-3
	workerYield  = [5]int{0, 0, 1, 1, 2} // MYR-BIRTH-4
)

// applyBirths places the nurses and raises the ants (MYR-BIRTH-1..6, MYR-EFF-1..3).
func (g *state) applyBirths(s int, a engine.Path) {
	p := g.ownPlayer(s)
	var n [4]int
	for i := range 4 {
		n[i], _ = strconv.Atoi(a[i])
	}
	p.Nurses -= n[0] + n[1] + n[2] + n[3]
	p.Tracks = [3]int{n[0], n[1], n[2]}
	p.Atelier = n[3]
	ev := g.b.Events[p.Event]
	larvae, soldiers, workers := larvaYield[n[0]], soldierYield[n[1]], workerYield[n[2]]
	if ev == "larvae" && n[0] >= 1 {
		larvae += eventLarvae
	}
	if ev == "soldier" && soldiers >= 1 {
		soldiers += eventOne
	}
	if ev == "worker" && workers >= 1 {
		workers += eventOne
	}
	larvae = g.take(0, larvae)
	p.Larvae += larvae
	g.emit("myr.nurses_placed", map[string]string{"player": g.name(s), "larva": a[0], "soldier": a[1], "worker": a[2], "atelier": a[3]})
	room := maxFigures - g.figures(s) // MYR-CAP-1
	if workers+soldiers > room {
		lo, hi := max(0, room-soldiers), min(workers, room)
		if lo < hi {
			p.BornW, p.BornS = workers, soldiers // the player chooses (AMB-5)
			g.emit("myr.born", map[string]string{"player": g.name(s), "larvae": itoa(larvae), "soldiers": "0", "workers": "0"})
			return
		}
		g.emit("myr.cap_lost", map[string]string{"player": g.name(s), "n": itoa(workers + soldiers - room)})
		workers = lo
		soldiers = room - lo
	}
	p.Workers += workers
	p.Soldiers += soldiers
	g.emit("myr.born", map[string]string{"player": g.name(s), "larvae": itoa(larvae), "soldiers": itoa(soldiers), "workers": itoa(workers)})
}

func (g *state) applyCap(s int, path engine.Path) {
	p := g.ownPlayer(s)
	room := maxFigures - g.figures(s)
	w, _ := strconv.Atoi(path[0])
	g.emit("myr.cap_lost", map[string]string{"player": g.name(s), "n": itoa(p.BornW + p.BornS - room)})
	p.Workers += w
	p.Soldiers += room - w
	p.BornW, p.BornS = 0, 0
	g.emit("myr.born", map[string]string{"player": g.name(s), "larvae": "0", "soldiers": itoa(room - w), "workers": itoa(w)})
	for _, q := range g.Players {
		if q.BornW+q.BornS > 0 {
			return
		}
	}
	g.startWorkers()
}

// trade discards larvae for food (MYR-TRADE-1, AMB-3).
func (g *state) trade(s int) {
	p := g.ownPlayer(s)
	n := min(tradeLarvae, p.Larvae)
	p.Larvae -= n
	g.putBack(0, n)
	f := g.take(1, tradeFood)
	p.Store[cFood] += f
	g.emit("myr.trade", map[string]string{"player": g.name(s), "larvae": itoa(n), "food": itoa(f)})
}

func (g *state) applyWorker(s int, path engine.Path) {
	p := g.ownPlayer(s)
	switch path[0] {
	case "trade":
		g.trade(s)
		return
	case "out":
		p.Workers--
		c := g.b.byLabel[path[1]]
		mp := sortieMP // MYR-SORT-2
		if g.b.Events[p.Event] == "move" {
			mp = sortieMP + eventMove // MYR-EFF-5
		}
		g.Sortie = &sortie{Seat: s, At: c, Tile: -1, MP: mp}
		g.emit("myr.out", map[string]string{"player": g.name(s), "cell": path[1], "mp": itoa(mp)})
		return
	}
	l := int(path[0][1] - '0')
	p.Workers--
	p.Rooms[l] = true
	args := map[string]string{"player": g.name(s)}
	switch l { // MYR-COL-1
	case 0:
		p.Larvae += g.take(0, roomYield)
	case 1:
		p.Store[cFood] += g.take(1, roomYield)
	case 2:
		k := slices.Index(cubeNames[:], path[1])
		p.Store[k] += g.take(1+k, roomYield)
		args["cube"] = path[1]
	case 3:
		p.Store[cFood] -= queenFood
		g.putBack(1, queenFood)
		args["vp"] = itoa(g.gain(s, queenVP))
	}
	key := roomEvents[l]
	if l == 2 {
		key = "myr.room2.earth" // the cube step offers earth or stone
		if path[1] == "stone" {
			key = "myr.room2.stone"
		}
	}
	g.emit(key, args)
	g.nextWorker()
}

func (g *state) applySortie(s int, path engine.Path) {
	so := new(sortie) // clones share the sortie (Clone)
	*so = *g.Sortie
	g.Sortie = so
	p := g.Players[s] // owned below before any change: a plain step changes no player
	switch path[0] {
	case "clear", "place", "special": // a stop changes no player
		p = g.ownPlayer(s)
	}
	switch path[0] {
	case "stop":
		g.emit("myr.stop", g.b.playerArgs[s])
		g.endSortie()
	case "clear":
		g.ownTiles()
		t := &g.Tiles[so.Tile]
		p.Store[cEarth] -= clearEarth
		g.putBack(2, clearEarth)
		t.Gone = true
		g.ownCells()
		for _, c := range t.Cells {
			g.Cells[c].Tile = -1
		}
		vp := 0
		if t.Owner != s { // MYR-CLR-4
			vp = g.gain(s, g.b.Pheromones[t.Shape].VP)
		}
		g.emit("myr.cleared", map[string]string{"player": g.name(s), "owner": g.name(t.Owner), "cell": g.label(t.Cells[0]), "vp": itoa(vp)})
		so.At, so.Tile = g.b.byLabel[path[1]], -1
	case "place":
		sh := g.b.shape(path[1])
		var cells []int
		for _, l := range strings.Split(path[2], "-") {
			cells = append(cells, g.b.byLabel[l])
		}
		t := g.layPheromone(s, sh, cells)
		vp := g.gain(s, g.b.Pheromones[sh].VP) // MYR-PHER-5
		c := g.Tiles[t].Cubes
		g.emit("myr.placed", map[string]string{"player": g.name(s), "cells": path[2], "food": itoa(c[0]), "earth": itoa(c[1]), "stone": itoa(c[2]), "vp": itoa(vp)})
		g.endSortie()
	case "special":
		sp := g.b.special(path[1])
		d := g.b.Specials[sp]
		for k := range 3 {
			p.Store[k] -= d.Cost[k]
			g.putBack(k+1, d.Cost[k])
		}
		pool := 0
		if d.Pool == "subcolony" {
			pool = 1
		}
		g.Pools[pool]--
		p.Cubes--
		g.Tiles = append(g.Tiles, tile{Owner: s, Shape: -1, Special: d.ID, Cells: []int{so.At}, Marked: true})
		g.ownCells()
		g.Cells[so.At].Tile = int16(len(g.Tiles) - 1)
		vp := g.gain(s, d.VP) // MYR-SPEC-4
		g.emit("myr.special."+d.ID, map[string]string{"player": g.name(s), "cell": g.label(so.At), "vp": itoa(vp)})
		g.endSortie()
	default:
		var m move
		var buf [12]move
		for _, x := range g.appendMoves(buf[:0]) {
			if x.code == path[0] {
				m = x
			}
		}
		if m.prey >= 0 || m.cost > 0 {
			// A hunt or a paid entry changes the player; a plain step
			// changes only the sortie, so the players stay shared.
			p = g.ownPlayer(s)
		}
		so.MP--
		args := map[string]string{"player": g.name(s), "cell": m.code, "mp": itoa(so.MP)}
		switch {
		case m.prey >= 0: // MYR-HUNT-1..3
			d := g.b.Prey[m.prey]
			p.Soldiers -= d.Soldiers
			p.Store[cFood] += g.take(1, d.Food)
			p.Prey[m.prey]++
			g.ownCells()
			g.Cells[m.cell].Prey = -1
			args["vp"] = itoa(g.gain(s, d.VP))
			so.At, so.Tile = m.cell, -1
			g.emit("myr.hunt."+d.ID, args)
		case m.tile >= 0:
			if m.cost > 0 {
				p.Soldiers -= m.cost // MYR-MOVE-5
			}
			so.At, so.Tile = m.cell, m.tile
			if m.cost > 0 {
				g.emit("myr.enter_paid", args)
			} else {
				g.emit("myr.enter", args)
			}
		default:
			so.At, so.Tile = m.cell, -1
			g.emit("myr.move", args)
		}
	}
}

// endSortie discards the worker (MYR-SORT-4) and passes the turn.
func (g *state) endSortie() {
	g.Sortie = nil
	g.nextWorker()
}

// applyHarvest takes one cube from each non-empty pheromone, the special
// tiles' yields and the Harvest +3 picks (MYR-HARV-2..4).
func (g *state) applyHarvest(s int, path engine.Path) {
	var db [8]hdec
	decs := g.harvestDecisions(s, db[:0])
	var lbuf [16]tileCubes
	var got [3]int
	for _, e := range g.harvestLeft(s, decs, path, lbuf[:0]) {
		t, c := e.t, e.c
		if g.Tiles[t].Cubes == c {
			continue // an empty pheromone: the tiles may stay shared
		}
		g.ownTiles()
		for k := range 3 {
			got[k] += g.Tiles[t].Cubes[k] - c[k]
		}
		g.Tiles[t].Cubes = c
	}
	vp := 0
	d := 0
	for i, t := range g.Tiles {
		if t.Owner != s || t.Shape >= 0 || !t.Marked { // MYR-HARV-3: only marked tiles yield
			continue
		}
		switch t.Special {
		case "farm":
			got[cFood] += g.take(1, 1)
		case "scavenging":
			for d < len(decs) && decs[d].tile != i {
				d++
			}
			k := cEarth
			if d < len(decs) && path[d] == "stone" {
				k = cStone
			}
			got[k] += g.take(1+k, 1)
		case "subcolony":
			vp += g.gain(s, 2)
		}
	}
	if got != [3]int{} { // else the player stays shared
		p := g.ownPlayer(s)
		for k := range 3 {
			p.Store[k] += got[k]
		}
	}
	g.emit("myr.harvested", map[string]string{"player": g.name(s), "food": itoa(got[0]), "earth": itoa(got[1]), "stone": itoa(got[2]), "vp": itoa(vp)})
}

func (g *state) applyAtelier(s int, path engine.Path) {
	p := g.ownPlayer(s)
	if path[0] == "trade" {
		g.trade(s)
		return
	}
	p.Atelier-- // MYR-ATL-2
	args := map[string]string{"player": g.name(s)}
	switch path[0] {
	case "skip":
		p.Board++
		g.emit("myr.idle", args)
	case "tunnel": // MYR-TUN-1
		p.Board++
		p.Areas[aTunnel] = true
		p.Tunnels++
		c := g.b.byLabel[path[1]]
		g.ownCells()
		g.Cells[c].Tunnel = int8(s)
		p.Store[cEarth] += g.take(2, tunnelEarth)
		args["cell"] = path[1]
		g.emit("myr.tunnel", args)
	case "upgrade": // MYR-UPG-1
		p.Board++
		p.Areas[aLevel] = true
		ways, _ := g.upgradeWays(s)
		way := ways[0]
		if len(path) > 1 {
			way = path[1]
		}
		cost := upgradeCost[p.Level][way]
		for k := range 3 {
			p.Store[k] -= cost[k]
			g.putBack(k+1, cost[k])
		}
		p.Level++
		args["n"] = itoa(p.Level)
		g.emit("myr.upgrade", args)
	case "nurse": // MYR-NUR-1
		p.Board++
		p.Areas[aNurse] = true
		p.Store[cFood] -= nurseFood
		g.putBack(1, nurseFood)
		p.Larvae -= nurseLarvae
		g.putBack(0, nurseLarvae)
		p.Nurses++
		g.emit("myr.nurse", args)
	case "goal":
		p.Areas[aGoal] = true
		p.ObjNurses++ // MYR-OBJ-7
		g.completeGoal(s, path[1], path[2:])
	}
	g.nextAtelier()
}

// completeGoal pays an objective's requirement and scores it (MYR-OBJ-4..6).
func (g *state) completeGoal(s int, id string, rest engine.Path) {
	p := g.ownPlayer(s)
	oi := slices.IndexFunc(g.Objs, func(o objective) bool { return g.b.Objectives[o.Def].ID == id })
	g.Objs = slices.Clone(g.Objs) // clones share them (Clone)
	o := &g.Objs[oi]
	d := g.b.Objectives[o.Def]
	switch d.Kind {
	case "food":
		p.Store[cFood] -= d.N
		g.putBack(1, d.N)
	case "stone":
		p.Store[cStone] -= d.N
		g.putBack(3, d.N)
	case "mix":
		stone := d.N / 2
		if !g.Opt.Half {
			stone, _ = strconv.Atoi(rest[0])
		}
		p.Store[cEarth] -= d.N - stone
		p.Store[cStone] -= stone
		g.putBack(2, d.N-stone)
		g.putBack(3, stone)
	case "prey": // back to the box (MYR-OBJDEF-2)
		for _, c := range rest {
			p.Prey[slices.IndexFunc(g.b.Prey, func(x preyData) bool { return x.ID == c })]--
		}
	case "larvae":
		p.Larvae -= d.N
		g.putBack(0, d.N)
	case "soldiers":
		p.Soldiers -= d.N
	case "specials": // MYR-OBJDEF-3
		for _, c := range rest {
			g.Tiles[g.Cells[g.b.byLabel[c]].Tile].Marked = false
			p.Cubes++
		}
	case "colony": // MYR-OBJDEF-4
		p.Level -= d.N - 1
	case "nurses": // MYR-OBJDEF-7
		switch rest[0] {
		case "room":
			p.Nurses--
		case "tracks":
			for k := 2; k >= 0; k-- {
				if p.Tracks[k] > 0 {
					p.Tracks[k]--
					break
				}
			}
		case "atelier":
			p.Atelier--
		case "board":
			p.Board--
		}
	case "pheromones": // MYR-OBJDEF-8
		g.ownTiles()
		for _, c := range rest {
			t := &g.Tiles[g.Cells[g.b.byLabel[c]].Tile]
			for k := range 3 {
				g.putBack(k+1, t.Cubes[k])
			}
			t.Cubes = [3]int{}
		}
	}
	vp := g.gain(s, objVP(d.Level))
	g.emit("myr.goal."+d.Kind, map[string]string{"player": g.name(s), "n": itoa(d.N), "vp": itoa(vp)})
	now := g.seasonIndex()
	for _, c := range o.Done {
		if c.Season < now { // MYR-OBJ-6
			b := g.gain(c.Seat, laterBonus(g.N))
			g.emit("myr.bonus", map[string]string{"player": g.name(c.Seat), "vp": itoa(b)})
		}
	}
	o.Done = append(slices.Clip(o.Done), completion{Seat: s, Season: now}) // a new list: clones share the old
	p.MaxObj = max(p.MaxObj, d.Level)
}

// applyKeep discards storeroom cubes above the limit (MYR-EOS-3).
func (g *state) applyKeep(s int, code string) {
	p := g.ownPlayer(s)
	var k [3]int
	for i, part := range strings.FieldsFunc(code, func(r rune) bool { return r == 'f' || r == 'e' || r == 's' }) {
		k[i], _ = strconv.Atoi(part)
	}
	lost := 0
	for i := range 3 {
		lost += p.Store[i] - k[i]
		g.putBack(i+1, p.Store[i]-k[i])
	}
	p.Store = k
	g.emit("myr.keep", map[string]string{"player": g.name(s), "n": itoa(lost)})
}

// payWinter trades n sets of larvae, then pays the food owed (MYR-WIN-1..6).
func (g *state) payWinter(s, n int) {
	for range n {
		g.trade(s)
	}
	p := g.Players[s]
	need := winterBase + g.Year
	owed := max(0, need-p.Soldiers)
	paid := min(owed, p.Store[cFood])
	pen := winterVP * (owed - paid)
	if paid != 0 || pen != 0 { // else the player stays shared
		p = g.ownPlayer(s)
		p.Store[cFood] -= paid
		p.Score -= pen
	}
	g.putBack(1, paid)
	g.emit("myr.winter", map[string]string{"player": g.name(s), "owed": itoa(owed), "paid": itoa(paid), "vp": itoa(pen)})
}
