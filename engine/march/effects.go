package march

import (
	"slices"
	"strings"

	"formica/engine"
)

// effect is the code behind one effect id that cards and New Frontiers hexes
// name in the data file: the rule it implements, its automatic part, its
// decision tree and how an answer is carried out. Effects live in one file
// per card family (effects_event.go, effects_evolution.go, effects_goal.go,
// effects_frontier.go); a rule set is a table of them, so another edition
// adds or replaces entries instead of editing switches.
type effect struct {
	// rule is the rule ID named by the effect's prompt.
	rule string
	// run performs the automatic part of the effect on the top task and
	// reports whether the task now waits for an answer. Without run, the
	// task prompts its owner when node offers more than "pass".
	run func(s *State, t *Task) bool
	// node is the legal next step of the owner's answer after path.
	node func(s *State, t *Task, seat int, path []string) engine.Step
	// answer carries out a complete answer other than "pass"; the task is
	// already off the stack and t is a copy.
	answer func(s *State, t *Task, seat int, path []string)
	// met is a Colony Goal's condition, checked in the Slumber phase
	// (MOA1-SLUMBER-3).
	met func(s *State, seat int) bool
	// playable is a precondition printed on the card.
	playable func(s *State, seat int) bool
	// start is the phase at whose start an active head or abdomen
	// Evolution offers its ability (MOA1-SOLDIER-1, MOA1-QUEEN-1).
	start Phase
	// amounts are the numbers the effect's text states, in order, read
	// from the data file's "amounts" (issue 13: the texts are checked
	// against the data): 0 (free) = any value the data gives, n > 0 = the
	// code supports only n (the decision tree moves one larva, not n).
	amounts []int
	// Passive Evolutions (no run, node or answer) are hooks in the battle,
	// movement and feeding code, which ask for them by id.
}

// free marks an amount the effect reads from the data (effect.amounts).
const free = 0

// amt is amount i of effect id's text, from the data file.
func (s *State) amt(id string, i int) int { return s.data.Amounts[id][i] }

// effects maps an effect id to its code.
type effects map[string]effect

// with returns a copy of es with every entry of more added or replaced.
func (es effects) with(more ...effects) effects {
	out := make(effects, len(es))
	for id, e := range es {
		out[id] = e
	}
	for _, m := range more {
		for id, e := range m {
			out[id] = e
		}
	}
	return out
}

// effects1e is the 1st edition's table.
func effects1e() effects {
	return effects{}.with(eventEffects(), evolutionEffects(), goalEffects(), frontierEffects())
}

// runEffect performs automatic effects and skips choices with no option.
func (s *State) runEffect(t *Task) bool {
	if e := s.rules.effects[t.Effect.ID]; e.run != nil {
		prev := s.resolving
		s.resolving = s.eventCard(t)
		more := e.run(s, t)
		s.resolving = prev
		return more
	}
	st, _ := s.effectNode(t, t.Seat, nil)
	if len(st.Options) <= 1 && !st.Done { // only "pass" left: nothing to do
		s.pop()
		return false
	}
	return true
}

// effectNode is the decision tree of each card or hex effect with choices.
func (s *State) effectNode(t *Task, seat int, path []string) (engine.Step, string) {
	if len(path) > 0 && path[0] == "pass" {
		return done("moa.step.effect"), ""
	}
	if e := s.rules.effects[t.Effect.ID]; e.node != nil {
		return e.node(s, t, seat, path), e.rule
	}
	return done("moa.step.effect"), "MOA1-CARD-8"
}

// effectAnswer carries out an effect with the answer's choices.
func (s *State) effectAnswer(t *Task, seat int, path []string) {
	task := t.clone()
	s.pop()
	if path[0] == "pass" {
		return
	}
	if e := s.rules.effects[task.Effect.ID]; e.answer != nil {
		prev := s.resolving
		s.resolving = s.eventCard(&task)
		e.answer(s, &task, seat, path)
		s.resolving = prev
	}
}

// eventCard is the Event card whose effect t is, or 0.
func (s *State) eventCard(t *Task) int {
	if id := t.Effect.Card; id != 0 && t.K == kEff && s.data.Card(id).Type == TypeEvent {
		return id
	}
	return 0
}

// goalMet checks a Colony Goal's condition in the Slumber phase
// (MOA1-SLUMBER-3, MOA1-CLAR-GOAL).
func (s *State) goalMet(seat, id int) bool {
	if e := s.rules.effects[s.data.Card(id).Effect]; e.met != nil {
		return e.met(s, seat)
	}
	return false
}

// startAbility is the effect of seat's active Evolution in segment sg if it
// offers an ability at the start of phase ph, or "".
func (s *State) startAbility(seat, sg int, ph Phase) string {
	e := s.activeEffect(seat, sg)
	if s.rules.effects[e].start == ph && ph != "" {
		return e
	}
	return ""
}

// globalSite codes name a site anywhere: "5s2".
func (s *State) siteCodes(filter func(t *Tile, i int) bool) []string {
	var cs []string
	for num := 1; num <= s.rules.Tiles; num++ {
		t := s.tile(num)
		if t == nil {
			continue
		}
		for i := range t.Sites {
			if filter(t, i) {
				cs = append(cs, antCode(num, i))
			}
		}
	}
	return cs
}

func (s *State) parseGlobalSite(code string) (*Tile, int) {
	i := strings.IndexByte(code, 's')
	if i <= 0 {
		return nil, -1
	}
	t := s.tile(parseHexCode(code[:i]))
	if t == nil {
		return nil, -1
	}
	return t, parseSite(code[i:], t)
}

func (s *State) hexCodes(filter func(t *Tile) bool) []string {
	var cs []string
	for num := 0; num <= s.rules.Tiles; num++ {
		if t := s.tile(num); t != nil && filter(t) {
			cs = append(cs, hexCode(num))
		}
	}
	return cs
}

func withPass(st engine.Step) engine.Step {
	st.Options = append(opts("pass"), st.Options...)
	return st
}

func edgeNames(es []int) []string {
	var cs []string
	for _, e := range es {
		cs = append(cs, edgeCode(e))
	}
	return cs
}

func (s *State) needsGoalSwap(seat, id int) bool {
	return id != 0 && s.data.Card(id).Type == TypeGoal && len(s.Players[seat].Goals) >= s.rules.MaxGoals
}

func (s *State) goalCodes(seat int) []string {
	var cs []string
	for _, g := range s.Players[seat].Goals {
		cs = append(cs, cardCode(g))
	}
	return cs
}

// playFree plays a card without paying (Espionage, Empty Spider Den).
func (s *State) playFree(seat, id int, replace string) {
	p := s.playerLists(seat)
	if i := slices.Index(p.Hand, id); i >= 0 {
		p.Hand = slices.Delete(p.Hand, i, i+1)
	}
	if g := parseCardCode(replace); g != 0 {
		if i := slices.Index(p.Goals, g); i >= 0 {
			p.Goals = slices.Delete(p.Goals, i, i+1)
			s.Discard = append(s.Discard, g)
		}
	}
	s.emit("moa.played_free", "seat", seatArg(seat), "card", cardCode(id), "name", s.data.Card(id).Name)
	s.playCard(seat, id, nil)
}
