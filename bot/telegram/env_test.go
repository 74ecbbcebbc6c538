package telegram_test

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/bottest"
	"formica/bot/schedule/scheduletest"
	"formica/bot/telegram"
	"formica/bot/telegram/faketg"
	"formica/engine"
	"formica/engine/micropolis"
	"formica/storage"
)

// The end-to-end tests run the real service (bot.Service on a bbolt file),
// the real Micropolis engine and renderer, and the real tgbotapi client
// against faketg on loopback. Nothing of ours is mocked.

const (
	token   = "123456789:AAHk3x_test-token-SECRET-0123456789abc"
	botName = "formica_bot"
	wait    = 60 * time.Second // waits end at their event; a loaded -race run renders slowly
)

var (
	alice    = faketg.User{ID: 11, FirstName: "Alice", Lang: "en"}
	bob      = faketg.User{ID: 12, FirstName: "Bob", Lang: "ru"}
	carol    = faketg.User{ID: 13, FirstName: "Carol"}
	stranger = faketg.User{ID: 99, FirstName: "Mallory"}
	group    = faketg.Chat{ID: -1001234567890, Type: "supergroup", Title: "Ants"}
	forum    = faketg.Chat{ID: -1009876543210, Type: "supergroup", Title: "Forum", IsForum: true}
)

// env is one running bot: fake Telegram, service, store, adapter.
type env struct {
	t    *testing.T
	fake *faketg.Server
	path string
	logs *bottest.Buffer

	db     *storage.DB
	svc    *bot.Service
	ad     *telegram.Adapter
	cancel context.CancelFunc
	done   chan error
	runs   sync.WaitGroup
	// clock is the service's clock (reminder tests move it and call
	// Service.Tick); nil means time.Now.
	clock func() time.Time
	// adClock, set before start, is the adapter's clock (its pacing);
	// nil means time.Now.
	adClock func() time.Time
	// games are the games served; nil means games(t).
	games []bot.Game
	// retries, when set, is the clock of both the service and the adapter;
	// settle moves it to each outbox retry (newEnvOnClock), adding to waited.
	retries *scheduletest.Clock
	waited  time.Duration
}

// games is the list cmd/formica would build, Micropolis only, its boards
// drawn as stand-ins (bottest.StandIn): these tests are about the adapter,
// not the picture. TestPlayMicropolisInGroup plays with real boards.
func games(t *testing.T) []bot.Game { return []bot.Game{bottest.StandIn(bottest.Micropolis(t))} }

func newEnv(t *testing.T) *env {
	t.Helper()
	return newEnvClock(t, nil)
}

// newEnvClock is newEnv with the service reading clock (nil: time.Now).
func newEnvClock(t *testing.T, clock func() time.Time) *env {
	t.Helper()
	return newEnvGames(t, clock, nil)
}

// newEnvGames is newEnvClock serving gs (nil: games(t)).
func newEnvGames(t *testing.T, clock func() time.Time, gs []bot.Game) *env {
	t.Helper()
	e := &env{t: t, clock: clock, games: gs}
	e.init()
	e.start()
	return e
}

// newEnvOnClock is newEnv serving gs (nil: games(t)) with the service and
// the adapter on one injected clock that only settle moves: to each time
// the outbox waits for (a backoff, a retry_after, the group pacing), so
// no test waits real time for them. waited sums how far it moved. The
// adapter's own retries of replies wait on it too (e.retries.After).
func newEnvOnClock(t *testing.T, gs []bot.Game) *env {
	t.Helper()
	clock := scheduletest.NewClock(time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC))
	e := &env{t: t, clock: clock.Now, adClock: clock.Now, retries: clock, games: gs}
	e.init()
	e.start()
	return e
}

// init makes the fake and the database path and registers the cleanup.
func (e *env) init() {
	t := e.t
	e.fake, e.path, e.logs = faketg.New(token, botName), filepath.Join(t.TempDir(), "formica.db"), &bottest.Buffer{}
	t.Cleanup(func() {
		e.stop()
		e.fake.Close()
		if strings.Contains(e.logs.String(), token) || strings.Contains(e.logs.String(), "SECRET") {
			t.Error("the token leaked into the logs")
		}
	})
}

func (e *env) config() telegram.Config {
	c := telegram.Config{Token: token, APIURL: e.fake.URL(), PollTimeout: time.Second, Now: e.adClock}
	if e.retries != nil {
		c.After = e.retries.After
	}
	return c
}

// start opens the store and runs the service and the adapter.
func (e *env) start() {
	t := e.t
	t.Helper()
	db, err := storage.Open(e.path, &storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	seed := uint64(7)
	gs := e.games
	if gs == nil {
		gs = games(t)
	}
	svc, err := bot.New(bot.Config{Store: db, Games: gs, Logger: log, Seed: func() uint64 { return seed }, Clock: e.clock})
	if err != nil {
		t.Fatal(err)
	}
	ad, err := telegram.New(e.config(), svc, log)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	e.db, e.svc, e.ad, e.cancel = db, svc, ad, cancel
	e.done = make(chan error, 2)
	e.runs.Add(2)
	go func() { defer e.runs.Done(); e.done <- svc.Run(ctx) }()
	go func() { defer e.runs.Done(); e.done <- ad.Run(ctx) }()
}

// stop cancels both loops, waits for them and closes the store.
func (e *env) stop() {
	if e.cancel == nil {
		return
	}
	e.cancel()
	e.runs.Wait()
	close(e.done)
	for err := range e.done {
		if err != nil && !errors.Is(err, context.Canceled) {
			e.t.Errorf("run: %v", err)
		}
	}
	if err := e.db.Close(); err != nil {
		e.t.Error(err)
	}
	e.cancel = nil
}

func (e *env) restart() {
	e.stop()
	e.start()
}

// handled waits until the bot confirmed update id (it polled past it).
func (e *env) handled(id int64) {
	e.t.Helper()
	if !faketg.Wait(wait, func() bool { return e.fake.Confirmed() >= id }) {
		e.t.Fatalf("update %d was not handled; logs:\n%s", id, e.logs.String())
	}
}

// say posts text in chat and waits until it was handled and delivered.
func (e *env) say(chat faketg.Chat, thread int64, u faketg.User, text string) {
	e.t.Helper()
	e.handled(e.fake.Say(chat, thread, u, text))
	e.settle()
}

// press presses a button and waits until it was handled.
func (e *env) press(u faketg.User, msg int64, data string) {
	e.t.Helper()
	id, err := e.fake.Press(u, msg, data)
	if err != nil {
		e.t.Fatal(err)
	}
	e.handled(id)
	e.settle()
}

// settle waits until the outbox is empty (everything queued was delivered
// or dropped).
func (e *env) settle() {
	e.t.Helper()
	ok := faketg.Wait(wait, func() bool {
		p, err := e.db.Pending(context.Background(), 1)
		if err == nil && len(p) == 0 {
			return true
		}
		if e.retries != nil {
			if at, ok := e.svc.NextRetry(); ok {
				if d := at.Sub(e.retries.Now()); d > 0 {
					e.retries.Add(d)
					e.waited += d
				}
				e.svc.Wake()
			}
		}
		return false
	})
	if !ok {
		e.t.Fatalf("outbox did not drain; logs:\n%s", e.logs.String())
	}
}

// last returns the newest message in chat/thread (thread -1: any).
func (e *env) last(chat int64, thread int64) faketg.Message {
	e.t.Helper()
	ms := e.fake.Messages(chat, thread)
	if len(ms) == 0 {
		e.t.Fatalf("no messages in chat %d", chat)
	}
	return ms[len(ms)-1]
}

// lastWith returns the newest message in chat whose text contains s.
func (e *env) lastWith(chat, thread int64, s string) (faketg.Message, bool) {
	ms := e.fake.Messages(chat, thread)
	for i := len(ms) - 1; i >= 0; i-- {
		if strings.Contains(ms[i].Text, s) {
			return ms[i], true
		}
	}
	return faketg.Message{}, false
}

// button finds a callback button whose data starts with prefix.
func button(m faketg.Message, prefix string) (faketg.Button, bool) {
	if m.Keyboard == nil {
		return faketg.Button{}, false
	}
	for _, row := range m.Keyboard.Rows {
		for _, b := range row {
			if b.CallbackData != "" && strings.HasPrefix(b.CallbackData, prefix) {
				return b, true
			}
		}
	}
	return faketg.Button{}, false
}

// urlButton finds a URL button.
func urlButton(m faketg.Message) (faketg.Button, bool) {
	if m.Keyboard == nil {
		return faketg.Button{}, false
	}
	for _, row := range m.Keyboard.Rows {
		for _, b := range row {
			if b.URL != "" {
				return b, true
			}
		}
	}
	return faketg.Button{}, false
}

// checkPNG decodes a posted photo.
func checkPNG(t *testing.T, b []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("photo is not a PNG: %v", err)
	}
	if r := img.Bounds(); r.Dx() < 200 || r.Dy() < 200 {
		t.Fatalf("board image is only %v", r)
	}
}

// match loads the stored match of a place.
func (e *env) match(channel string) *storage.Match {
	e.t.Helper()
	m, err := e.db.Match(context.Background(), storage.MatchKey{Platform: telegram.Platform, Channel: channel})
	if err != nil {
		e.t.Fatal(err)
	}
	return m
}

// legalMove walks the current state to a complete answer for seat: the
// first option at each step, the shortest complete path.
func (e *env) legalMove(channel string) (engine.Seat, engine.Path) {
	e.t.Helper()
	m := e.match(channel)
	st, err := micropolis.Game.Decode(m.Snapshot)
	if err != nil {
		e.t.Fatal(err)
	}
	pend := st.Pending()
	if len(pend) == 0 {
		e.t.Fatal("nobody is prompted")
	}
	seat := pend[0].Seat
	var path engine.Path
	for range 30 {
		step, err := st.Choices(seat, path)
		if err != nil {
			e.t.Fatal(err)
		}
		if step.Done {
			return seat, path
		}
		path = append(path, step.Options[0].Code)
	}
	e.t.Fatalf("no complete answer found from %v", path)
	return 0, nil
}
