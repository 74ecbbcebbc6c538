package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Games is the set of games a service offers, built by cmd/formica.
type Games []*Descriptor

// Find returns the descriptor with id.
func (gs Games) Find(id string) (*Descriptor, error) {
	for _, d := range gs {
		if d.ID == id {
			return d, nil
		}
	}
	return nil, fmt.Errorf("%w %q", ErrUnknownGame, id)
}

// Normalize checks a setup against its descriptor and fills defaults: the
// rule set, and every option not given.
func (d *Descriptor) Normalize(s Setup) (Setup, error) {
	if s.Game != d.ID {
		return s, fmt.Errorf("%w: setup is for %q, not %q", ErrBadSetup, s.Game, d.ID)
	}
	if s.RuleSet == "" && len(d.RuleSets) > 0 {
		s.RuleSet = d.RuleSets[0]
	}
	if s.RuleSet != "" && !slices.Contains(d.RuleSets, s.RuleSet) {
		return s, fmt.Errorf("%w: unknown rule set %q (choose from %s)", ErrBadSetup, s.RuleSet, strings.Join(d.RuleSets, ", "))
	}
	opts := make(map[string]string, len(d.Options))
	for name, v := range s.Options {
		spec := d.option(name)
		if spec == nil {
			return s, fmt.Errorf("%w: unknown option %q", ErrBadSetup, name)
		}
		if len(spec.Values) > 0 && !slices.Contains(spec.Values, v) {
			return s, fmt.Errorf("%w: option %s=%q (choose from %s)", ErrBadSetup, name, v, strings.Join(spec.Values, ", "))
		}
		opts[name] = v
	}
	for _, spec := range d.Options {
		if _, ok := opts[spec.Name]; !ok {
			def := spec.Default
			if def == "" && len(spec.Values) > 0 {
				def = spec.Values[0]
			}
			opts[spec.Name] = def
		}
	}
	s.Options = opts
	if lo, hi := d.Seats(s); s.Seats < lo || s.Seats > hi {
		return s, fmt.Errorf("%w: %s takes %d to %d players, not %d", ErrBadSetup, d.Name, lo, hi, s.Seats)
	}
	return s, nil
}

func (d *Descriptor) option(name string) *OptionSpec {
	for i := range d.Options {
		if d.Options[i].Name == name {
			return &d.Options[i]
		}
	}
	return nil
}

// Match is a setup, its answer log and the current state. The log is the
// truth; State is a cache that Replay can rebuild.
type Match struct {
	Setup Setup
	Log   []Answer
	State State
}

// Start validates setup and returns a new match.
func Start(d *Descriptor, s Setup) (*Match, error) {
	s, err := d.Normalize(s)
	if err != nil {
		return nil, err
	}
	st, err := d.New(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadSetup, err)
	}
	return &Match{Setup: s, State: st}, nil
}

// Version counts the answers applied so far. Buttons carry it so that a press
// made against an older board is rejected.
func (m *Match) Version() int { return len(m.Log) }

// PromptFor returns seat's pending prompt, if any.
func PromptFor(s State, seat Seat) (Prompt, bool) {
	for _, p := range s.Pending() {
		if p.Seat == seat {
			return p, true
		}
	}
	return Prompt{}, false
}

// prompted reports whether seat has a pending prompt in s.
func prompted(s State, seat Seat) bool {
	if p, ok := s.(Prompter); ok {
		return p.Prompted(seat)
	}
	_, ok := PromptFor(s, seat)
	return ok
}

// Check validates path for seat step by step, without changing anything.
// The error is ErrGameOver, ErrNotYourTurn or a *RuleError naming the step.
func Check(s State, seat Seat, path Path) error {
	if s.Result() != nil {
		return ErrGameOver
	}
	if !prompted(s, seat) {
		a, any := s.(Anytime)
		if !any || len(path) == 0 || !a.Anytime(seat, path[0]) {
			return ErrNotYourTurn
		}
	}
	if v, ok := s.(Validator); ok && v.Valid(seat, path) {
		return nil
	}
	choices := s.Choices
	if b, ok := s.(BareChooser); ok {
		choices = b.BareChoices
	}
	for i := 0; i <= len(path); i++ {
		step, err := choices(seat, path[:i])
		if err != nil {
			return err
		}
		if i == len(path) {
			if !step.Done {
				return &RuleError{Rule: step.Rule, Step: i, Key: "err.incomplete", Args: map[string]string{"step": step.Name, "options": codes(step.Options)}}
			}
			return nil
		}
		if !slices.ContainsFunc(step.Options, func(o Option) bool { return o.Code == path[i] }) {
			// The game may know why this code is refused (which rule):
			// prefer its error to the generic one.
			var re *RuleError
			if _, err := choices(seat, path[:i+1]); errors.As(err, &re) && re.Key != "" {
				re.Step, re.Got = i, path[i]
				if re.Args == nil {
					re.Args = map[string]string{}
				}
				if _, ok := re.Args["options"]; !ok {
					re.Args["options"] = codes(step.Options)
				}
				return re
			}
			return &RuleError{Rule: step.Rule, Step: i, Got: path[i], Key: KeyNotAnOption, Args: map[string]string{"step": step.Name, "options": codes(step.Options)}}
		}
	}
	return nil
}

func codes(opts []Option) string {
	cs := make([]string, 0, len(opts))
	for _, o := range opts {
		cs = append(cs, o.Code)
	}
	if len(cs) > 12 {
		cs = append(cs[:12], "…")
	}
	return strings.Join(cs, ", ")
}

// Answer validates and applies a. On any error the match is unchanged.
func (m *Match) Answer(a Answer) ([]Event, error) {
	if err := Check(m.State, a.Seat, a.Path); err != nil {
		return nil, err
	}
	next := m.State.Clone()
	ev, err := next.Apply(a)
	if err != nil {
		return nil, err
	}
	m.State = next
	m.Log = append(m.Log, Answer{Seat: a.Seat, Path: slices.Clone(a.Path)})
	return ev, nil
}

// Replay rebuilds a match from its setup and log, checking every answer.
func Replay(d *Descriptor, s Setup, log []Answer) (*Match, error) {
	m, err := Start(d, s)
	if err != nil {
		return nil, err
	}
	for i, a := range log {
		if _, err := m.Answer(a); err != nil {
			return nil, fmt.Errorf("%w: answer %d (%s: %s): %v", ErrReplay, i+1, a.Seat, a.Path, err)
		}
	}
	return m, nil
}

// ParsePath reads an answer as players type it: codes separated by spaces,
// case-insensitive.
func ParsePath(text string) Path {
	f := strings.Fields(strings.ToLower(text))
	if len(f) == 0 {
		return nil
	}
	return Path(f)
}

// String returns the canonical text form of a path, the inverse of ParsePath.
func (p Path) String() string { return strings.Join(p, " ") }

// PrivatePath reports whether path, answered by seat in s, chose at any step
// from options only seat may see (Step.Private): its codes name a secret,
// so only the public events of applying it may be shown to others.
func PrivatePath(s State, seat Seat, path Path) bool {
	for i := range path {
		step, err := s.Choices(seat, path[:i])
		if err != nil || step.Private {
			return true // unknowable counts as private: never guess towards showing
		}
	}
	return false
}

// PrivatePrompt reports whether the options of seat's pending prompt may be
// shown only to seat: the prompt is secret, or its first step is Private.
func PrivatePrompt(s State, p Prompt) bool {
	if p.Secret {
		return true
	}
	step, err := s.Choices(p.Seat, nil)
	return err != nil || step.Private
}
