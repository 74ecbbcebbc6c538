package march

import (
	"slices"

	"formica/engine"
)

// Thorax reactions at the end of the Evolved Worker phase (§5.9).

const (
	// kThorax: a player's reactions for their thorax Evolutions; Move.Steps is how
	// many are left, Move.Used the reactions already used (indexes of
	// thoraxReactions).
	kThorax TaskKind = "thorax"
	// kNextPhase starts the Soldier phase once the thorax reactions are done.
	kNextPhase TaskKind = "nextphase"
)

// thoraxReactions are the standard reactions a thorax Evolution may give,
// each at most once per player (MOAE-WEND-3).
func thoraxReactions() []string { return []string{"explore", "forage", "march", "play"} }

// startThorax queues every player's thorax reactions in player order from
// the new active player, then the Soldier phase (MOAE-WEND-1, -2, -5).
func (s *State) startThorax() {
	var ts []Task
	for _, p := range s.order(s.Active) {
		if k := min(len(s.Players[p].Evo[1]), len(thoraxReactions())); k > 0 {
			ts = append(ts, Task{K: kThorax, Seat: p, Hex: -1, Move: MoveTask{Steps: k}})
		}
	}
	s.push(append(ts, Task{K: kNextPhase, Seat: -1, Hex: -1})...)
}

// thoraxNode: a reaction not used yet, or done; then that reaction's own
// steps (MOAE-WEND-4).
func (s *State) thoraxNode(t *Task, seat int, path []string) engine.Step {
	if len(path) == 0 {
		cs := []string{"done"}
		for i, r := range thoraxReactions() {
			if !slices.Contains(t.Move.Used, i) && s.thoraxCanReact(seat, r) {
				cs = append(cs, r)
			}
		}
		return step("moa.step.thorax", false, cs...)
	}
	if path[0] == "done" {
		return done("moa.step.thorax")
	}
	st := s.reactNode(&Task{K: kReact, Seat: -1, React: ReactTask{Action: path[0]}}, seat, path[1:])
	if len(path) == 1 { // no passing after choosing a reaction
		st.Options = slices.DeleteFunc(st.Options, func(o engine.Option) bool { return o.Code == "pass" })
	}
	return st
}

// thoraxCanReact reports whether reaction r has a move besides passing.
func (s *State) thoraxCanReact(seat int, r string) bool {
	st := s.reactNode(&Task{K: kReact, Seat: -1, React: ReactTask{Action: r}}, seat, nil)
	for _, o := range st.Options {
		if o.Code != "pass" {
			return true
		}
	}
	return false
}

func (s *State) thoraxAnswer(t *Task, seat int, path []string) {
	if path[0] == "done" {
		s.pop()
		return
	}
	i := slices.Index(thoraxReactions(), path[0])
	t.Move.Used = append(t.Move.Used, i)
	t.Move.Steps--
	s.react(&Task{K: kReact, Seat: -1, React: ReactTask{Action: path[0]}}, seat, path[1:])
}

// runThorax ends a player's thorax reactions when none is left to take.
func (s *State) runThorax(t *Task) bool {
	if st := s.thoraxNode(t, t.Seat, nil); t.Move.Steps <= 0 || len(st.Options) <= 1 {
		s.pop()
		return false
	}
	return true
}
