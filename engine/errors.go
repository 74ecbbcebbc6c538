package engine

import (
	"errors"
	"fmt"
)

// Errors the bot branches on. Rule violations are *RuleError values instead.
var (
	// ErrNotYourTurn: the seat has no pending prompt.
	ErrNotYourTurn = errors.New("engine: it is not your turn")
	// ErrGameOver: the match has ended; no more answers are accepted.
	ErrGameOver = errors.New("engine: the game is over")
	// ErrUnknownGame: no descriptor has that id.
	ErrUnknownGame = errors.New("engine: unknown game")
	// ErrBadSetup: the setup names an unknown rule set or option, or a bad seat count.
	ErrBadSetup = errors.New("engine: bad setup")
	// ErrReplay: replaying a log did not reproduce the stored state.
	ErrReplay = errors.New("engine: replay mismatch")
)

// KeyNotAnOption is the message key of a refusal that says no more than
// "this code is not among the step's options". Games use it when they know
// no better reason, so the bot can tell a word that is no move at all (a
// typo, an unknown command) from a move the rules forbid now.
const KeyNotAnOption = "err.not_an_option"

// RuleError is an illegal answer: which step failed, what was given, and the
// rule that forbids it. Key and Args form a translatable message.
type RuleError struct {
	Rule string            // rule ID, e.g. "MIC-DRAFT-2"
	Step int               // index in the path of the failing step; -1 for the whole answer
	Got  string            // the code given at that step
	Key  string            // message key, e.g. "err.not_enough_soldiers"
	Args map[string]string // message arguments
}

func (e *RuleError) Error() string {
	s := "illegal answer"
	if e.Step >= 0 {
		s = fmt.Sprintf("step %d %q is not allowed", e.Step+1, e.Got)
	}
	if e.Key != "" {
		s += ": " + e.Key
	}
	if e.Rule != "" {
		s += " (" + e.Rule + ")"
	}
	return s
}

// Illegal builds a *RuleError for step i of path.
func Illegal(rule string, path Path, i int, key string, args map[string]string) *RuleError {
	got := ""
	if i >= 0 && i < len(path) {
		got = path[i]
	}
	return &RuleError{Rule: rule, Step: i, Got: got, Key: key, Args: args}
}
