package myrmes

import (
	"slices"
	"strconv"
	"strings"

	"formica/engine"
)

// kindFor is the decision seat must take now, "" if none.
func (g *state) kindFor(seat int) string {
	if g.Res != nil || seat < 0 || seat >= g.N {
		return ""
	}
	p := g.Players[seat]
	switch {
	case g.Phase.simultaneous():
		if len(p.Queue) > 0 {
			return p.Queue[0]
		}
	case g.Phase == PhaseCap:
		if p.BornW+p.BornS > 0 {
			return kCap
		}
	case g.Sortie != nil:
		if g.Sortie.Seat == seat {
			return kSortie
		}
	case g.Phase == PhaseWorkers && g.Cur == seat:
		return kWorker
	case g.Phase == PhaseAtelier && g.Cur == seat:
		return kAtelier
	}
	return ""
}

// Prompted implements engine.Prompter: Pending would also build every
// prompt's default answer, which may walk the whole tree.
func (g *state) Prompted(seat engine.Seat) bool { return g.kindFor(int(seat)) != "" }

func (g *state) Choices(seat engine.Seat, prefix engine.Path) (engine.Step, error) {
	return g.choices(seat, prefix, labels{})
}

// BareChoices implements engine.BareChooser: Choices without the options'
// labels, whose argument maps were most of what a step allocated.
func (g *state) BareChoices(seat engine.Seat, prefix engine.Path) (engine.Step, error) {
	return g.choices(seat, prefix, labels{bare: true})
}

// labels says whether options carry their labels (Key, Args) or only
// their codes (bare: validation and random play read nothing else), and
// where a step lists them.
type labels struct {
	bare bool
	// buf, when not nil, is where the step lists its options: a buffer on
	// the stack of a caller that only reads them (the steps before the
	// last of a path, Valid, defaults), so walking a path allocates no
	// list. Nil: a new list, for the step returned to the caller.
	buf []engine.Option
}

// optBuf is room for a step's options on the caller's stack (labels.buf).
type optBuf [16]engine.Option

// opt is opt, or the code alone when bare.
func (lb labels) opt(code, key string, args ...string) engine.Option {
	if lb.bare {
		return engine.Option{Code: code}
	}
	return opt(code, key, args...)
}

// list is an empty list of options with room for n.
func (lb labels) list(n int) []engine.Option {
	if cap(lb.buf) >= n {
		return lb.buf[:0]
	}
	return make([]engine.Option, 0, n)
}

// none is an empty list of options to append to: nil without a buffer.
func (lb labels) none() []engine.Option { return lb.buf[:0] }

// in returns lb listing into buf (bare, as its callers read codes only).
func inBuf(buf *optBuf) labels { return labels{bare: true, buf: buf[:0]} }

func (g *state) choices(seat engine.Seat, prefix engine.Path, lb labels) (engine.Step, error) {
	s := int(seat)
	if len(prefix) > 0 && prefix[0] == "pref" && g.Anytime(seat, "pref") {
		return g.prefChoices(prefix)
	}
	kind := g.kindFor(s)
	if kind == "" {
		// A waiting seat may only set standing preferences.
		if len(prefix) == 0 && g.Anytime(seat, "pref") {
			return engine.Step{Name: "myr.step.pref", Options: g.b.prefOpts}, nil
		}
		return engine.Step{}, engine.ErrNotYourTurn
	}
	if len(prefix) > 0 {
		if err := g.walkPrefix(s, kind, prefix); err != nil {
			return engine.Step{}, err
		}
	}
	st := g.step(s, kind, prefix, lb)
	if len(prefix) == 0 {
		st.Options = append(st.Options, engine.Option{Code: "pref", Key: "myr.opt.pref"})
	}
	return st, nil
}

// walkPrefix checks every code of prefix against the options of its step,
// listed in a buffer on its stack (only their codes are read): its own
// function, so a root step, most of Choices' calls, zeroes no buffer.
func (g *state) walkPrefix(s int, kind string, prefix engine.Path) error {
	var ob optBuf
	for i := range prefix {
		st := g.step(s, kind, prefix[:i], inBuf(&ob))
		if !slices.ContainsFunc(st.Options, func(o engine.Option) bool { return o.Code == prefix[i] }) {
			rule, key := g.why(s, kind, prefix, i)
			// The name asked again without the buffer: st's would keep ob
			// off the stack (escape analysis cannot tell its fields apart).
			name := g.step(s, kind, prefix[:i], labels{bare: true}).Name
			return engine.Illegal(rule, prefix, i, key, map[string]string{"step": name})
		}
	}
	return nil
}

// Valid implements engine.Validator: Choices checks every code of its
// prefix against the options of its step, so the step after the whole
// path tells whether it is a complete legal answer.
func (g *state) Valid(seat engine.Seat, path engine.Path) bool {
	var ob optBuf
	st, err := g.choices(seat, path, inBuf(&ob))
	return err == nil && st.Done
}

// prefNames are the standing preferences: answers a player gives once for
// a choice that is usually the same.
var prefNames = [...]string{
	"keep-event", // phase 1: keep the die's event, never ask (MYR-EVT-2)
	"keep-food",  // end of season: keep food, then stone, then earth (MYR-EOS-3)
	"no-trade",   // winter: never trade larvae, never ask (MYR-WIN-4)
}

func (p *player) pref(name string) bool {
	for i, n := range prefNames {
		if n == name {
			return p.Prefs&(1<<i) != 0
		}
	}
	return false
}

// Anytime implements engine.Anytime: any seat may set its standing
// preferences at any time.
func (g *state) Anytime(seat engine.Seat, first string) bool {
	return first == "pref" && g.Res == nil && int(seat) >= 0 && int(seat) < g.N
}

// prefKeys are the labels of prefNames, in their order.
var prefKeys = [len(prefNames)]string{"myr.pref.keep-event", "myr.pref.keep-food", "myr.pref.no-trade"}

// prefEventKeys are the events of setting each preference off and on.
var prefEventKeys = func() (t [len(prefNames)][2]string) {
	for i, k := range prefKeys {
		t[i] = [2]string{k + ".off", k + ".on"}
	}
	return t
}()

// prefChoices walks "pref <name> on|off". Random play and search pass
// through here often: it checks codes without building the steps before
// the last.
func (g *state) prefChoices(prefix engine.Path) (engine.Step, error) {
	for i, code := range prefix {
		ok := false
		switch i {
		case 0:
			ok = code == "pref"
		case 1:
			ok = slices.Contains(prefNames[:], code)
		case 2:
			ok = code == "on" || code == "off"
		}
		if !ok {
			name := "myr.step.onoff"
			if i < 2 {
				name = "myr.step.pref"
			}
			return engine.Step{}, engine.Illegal("MYR-STRUCT-4", prefix, i, "myr.err.not_option", map[string]string{"step": name})
		}
	}
	switch len(prefix) {
	case 0:
		return engine.Step{Name: "myr.step.pref", Options: g.b.prefOpts}, nil
	case 1:
		return engine.Step{Name: "myr.step.pref", Options: g.b.prefNameOpts}, nil
	case 2:
		return engine.Step{Name: "myr.step.onoff", Options: g.b.onOffOpts}, nil
	}
	return engine.Step{Name: "myr.step.onoff", Done: true}, nil
}

func opt(code, key string, args ...string) engine.Option {
	o := engine.Option{Code: code, Key: key}
	if len(args) > 0 {
		o.Args = map[string]string{}
		for i := 0; i+1 < len(args); i += 2 {
			o.Args[args[i]] = args[i+1]
		}
	}
	return o
}

func (g *state) numbers(lo, hi int, key string) []engine.Option {
	var all []engine.Option // a switch, not a map: births ask at every step
	switch key {
	case "myr.opt.nurses":
		all = g.b.nurseOpts
	case "myr.opt.trades":
		all = g.b.tradeOpts
	}
	if hi < len(all) {
		// Capped: a caller's append copies instead of writing into the table.
		return all[lo : hi+1 : hi+1]
	}
	out := make([]engine.Option, 0, hi-lo+1)
	for n := lo; n <= hi; n++ {
		o := engine.Option{Code: itoa(n), Key: key}
		if n < len(g.b.nums) {
			o.Args = g.b.nums[n]
		} else {
			o.Args = map[string]string{"n": itoa(n)}
		}
		out = append(out, o)
	}
	return out
}

func (g *state) canTrade(seat int) bool {
	l := g.Players[seat].Larvae
	return l >= 3 || (g.Opt.Partial && l >= 1)
}

// step lists the options after a valid prefix.
func (g *state) step(s int, kind string, pre engine.Path, lb labels) engine.Step {
	p := g.Players[s]
	i := len(pre)
	switch kind {
	case kEvent:
		if i > 0 {
			return engine.Step{Done: true}
		}
		st := engine.Step{Name: "myr.step.event", Private: true, Options: lb.list(len(g.b.Events) + 1)}
		for e, id := range g.b.Events {
			if d := abs(e - p.Event); d <= p.Larvae { // MYR-EVT-3, AMB-4
				st.Options = append(st.Options, lb.opt(id, g.b.eventKeys[e], "n", itoa(d)))
			}
		}
		return st
	case kBirths:
		if i >= 4 {
			return engine.Step{Done: true, Private: true}
		}
		left := p.Nurses
		for _, c := range pre {
			n, _ := strconv.Atoi(c)
			left -= n
		}
		caps := [4]int{3, 3, 4, left} // MYR-BIRTH-2..4
		names := [4]string{"myr.step.larva_track", "myr.step.soldier_track", "myr.step.worker_track", "myr.step.to_atelier"}
		return engine.Step{Name: names[i], Private: true, Options: g.numbers(0, min(caps[i], left), "myr.opt.nurses")}
	case kCap:
		if i > 0 {
			return engine.Step{Done: true}
		}
		room := maxFigures - g.figures(s)
		st := engine.Step{Name: "myr.step.cap", Options: lb.none()}
		for w := max(0, room-p.BornS); w <= min(p.BornW, room); w++ {
			st.Options = append(st.Options, lb.opt(itoa(w), "myr.opt.cap", "w", itoa(w), "s", itoa(room-w)))
		}
		return st
	case kWorker:
		return g.workerStep(s, pre, lb)
	case kSortie:
		return g.sortieStep(s, pre, lb)
	case kHarvest:
		return g.harvestStep(s, pre, lb)
	case kAtelier:
		return g.atelierStep(s, pre, lb)
	case kKeep:
		if i > 0 {
			return engine.Step{Done: true}
		}
		st := engine.Step{Name: "myr.step.keep", Private: true, Options: lb.none()}
		for _, k := range keepCombos(p.Store, g.storeLimit(s)) {
			st.Options = append(st.Options, lb.opt(keepCode(k), "myr.opt.keep", "food", itoa(k[0]), "earth", itoa(k[1]), "stone", itoa(k[2])))
		}
		return st
	case kWinter:
		if i > 0 {
			return engine.Step{Done: true}
		}
		return engine.Step{Name: "myr.step.winter", Private: true, Options: g.numbers(0, g.maxTrades(s), "myr.opt.trades")}
	}
	return engine.Step{}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func (g *state) maxTrades(s int) int {
	l := g.Players[s].Larvae
	if g.Opt.Partial {
		return (l + 2) / 3
	}
	return l / 3
}

func keepCombos(store [3]int, limit int) [][3]int {
	var out [][3]int
	for f := 0; f <= store[0]; f++ {
		for e := 0; e <= store[1]; e++ {
			st := limit - f - e
			if st >= 0 && st <= store[2] {
				out = append(out, [3]int{f, e, st})
			}
		}
	}
	return out
}

func keepCode(k [3]int) string { return "f" + itoa(k[0]) + "e" + itoa(k[1]) + "s" + itoa(k[2]) }

var roomCodes = [4]string{"r0", "r1", "r2", "r3"}

// roomEvents are the events of a worker in each room.
var roomEvents = [4]string{"myr.room0", "myr.room1", "myr.room2", "myr.room3"}

var roomKeys = [4]string{"myr.opt.room0", "myr.opt.room1", "myr.opt.room2", "myr.opt.room3"}

func (g *state) roomOpen(s, l int) bool {
	p := g.Players[s]
	return l <= g.effLevel(s) && !p.Rooms[l] && (l != 3 || p.Store[cFood] >= queenFood) // MYR-COL-1..3, MYR-COL-5
}

func (g *state) workerStep(s int, pre engine.Path, lb labels) engine.Step {
	switch len(pre) {
	case 0:
		// Four rooms, out, trade and the pref Choices adds: one allocation.
		st := engine.Step{Name: "myr.step.worker", Options: lb.list(7)}
		for l := range 4 {
			if g.roomOpen(s, l) {
				st.Options = append(st.Options, lb.opt(roomCodes[l], roomKeys[l]))
			}
		}
		st.Options = append(st.Options, lb.opt("out", "myr.opt.out"))
		if g.canTrade(s) {
			st.Options = append(st.Options, lb.opt("trade", "myr.opt.trade"))
		}
		return st
	case 1:
		switch pre[0] {
		case "trade", "r0", "r1", "r3":
			return engine.Step{Done: true}
		case "r2":
			return engine.Step{Name: "myr.step.cube", Options: append(lb.list(2), lb.opt("earth", "myr.opt.earth"), lb.opt("stone", "myr.opt.stone"))}
		case "out":
			st := engine.Step{Name: "myr.step.exit", Options: lb.none()}
			for c, x := range g.Cells {
				if int(x.Tunnel) == s {
					st.Options = append(st.Options, engine.Option{Code: g.label(c), Key: "myr.opt.exit", Args: g.b.at[c]})
				}
			}
			return st
		}
	}
	return engine.Step{Done: true}
}

// shapesAllowed lists shapes the player still has and may place now.
func (g *state) shapesAllowed(s int) []int {
	var out []int
	for sh := range g.b.Pheromones {
		if g.shapeAllowed(s, sh) {
			out = append(out, sh)
		}
	}
	return out
}

// shapeAllowed reports whether shapesAllowed lists sh, without the list:
// the root of every sortie step asks it of each shape.
func (g *state) shapeAllowed(s, sh int) bool {
	return g.Players[s].Pher[sh] > 0 && len(g.b.Pheromones[sh].Hexes) <= g.maxSize(s)
}

func (g *state) specialAllowed(s, sp int) bool {
	d := g.b.Specials[sp]
	p := g.Players[s]
	pool := 0
	if d.Pool == "subcolony" {
		pool = 1
	}
	return d.Level <= g.effLevel(s) && p.Cubes > 0 && g.Pools[pool] > 0 &&
		p.Store[0] >= d.Cost[0] && p.Store[1] >= d.Cost[1] && p.Store[2] >= d.Cost[2]
}

func (g *state) sortieStep(s int, pre engine.Path, lb labels) engine.Step {
	so := g.Sortie
	p := g.Players[s]
	onFree := g.free(so.At) && so.Tile < 0
	switch len(pre) {
	case 0:
		var buf [12]move
		ms := g.appendMoves(buf[:0])
		// The moves and up to four commands: one allocation.
		st := engine.Step{Name: "myr.step.sortie", Options: lb.list(len(ms) + 4)}
		for _, m := range ms {
			if lb.bare {
				st.Options = append(st.Options, engine.Option{Code: m.code})
				continue
			}
			o := engine.Option{Code: m.code, Key: "myr.opt.move", Args: g.b.at[m.cell]}
			switch {
			case m.prey >= 0:
				o.Key = "myr.opt.hunt." + g.b.Prey[m.prey].ID
			case m.tile >= 0 && m.cost > 0:
				o.Key = "myr.opt.enter_paid"
			case m.tile >= 0:
				o.Key = "myr.opt.enter"
			}
			st.Options = append(st.Options, o)
		}
		if so.Tile >= 0 && g.Tiles[so.Tile].Shape >= 0 && g.Tiles[so.Tile].Cubes == [3]int{} && p.Store[cEarth] >= clearEarth {
			st.Options = append(st.Options, lb.opt("clear", "myr.opt.clear")) // MYR-CLR-1
		}
		if onFree {
			for sh := range g.b.Pheromones {
				if g.shapeAllowed(s, sh) && g.canPlaceAt(sh, so.At) {
					st.Options = append(st.Options, lb.opt("place", "myr.opt.place"))
					break
				}
			}
			for sp := range g.b.Specials {
				if g.specialAllowed(s, sp) {
					st.Options = append(st.Options, lb.opt("special", "myr.opt.special"))
					break
				}
			}
		}
		st.Options = append(st.Options, lb.opt("stop", "myr.opt.stop"))
		return st
	case 1:
		switch pre[0] {
		case "clear":
			st := engine.Step{Name: "myr.step.stand", Options: lb.none()}
			for _, c := range g.Tiles[so.Tile].Cells {
				st.Options = append(st.Options, lb.opt(g.label(c), "myr.opt.stand", "cell", g.label(c)))
			}
			return st
		case "place":
			st := engine.Step{Name: "myr.step.shape", Options: lb.none()}
			for sh := range g.b.Pheromones {
				if g.shapeAllowed(s, sh) && g.canPlaceAt(sh, so.At) {
					d := g.b.Pheromones[sh]
					st.Options = append(st.Options, lb.opt(d.ID, "myr.opt.shape", "size", itoa(len(d.Hexes)), "vp", itoa(d.VP), "left", itoa(p.Pher[sh])))
				}
			}
			return st
		case "special":
			st := engine.Step{Name: "myr.step.special", Options: lb.none()}
			for sp, d := range g.b.Specials {
				if g.specialAllowed(s, sp) {
					st.Options = append(st.Options, lb.opt(d.ID, "myr.opt.special."+d.ID))
				}
			}
			return st
		}
	case 2:
		if pre[0] == "place" {
			st := engine.Step{Name: "myr.step.placement", Options: lb.none()}
			for _, pl := range g.placementsAt(g.b.shape(pre[1]), so.At) {
				code := g.placementCode(pl)
				st.Options = append(st.Options, lb.opt(code, "myr.opt.placement", "cells", code))
			}
			return st
		}
	}
	return engine.Step{Done: true}
}

// hdec is one harvest decision: which cube to take from a pheromone with
// several kinds, or earth or stone from a scavenging tile.
type hdec struct {
	tile int
	opts []string
}

// harvestDecisions appends seat s's harvest decisions to out, in tile
// order; its callers pass a buffer on their stack.
func (g *state) harvestDecisions(s int, out []hdec) []hdec {
	for i, t := range g.Tiles {
		if t.Owner != s || t.Gone {
			continue
		}
		switch {
		case t.Shape >= 0:
			mask := 0
			for k, n := range t.Cubes {
				if n > 0 {
					mask |= 1 << k
				}
			}
			if kinds := cubeKinds[mask]; len(kinds) > 1 {
				out = append(out, hdec{i, kinds})
			}
		case t.Marked && t.Special == "scavenging":
			out = append(out, hdec{i, cubeKinds[1<<cEarth|1<<cStone]})
		}
	}
	return out
}

// cubeKinds lists the cube names of each set of kinds (bit k: cubeNames[k]),
// in cubeNames order: shared and read-only, capped.
var cubeKinds = func() (t [1 << len(cubeNames)][]string) {
	for mask := range t {
		for k, n := range cubeNames {
			if mask&(1<<k) != 0 {
				t[mask] = append(t[mask], n)
			}
		}
		t[mask] = slices.Clip(t[mask])
	}
	return t
}()

// tileCubes is the cubes left on tile t.
type tileCubes struct {
	t int
	c [3]int
}

// harvestLeft simulates the normal harvest of path and the extra picks in
// it, appending to left the cubes left on each of the player's pheromones
// in tile order (MYR-HARV-2, MYR-HARV-4); its callers pass a buffer on
// their stack.
func (g *state) harvestLeft(s int, decs []hdec, path engine.Path, left []tileCubes) []tileCubes {
	d := 0
	for i, t := range g.Tiles {
		if t.Owner != s || t.Gone || t.Shape < 0 {
			continue
		}
		c := t.Cubes
		if d < len(decs) && decs[d].tile == i && d < len(path) {
			c[slices.Index(cubeNames[:], path[d])]--
		} else {
			for k := range c {
				if c[k] > 0 {
					c[k]--
					break
				}
			}
		}
		if d < len(decs) && decs[d].tile == i {
			d++
		}
		left = append(left, tileCubes{i, c})
	}
	for _, pick := range path[min(len(decs), len(path)):] {
		kind, at, _ := strings.Cut(pick, "@")
		t := int(g.Cells[g.b.byLabel[at]].Tile)
		if e := slices.IndexFunc(left, func(x tileCubes) bool { return x.t == t }); e >= 0 {
			left[e].c[slices.Index(cubeNames[:], kind)]--
		}
	}
	return left
}

func (g *state) harvestStep(s int, pre engine.Path, lb labels) engine.Step {
	var db [8]hdec
	decs := g.harvestDecisions(s, db[:0])
	i := len(pre)
	if i < len(decs) {
		st := engine.Step{Name: "myr.step.harvest", Private: true, Options: lb.none()}
		for _, k := range decs[i].opts {
			if lb.bare {
				st.Options = append(st.Options, engine.Option{Code: k})
				continue
			}
			st.Options = append(st.Options, opt(k, "myr.opt.take."+k, "cell", g.tileLabel(decs[i].tile)))
		}
		return st
	}
	st := engine.Step{Name: "myr.step.extra", Done: true, Private: true, Options: lb.none()}
	if g.b.Events[g.Players[s].Event] != "harvest" || i-len(decs) >= eventHarvest {
		return st
	}
	var lbuf [16]tileCubes
	for _, e := range g.harvestLeft(s, decs, pre, lbuf[:0]) { // the player's pheromones in tile order
		t := e.t
		for k, n := range e.c {
			if n > 0 {
				code := cubeNames[k] + "@" + g.tileLabel(t)
				st.Options = append(st.Options, lb.opt(code, "myr.opt.extra."+cubeNames[k], "cell", g.tileLabel(t)))
			}
		}
	}
	return st
}

// needsHarvestPrompt reports whether the player has any harvest choice.
func (g *state) needsHarvestPrompt(s int) bool {
	var ob optBuf
	st := g.harvestStep(s, nil, inBuf(&ob))
	return len(st.Options) > 0
}

// canUpgrade reports whether the player can pay the next level.
func (g *state) canUpgrade(s int) bool {
	_, n := g.upgradeWays(s)
	return n > 0
}

// upgradeWays lists the ways the player can pay the next level
// (MYR-UPG-1), in ways[:n]: an array, as the root of every atelier step
// asks.
func (g *state) upgradeWays(s int) (ways [2]string, n int) {
	p := g.Players[s]
	st := p.Store
	add := func(way string) {
		c := upgradeCost[p.Level][way]
		if st[cFood] >= c[cFood] && st[cEarth] >= c[cEarth] && st[cStone] >= c[cStone] {
			ways[n] = way
			n++
		}
	}
	switch p.Level {
	case 0:
		add("earth")
	case 1:
		if g.Opt.UpgradeAnd {
			add("both")
			break
		}
		add("stone")
		add("earth")
	case 2:
		add("stone")
	}
	return ways, n
}

func (g *state) atelierStep(s int, pre engine.Path, lb labels) engine.Step {
	p := g.Players[s]
	if len(pre) == 0 {
		// Four areas, skip, trade and the pref Choices adds: one allocation.
		st := engine.Step{Name: "myr.step.atelier", Options: lb.list(7)}
		if !p.Areas[aTunnel] && p.Tunnels < maxTunnels && g.anyTunnelSpace(s) {
			st.Options = append(st.Options, lb.opt("tunnel", "myr.opt.tunnel"))
		}
		if !p.Areas[aLevel] && p.Level < 3 && g.canUpgrade(s) {
			st.Options = append(st.Options, lb.opt("upgrade", "myr.opt.upgrade", "n", itoa(p.Level+1)))
		}
		if !p.Areas[aNurse] && p.Store[cFood] >= nurseFood && p.Larvae >= nurseLarvae && p.nursesInPlay() < 8 {
			st.Options = append(st.Options, lb.opt("nurse", "myr.opt.nurse"))
		}
		if !p.Areas[aGoal] && g.anyGoalOpen(s) {
			st.Options = append(st.Options, lb.opt("goal", "myr.opt.goal"))
		}
		st.Options = append(st.Options, lb.opt("skip", "myr.opt.skip"))
		if g.canTrade(s) {
			st.Options = append(st.Options, lb.opt("trade", "myr.opt.trade"))
		}
		return st
	}
	switch pre[0] {
	case "tunnel":
		if len(pre) == 1 {
			st := engine.Step{Name: "myr.step.tunnel", Options: lb.none()}
			for _, c := range g.tunnelSpaces(s) {
				st.Options = append(st.Options, lb.opt(g.label(c), "myr.opt.exit", "cell", g.label(c)))
			}
			return st
		}
	case "upgrade":
		if _, n := g.upgradeWays(s); len(pre) == 1 && n > 1 {
			return engine.Step{Name: "myr.step.pay", Options: append(lb.list(2), lb.opt("stone", "myr.opt.pay_stone"), lb.opt("earth", "myr.opt.pay_earth"))}
		}
	case "goal":
		if len(pre) == 1 {
			st := engine.Step{Name: "myr.step.goal", Options: lb.none()}
			for _, o := range g.goalsOpen(s) {
				d := g.b.Objectives[g.Objs[o].Def]
				st.Options = append(st.Options, lb.opt(d.ID, "myr.obj."+d.Kind, "n", itoa(d.N), "level", itoa(d.Level)))
			}
			return st
		}
		o := slices.IndexFunc(g.Objs, func(o objective) bool { return g.b.Objectives[o.Def].ID == pre[1] })
		return g.goalStep(s, g.b.Objectives[g.Objs[o].Def], pre[2:], lb)
	}
	return engine.Step{Done: true}
}

// goalsOpen lists the objectives the player may complete now (MYR-OBJ-1..3).
func (g *state) goalsOpen(s int) []int {
	var out []int
	for i := range g.Objs {
		if g.goalOpen(s, i) {
			out = append(out, i)
		}
	}
	return out
}

// anyGoalOpen is len(goalsOpen(s)) > 0 without the list (the root of
// every atelier step asks it).
func (g *state) anyGoalOpen(s int) bool {
	for i := range g.Objs {
		if g.goalOpen(s, i) {
			return true
		}
	}
	return false
}

// goalOpen reports whether goalsOpen lists objective i.
func (g *state) goalOpen(s, i int) bool {
	o := g.Objs[i]
	d := g.b.Objectives[o.Def]
	return d.Level <= g.Players[s].MaxObj+1 && !g.doneBy(o, s) && len(o.Done) < g.N && g.meets(s, d)
}

// meets checks an objective's requirement (MYR-OBJDEF-1..8).
func (g *state) meets(s int, d objectiveData) bool {
	p := g.Players[s]
	switch d.Kind {
	case "food":
		return p.Store[cFood] >= d.N
	case "stone":
		return p.Store[cStone] >= d.N
	case "mix":
		if g.Opt.Half {
			return p.Store[cEarth] >= d.N/2 && p.Store[cStone] >= d.N/2
		}
		return p.Store[cEarth]+p.Store[cStone] >= d.N
	case "prey":
		return p.Prey[0]+p.Prey[1]+p.Prey[2] >= d.N
	case "larvae":
		return p.Larvae >= d.N
	case "soldiers":
		return p.Soldiers >= d.N
	case "specials":
		return len(g.markedSpecials(s)) >= d.N
	case "colony":
		return p.Level >= d.N
	case "nurses":
		// In play counts the nurse used now; another one must be discarded (AMB-14).
		return p.nursesInPlay() >= d.N && p.nursesInPlay()-p.ObjNurses-1 >= 1
	case "pheromones":
		for _, t := range g.ownPheromones(s) {
			if g.componentSize(s, t) >= d.N {
				return true
			}
		}
	}
	return false
}

func (g *state) goalStep(s int, d objectiveData, pre engine.Path, lb labels) engine.Step {
	p := g.Players[s]
	i := len(pre)
	switch d.Kind {
	case "prey":
		if i >= d.N {
			break
		}
		left := p.Prey
		for _, c := range pre {
			left[slices.IndexFunc(g.b.Prey, func(x preyData) bool { return x.ID == c })]--
		}
		st := engine.Step{Name: "myr.step.prey", Options: lb.none()}
		for k, x := range g.b.Prey {
			if left[k] > 0 {
				st.Options = append(st.Options, lb.opt(x.ID, "myr.opt.prey."+x.ID, "n", itoa(left[k])))
			}
		}
		return st
	case "specials":
		if i >= d.N-1 {
			break
		}
		st := engine.Step{Name: "myr.step.unmark", Options: lb.none()}
		for _, t := range g.markedSpecials(s) {
			if !slices.Contains(pre, g.tileLabel(t)) {
				st.Options = append(st.Options, lb.opt(g.tileLabel(t), "myr.opt.unmark."+g.Tiles[t].Special, "cell", g.tileLabel(t)))
			}
		}
		return st
	case "nurses":
		if i >= 1 {
			break
		}
		st := engine.Step{Name: "myr.step.nurse", Options: lb.none()}
		if p.Nurses > 0 {
			st.Options = append(st.Options, lb.opt("room", "myr.opt.from_room"))
		}
		if p.Tracks[0]+p.Tracks[1]+p.Tracks[2] > 0 {
			st.Options = append(st.Options, lb.opt("tracks", "myr.opt.from_tracks"))
		}
		if p.Atelier > 1 {
			st.Options = append(st.Options, lb.opt("atelier", "myr.opt.from_atelier"))
		}
		if p.Board > 0 {
			st.Options = append(st.Options, lb.opt("board", "myr.opt.from_board"))
		}
		return st
	case "mix":
		if i >= 1 || g.Opt.Half {
			break
		}
		st := engine.Step{Name: "myr.step.mix", Options: lb.none()}
		for stone := max(0, d.N-p.Store[cEarth]); stone <= min(d.N, p.Store[cStone]); stone++ {
			st.Options = append(st.Options, lb.opt(itoa(stone), "myr.opt.mix", "earth", itoa(d.N-stone), "stone", itoa(stone)))
		}
		return st
	case "pheromones":
		if i >= d.N {
			break
		}
		var chosen []int
		for _, c := range pre {
			chosen = append(chosen, int(g.Cells[g.b.byLabel[c]].Tile))
		}
		st := engine.Step{Name: "myr.step.pheromone", Options: lb.none()}
		for _, t := range g.ownPheromones(s) {
			if slices.Contains(chosen, t) {
				continue
			}
			ok := false
			if i == 0 {
				ok = g.componentSize(s, t) >= d.N
			} else {
				ok = slices.ContainsFunc(chosen, func(c int) bool { return g.touching(c, t) })
			}
			if ok {
				st.Options = append(st.Options, lb.opt(g.tileLabel(t), "myr.opt.pheromone", "cell", g.tileLabel(t)))
			}
		}
		return st
	}
	return engine.Step{Done: true}
}

var objRules = map[string]string{
	"food": "MYR-OBJDEF-1", "mix": "MYR-OBJDEF-1", "stone": "MYR-OBJDEF-1", "prey": "MYR-OBJDEF-2",
	"specials": "MYR-OBJDEF-3", "colony": "MYR-OBJDEF-4", "larvae": "MYR-OBJDEF-5", "soldiers": "MYR-OBJDEF-6",
	"nurses": "MYR-OBJDEF-7", "pheromones": "MYR-OBJDEF-8",
}

// why names the rule that refuses code pre[i] where the game knows one.
func (g *state) why(s int, kind string, pre engine.Path, i int) (rule, key string) {
	code := pre[i]
	p := g.Players[s]
	rule, key = promptRule(kind), "myr.err.not_option"
	switch {
	case kind == kWorker && i == 0 && len(code) == 2 && code[0] == 'r':
		l := int(code[1] - '0')
		switch {
		case l < 0 || l > 3:
		case l > g.effLevel(s):
			return "MYR-COL-2", "myr.err.room_level"
		case p.Rooms[l]:
			return "MYR-COL-3", "myr.err.room_taken"
		case l == 3:
			return "MYR-COL-1", "myr.err.queen_food"
		}
	case kSortie == kind && i == 0:
		c, ok := g.b.byLabel[code]
		if !ok {
			break
		}
		if g.Sortie.MP <= 0 {
			return "MYR-SORT-2", "myr.err.no_mp"
		}
		switch x := g.Cells[c]; {
		case !g.used(c):
			return "MYR-PC-4", "myr.err.unused"
		case g.b.cells[c].Terrain == Water:
			return "MYR-MOVE-3", "myr.err.water"
		case x.Prey >= 0:
			return "MYR-HUNT-1", "myr.err.hunt_soldiers"
		case x.Tile >= 0 && g.charges(s, int(x.Tile)) && p.Soldiers == 0:
			return "MYR-MOVE-5", "myr.err.tile_soldier"
		}
		return "MYR-MOVE-1", "myr.err.not_adjacent"
	case kind == kAtelier && i == 0:
		area := map[string]int{"tunnel": aTunnel, "upgrade": aLevel, "nurse": aNurse, "goal": aGoal}
		if a, ok := area[code]; ok && p.Areas[a] {
			if a == aNurse {
				return "MYR-NUR-2", "myr.err.area_used"
			}
			return "MYR-ATL-3", "myr.err.area_used"
		}
		switch code {
		case "tunnel":
			if p.Tunnels >= maxTunnels {
				return "MYR-TUN-2", "myr.err.tunnels"
			}
		case "upgrade":
			if p.Level >= 3 {
				return "MYR-UPG-4", "myr.err.top_level"
			}
			return "MYR-UPG-1", "myr.err.cannot_pay"
		case "nurse":
			return "MYR-NUR-1", "myr.err.cannot_pay"
		case "goal":
			return "MYR-OBJ-1", "myr.err.no_goal"
		}
	case kind == kAtelier && i == 1 && pre[0] == "goal":
		o := slices.IndexFunc(g.Objs, func(o objective) bool { return g.b.Objectives[o.Def].ID == code })
		if o < 0 {
			break
		}
		d := g.b.Objectives[g.Objs[o].Def]
		switch {
		case g.doneBy(g.Objs[o], s):
			return "MYR-OBJ-3", "myr.err.goal_done"
		case d.Level > p.MaxObj+1:
			return "MYR-OBJ-2", "myr.err.goal_level"
		}
		return "MYR-OBJ-1", "myr.err.goal_unmet"
	case kind == kAtelier && i >= 2 && pre[0] == "goal":
		o := slices.IndexFunc(g.Objs, func(o objective) bool { return g.b.Objectives[o.Def].ID == pre[1] })
		if o >= 0 {
			return objRules[g.b.Objectives[g.Objs[o].Def].Kind], "myr.err.goal_piece"
		}
	case kind == kBirths:
		if n, err := strconv.Atoi(code); err == nil && n >= 0 {
			return [4]string{"MYR-BIRTH-2", "MYR-BIRTH-3", "MYR-BIRTH-4", "MYR-BIRTH-1"}[min(i, 3)], "myr.err.nurses"
		}
	case kind == kEvent:
		if e := g.b.event(code); e >= 0 {
			return "MYR-EVT-3", "myr.err.larvae"
		}
	}
	return rule, key
}
