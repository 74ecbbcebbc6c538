package micropolis

import (
	"fmt"
	"strconv"

	"formica/engine"
)

func (s *state) Choices(seat engine.Seat, prefix engine.Path) (engine.Step, error) {
	return s.choices(seat, prefix, false)
}

// BareChoices is Choices without the options' labels (engine.BareChooser):
// building their arguments was most of validating an answer.
func (s *state) BareChoices(seat engine.Seat, prefix engine.Path) (engine.Step, error) {
	return s.choices(seat, prefix, true)
}

// Valid implements engine.Validator: walk and generalChoices check every
// code of their path, so one walk replaces Check's walk per step.
func (s *state) Valid(seat engine.Seat, path engine.Path) bool {
	if int(seat) != s.Current {
		return false
	}
	switch s.Phase {
	case phaseTurn:
		m, err := s.walk(int(seat), path)
		return err == nil && m.done()
	case phaseGeneral:
		st, err := s.generalChoices(path)
		return err == nil && st.Done
	}
	return false
}

func (s *state) choices(seat engine.Seat, prefix engine.Path, bare bool) (engine.Step, error) {
	if s.Phase == phaseOver {
		return engine.Step{}, engine.ErrGameOver
	}
	if int(seat) != s.Current {
		return engine.Step{}, engine.ErrNotYourTurn
	}
	if s.Phase == phaseGeneral {
		return s.generalChoices(prefix)
	}
	m, err := s.walk(int(seat), prefix)
	if err != nil {
		return engine.Step{}, err
	}
	m.bare = bare
	return engine.Step{Options: m.options(), Done: m.done(), Name: stageNames[m.st], Rule: stageRules[m.st]}, nil
}

func (s *state) Apply(a engine.Answer) ([]engine.Event, error) {
	if s.Phase == phaseOver {
		return nil, engine.ErrGameOver
	}
	if int(a.Seat) != s.Current {
		return nil, engine.ErrNotYourTurn
	}
	if s.Phase == phaseGeneral {
		if err := engine.Check(s, a.Seat, a.Path); err != nil {
			return nil, err
		}
		c, ok := s.generalPick(a.Path)
		if !ok {
			return nil, fmt.Errorf("micropolis: no contender matches %q", a.Path)
		}
		ev := s.giveGeneral(c)
		return append(ev, s.startRound()...), nil
	}
	m, err := s.walk(int(a.Seat), a.Path)
	if err != nil {
		return nil, err
	}
	if m.st == stCent {
		m.endCenturion()
	}
	if m.st != stDone {
		return nil, fmt.Errorf("micropolis: answer %q is incomplete", a.Path)
	}
	ev := s.commit(&m)
	return append(ev, s.nextTurn()...), nil
}

func (s *state) who(seat int) string { return engine.Seat(seat).String() }

// commit writes a finished turn sim into the state (MIC-TURN-1).
func (s *state) commit(m *sim) []engine.Event {
	p := &s.Players[m.seat]
	h := &p.Hills[m.hill]
	rt := s.Row[m.pos]
	who := s.who(m.seat)
	args := map[string]string{"player": who, "pos": strconv.Itoa(m.pos + 1), "tile": strconv.Itoa(rt.ID),
		"paid": strconv.Itoa(m.cost(m.pos)), "collected": strconv.Itoa(m.collected), "hill": hillLabel(m.hill), "slot": strconv.Itoa(m.slot)}
	var ev []engine.Event
	if m.arch { // MIC-ARCH-2
		p.Arch--
		ev = append(ev, engine.Public("mic.took_arch", args))
	} else { // MIC-CHOOSE-3, MIC-CHOOSE-7: payment first, onto earlier tiles
		for i := 0; i < m.pos; i++ {
			s.Row[i].Soldiers++
		}
		ev = append(ev, engine.Public("mic.took", args))
	}
	s.Row = append(s.Row[:m.pos], s.Row[m.pos+1:]...)
	h.Slots[m.slot] = int16(rt.ID)
	h.Count++
	h.Order[m.slot] = int16(h.Count)
	h.Full = m.full
	h.Army = m.army
	if s.Variant == TwoHills {
		ev = append(ev, engine.Public("mic.placed_hill", args))
	} else {
		ev = append(ev, engine.Public("mic.placed", args))
	}
	if m.genLoss && !(s.General == m.seat && s.GeneralHill == m.hill) {
		s.Players[s.General].Hills[s.GeneralHill].Army--
	}
	s.Supply = m.supply
	if m.archGain {
		p.Arch++
	}
	s.ArchSupply = m.archSup
	switch m.master {
	case Nurse:
		ev = append(ev, engine.Public("mic.nurse", map[string]string{"player": who, "n": strconv.Itoa(m.nursed)}))
	case Architect:
		if m.archGain {
			ev = append(ev, engine.Public("mic.architect", map[string]string{"player": who}))
		} else {
			ev = append(ev, engine.Public("mic.architect_none", map[string]string{"player": who}))
		}
	case Recruiter:
		if m.genLoss {
			ev = append(ev, engine.Public("mic.recruit_loss", map[string]string{"player": s.who(s.General)}))
		}
		if m.recruited {
			ev = append(ev, engine.Public("mic.recruit_gain", map[string]string{"player": who}))
		}
	case Centurion:
		if m.cent {
			ev = append(ev, engine.Public("mic.centurion", map[string]string{"player": who, "moves": strconv.Itoa(len(m.toggles))}))
		}
	}
	if m.filled {
		ev = append(ev, engine.Public("mic.barracks", map[string]string{"player": who, "n": strconv.Itoa(m.tile.Barracks), "slot": strconv.Itoa(m.slot)}))
	}
	if m.surplus > 0 {
		ev = append(ev, engine.Public("mic.capped", map[string]string{"player": who, "n": strconv.Itoa(m.surplus)}))
	}
	s.Last = &LastTurn{Seat: m.seat, Tile: rt.ID, Pos: m.pos + 1, Hill: m.hill, Slot: m.slot, Paid: m.cost(m.pos), Collected: m.collected, Architect: m.arch}
	return ev
}

// nextTurn passes play clockwise (MIC-SETUP-7) or ends the round (§8).
func (s *state) nextTurn() []engine.Event {
	s.Turns++
	if s.Turns < s.N {
		s.Current = (s.Current + 1) % s.N
		return nil
	}
	// MIC-EOR-1: the round is over.
	if s.allComplete() { // MIC-EOR-2, MIC-END-1, MIC-ADV-17, MIC-AMB-22
		return s.finish()
	}
	refill := len(s.Row) < s.N // MIC-EOR-3
	if s.Variant == TwoHills {
		refill = s.Round%2 == 0 // MIC-ADV-5
	}
	if !refill {
		return s.startRound()
	}
	ev := s.refill()
	cands := s.contenders()
	switch len(cands) {
	case 0:
		return append(ev, s.startRound()...)
	case 1:
		ev = append(ev, s.giveGeneral(cands[0])...)
		return append(ev, s.startRound()...)
	}
	s.Phase = phaseGeneral // MIC-GEN-3: the current general chooses
	s.Cands = cands
	s.Current = s.General
	return append(ev, engine.Public("mic.general_choice", map[string]string{"player": s.who(s.General)}))
}

func (s *state) allComplete() bool {
	for _, p := range s.Players {
		for i := range p.Hills {
			if !p.Hills[i].complete() {
				return false
			}
		}
	}
	return true
}

// refill slides the row to the start, keeping soldiers, and adds tiles from
// the stack in draw order up to 7 (MIC-EOR-4, MIC-AMB-9, MIC-ADV-14).
func (s *state) refill() []engine.Event {
	n := 0
	for len(s.Row) < rowSize && len(s.Stack) > 0 {
		s.Row = append(s.Row, rowTile{ID: s.Stack[0]})
		s.Stack = s.Stack[1:]
		n++
	}
	return []engine.Event{engine.Public("mic.refill", map[string]string{"n": strconv.Itoa(n)})}
}

// startRound begins the next round with the general (MIC-ROUND-1, MIC-GEN-4).
func (s *state) startRound() []engine.Event {
	s.Phase = phaseTurn
	s.Cands = nil
	s.Round++
	s.Turns = 0
	s.Current = s.General
	return []engine.Event{engine.Public("mic.round", map[string]string{"round": strconv.Itoa(s.Round), "player": s.who(s.General)})}
}

func (s *state) giveGeneral(c cand) []engine.Event {
	if c.Seat == s.General && c.Hill == s.GeneralHill {
		return nil
	}
	s.General, s.GeneralHill = c.Seat, c.Hill
	key := "mic.general"
	if s.Variant == TwoHills {
		key = "mic.general_hill"
	}
	return []engine.Event{engine.Public(key, map[string]string{"player": s.who(c.Seat), "hill": hillLabel(c.Hill)})}
}

func (s *state) army(c cand) int { return s.Players[c.Seat].Hills[c.Hill].Army }

// contenders lists who may receive the general token at a refill.
func (s *state) contenders() []cand {
	gen := cand{s.General, s.GeneralHill}
	g := s.army(gen)
	var out []cand
	if s.Variant != TwoHills {
		// MIC-GEN-3: every other player with an army at least the general's.
		best := g
		for seat := range s.Players {
			c := cand{seat, 0}
			if seat != s.General && s.army(c) >= g {
				out = append(out, c)
				best = max(best, s.army(c))
			}
		}
		if s.GenRule == Largest { // MIC-AMB-8 alternative reading
			kept := out[:0]
			for _, c := range out {
				if s.army(c) == best {
					kept = append(kept, c)
				}
			}
			out = kept
		}
		return out
	}
	// MIC-ADV-15, MIC-ADV-16: the largest army anywhere takes the token.
	best := 0
	for seat, p := range s.Players {
		for h := range p.Hills {
			best = max(best, s.army(cand{seat, h}))
		}
	}
	var top []cand
	others := false
	for seat, p := range s.Players {
		for h := range p.Hills {
			if c := (cand{seat, h}); s.army(c) == best {
				top = append(top, c)
				others = others || seat != s.General
			}
		}
	}
	if g == best {
		if !others {
			if len(top) == 1 {
				return nil // the general's anthill alone is largest: it keeps the token
			}
			return top // the general's own two anthills tie: the general chooses
		}
		// A tie with another player forces the token to them.
		for _, c := range top {
			if c.Seat != s.General {
				out = append(out, c)
			}
		}
		return out
	}
	return top
}

// generalChoices: step 1 the player "p2", step 2 (two-anthill variant, when
// both of that player's anthills qualify) the anthill "a" or "b".
func (s *state) generalChoices(prefix engine.Path) (engine.Step, error) {
	seatOpts := func() []engine.Option {
		var out []engine.Option
		for _, c := range s.Cands {
			code := "p" + strconv.Itoa(c.Seat+1)
			if len(out) > 0 && out[len(out)-1].Code == code {
				continue
			}
			out = append(out, engine.Option{Code: code, Key: "mic.opt.seat", Args: map[string]string{"player": s.who(c.Seat), "army": strconv.Itoa(s.army(c))}})
		}
		return out
	}
	if len(prefix) == 0 {
		return engine.Step{Options: seatOpts(), Name: "mic.step.general"}, nil
	}
	seat := -1
	for _, c := range s.Cands {
		if "p"+strconv.Itoa(c.Seat+1) == prefix[0] {
			seat = c.Seat
		}
	}
	if seat < 0 {
		return engine.Step{}, engine.Illegal("MIC-GEN-3", prefix, 0, "mic.err.not_contender", map[string]string{"options": optionCodes(seatOpts())})
	}
	var hills []engine.Option
	for _, c := range s.Cands {
		if c.Seat == seat {
			hills = append(hills, engine.Option{Code: hillLabel(c.Hill), Key: "mic.opt.hill", Args: map[string]string{"hill": hillLabel(c.Hill)}})
		}
	}
	if len(hills) == 1 {
		if len(prefix) > 1 {
			return engine.Step{}, engine.Illegal("MIC-GEN-3", prefix, 1, engine.KeyNotAnOption, map[string]string{"step": "mic.step.done"})
		}
		return engine.Step{Done: true, Name: "mic.step.done"}, nil
	}
	switch {
	case len(prefix) == 1:
		return engine.Step{Options: hills, Name: "mic.step.hill"}, nil
	case len(prefix) == 2 && (prefix[1] == "a" || prefix[1] == "b"):
		for _, o := range hills {
			if o.Code == prefix[1] {
				return engine.Step{Done: true, Name: "mic.step.done"}, nil
			}
		}
	}
	return engine.Step{}, engine.Illegal("MIC-ADV-16", prefix, len(prefix)-1, "mic.err.bad_hill", map[string]string{"options": optionCodes(hills)})
}

// generalPick maps a validated general answer to its candidate.
func (s *state) generalPick(path engine.Path) (cand, bool) {
	for _, c := range s.Cands {
		if "p"+strconv.Itoa(c.Seat+1) != path[0] {
			continue
		}
		if len(path) == 1 || path[1] == hillLabel(c.Hill) {
			return c, true
		}
	}
	return cand{}, false
}
