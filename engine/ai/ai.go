package ai

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"formica/engine"
	"formica/engine/march"
)

// Level is how an AI plays.
type Level string

// Levels, weakest first.
const (
	Random Level = "random" // a uniformly random legal answer
	Greedy Level = "greedy" // the answer whose result evaluates best one ply ahead
	Search Level = "search" // determinized Monte Carlo playouts of every candidate answer
)

// Levels lists the levels players may name.
var Levels = []Level{Random, Greedy, Search}

// Default is the level an AI seat gets when none is named.
const Default = Search

// ParseLevel reads a level as players type it.
func ParseLevel(s string) (Level, bool) {
	l := Level(strings.ToLower(strings.TrimSpace(s)))
	return l, slices.Contains(Levels, l)
}

// Errors the caller can branch on.
var (
	// ErrNoPrompt: the seat has nothing to decide now.
	ErrNoPrompt = errors.New("ai: the seat has no pending prompt")
	// ErrNotDeterminizable: the game cannot sample what a seat cannot
	// see, so an AI would have to read hidden state.
	ErrNotDeterminizable = errors.New("ai: the game does not implement engine.Determinizer")
)

// Config is an AI player.
type Config struct {
	Level Level
	// Playouts is the search budget per decision (0: DefaultPlayouts).
	Playouts int
	// Candidates caps the answers a search or greedy AI compares (0: 32).
	Candidates int
	// Width is how many candidates, the best one ply ahead, a search
	// plays out (0: 10).
	Width int
	// Horizon cuts each playout once the seat has taken that many more
	// decisions and scores the position by Evaluate (0: DefaultHorizon;
	// negative: play to the end).
	Horizon int
	// Turns makes Horizon count the seat's turns, not its decisions: a
	// turn starts where the seat answers after another seat did (in games
	// whose turn is many decisions, a playout then sees the replies).
	Turns bool
	// Paired plays every candidate out in the same sampled worlds (rounds
	// of one world each) and answers the best mean, instead of UCB1 over
	// independent worlds.
	Paired bool
	// Win values a playout that reaches the end by first place and score
	// margin, as a cut one is valued, not by rank: more players, the
	// second place is a loss all the same.
	Win bool
	// Rollout is how many random answers a playout compares at each of
	// its first RolloutPlies answers (0: all), taking the one that looks
	// best one ply ahead to the seat answering (0 or 1: a random answer).
	Rollout      int
	RolloutPlies int
	// Prior is how many playouts each candidate counts as having had
	// before the search, all valued as its one-ply evaluation (0: none).
	Prior int
	// Stop, when set, is asked before every playout but the first; true
	// ends the search there (the bot's wall-clock cap; a search stopped
	// before every candidate was played out answers the best one ply
	// ahead). Without it a decision depends only on its inputs, so tests
	// and benchmarks count playouts, not time.
	Stop func() bool
}

// DefaultPlayouts keeps a decision well under a second on one core for
// every game (measured by BenchmarkDecide).
const DefaultPlayouts = 300

// Decide returns seat's answer to its pending prompt in s, drawing every
// random choice from seed. s is not changed.
func Decide(s engine.State, seat engine.Seat, cfg Config, seed uint64) (engine.Path, error) {
	if _, ok := engine.PromptFor(s, seat); !ok || s.Result() != nil {
		return nil, ErrNoPrompt
	}
	det, ok := s.(engine.Determinizer)
	if !ok {
		return nil, ErrNotDeterminizable
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed_a1))
	// From here on only determinized copies are read.
	d := det.Determinize(seat, rng)
	switch cfg.Level {
	case Random, "":
		return RandomPath(d, seat, rng)
	case Greedy:
		return greedy(det, d, seat, cfg, rng)
	case Search:
		return search(det, d, seat, tuned(cfg, d), rng)
	}
	return nil, fmt.Errorf("ai: unknown level %q", cfg.Level)
}

// tuned is cfg with the search settings measured best for s's game
// (cmd/aibench against greedy seats) where cfg sets none: a Config that
// names any of Width, Horizon, Turns, Paired, Win, Rollout, RolloutPlies
// or Prior is taken as it is, and one that names Playouts keeps them.
// Micropolis (tunedMicropolis), Fun Ants (tunedFunants) and March of the
// Ants (tunedMarch) have their own.
func tuned(cfg Config, s engine.State) Config {
	if cfg.Width != 0 || cfg.Horizon != 0 || cfg.Turns || cfg.Paired || cfg.Win || cfg.Rollout != 0 || cfg.RolloutPlies != 0 || cfg.Prior != 0 {
		return cfg
	}
	switch pkgOf(s) {
	case micropolisPkg:
		return tunedMicropolis(cfg)
	case funantsPkg:
		return tunedFunants(cfg)
	case marchPkg:
		return tunedMarch(cfg, s.(*march.State))
	}
	return cfg
}

// RandomPath walks seat's Choices from the root with uniformly random
// options (stopping where the path is complete with the odds of one more
// option), never into standing preferences.
func RandomPath(s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Path, error) {
	choices := choicesOf(s)
	var path engine.Path
	for range 64 {
		st, err := choices(seat, path)
		if err != nil {
			return nil, err
		}
		opts := answerOptions(st, path)
		if st.Done && (len(opts) == 0 || rng.IntN(len(opts)+1) == 0) {
			return path, nil
		}
		if len(opts) == 0 {
			return nil, fmt.Errorf("ai: step %s after %q has no options", st.Name, path)
		}
		path = append(path, opts[rng.IntN(len(opts))].Code)
	}
	return nil, errors.New("ai: answer path deeper than 64 steps")
}

// choicesOf is s.Choices, or its cheaper form without labels when the game
// has one: an AI reads only the codes.
func choicesOf(s engine.State) func(engine.Seat, engine.Path) (engine.Step, error) {
	if b, ok := s.(engine.BareChooser); ok {
		return b.BareChoices
	}
	return s.Choices
}

// answerOptions drops the standing-preference entry from a root step.
func answerOptions(st engine.Step, path engine.Path) []engine.Option {
	if len(path) > 0 || !slices.ContainsFunc(st.Options, isPref) {
		return st.Options
	}
	return slices.DeleteFunc(slices.Clone(st.Options), isPref)
}

func isPref(o engine.Option) bool { return o.Code == "pref" }

// candidates lists distinct complete answers of seat in s: all of them
// when there are at most max, else max sampled at random.
func candidates(s engine.State, seat engine.Seat, max int, rng *rand.Rand) ([]engine.Path, error) {
	choices := choicesOf(s)
	var out []engine.Path
	calls := 0
	var walk func(path engine.Path) (bool, error)
	walk = func(path engine.Path) (bool, error) {
		calls++
		if calls > 4*max || len(path) > 64 {
			return false, nil
		}
		st, err := choices(seat, path)
		if err != nil {
			return false, err
		}
		if st.Done {
			if len(out) == max {
				return false, nil
			}
			out = append(out, slices.Clone(path))
		}
		for _, o := range answerOptions(st, path) {
			ok, err := walk(append(path, o.Code))
			if !ok || err != nil {
				return ok, err
			}
		}
		return true, nil
	}
	complete, err := walk(nil)
	if err != nil {
		return nil, err
	}
	if complete {
		return out, nil
	}
	// Too many to list: sample, keeping the first answers found (they
	// are the ones a depth-first walk reaches: usually the short ones).
	seen := map[string]bool{}
	out = out[:0]
	for range 4 * max {
		p, err := RandomPath(s, seat, rng)
		if err != nil {
			return nil, err
		}
		if k := p.String(); !seen[k] {
			seen[k] = true
			out = append(out, p)
			if len(out) == max {
				break
			}
		}
	}
	return out, nil
}
