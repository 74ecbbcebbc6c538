// Package enginetest is the acceptance suite every game must pass:
// random full games terminate, every offered option is accepted and others
// are rejected, replay reproduces the state hash, serialization round-trips,
// and no view shows another seat's secrets.
package enginetest

import (
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"formica/engine"
	"formica/internal/testscale"
)

// Secretive is implemented by games with hidden information. Secrets lists
// strings that only seat may see (card ids in its hand, its sealed choice);
// they must not appear in any other seat's view, nor a spectator's.
type Secretive interface {
	Secrets(seat engine.Seat) []string
}

// Flags of every test binary that imports enginetest. A nightly run plays
// many games (go test ./engine/... -games=2000 -timeout=3h); a failure prints
// the seed and stream that repeat it (-games.seed=218 -games.stream=7).
var (
	flagGames  = flag.Int("games", 0, "random games per setup (0: each test's default; nightly runs use thousands)")
	flagSeed   = flag.Uint64("games.seed", 0, "replay only the random game with this setup seed (with -games.stream)")
	flagStream = flag.Uint64("games.stream", 0, "the random answer stream of -games.seed")
)

// Games returns how many random games a test plays per setup: def, or short
// under -short (a third of it, at least one, under -race: testscale), or
// the -games flag when given.
func Games(def, short int) int {
	switch {
	case *flagGames > 0:
		return *flagGames
	case testing.Short():
		return testscale.N(short, (short+2)/3)
	}
	return def
}

// RandomGame is one random game's identity: the setup seed and the stream
// of the generator that picks its answers. Both vary from game to game, so
// the same setups are not always answered the same way.
type RandomGame struct {
	Seed, Stream uint64
}

func (g RandomGame) String() string {
	return fmt.Sprintf("seed %d stream %d (repeat: -games.seed=%d -games.stream=%d)", g.Seed, g.Stream, g.Seed, g.Stream)
}

// Rand returns the answer generator of the game.
func (g RandomGame) Rand() *rand.Rand { return rand.New(rand.NewPCG(g.Seed, g.Stream)) }

// RandomGames lists n games from base, or only the game named by the
// -games.seed and -games.stream flags.
func RandomGames(base uint64, n int) []RandomGame {
	if *flagSeed != 0 || *flagStream != 0 {
		return []RandomGame{{*flagSeed, *flagStream}}
	}
	out := make([]RandomGame, n)
	for g := range out {
		out[g] = RandomGame{Seed: base + uint64(g)*7919, Stream: uint64(g)*2654435761%1000003 + 1}
	}
	return out
}

// Config tunes Run.
type Config struct {
	Setups []engine.Setup // each is played Games times with different seeds and streams (half of them, spread, under -race)
	// Games is the number of random games per setup (default 20, 3 under
	// -short; the -games flag overrides both), Short the number under -short.
	Games, Short int
	MaxAnswers   int // a game longer than this fails (default 5000)
	// Check runs after every answer; use it for game invariants
	// (pieces conserved, no negative resources).
	Check func(t testing.TB, s engine.State)
	// DeadEnds is how many answer prefixes to walk exhaustively in every
	// position (every fifth under -short) (DeadEnd); 0 means 2000,
	// negative means none.
	DeadEnds int
}

// Run plays random games of d and checks the framework's contracts.
func Run(t *testing.T, d *engine.Descriptor, cfg Config) {
	t.Helper()
	if cfg.Games == 0 {
		cfg.Games = 20
	}
	if cfg.Short == 0 {
		cfg.Short = min(3, cfg.Games)
	}
	games := Games(cfg.Games, cfg.Short)
	if cfg.MaxAnswers == 0 {
		cfg.MaxAnswers = 5000
	}
	if cfg.DeadEnds == 0 {
		cfg.DeadEnds = 2000
	}
	every := testscale.N(5, 10) // -short: every fifth position (every tenth under -race)
	for _, setup := range testscale.Pick(cfg.Setups, (len(cfg.Setups)+1)/2) {
		for _, g := range RandomGames(setup.Seed, games) {
			s := setup
			s.Seed = g.Seed
			rng := g.Rand()
			answer := 0
			m, err := PlayRandom(d, s, rng, cfg.MaxAnswers, func(m *engine.Match) {
				// The per-answer contracts (junk refused, views, leaks)
				// and the dead-end walk cost more than the game; -short
				// checks some positions, the full run every one.
				checked := !testing.Short() || answer%every == 0
				if checked {
					checkStep(t, d, m, rng)
				}
				answer++
				if cfg.DeadEnds > 0 && checked {
					for _, p := range m.State.Pending() {
						if err := DeadEnd(m.State, p.Seat, cfg.DeadEnds); err != nil {
							t.Fatalf("%s %d players %v, %s, after %d answers: %v", d.ID, s.Seats, s.Options, g, len(m.Log), err)
						}
					}
				}
				if cfg.Check != nil {
					cfg.Check(t, m.State)
				}
			})
			if err != nil {
				n := 0
				if m != nil {
					n = len(m.Log)
				}
				t.Fatalf("%s %d players %v, %s, after %d answers: %v", d.ID, s.Seats, s.Options, g, n, err)
			}
			checkReplay(t, d, m)
		}
	}
}

// EachPosition plays games random games of su (each its own seed and
// stream, from base; the setup's seed replaced) and calls each before
// every answer; a game that errs or passes 20,000 answers fails t.
func EachPosition(t testing.TB, d *engine.Descriptor, su engine.Setup, base uint64, games int, each func(g RandomGame, m *engine.Match)) {
	t.Helper()
	for _, g := range RandomGames(base, games) {
		su.Game, su.Seed = d.ID, g.Seed
		if _, err := PlayRandom(d, su, g.Rand(), 20000, func(m *engine.Match) { each(g, m) }); err != nil {
			t.Fatalf("%s: %v", g, err)
		}
	}
}

// PlayRandom plays one game by choosing uniformly random legal answers.
// each runs before every answer.
func PlayRandom(d *engine.Descriptor, s engine.Setup, rng *rand.Rand, max int, each func(*engine.Match)) (*engine.Match, error) {
	m, err := engine.Start(d, s)
	if err != nil {
		return nil, err
	}
	for n := 0; m.State.Result() == nil; n++ {
		if n >= max {
			return m, errors.New("game did not end within the answer limit")
		}
		if each != nil {
			each(m)
		}
		if err := RandomAnswer(m, rng); err != nil {
			return m, err
		}
	}
	return m, nil
}

// RandomAnswer answers one pending prompt, chosen at random, with a random
// legal answer.
func RandomAnswer(m *engine.Match, rng *rand.Rand) error {
	pend := m.State.Pending()
	if len(pend) == 0 {
		return errors.New("no pending prompt but no result: the game is stuck")
	}
	p := pend[rng.IntN(len(pend))]
	path, err := RandomPath(m.State, p.Seat, rng)
	if err != nil {
		return err
	}
	if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
		return errors.New("offered path " + path.String() + " was rejected: " + err.Error())
	}
	return nil
}

// RandomPath walks Choices from the root, picking random options, and stops
// at a complete answer. It reads only codes, so it asks BareChoices where
// the game has it (labels were up to half of a random game); checkBare
// holds the two to the same codes in the same order, so the path is the
// same either way.
func RandomPath(s engine.State, seat engine.Seat, rng *rand.Rand) (engine.Path, error) {
	choices := s.Choices
	if b, ok := s.(engine.BareChooser); ok {
		choices = b.BareChoices
	}
	path := make(engine.Path, 0, 8) // deep enough for most answers: one allocation
	for depth := 0; depth < 64; depth++ {
		step, err := choices(seat, path)
		if err != nil {
			return nil, errors.New("Choices(" + path.String() + "): " + err.Error())
		}
		if step.Done && (len(step.Options) == 0 || rng.IntN(3) == 0) {
			if len(path) == 0 {
				return nil, nil // the empty answer, as it always was
			}
			return path, nil
		}
		if len(step.Options) == 0 {
			return nil, errors.New("dead end: step " + step.Name + " after " + path.String() + " has no options and is not done")
		}
		path = append(path, step.Options[rng.IntN(len(step.Options))].Code)
	}
	return nil, errors.New("answer path deeper than 64 steps")
}

// checkStep verifies, without changing m, that junk is rejected, that
// non-prompted seats are refused, and that views keep secrets.
func checkStep(t *testing.T, d *engine.Descriptor, m *engine.Match, rng *rand.Rand) {
	t.Helper()
	before, _ := engine.Hash(m.State)
	pend := m.State.Pending()
	p := pend[rng.IntN(len(pend))]
	for _, junk := range []engine.Path{{"zz-not-an-option"}, {"-1"}, {""}} {
		if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: junk}); err == nil {
			t.Fatalf("%s: junk answer %q accepted", d.ID, junk)
		}
	}
	// A legal path extended with junk must be rejected too.
	if path, err := RandomPath(m.State, p.Seat, rng); err == nil {
		bad := append(append(engine.Path{}, path...), "zz-extra")
		if err := engine.Check(m.State, p.Seat, bad); err == nil {
			t.Fatalf("%s: path %q accepted with a junk step", d.ID, bad)
		}
	}
	for seat := engine.Seat(0); int(seat) < m.Setup.Seats; seat++ {
		if _, ok := engine.PromptFor(m.State, seat); !ok {
			if err := engine.Check(m.State, seat, engine.Path{"pass"}); !errors.Is(err, engine.ErrNotYourTurn) {
				t.Fatalf("%s: seat %s without a prompt: got %v, want ErrNotYourTurn", d.ID, seat, err)
			}
		}
	}
	if after, _ := engine.Hash(m.State); after != before {
		t.Fatalf("%s: a rejected answer changed the state", d.ID)
	}
	checkPrompted(t, d, m)
	checkValid(t, d, m)
	checkBare(t, d, m)
	checkClone(t, d, m)
	views, err := viewsJSON(m.State, m.Setup.Seats)
	if err != nil {
		t.Fatalf("%s: %v", d.ID, err)
	}
	checkViews(t, d, m, views)
	checkLeaks(t, d, m, rng, views)
}

// checkViews: views is viewsJSON of m.State.
func checkViews(t *testing.T, d *engine.Descriptor, m *engine.Match, views map[engine.Seat]string) {
	t.Helper()
	sec, ok := m.State.(Secretive)
	if !ok {
		return
	}
	for owner := engine.Seat(0); int(owner) < m.Setup.Seats; owner++ {
		for _, secret := range sec.Secrets(owner) {
			for viewer, v := range views {
				if viewer != owner && strings.Contains(v, secret) {
					t.Fatalf("%s: %s's secret %q is in %s's view", d.ID, owner, secret, viewer)
				}
			}
		}
	}
}

func checkReplay(t *testing.T, d *engine.Descriptor, m *engine.Match) {
	t.Helper()
	want, err := engine.Hash(m.State)
	if err != nil {
		t.Fatal(err)
	}
	r, err := engine.Replay(d, m.Setup, m.Log)
	if err != nil {
		t.Fatalf("%s: %v", d.ID, err)
	}
	if got, _ := engine.Hash(r.State); got != want {
		t.Fatalf("%s: replay hash %s, want %s", d.ID, got, want)
	}
	b, err := m.State.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	back, err := d.Decode(b)
	if err != nil {
		t.Fatalf("%s: decode: %v", d.ID, err)
	}
	if got, _ := engine.Hash(back); got != want {
		t.Fatalf("%s: decoded state hash %s, want %s", d.ID, got, want)
	}
	if _, err := d.Decode([]byte("{not json")); err == nil {
		t.Fatalf("%s: decoding garbage succeeded", d.ID)
	}
}
