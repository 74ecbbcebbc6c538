package micropolis

import (
	"strconv"

	"formica/engine"
)

// Turn answer grammar (see doc.go):
//
//	take|arch <pos> [a|b] <slot> [m|b] [<barracks slot>...] [fill|leave]
//
// A sim walks an answer path over a small copy of what the turn touches, so
// Choices and Apply share one interpretation of every step.

type stage int

const (
	stVerb stage = iota
	stPos
	stHill
	stSlot
	stOrder
	stCent
	stBarr
	stDone
)

// stageRules names the rule that asks for each stage's choice.
var stageRules = [...]string{"MIC-TURN-1", "MIC-CHOOSE-1", "MIC-ADV-7", "MIC-PLACE-2", "MIC-EFFECT-3", "MIC-CENT-1", "MIC-BARR-2", "MIC-TURN-1"}

var stageNames = [...]string{"mic.step.action", "mic.step.pos", "mic.step.hill", "mic.step.slot", "mic.step.order", "mic.step.centurion", "mic.step.barracks", "mic.step.done"}

// Effects queued after placement.
const (
	effMaster = 1
	effBarr   = 2
)

type sim struct {
	bare bool // options without labels: validation only
	s    *state
	seat int
	st   stage

	arch      bool
	pos, hill int
	slot      int
	tile      *Tile
	master    string
	eggs      int
	queue     [2]int // pending effects, 0 = none
	masterBy  bool   // order step chose the master first

	army      int // army of the target anthill
	supply    int
	archSup   int
	archGain  bool
	genLoss   bool // the general's army (another anthill) lost a soldier
	recruited bool
	nursed    int
	collected int
	surplus   int
	full      [ringSize]bool // target anthill's barracks, incl. the new tile's
	size      [ringSize]int
	filled    bool // the new barracks was filled at placement
	cent      bool // in the centurion step
	centRaw   int  // army during the centurion's moves, uncapped
	lastTog   int
	toggles   []int
}

func (s *state) newSim(seat int) sim {
	return sim{s: s, seat: seat, supply: s.Supply, archSup: s.ArchSupply, lastTog: -1}
}

// opt builds an option; labels are skipped while only validating.
func (m *sim) opt(code, key string, args ...string) engine.Option {
	if m.bare {
		return engine.Option{Code: code}
	}
	o := engine.Option{Code: code, Key: key}
	if len(args) > 0 {
		o.Args = make(map[string]string, len(args)/2)
		for i := 0; i+1 < len(args); i += 2 {
			o.Args[args[i]] = args[i+1]
		}
	}
	return o
}

// options lists the legal codes at the sim's stage.
func (m *sim) options() []engine.Option {
	// Listed on the stack (room for a row of tiles or an anthill's
	// slots), then copied at their length: one allocation of what a step
	// has, often two or three options, not one of twelve.
	var buf [12]engine.Option
	tmp := m.appendOptions(buf[:0])
	out := make([]engine.Option, len(tmp))
	copy(out, tmp)
	return out
}

// appendOptions appends the legal codes at the sim's stage to out: walk
// checks each step of a path in a buffer of its own, not a new slice.
func (m *sim) appendOptions(out []engine.Option) []engine.Option {
	s := m.s
	p := &s.Players[m.seat]
	switch m.st {
	case stVerb:
		out = append(out, m.opt("take", "mic.opt.take"))
		if p.Arch > 0 { // MIC-ARCH-2, MIC-CHOOSE-8
			out = append(out, m.opt("arch", "mic.opt.arch"))
		}
	case stPos:
		for i, rt := range s.Row {
			if m.arch || m.canPay(i) {
				if m.bare {
					out = append(out, engine.Option{Code: strconv.Itoa(i + 1)})
					continue
				}
				out = append(out, m.opt(strconv.Itoa(i+1), "mic.opt.pos",
					"pos", strconv.Itoa(i+1), "cost", strconv.Itoa(m.cost(i)), "soldiers", strconv.Itoa(rt.Soldiers), "tile", strconv.Itoa(rt.ID)))
			}
		}
	case stHill:
		for h := range p.Hills {
			if !p.Hills[h].complete() && (m.arch || p.Hills[h].Army >= m.pos) {
				out = append(out, m.opt(hillLabel(h), "mic.opt.hill", "hill", hillLabel(h)))
			}
		}
	case stSlot:
		for _, i := range p.Hills[m.hill].open() {
			out = append(out, m.opt(strconv.Itoa(i), "mic.opt.slot", "slot", strconv.Itoa(i)))
		}
	case stOrder:
		out = append(out, m.opt("m", "mic.opt.master_first", "master", m.master), m.opt("b", "mic.opt.barracks_first"))
	case stBarr:
		out = append(out, m.opt("fill", "mic.opt.fill", "n", strconv.Itoa(m.tile.Barracks)), m.opt("leave", "mic.opt.leave"))
	case stCent:
		for i := m.lastTog + 1; i < ringSize; i++ {
			if m.size[i] == 0 || !m.canToggle(i) {
				continue
			}
			key := "mic.opt.fill_slot"
			if m.full[i] {
				key = "mic.opt.empty_slot"
			}
			out = append(out, m.opt(strconv.Itoa(i), key, "slot", strconv.Itoa(i), "n", strconv.Itoa(m.size[i])))
		}
		if m.centRaw >= 0 {
			next := *m
			next.endCenturion()
			out = next.appendOptions(out)
		}
	}
	return out
}

// done reports whether the path may end here.
func (m *sim) done() bool {
	switch m.st {
	case stDone:
		return true
	case stCent:
		if m.centRaw < 0 {
			return false
		}
		next := *m
		next.endCenturion()
		return next.st == stDone
	}
	return false
}

func (m *sim) cost(i int) int {
	if m.arch {
		return 0
	}
	return i // MIC-CHOOSE-2, MIC-CHOOSE-3
}

// canPay: some unfinished anthill's army can pay for row index i (MIC-CHOOSE-4, MIC-ADV-7).
func (m *sim) canPay(i int) bool {
	for _, h := range m.s.Players[m.seat].Hills {
		if !h.complete() && h.Army >= i {
			return true
		}
	}
	return false
}

// canToggle: after filling or emptying barracks i, the full barracks after
// it could still give back enough soldiers (MIC-CENT-1). Moves go in slot
// order, so emptying i also gives up the full barracks between the last move
// and i: that too must leave the army able to end at 0 or more.
func (m *sim) canToggle(i int) bool {
	avail := m.centRaw - m.size[i]
	if m.full[i] {
		avail = m.centRaw + m.size[i]
	}
	for j := i + 1; j < ringSize; j++ {
		if m.full[j] {
			avail += m.size[j]
		}
	}
	return avail >= 0
}

// step applies one validated code.
func (m *sim) step(code string) {
	s := m.s
	p := &s.Players[m.seat]
	switch m.st {
	case stVerb:
		m.arch = code == "arch"
		if m.arch {
			m.archSup++ // MIC-ARCH-2: the token goes back to the supply
		}
		m.st = stPos
	case stPos:
		m.pos, _ = strconv.Atoi(code)
		m.pos--
		m.st = stHill
		incomplete, only := 0, 0
		for h := range p.Hills {
			if !p.Hills[h].complete() {
				incomplete++
				only = h
			}
		}
		if incomplete == 1 { // MIC-ADV-10: only one anthill can take it
			m.chooseHill(only)
		}
	case stHill:
		m.chooseHill(int(code[0] - 'a'))
	case stSlot:
		m.slot, _ = strconv.Atoi(code)
		m.place()
	case stOrder:
		m.masterBy = code == "m"
		if m.masterBy {
			m.queue = [2]int{effMaster, effBarr}
		} else {
			m.queue = [2]int{effBarr, effMaster}
		}
		m.run()
	case stBarr:
		if code == "fill" { // MIC-BARR-2
			m.army -= m.tile.Barracks
			m.full[m.slot] = true
			m.filled = true
		}
		m.pop()
		m.run()
	case stCent:
		if i, err := strconv.Atoi(code); err == nil {
			if m.full[i] {
				m.centRaw += m.size[i]
			} else {
				m.centRaw -= m.size[i]
			}
			m.full[i] = !m.full[i]
			m.lastTog = i
			m.toggles = append(m.toggles, i)
			return
		}
		m.endCenturion()
		m.step(code)
	}
}

func (m *sim) chooseHill(h int) {
	m.hill = h
	hl := &m.s.Players[m.seat].Hills[h]
	rt := m.s.Row[m.pos]
	m.army = hl.Army - m.cost(m.pos) // MIC-CHOOSE-3, MIC-ADV-7
	m.collected = rt.Soldiers        // MIC-CHOOSE-5, MIC-ADV-8
	var sur int
	m.army, sur = armyGain(m.army, rt.Soldiers)
	m.supply += sur
	m.surplus += sur
	m.full = hl.Full
	for i, id := range hl.Slots {
		if id != 0 {
			m.size[i] = m.s.tile(int(id)).Barracks
		}
	}
	m.tile = m.s.tile(rt.ID)
	m.master, m.eggs = m.tile.master()
	m.st = stSlot
}

// place puts the tile in the slot and queues its effects (MIC-EFFECT-1).
func (m *sim) place() {
	m.size[m.slot] = m.tile.Barracks
	m.full[m.slot] = false
	hasM := m.master != "" && m.master != Queen // MIC-EFFECT-2
	hasB := m.tile.Barracks > 0
	switch {
	case hasM && hasB: // MIC-EFFECT-3: the player picks the order
		m.st = stOrder
		return
	case hasM:
		m.queue = [2]int{effMaster}
	case hasB:
		m.queue = [2]int{effBarr}
	}
	m.run()
}

func (m *sim) pop() { m.queue = [2]int{m.queue[1]} }

// run resolves queued effects until one needs a choice.
func (m *sim) run() {
	for {
		switch m.queue[0] {
		case 0:
			m.st = stDone
			return
		case effBarr:
			// MIC-BARR-3: all or nothing, only if the army can fill it.
			if !m.full[m.slot] && m.army >= m.tile.Barracks {
				m.st = stBarr
				return
			}
			m.pop()
		case effMaster:
			switch m.master {
			case Nurse: // MIC-NURSE-1, MIC-ARMY-4
				g := min(m.eggs, m.supply)
				m.supply -= g
				var sur int
				m.army, sur = armyGain(m.army, g)
				m.supply += sur
				m.surplus += sur
				m.nursed = g
			case Architect: // MIC-ARCH-1
				if m.archSup > 0 {
					m.archSup--
					m.archGain = true
				}
			case Recruiter: // MIC-RECR-1..3, MIC-ADV-13
				if m.s.General == m.seat && m.s.GeneralHill == m.hill {
					if m.army > 0 {
						m.army--
						m.supply++
						m.genLoss = true
					}
				} else if m.s.Players[m.s.General].Hills[m.s.GeneralHill].Army > 0 {
					m.supply++
					m.genLoss = true
				}
				if m.supply > 0 {
					m.supply--
					var sur int
					m.army, sur = armyGain(m.army, 1)
					m.supply += sur
					m.surplus += sur
					m.recruited = true
				}
			case Centurion: // MIC-CENT-1
				has := false
				for _, n := range m.size {
					has = has || n > 0
				}
				if has {
					m.cent = true
					m.centRaw = m.army
					m.st = stCent
					return
				}
			}
			m.pop()
		}
	}
}

// endCenturion closes the centurion's moves: the cap applies afterwards
// (MIC-CENT-2, MIC-ARMY-2).
func (m *sim) endCenturion() {
	var sur int
	m.army, sur = armyGain(m.centRaw, 0)
	m.supply += sur
	m.surplus += sur
	m.pop()
	m.run()
}

// walk replays path on a fresh sim. It fails on the first code that is not an option.
func (s *state) walk(seat int, path engine.Path) (sim, *engine.RuleError) {
	m := s.newSim(seat)
	m.bare = true
	var buf [2 * ringSize]engine.Option
	for i, code := range path {
		ok := false
		for _, o := range m.appendOptions(buf[:0]) {
			if o.Code == code {
				ok = true
				break
			}
		}
		if !ok {
			return m, m.illegal(path, i)
		}
		m.step(code)
	}
	m.bare = false
	return m, nil
}

// illegal explains why path[i] is not an option at m's stage.
func (m *sim) illegal(path engine.Path, i int) *engine.RuleError {
	code := path[i]
	args := map[string]string{"step": stageNames[m.st], "options": optionCodes(m.options())}
	switch m.st {
	case stVerb:
		if code == "arch" {
			return engine.Illegal("MIC-ARCH-2", path, i, "mic.err.no_architect", args)
		}
	case stPos:
		if n, err := strconv.Atoi(code); err == nil && n >= 1 && n <= len(m.s.Row) {
			args["cost"] = strconv.Itoa(n - 1)
			return engine.Illegal("MIC-CHOOSE-4", path, i, "mic.err.cannot_afford", args)
		}
		args["n"] = strconv.Itoa(len(m.s.Row))
		return engine.Illegal("MIC-CHOOSE-1", path, i, "mic.err.no_such_pos", args)
	case stHill:
		return engine.Illegal("MIC-ADV-7", path, i, "mic.err.bad_hill", args)
	case stSlot:
		if n, err := strconv.Atoi(code); err != nil || n < 0 || n >= ringSize {
			return engine.Illegal("MIC-GEO-1", path, i, "mic.err.no_such_slot", args)
		}
		return engine.Illegal("MIC-PLACE-2", path, i, "mic.err.bad_slot", args)
	case stBarr:
		return engine.Illegal("MIC-BARR-3", path, i, "mic.err.bad_barracks", args)
	case stCent:
		return engine.Illegal("MIC-CENT-1", path, i, "mic.err.bad_centurion", args)
	}
	return engine.Illegal("MIC-TURN-1", path, i, engine.KeyNotAnOption, args)
}

func optionCodes(opts []engine.Option) string {
	out := ""
	for i, o := range opts {
		if i > 0 {
			out += ", "
		}
		out += o.Code
	}
	return out
}
