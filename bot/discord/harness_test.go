package discord_test

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/bottest"
	"formica/bot/discord"
	"formica/bot/discord/fakediscord"
	"formica/storage"
)

// testToken is what the fake accepts; tests check it never leaks.
const testToken = "MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs"

const channel = "700000000000000001"

var (
	alice = fakediscord.User{ID: "100000000000000001", Name: "alice"}
	bob   = fakediscord.User{ID: "100000000000000002", Name: "bob"}
	carol = fakediscord.User{ID: "100000000000000003", Name: "carol"}
	dave  = fakediscord.User{ID: "100000000000000004", Name: "dave"} // not playing
)

// games is the list cmd/formica would build, Micropolis only, its boards
// drawn as stand-ins (bottest.StandIn): these tests are about the adapter,
// not the picture. TestConversation plays with real boards.
func games(t *testing.T) []bot.Game { return []bot.Game{bottest.StandIn(bottest.Micropolis(t))} }

// process is one run of the bot: storage, service and adapter, wired the
// way cmd/formica serve wires them.
type process struct {
	db     *storage.DB
	svc    *bot.Service
	ad     *discord.Adapter
	cancel context.CancelFunc
	errs   chan error
}

type env struct {
	t    *testing.T
	fake *fakediscord.Server
	db   string
	log  *bottest.Buffer
	cfg  discord.Config
	proc *process
	runs int
	// clock, when set before start, is the service's clock (reminder tests
	// move it and call Service.Tick); nil means time.Now.
	clock func() time.Time
	// games, when set before start, are the games served; nil means games(t).
	games []bot.Game
}

func newEnv(t *testing.T) *env {
	t.Helper()
	fake := fakediscord.New(testToken)
	t.Cleanup(fake.Close)
	e := &env{
		t: t, fake: fake, db: filepath.Join(t.TempDir(), "formica.db"), log: &bottest.Buffer{},
		cfg: discord.Config{
			Token: testToken, APIURL: fake.URL(), GuildID: fakediscord.Guild,
			RequestTimeout: 2 * time.Second, RetryDelay: 50 * time.Millisecond,
			PaceBurst: 5, PaceWindow: 300 * time.Millisecond, // Discord allows 5 per 5 s; fast tests
		},
	}
	t.Cleanup(func() {
		e.stop()
		if strings.Contains(e.log.String(), testToken) {
			t.Errorf("the bot token appears in the log")
		}
	})
	return e
}

// start runs the bot and waits until it is connected and registered.
func (e *env) start() {
	e.t.Helper()
	db, svc := e.service()
	ad, err := discord.New(e.cfg, svc, e.logger())
	if err != nil {
		e.t.Fatal(err)
	}
	svc.Attach(discord.Platform, ad)
	ctx, cancel := context.WithCancel(context.Background())
	p := &process{db: db, svc: svc, ad: ad, cancel: cancel, errs: make(chan error, 2)}
	go func() { p.errs <- svc.Run(ctx) }()
	go func() { p.errs <- ad.Run(ctx) }()
	e.proc = p
	e.runs++
	wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
	defer wcancel()
	if err := e.fake.WaitIdentifies(wctx, e.runs); err != nil {
		e.t.Fatalf("bot did not connect: %v", err)
	}
	if err := e.fake.WaitRequests(wctx, "PUT", "/commands", e.runs); err != nil {
		e.t.Fatalf("bot did not register its command: %v", err)
	}
}

// logger writes to the test's log buffer.
func (e *env) logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(e.log, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// service opens the store and builds the service on it.
func (e *env) service() (*storage.DB, *bot.Service) {
	e.t.Helper()
	db, err := storage.Open(e.db, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	gs := e.games
	if gs == nil {
		gs = games(e.t)
	}
	svc, err := bot.New(bot.Config{Store: db, Games: gs, Logger: e.logger(), Seed: func() uint64 { return 42 }, Clock: e.clock})
	if err != nil {
		e.t.Fatal(err)
	}
	return db, svc
}

// stopWithin bounds a stop: the service finishes the pictures it is
// drawing (a game's end draws its timelapse), which under -race on a loaded
// machine takes far longer than on a quiet one; a stop that works ends at
// once after them.
const stopWithin = 60 * time.Second

// stop ends the running bot, as a restart or shutdown would.
func (e *env) stop() {
	p := e.proc
	if p == nil {
		return
	}
	e.proc = nil
	p.cancel()
	for range 2 {
		select {
		case err := <-p.errs:
			if err != nil && !errors.Is(err, context.Canceled) {
				e.t.Errorf("run: %v", err)
			}
		case <-time.After(stopWithin):
			e.t.Errorf("bot did not stop within %s", stopWithin)
		}
	}
	if err := p.db.Close(); err != nil {
		e.t.Errorf("closing db: %v", err)
	}
}

func (e *env) ctx() context.Context {
	// Generous: under -race on a loaded 2-core machine a board render
	// alone takes seconds; waits end as soon as their event happens.
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	e.t.Cleanup(cancel)
	return ctx
}

// slash runs /ants sub and checks it was acknowledged in time, ephemerally
// deferred.
func (e *env) slash(u fakediscord.User, sub string, opts ...fakediscord.Opt) *fakediscord.Interaction {
	e.t.Helper()
	ix, err := e.fake.Slash(u, channel, "ants", sub, opts...)
	if err != nil {
		e.t.Fatal(err)
	}
	e.acked(ix, fakediscord.CallbackDeferMessage)
	return ix
}

func (e *env) press(u fakediscord.User, m fakediscord.Message, customID string) *fakediscord.Interaction {
	e.t.Helper()
	ix, err := e.fake.Press(u, m, customID)
	if err != nil {
		e.t.Fatal(err)
	}
	e.acked(ix, fakediscord.CallbackDeferUpdate)
	return ix
}

func (e *env) acked(ix *fakediscord.Interaction, want int) {
	e.t.Helper()
	typ, err := ix.Ack(e.ctx())
	if err != nil {
		e.t.Fatal(err)
	}
	if typ != want {
		e.t.Fatalf("interaction acknowledged with callback %d, want %d", typ, want)
	}
	if d := ix.AckDelay(); d > fakediscord.CallbackDeadline {
		e.t.Fatalf("acknowledged after %s", d)
	}
}

// reply waits for an ephemeral reply to ix.
func (e *env) reply(ix *fakediscord.Interaction) fakediscord.Message {
	e.t.Helper()
	m, err := ix.WaitReply(e.ctx(), func(m fakediscord.Message) bool { return true })
	if err != nil {
		e.t.Fatalf("no reply to %s: %v (log:\n%s)", ix.User.Name, err, e.log.String())
	}
	if !m.Ephemeral {
		e.t.Fatalf("reply to %s is not ephemeral: %q", ix.User.Name, m.Content)
	}
	return m
}

// boards returns the channel's board posts (messages with a PNG), in order.
func boards(msgs []fakediscord.Message) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range msgs {
		if m.ChannelID == channel && !m.Ephemeral && !m.Deleted && len(m.Files) > 0 {
			out = append(out, m)
		}
	}
	return out
}

func (e *env) boards() []fakediscord.Message { return boards(e.fake.Messages()) }

// waitBoards waits until the channel shows n board posts and returns the last.
func (e *env) waitBoards(n int) fakediscord.Message {
	e.t.Helper()
	msgs, err := e.fake.WaitMessages(e.ctx(), func(msgs []fakediscord.Message) bool { return len(boards(msgs)) >= n })
	if err != nil {
		e.t.Fatalf("waiting for board post %d: %v (log:\n%s)", n, err, e.log.String())
	}
	b := boards(msgs)
	return b[n-1]
}

// checkBoard decodes a board post's PNG (a real board or a stand-in, both
// at least 200 px a side).
func (e *env) checkBoard(m fakediscord.Message) {
	e.t.Helper()
	if len(m.Files) != 1 || !strings.HasSuffix(m.Files[0].Name, ".png") {
		e.t.Fatalf("board post has files %v, want one PNG", m.Files)
	}
	img, err := png.Decode(bytes.NewReader(m.Files[0].Data))
	if err != nil {
		e.t.Fatalf("board PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 200 || b.Dy() < 200 {
		e.t.Fatalf("board PNG is %v, too small to read", b)
	}
}

// userByID maps a mention back to the test user.
func userByID(id string) (fakediscord.User, bool) {
	for _, u := range []fakediscord.User{alice, bob, carol, dave} {
		if u.ID == id {
			return u, true
		}
	}
	return fakediscord.User{}, false
}

// current is the player a board post mentions (whose turn it is).
func (e *env) current(board fakediscord.Message) fakediscord.User {
	e.t.Helper()
	if len(board.Mentions) != 1 {
		e.t.Fatalf("board post mentions %v, want exactly the player to move: %q", board.Mentions, board.Content)
	}
	u, ok := userByID(board.Mentions[0])
	if !ok {
		e.t.Fatalf("board post mentions unknown user %s", board.Mentions[0])
	}
	if !strings.Contains(board.Content, "<@"+u.ID+">") {
		e.t.Fatalf("board post does not ping %s: %q", u.Name, board.Content)
	}
	return u
}
