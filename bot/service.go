package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"formica/bot/i18n"
	"formica/bot/schedule"
	"formica/engine/locale"
	"formica/rules"
	"formica/storage"
)

// Config is what New needs. Store and Games are required.
type Config struct {
	Store Store
	Games []Game
	// Clock returns the time stamped on log entries, reminders and
	// deadlines, and times the outbox's retries; nil means time.Now. A
	// test's clock that stands still holds a failed delivery until the test
	// moves it (NextRetry says to when) and calls Wake.
	Clock func() time.Time
	// Logger receives operational logs; nil discards them.
	Logger *slog.Logger
	// Seed returns the seed of a new match unless its command names one
	// (seed=N); nil means a random seed.
	Seed func() uint64
	// Lang is the language of channels and users that name none; "" is English.
	Lang string
	// Observer receives measurements (commands, board latency, retries,
	// reminders); nil measures nothing.
	Observer Observer
	// AIPlayouts is the search budget of AI seats per decision; 0 means
	// the default level's (tests pass a small one).
	AIPlayouts int
}

// Service is the platform-neutral bot. It is safe for concurrent use.
type Service struct {
	store   Store
	games   []*Game
	clock   func() time.Time
	log     *slog.Logger
	seed    func() uint64
	lang    string
	catalog *locale.Catalog
	router  *router
	handler Handler
	locks   KeyLocks
	// refusals remembers each user's last refused move for `why`.
	refusals notes
	// rules parses the embedded rules references when first asked.
	rules func() (rules.Reference, error)
	obs   Observer
	// aiPlayouts is Config.AIPlayouts.
	aiPlayouts int

	mu      sync.Mutex
	senders map[string]Sender
	wake    chan struct{}    // nudges Run after a commit
	sched   *schedule.Runner // the running scheduler, woken when entries are added
	deliv   *deliverer       // Run's delivery state, for NextRetry
	flushMu sync.Mutex       // one Flush at a time, so nothing is sent twice
}

// New checks cfg and builds a service.
func New(cfg Config) (*Service, error) {
	if cfg.Store == nil {
		return nil, errors.New("bot: Config.Store is nil: pass an open storage.DB")
	}
	if len(cfg.Games) == 0 {
		return nil, errors.New("bot: Config.Games is empty: pass at least one game")
	}
	cat, err := i18n.Service()
	if err != nil {
		return nil, err
	}
	s := &Service{
		store:   cfg.Store,
		clock:   cfg.Clock,
		log:     cfg.Logger,
		seed:    cfg.Seed,
		lang:    i18n.Lang(cfg.Lang),
		catalog: cat,
		senders: map[string]Sender{},
		wake:    make(chan struct{}, 1),
		rules:   sync.OnceValues(rules.Load),
		obs:     cfg.Observer,

		aiPlayouts: cfg.AIPlayouts,
	}
	if s.obs == nil {
		s.obs = noObserver{}
	}
	if s.clock == nil {
		s.clock = time.Now
	}
	if s.log == nil {
		s.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s.log = slog.New(ContextHandler(s.log.Handler()))
	if s.seed == nil {
		s.seed = rand.Uint64
	}
	if s.lang == "" {
		s.lang = i18n.Fallback
	}
	seen := map[string]bool{}
	for i := range cfg.Games {
		g := cfg.Games[i]
		if g.Descriptor == nil {
			return nil, fmt.Errorf("bot: Config.Games[%d] has no Descriptor", i)
		}
		if seen[g.ID] {
			return nil, fmt.Errorf("bot: game %q is listed twice", g.ID)
		}
		seen[g.ID] = true
		if load := g.LoadComponents; load != nil {
			own, log := g.Components, s.log
			g.pieces = sync.OnceValue(func() []Component {
				more, err := load()
				if err != nil {
					log.Error("game pieces not loaded", "game", g.ID, "err", err)
				}
				return append(slices.Clip(own), more...)
			})
		}
		s.games = append(s.games, &g)
	}
	if l, ok := cfg.Store.(MatchLocker); ok {
		s.locks.Shared = l.Lock
	}
	s.router = newRouter(s)
	s.handler = Chain(s.router,
		Tag(),
		Recover(s.log, s.internalError),
		Log(s.log),
		Observe(s.obs),
		LockMatch(&s.locks),
	)
	return s, nil
}

// Handle answers one command. The returned messages are for the caller
// (To: Caller); everything for the channel or other users is queued and
// delivered by Run. Handle never panics.
func (s *Service) Handle(ctx context.Context, c Command) []Message {
	return s.handler.Handle(ctx, c)
}

// Attach registers the Sender that delivers messages on platform. Messages
// for a platform without a Sender wait in the outbox.
func (s *Service) Attach(platform string, snd Sender) {
	s.mu.Lock()
	s.senders[platform] = snd
	s.mu.Unlock()
	s.nudge()
}

func (s *Service) sender(platform string) Sender {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.senders[platform]
}

// helpNote is what platform says about how it reads commands, in lang.
func (s *Service) helpNote(platform, lang string) string {
	if n, ok := s.sender(platform).(HelpNoter); ok {
		return n.HelpNote(lang)
	}
	return ""
}

// styler is platform's Styler: its Sender's, or plain text.
func (s *Service) styler(platform string) Styler {
	if st, ok := s.sender(platform).(Styler); ok {
		return st
	}
	return plainStyle{}
}

// plainStyle shows channels and commands as they are (console).
type plainStyle struct{}

func (plainStyle) ChannelRef(channel string) string { return channel }
func (plainStyle) CommandRef(text string) string    { return text }

// nudge wakes the delivery loop without blocking.
func (s *Service) nudge() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// game returns the game with id, or nil.
func (s *Service) game(id string) *Game {
	for _, g := range s.games {
		if g.ID == id {
			return g
		}
	}
	return nil
}

// gameIDs lists the games offered, for help and errors.
func (s *Service) gameIDs() string {
	ids := make([]string, len(s.games))
	for i, g := range s.games {
		ids[i] = g.ID
	}
	return strings.Join(ids, ", ")
}

// internalError is the reply when a handler panicked, in the caller's
// language (their stored setting, else the platform's hint).
func (s *Service) internalError(c Command) []Message {
	lang := i18n.Lang(c.User.Lang)
	if u, err := s.store.User(context.Background(), storage.UserKey{Platform: c.Platform, ID: c.User.ID}); err == nil && i18n.Lang(u.Lang) != "" {
		lang = i18n.Lang(u.Lang)
	}
	if lang == "" {
		lang = s.lang
	}
	m := reply(c, i18n.Bundle{s.catalog}.T(lang, "err.internal", nil))
	m.Refused = true
	return []Message{m}
}

// reply is a Caller message answering c.
func reply(c Command, text string) Message {
	return Message{To: Caller, Platform: c.Platform, Channel: c.Channel, User: c.User.ID, Text: text}
}
