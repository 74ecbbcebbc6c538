package telegram

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"formica/bot"
	"formica/bot/i18n"
	"formica/bot/pace"
)

// Platform is the bot.Command.Platform and bot.Message.Platform of Telegram.
const Platform = "telegram"

// Service is what the adapter uses of *bot.Service.
type Service interface {
	// Handle answers one command; the messages returned are for the caller.
	Handle(ctx context.Context, c bot.Command) []bot.Message
	// Attach registers the sender for channel and direct messages.
	Attach(platform string, s bot.Sender)
}

// channelMover is implemented by a Service that can move a game to another
// channel (*bot.Service): a group upgraded to a supergroup keeps its game.
type channelMover interface {
	MoveChannel(ctx context.Context, platform, from, to string) error
}

// blockNoter is implemented by a Service that stops reminding users who
// blocked the bot (*bot.Service).
type blockNoter interface {
	SetBlocked(ctx context.Context, platform, id string, blocked bool) error
}

// awayNoter is implemented by a Service that pauses the games of a
// channel the bot was removed from (*bot.Service).
type awayNoter interface {
	SetChannelAway(ctx context.Context, platform, channel string, away bool) error
}

// commandLister is implemented by a Service that can list its commands for
// registration with setMyCommands.
type commandLister interface {
	Commands() []bot.CommandInfo
}

// Adapter connects one Telegram bot to the service. Create it with New,
// then call Run.
type Adapter struct {
	cfg    Config
	svc    Service
	log    *slog.Logger
	client *client
	links  linker
	pacer  *pace.Pacer
	texts  i18n.Bundle
	botID  int64
	botTag string         // the bot's username, for t.me links and /cmd@bot
	bg     sync.WaitGroup // replies being retried in the background
	up     atomic.Bool    // the last getUpdates (or the webhook server) works

	mu        sync.Mutex
	progress  map[[32]byte]progress
	sent      map[string]sentRef     // Replace tag -> message
	names     map[int64]string       // user id -> display name, for mentions
	titles    map[int64]string       // group chat id -> its title, to name it in DMs
	langs     map[int64]string       // user id -> language hint
	reachable map[int64]bool         // users the bot may write to privately (true) or may not (false)
	dmOrigin  map[dmMessage]place    // a prompt sent by DM -> the game it belongs to
	asked     map[string]time.Time   // "place/user" -> when we last asked to open a DM
	admins    map[string]adminStatus // "chat/user" -> cached admin status
	removed   map[int64]bool         // groups the bot was removed from
	migrated  map[int64]int64        // group -> the supergroup it became
}

type sentRef struct {
	id    int
	photo bool
}

type adminStatus struct {
	admin bool
	at    time.Time
}

// New connects to the Bot API (getMe checks the token), registers the
// adapter as the service's Telegram sender and returns it. log may be nil.
func New(cfg Config, svc Service, log *slog.Logger) (*Adapter, error) {
	return NewContext(context.Background(), cfg, svc, log)
}

// NewContext is New with a context bounding the connection check.
func NewContext(ctx context.Context, cfg Config, svc Service, log *slog.Logger) (*Adapter, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if svc == nil {
		return nil, errors.New("telegram: the service is nil")
	}
	cfg = cfg.withDefaults()
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	texts, err := catalog()
	if err != nil {
		return nil, errors.Join(errors.New("telegram: the adapter's texts"), err)
	}
	cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	c, err := newClient(cctx, cfg)
	if err != nil {
		return nil, err
	}
	a := &Adapter{
		cfg:       cfg,
		svc:       svc,
		log:       slog.New(bot.ContextHandler(log.Handler())).With("platform", Platform),
		client:    c,
		links:     newLinker(cfg.Token),
		pacer:     newPacer(),
		texts:     i18n.Bundle{texts},
		botID:     c.api.Self.ID,
		botTag:    c.api.Self.UserName,
		progress:  map[[32]byte]progress{},
		sent:      map[string]sentRef{},
		names:     map[int64]string{},
		titles:    map[int64]string{},
		langs:     map[int64]string{},
		reachable: map[int64]bool{},
		dmOrigin:  map[dmMessage]place{},
		asked:     map[string]time.Time{},
		admins:    map[string]adminStatus{},
		removed:   map[int64]bool{},
		migrated:  map[int64]int64{},
	}
	svc.Attach(Platform, a)
	return a, nil
}

// Telegram asks bots to stay under about 20 posts a minute in one group and
// 30 a second overall; beyond that it answers 429 and, if pushed, bans for
// longer. A group may post a burst of 20 (a lobby filling up, a turn with
// its notes), then 10 a minute; the service's outbox waits (a
// *bot.RetryAfter) instead of provoking 429s, and a 429 that comes anyway
// holds the group for its retry_after.
func newPacer() *pace.Pacer {
	return pace.New(pace.Limit{N: 10, Per: time.Minute, Burst: 20}, pace.Limit{N: 30, Per: time.Second, Burst: 30})
}

// paceKey is the place a post to chat is paced under: each group on its
// own, private chats by the overall limit only.
func paceKey(chat int64) string {
	if chat < 0 {
		return strconv.FormatInt(chat, 10)
	}
	return ""
}

// Connected reports whether updates are coming in: the last getUpdates
// succeeded, or the webhook server is up (for health checks).
func (a *Adapter) Connected() bool { return a.up.Load() }

// BotName is the bot's username (without @).
func (a *Adapter) BotName() string { return a.botTag }

// Run registers the commands and receives updates until ctx ends: by long
// polling, or through the webhook when Config.WebhookURL is set. It returns
// nil when ctx is cancelled.
func (a *Adapter) Run(ctx context.Context) error {
	defer a.bg.Wait()
	if err := a.registerCommands(ctx); err != nil {
		// Commands are a convenience (the menu); typed commands work anyway.
		a.log.WarnContext(ctx, "telegram: setMyCommands failed", "err", err)
	}
	if a.cfg.WebhookURL != "" {
		a.log.InfoContext(ctx, "telegram bot started", "bot", a.botTag, "updates", "webhook")
		return a.serveWebhook(ctx)
	}
	a.log.InfoContext(ctx, "telegram bot started", "bot", a.botTag, "updates", "long polling")
	return a.poll(ctx)
}

// t localizes an adapter text for a language hint.
func (a *Adapter) t(lang, key string) string {
	l := i18n.Lang(lang)
	if l == "" {
		l = i18n.Fallback
	}
	return a.texts.T(l, key, nil)
}

func (a *Adapter) tArgs(lang, key string, args map[string]string) string {
	l := i18n.Lang(lang)
	if l == "" {
		l = i18n.Fallback
	}
	return a.texts.T(l, key, args)
}

func (a *Adapter) replaced(to place, tag string) (sentRef, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	r, ok := a.sent[to.String()+"\x00"+tag]
	return r, ok
}

func (a *Adapter) setReplaced(to place, tag string, r sentRef) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.sent[to.String()+"\x00"+tag] = r
}

func (a *Adapter) forgetReplaced(to place, tag string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	delete(a.sent, to.String()+"\x00"+tag)
}

// remember notes a user's name and language from an update.
func (a *Adapter) remember(id int64, name, lang string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.names[id] = name
	if lang != "" {
		a.langs[id] = lang
	}
}

func (a *Adapter) name(id int64) string { return a.nameOr(id, "") }

// nameOr is the name the adapter saw for id, else stored (the name the
// service keeps), else a generic word.
func (a *Adapter) nameOr(id int64, stored string) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if n := a.names[id]; n != "" {
		return n
	}
	if stored != "" {
		return stored
	}
	return "player"
}

func (a *Adapter) knowsName(id int64) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.names[id] != ""
}

func (a *Adapter) lang(id int64) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.langs[id]
}

// setReachable records whether the bot may write to id privately: true
// once id wrote to it or a DM went through, false after a 403 on a DM
// (until id writes again).
func (a *Adapter) setReachable(id int64, ok bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.reachable[id] = ok
}

// reachability reports what is known of writing to id privately: known is
// false until a DM or a private message settled it.
func (a *Adapter) reachability(id int64) (ok, known bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	ok, known = a.reachable[id]
	return ok, known
}

// dmMessage is a message with buttons in a private chat.
type dmMessage struct {
	chat int64
	msg  int
}

// maxDMOrigins bounds the memory of DM prompts; the oldest are not kept
// apart from the rest, as a press on a forgotten prompt is answered as stale.
const maxDMOrigins = 10000

// rememberDMOrigin notes which game a prompt sent by DM belongs to: a press
// in a private chat carries no group, and the callback data is the service's.
func (a *Adapter) rememberDMOrigin(m dmMessage, p place) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.dmOrigin) >= maxDMOrigins {
		for k := range a.dmOrigin {
			delete(a.dmOrigin, k)
			if len(a.dmOrigin) < maxDMOrigins/2 {
				break
			}
		}
	}
	a.dmOrigin[m] = p
}

func (a *Adapter) dmOriginOf(m dmMessage) (place, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	p, ok := a.dmOrigin[m]
	return p, ok
}
