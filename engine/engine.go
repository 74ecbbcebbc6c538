package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// Seat is a player's position at the table, counted from 0.
type Seat int

// NoSeat stands for a spectator (in View) or for "everyone" (in Event.To).
const NoSeat Seat = -1

// String returns the seat as players see it, counted from 1 ("P1").
func (s Seat) String() string {
	if s == NoSeat {
		return "-"
	}
	if s >= 0 && int(s) < len(seatNames) {
		return seatNames[s] // events name seats on every answer: no allocation
	}
	return "P" + strconv.Itoa(int(s)+1)
}

var seatNames = [...]string{"P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"}

// Setup is everything needed to start a match besides the answers.
type Setup struct {
	Game    string            `json:"game"`              // Descriptor.ID, e.g. "micropolis"
	RuleSet string            `json:"ruleset,omitempty"` // e.g. "1e"; empty means the descriptor's first
	Options map[string]string `json:"options,omitempty"` // validated against Descriptor.Options
	Seats   int               `json:"seats"`
	Seed    uint64            `json:"seed"`
}

// OptionSpec describes one setup option a game accepts, such as
// "variant=twohills". Values lists the allowed values; the first is the default
// unless Default says otherwise. No Values means free text that New checks
// (scenario scripts use it to fix a starting position, e.g. a tile order).
type OptionSpec struct {
	Name    string   `json:"name"`
	Values  []string `json:"values"`
	Default string   `json:"default"`
	Rule    string   `json:"rule,omitempty"` // the rule ID the option implements
}

// Descriptor is the one value each game package exports.
type Descriptor struct {
	ID       string       // stable id used in commands and storage: "micropolis"
	Name     string       // display name
	RuleSets []string     // first is the default; nil means a single unnamed rule set
	Options  []OptionSpec // setup options
	// Seats reports the allowed player counts for a validated setup
	// (rule set and options may change them, e.g. a 2-3 player variant).
	Seats func(s Setup) (min, max int)
	// New starts a match. It may assume Setup has been validated by Validate.
	New func(s Setup) (State, error)
	// Decode restores a state written by State.MarshalBinary.
	Decode func(data []byte) (State, error)
}

// Prompt says that one seat must decide something now.
type Prompt struct {
	Seat Seat   `json:"seat"`
	Kind string `json:"kind"`           // message key suffix: "action", "reaction", "casualties"...
	Rule string `json:"rule,omitempty"` // the rule ID that asks for the decision
	// Secret prompts keep every answer hidden until all seats prompted for
	// the same decision have answered.
	Secret bool `json:"secret,omitempty"`
	// Default is the answer taken when a deadline passes (pass, rest, skip);
	// nil when the rules give none.
	Default Path `json:"default,omitempty"`
}

// Option is one legal next step of an answer path.
type Option struct {
	Code string            `json:"code"`           // what players type: "t3", "pass", "north"
	Key  string            `json:"key,omitempty"`  // message key for a label; empty shows Code
	Args map[string]string `json:"args,omitempty"` // arguments for Key
}

// Step lists what may follow a path prefix.
type Step struct {
	Options []Option `json:"options,omitempty"`
	// Done reports that the prefix is already a complete answer; Options may
	// still offer longer answers.
	Done bool `json:"done,omitempty"`
	// Name is the message key of what this step chooses ("tile", "target"),
	// used in prompts and in errors naming the failing step.
	Name string `json:"name,omitempty"`
	// Rule is the rule ID that asks for this step, so an answer that stops
	// before it is refused naming that rule (e.g. the push after a hire).
	Rule string `json:"rule,omitempty"`
	// Private marks options that reveal what only the prompted seat may know
	// (the cards in its hand, a secret pick): the bot shows them to that
	// seat alone, never on a public surface. The engine decides this, not
	// the bot, and a leak oracle in enginetest holds every game to it.
	Private bool `json:"private,omitempty"`
}

// Path is an answer: the option codes chosen at each step.
type Path []string

// Answer is one seat's complete answer, the unit of the match log.
type Answer struct {
	Seat Seat `json:"seat"`
	Path Path `json:"path"`
}

// Event is something that happened, as a message key with arguments that the
// bot localizes. To limits it to one seat (a card drawn into a hand); NoSeat
// means everyone.
type Event struct {
	Key  string            `json:"key"`
	Args map[string]string `json:"args,omitempty"`
	To   Seat              `json:"to"`
}

// Public returns an event everyone may see.
func Public(key string, args map[string]string) Event {
	return Event{Key: key, Args: args, To: NoSeat}
}

// Result is the end of a match: scores by seat and the final ranking.
type Result struct {
	Scores []int   `json:"scores"`
	Rank   []int   `json:"rank"`             // Rank[seat] = 1 for the winner; ties share a rank
	Detail []Score `json:"detail,omitempty"` // per-category breakdown for the final board
}

// Score is one scoring category for one seat.
type Score struct {
	Seat     Seat   `json:"seat"`
	Category string `json:"category"` // message key
	Points   int    `json:"points"`
}

// State is a game in progress. Implementations are plain values: Apply
// mutates the receiver, so Match works on a Clone and keeps the original when
// Apply fails.
type State interface {
	// Pending lists who must decide what now; empty when the game is over.
	Pending() []Prompt
	// Choices lists the legal next steps of seat's answer after prefix.
	// It returns a *RuleError when prefix itself is illegal.
	Choices(seat Seat, prefix Path) (Step, error)
	// Apply performs a complete answer validated by Choices and returns what
	// happened. It may assume the path is legal.
	Apply(a Answer) ([]Event, error)
	// View returns what seat may see (NoSeat: a spectator), as a game-specific
	// plain struct that renderers type-assert.
	View(seat Seat) any
	// Result is non-nil once the game is over.
	Result() *Result
	// Clone returns a deep copy.
	Clone() State
	// MarshalBinary encodes the full state deterministically.
	MarshalBinary() ([]byte, error)
}

// Hash returns a short hex digest of a state's encoding; two states with the
// same hash are byte-identical.
func Hash(s State) (string, error) {
	b, err := s.MarshalBinary()
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:12]), nil
}

// Anytime is implemented by games that accept some answers from a seat that
// has no pending prompt, such as standing preferences ("always pass
// reactions to March"): a player sets them while others play, so most
// reaction windows close without waiting. Choices and Apply must handle
// those paths for any seat.
type Anytime interface {
	// Anytime reports whether an answer starting with first may be given by
	// seat at any time.
	Anytime(seat Seat, first string) bool
}

// BareChooser is a State that can list a step's options by their codes
// alone. Check, which validates every answer, reads only the codes, Done,
// Name and Rule of each step; a game whose option labels (Key, Args) cost
// much of an answer implements it. BareChoices must return what Choices
// returns but for the options' Key and Args (and Step.Private).
type BareChooser interface {
	BareChoices(seat Seat, prefix Path) (Step, error)
}

// Validator is a State that can tell in one walk of its answer tree
// whether a path is a complete legal answer. Check asks it first and, on
// true, skips its step-by-step walk, which calls Choices once per step and
// so walks the tree from its root again at every step. On false Check
// walks step by step after all, to name the step that fails. Valid must
// say what that walk says (enginetest holds every game that implements it
// to that): above all, never accept a path the walk would refuse.
type Validator interface {
	Valid(seat Seat, path Path) bool
}

// Prompter is a State that can tell whether seat has a pending prompt
// without listing them: Pending also builds each prompt's default answer,
// and Check, which runs on every answer, needs only yes or no. Prompted
// must agree with Pending (enginetest holds every game that implements it
// to that).
type Prompter interface {
	Prompted(seat Seat) bool
}

// Secret is one thing some seats may not see right now, in every form a
// player could read it: the code they type ("c45"), the token views use
// ("card:045"), its names ("Trap", "Ловушка").
type Secret struct {
	Owner Seat     // the one seat that may see it; NoSeat: nobody (the deck)
	What  string   // "hand", "pick", "deck": what kind of secret, for messages
	Forms []string // whole words that name it
}

// Concealer is implemented by games with hidden information. Hidden is the
// one list of what is hidden now (hands, sealed picks, the deck order) that
// every leak check reads, so a new game cannot forget a surface: a form of a
// secret may appear on a surface only its owner sees, unless the public view
// already shows it (another copy of a card face up).
type Concealer interface {
	Hidden() []Secret
}

// Redealer is implemented by games whose hidden information is dealt
// cards. Redeal returns a copy in which seat's hidden cards are swapped at
// random (keeping the hand size) with cards seat cannot see, drawing from
// rng. Leak checks use it to prove that what a public step offers does
// not depend on a hand: options that do must be in a Private step.
type Redealer interface {
	Redeal(seat Seat, rng func(n int) int) State
}

// Standing is where a match stands, for a status line. Everything in it
// is public.
type Standing struct {
	Round  int    // the current round, counted from 1; 0 when the game has no rounds
	Rounds int    // rounds in the match; 0 when open-ended
	Phase  string // message key of the current phase; "" when none
	// Scores by seat: the points so far, or (Projected) what each seat would
	// score if the game ended now; nil when the game keeps no score in play.
	Scores    []int
	Projected bool
}

// Progress is implemented by games that can tell where a match stands
// (`status`).
type Progress interface {
	Standing() Standing
}

// RedealCards shuffles hand into deck and deals back a hand of the same
// size, drawing from rng: the body of a card game's Redeal.
func RedealCards(hand, deck []int, rng func(n int) int) (newHand, newDeck []int) {
	pool := append(append(make([]int, 0, len(hand)+len(deck)), hand...), deck...)
	for i := len(pool) - 1; i > 0; i-- {
		j := rng(i + 1)
		pool[i], pool[j] = pool[j], pool[i]
	}
	return pool[:len(hand):len(hand)], pool[len(hand):]
}

// Turner is implemented by games whose turns take several answers (a Fun
// Ants turn: hire, play cards, build, then pass). Continues reports whether
// seat's pending prompt goes on a turn it has begun: chat holds the channel
// post until the turn passes. A new turn, even of the same seat, is news.
type Turner interface {
	Continues(seat Seat) bool
}

// Previewer is implemented by games where part of an answer chooses
// something the board should show before the rest is chosen (Myrmes: the
// pheromone shape, whose legal placements the board then draws labelled as
// typed). Preview returns the public view (what View(NoSeat) shows) as it
// looks while seat considers the partial answer path, or ok false when
// path shows nothing new. It must reveal nothing hidden: chat posts it.
type Previewer interface {
	Preview(seat Seat, path Path) (view any, ok bool)
}
