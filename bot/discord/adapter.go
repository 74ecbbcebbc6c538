package discord

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"formica/bot"
	"formica/bot/i18n"
	"formica/bot/pace"
)

// Platform is the bot.Command.Platform of everything this adapter sends.
const Platform = "discord"

// Service is what the adapter needs from the bot core; *bot.Service
// satisfies it.
type Service interface {
	// Handle answers a command; the result is for the caller only.
	Handle(ctx context.Context, c bot.Command) []bot.Message
	// Complete suggests completions of a partly typed command.
	Complete(ctx context.Context, c bot.Command) []bot.Suggestion
	// Commands lists the commands to register as subcommands.
	Commands() []bot.CommandInfo
}

// Compile-time checks of the contracts with the service.
var (
	_ Service    = (*bot.Service)(nil)
	_ bot.Sender = (*Adapter)(nil)
)

// Adapter connects one Discord bot to the service. It receives interactions
// over the gateway and implements bot.Sender for the service's outbox.
type Adapter struct {
	cfg     Config
	svc     Service
	log     *slog.Logger
	redact  redactor
	session *discordgo.Session
	text    i18n.Bundle
	pages   pageStore
	pace    *pace.Pacer
	cmds    commandSet // the registered slash command's shape

	mu        sync.Mutex
	appID     string
	self      string                   // the bot's user id: the author of its posts
	dms       map[string]string        // user id -> DM channel id
	replaced  map[string]string        // channel + "\x00" + Replace tag -> message id
	recent    map[string]*recentIx     // user id -> their latest interaction
	undeliver map[string][]bot.Message // user id -> DMs that failed, shown on next interaction
	handlers  sync.WaitGroup           // interaction handlers in flight
	lanes     lanes                    // one channel's interactions, in order
	runCtx    context.Context          // set by Run; handlers derive from it
	up        atomic.Bool              // the gateway session is ready
	running   bool
	removers  []func()
}

// recentIx is an interaction whose token can still carry follow-ups.
type recentIx struct {
	ix      *discordgo.Interaction
	channel string
	at      time.Time
}

// followupLife is how long an interaction token accepts follow-ups (Discord
// allows 15 minutes; a margin keeps us clear of the edge).
const followupLife = 14 * time.Minute

// New checks cfg and builds an adapter; it does not connect (see Run). A
// missing or malformed token is an error here; a token Discord rejects is an
// error from Run. Neither error contains the token. log may be nil.
func New(cfg Config, svc Service, log *slog.Logger) (*Adapter, error) {
	if svc == nil {
		return nil, errors.New("discord: no service: pass the *bot.Service to serve")
	}
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	texts, err := newCatalog()
	if err != nil {
		return nil, fmt.Errorf("discord: %w", err)
	}
	s, err := newSession(cfg)
	if err != nil {
		return nil, fmt.Errorf("discord: %w", redactor{cfg.Token}.Err(err))
	}
	var b [4]byte
	_, _ = rand.Read(b[:])
	a := &Adapter{
		cfg: cfg, svc: svc, log: slog.New(bot.ContextHandler(log.Handler())).With("platform", Platform),
		redact: redactor{cfg.Token}, session: s,
		text:  i18n.Bundle{texts},
		pages: pageStore{prefix: hex.EncodeToString(b[:])},
		// Posts to one channel stay under PaceBurst per PaceWindow, below
		// Discord's per-channel limit, so a busy game waits here instead
		// of collecting 429s; discordgo's limiter still applies the limits
		// Discord announces.
		pace:      pace.New(pace.Limit{N: cfg.PaceBurst, Per: cfg.PaceWindow, Burst: cfg.PaceBurst}, pace.Limit{}),
		dms:       map[string]string{},
		replaced:  map[string]string{},
		recent:    map[string]*recentIx{},
		undeliver: map[string][]bot.Message{},
	}
	return a, nil
}

// Run checks the token, connects to the gateway, registers the slash
// command and serves interactions until ctx is done; then it disconnects
// and waits for handlers in flight. Sending (bot.Sender) works without Run.
func (a *Adapter) Run(ctx context.Context) error {
	a.mu.Lock()
	if a.running {
		a.mu.Unlock()
		return errors.New("discord: Run called twice")
	}
	a.running = true
	a.runCtx = ctx
	a.mu.Unlock()

	me, err := a.session.User("@me", discordgo.WithContext(ctx))
	if err != nil {
		return a.startError("checking the bot token", err)
	}
	a.removers = append(a.removers,
		a.session.AddHandler(a.onInteraction),
		a.session.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
			a.up.Store(true)
			a.log.InfoContext(ctx, "discord gateway ready", "user", r.User.Username)
		}),
		a.session.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) { a.up.Store(true) }),
		a.session.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) { a.up.Store(false) }),
	)
	if err := a.session.Open(); err != nil {
		return a.startError("connecting to the gateway", err)
	}
	defer a.shutdown()

	appID := me.ID
	a.session.State.RLock()
	if app := a.session.State.Application; app != nil && app.ID != "" {
		appID = app.ID
	}
	a.session.State.RUnlock()
	a.mu.Lock()
	a.appID, a.self = appID, me.ID
	a.mu.Unlock()
	if err := a.register(ctx, appID); err != nil {
		return err
	}
	a.log.InfoContext(ctx, "discord bot started", "bot", me.Username, "command", "/"+a.cfg.Command, "guild", a.cfg.GuildID)
	<-ctx.Done()
	return nil
}

// Connected reports whether the gateway session is ready (for health
// checks).
func (a *Adapter) Connected() bool { return a.up.Load() }

// shutdown disconnects and waits (bounded) for interaction handlers.
func (a *Adapter) shutdown() {
	for _, rm := range a.removers {
		rm()
	}
	if err := a.session.Close(); err != nil {
		a.log.Warn("discord close", "err", a.redact.String(err.Error()))
	}
	done := make(chan struct{})
	go func() { a.handlers.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		a.log.Warn("discord: interaction handlers still running at shutdown")
	}
}

// gatewayAuthFailed is the gateway's close code for a rejected token.
const gatewayAuthFailed = 4004

// startError explains a start-up failure without the token.
func (a *Adapter) startError(doing string, err error) error {
	var (
		rest  *discordgo.RESTError
		close *websocket.CloseError
	)
	switch {
	case errors.Is(err, discordgo.ErrUnauthorized),
		errors.As(err, &rest) && rest.Response != nil && rest.Response.StatusCode == 401:
		return fmt.Errorf("discord: %s: Discord rejected the bot token (401 Unauthorized): set %s to the token from the developer portal (Bot > Reset Token)", doing, EnvToken)
	case errors.As(err, &close) && close.Code == gatewayAuthFailed:
		return fmt.Errorf("discord: %s: Discord rejected the bot token (gateway close 4004, authentication failed): set %s to the token from the developer portal (Bot > Reset Token)", doing, EnvToken)
	}
	return fmt.Errorf("discord: %s: %w", doing, a.redact.Err(err))
}

// paceWait waits for channel's next posting slot.
func (a *Adapter) paceWait(ctx context.Context, channel string) error {
	d := a.pace.Reserve(channel, time.Now())
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// ctx is the context handlers run under: Run's, or Background before Run.
func (a *Adapter) ctx() context.Context {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.runCtx != nil {
		return context.WithoutCancel(a.runCtx)
	}
	return context.Background()
}
