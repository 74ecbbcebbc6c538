package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"formica/bot/discord/fakediscord"
	"formica/bot/telegram/faketg"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/micropolis"
	"formica/storage"
)

var (
	crashKills = flag.Int("crash.kills", 0, "SIGKILLs in TestCrashHarness (default 60; 2 under -short)")
	crashSeed  = flag.Uint64("crash.seed", 0, "seed of TestCrashHarness's random play and kill times (0: from the clock)")
)

// Tokens of the crash harness's fake platforms; they must never show in
// the binary's logs.
const (
	crashDiscordToken  = "MTIzNDU2Nzg5.CRASHdc.crash-discord-token"
	crashTelegramToken = "777000:CRASHtg_telegram_token_secret"
)

// buildBinary builds the real formica binary once for the test.
func buildBinary(t testing.TB) string {
	t.Helper()
	// The go command running this test is the one to build with.
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goTool); err != nil {
		if goTool, err = exec.LookPath("go"); err != nil {
			t.Skip("no go tool to build the binary")
		}
	}
	bin := filepath.Join(t.TempDir(), "formica")
	out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// crashGame is one Micropolis game played on a fake platform, with the
// harness's own copy of the match to find legal moves.
type crashGame struct {
	platform string
	channel  string // the service's channel: Telegram chat id or Discord channel id
	tgChat   faketg.Chat
	tgUsers  []faketg.User
	dcUsers  []fakediscord.User
	seed     uint64

	mu      sync.Mutex
	replica *engine.Match
	acked   []engine.Answer // answers whose board the platform showed
	pending *engine.Answer  // sent, not yet shown
	stopAt  int             // play stops at this many answers (0: never)
}

// crashRun is the harness: the fakes, the database path and the binary's
// current process.
type crashRun struct {
	t        testing.TB
	bin, dir string
	db       string
	dc       *fakediscord.Server
	tg       *faketg.Server
	games    []*crashGame
	rng      *rand.Rand

	// The addresses the binary is given: the fakes' or their proxies'.
	dcURL, dcGateway, tgURL string
	dcProxy, tgProxy        *proxy

	// onAck, when set, gets each move's command-to-board latency.
	onAck func(time.Duration)

	cmd        *exec.Cmd
	lastUpdate atomic.Int64 // the newest Telegram update the players sent
	logs       []string     // each run's stderr file
	starts     int
	polls      int // getUpdates requests seen before the current start
}

// TestCrashHarness runs the real binary against the fake Discord and
// Telegram with several Micropolis games played at random, SIGKILLs it at
// random moments and restarts it, then checks: every answer a player saw
// acknowledged (its board posted) is in the log, in order; every match
// replays from its log to its stored hash; every board is posted exactly
// once (none twice, none lost); no token and no panic in any log.
func TestCrashHarness(t *testing.T) {
	kills, ngames := 60, 8
	if testing.Short() {
		kills, ngames = 2, 4
	}
	if *crashKills > 0 {
		kills = *crashKills
	}
	seed := *crashSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Logf("crash harness: %d kills, %d games, -crash.seed=%d", kills, ngames, seed)
	h := newHarness(t, ngames, seed, false)
	h.start()
	for _, g := range h.games {
		h.open(g)
	}
	survived := 0
	for k := range kills {
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		for _, g := range h.games {
			wg.Add(1)
			go func() { defer wg.Done(); h.play(ctx, g) }()
		}
		// Kill at a random moment of play: often mid-command, mid-commit
		// or mid-delivery.
		time.Sleep(time.Duration(50+h.rng.IntN(450)) * time.Millisecond)
		h.kill()
		cancel()
		wg.Wait()
		t1 := time.Now()
		h.start()
		t2 := time.Now()
		if !h.resolve() {
			t.Fatalf("after kill %d of %d: the platforms disagree with what was acknowledged", k+1, kills)
		}
		survived++
		t.Logf("kill %d: start %v, resolve %v", k+1, t2.Sub(t1), time.Since(t2))
	}
	h.quiesce()
	h.terminate()
	h.verify()
	answers, repeats := 0, 0
	for _, g := range h.games {
		answers += len(g.acked)
		repeats += h.repeats(g)
	}
	// At most the one board in flight per Telegram group per kill.
	if tgGames := (len(h.games) + 1) / 2; repeats > kills*tgGames {
		t.Errorf("%d repeated Telegram boards for %d kills of %d groups", repeats, kills, tgGames)
	}
	t.Logf("crash harness: %d kills survived, %d answers acknowledged over %d games, all in the logs and replaying to their hashes; %d Telegram boards re-sent after a kill (no nonce on Telegram)", survived, answers, len(h.games), repeats)
}

// newHarness builds the binary, starts the fakes and describes ngames
// Micropolis games, alternately on Telegram and Discord. With proxied the
// binary reaches the fakes through TCP proxies that can drop connections.
func newHarness(t testing.TB, ngames int, seed uint64, proxied bool) *crashRun {
	t.Helper()
	h := &crashRun{t: t, bin: buildBinary(t), dir: t.TempDir(), rng: rand.New(rand.NewPCG(seed, 19))}
	h.db = filepath.Join(h.dir, "formica.db")
	h.dc = fakediscord.New(crashDiscordToken)
	t.Cleanup(h.dc.Close)
	h.tg = faketg.New(crashTelegramToken, "formica_bot")
	t.Cleanup(h.tg.Close)
	t.Cleanup(h.stop)
	h.dcURL, h.dcGateway, h.tgURL = h.dc.URL(), h.dc.GatewayURL(), h.tg.URL()
	if proxied {
		h.dcProxy, h.tgProxy = newProxy(t, h.dcURL), newProxy(t, h.tgURL)
		h.dcURL = h.dcProxy.rewrite(h.dcURL)
		h.dcGateway = h.dcProxy.rewrite(h.dcGateway)
		h.tgURL = h.tgProxy.rewrite(h.tgURL)
	}
	for i := range ngames {
		g := &crashGame{seed: seed%1000 + uint64(100+i)}
		if i%2 == 0 {
			g.platform = "telegram"
			g.tgChat = faketg.Chat{ID: -1001000 - int64(i), Type: "supergroup", Title: fmt.Sprintf("game %d", i)}
			g.channel = strconv.FormatInt(g.tgChat.ID, 10)
			for s := range 2 {
				u := faketg.User{ID: int64(5000 + 10*i + s), FirstName: fmt.Sprintf("T%d_%d", i, s)}
				h.tg.StartedBot(u, true)
				g.tgUsers = append(g.tgUsers, u)
			}
		} else {
			g.platform = "discord"
			g.channel = fmt.Sprintf("9100000000000%05d", i)
			for s := range 2 {
				g.dcUsers = append(g.dcUsers, fakediscord.User{ID: fmt.Sprintf("8100000000000%03d%02d", i, s), Name: fmt.Sprintf("D%d_%d", i, s)})
			}
		}
		h.games = append(h.games, g)
	}
	return h
}

// start runs the binary and waits until both adapters are connected.
func (h *crashRun) start() {
	t := h.t
	t.Helper()
	h.starts++
	logPath := filepath.Join(h.dir, fmt.Sprintf("run%03d.log", h.starts))
	logf, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	h.logs = append(h.logs, logPath)
	h.polls = h.tg.Requests("getUpdates")
	cmd := exec.Command(h.bin, "serve")
	cmd.Env = []string{
		"HOME=" + h.dir, "FORMICA_DB=" + h.db, "FORMICA_LOG_LEVEL=debug",
		"FORMICA_DISCORD_TOKEN=" + crashDiscordToken, "FORMICA_DISCORD_API_URL=" + h.dcURL,
		"FORMICA_DISCORD_GATEWAY_URL=" + h.dcGateway, "FORMICA_DISCORD_GUILD=" + fakediscord.Guild,
		"FORMICA_TELEGRAM_TOKEN=" + crashTelegramToken, "FORMICA_TELEGRAM_API_URL=" + h.tgURL,
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	h.cmd = cmd
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := h.dc.WaitIdentifies(ctx, h.starts); err != nil {
		t.Fatalf("run %d: the Discord adapter never connected: %v\n%s", h.starts, err, h.tail())
	}
	if !faketg.Wait(20*time.Second, func() bool { return h.tg.Requests("getUpdates") > h.polls }) {
		t.Fatalf("run %d: the Telegram adapter never polled\n%s", h.starts, h.tail())
	}
}

// kill SIGKILLs the binary and reaps it.
func (h *crashRun) kill() {
	if h.cmd == nil {
		return
	}
	_ = h.cmd.Process.Signal(syscall.SIGKILL)
	_ = h.cmd.Wait()
	h.cmd = nil
}

// terminate stops the binary cleanly (SIGTERM) and checks it exits 0.
func (h *crashRun) terminate() {
	if h.cmd == nil {
		return
	}
	_ = h.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- h.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			h.t.Errorf("SIGTERM: the binary exited with %v\n%s", err, h.tail())
		}
	case <-time.After(15 * time.Second):
		h.t.Errorf("SIGTERM: the binary did not stop within 15s")
		h.kill()
	}
	h.cmd = nil
}

func (h *crashRun) stop() { h.kill() }

// tail is the end of the current run's log.
func (h *crashRun) tail() string {
	if len(h.logs) == 0 {
		return ""
	}
	b, _ := os.ReadFile(h.logs[len(h.logs)-1])
	if len(b) > 3000 {
		b = b[len(b)-3000:]
	}
	return string(b)
}

// say types text as seat in g's channel.
func (h *crashRun) say(g *crashGame, seat int, text string) error {
	_, err := h.sayIx(g, seat, text)
	return err
}

// sayIx is say returning the Discord interaction (nil on Telegram).
func (h *crashRun) sayIx(g *crashGame, seat int, text string) (*fakediscord.Interaction, error) {
	if g.platform == "telegram" {
		id := h.tg.Say(g.tgChat, 0, g.tgUsers[seat], "/"+text)
		for {
			old := h.lastUpdate.Load()
			if id <= old || h.lastUpdate.CompareAndSwap(old, id) {
				return nil, nil
			}
		}
	}
	sub, arg, _ := strings.Cut(text, " ")
	var opts []fakediscord.Opt
	switch sub {
	case "new":
		game, rest, _ := strings.Cut(arg, " ")
		opts = []fakediscord.Opt{{Name: "game", Value: game}, {Name: "options", Value: rest}}
	case "join":
	default:
		sub, opts = "play", []fakediscord.Opt{{Name: "move", Value: text}}
	}
	return h.dc.Slash(g.dcUsers[seat], g.channel, "ants", sub, opts...)
}

// boards counts the distinct board images posted in g's channel. Discord
// messages sent twice with one nonce count once (Discord drops the
// repeat). Telegram has no nonce: a board sent just before a kill, whose
// delivery was not yet recorded, is sent again after the restart; such a
// repeat shows the same image and counts once here, and is counted by
// repeats.
func (h *crashRun) boards(g *crashGame) int {
	n, _ := h.boardCount(g)
	return n
}

// repeats counts Telegram board posts that repeat an earlier one.
func (h *crashRun) repeats(g *crashGame) int {
	_, r := h.boardCount(g)
	return r
}

func (h *crashRun) boardCount(g *crashGame) (distinct, repeats int) {
	if g.platform == "telegram" {
		seen := map[[32]byte]bool{}
		for _, m := range h.tg.Messages(g.tgChat.ID, -1) {
			if m.Photo != nil {
				sum := sha256.Sum256(m.Photo)
				if seen[sum] {
					repeats++
				}
				seen[sum] = true
			}
		}
		return len(seen), repeats
	}
	seen := map[string]bool{}
	for _, m := range h.dc.ChannelMessages(g.channel) {
		if len(m.Files) == 0 || m.Interaction != "" {
			continue
		}
		key := m.Nonce
		if key == "" {
			key = "id:" + m.ID
		}
		seen[key] = true
	}
	return len(seen), 0
}

// open starts g's match: the first seat opens it, the second joins, and
// the first board appears.
func (h *crashRun) open(g *crashGame) {
	t := h.t
	t.Helper()
	setup := engine.Setup{Game: "micropolis", Seats: 2, Seed: g.seed}
	m, err := engine.Start(micropolis.Game, setup)
	if err != nil {
		t.Fatal(err)
	}
	g.replica = m
	if err := h.say(g, 0, fmt.Sprintf("new micropolis players=2 seed=%d", g.seed)); err != nil {
		t.Fatal(err)
	}
	if !faketg.Wait(10*time.Second, func() bool { return h.lobbyOpen(g) }) {
		t.Fatalf("%s %s: no lobby\n%s", g.platform, g.channel, h.tail())
	}
	if err := h.say(g, 1, "join"); err != nil {
		t.Fatal(err)
	}
	if !faketg.Wait(10*time.Second, func() bool { return h.boards(g) == 1 }) {
		t.Fatalf("%s %s: the game did not start (%d boards)\n%s", g.platform, g.channel, h.boards(g), h.tail())
	}
}

// lobbyOpen reports whether the bot answered the opening of g's lobby.
func (h *crashRun) lobbyOpen(g *crashGame) bool {
	if g.platform == "telegram" {
		return len(h.tg.Messages(g.tgChat.ID, -1)) > 0
	}
	return len(h.dc.ChannelMessages(g.channel)) > 0
}

// play makes random legal moves in g, one at a time, each waiting for its
// board, until ctx ends (the binary is being killed).
func (h *crashRun) play(ctx context.Context, g *crashGame) {
	rng := rand.New(rand.NewPCG(g.seed, uint64(len(g.acked))))
	for ctx.Err() == nil {
		g.mu.Lock()
		st := g.replica.State
		if st.Result() != nil || g.pending != nil || g.stopAt > 0 && len(g.acked) >= g.stopAt {
			g.mu.Unlock()
			return
		}
		pend := st.Pending()
		seat := pend[rng.IntN(len(pend))].Seat
		path, err := enginetest.RandomPath(st, seat, rng)
		if err != nil {
			g.mu.Unlock()
			h.t.Errorf("%s: %v", g.channel, err)
			return
		}
		a := engine.Answer{Seat: seat, Path: path}
		g.pending = &a
		want := 1 + len(g.acked) + 1
		g.mu.Unlock()
		sent := time.Now()
		if !h.send(ctx, g, int(seat), path.String(), want) {
			return
		}
		if h.onAck != nil {
			h.onAck(time.Since(sent))
		}
		g.mu.Lock()
		if _, err := g.replica.Answer(a); err != nil {
			h.t.Errorf("%s: replica refused %v: %v", g.channel, a, err)
		}
		g.acked = append(g.acked, a)
		g.pending = nil
		g.mu.Unlock()
	}
}

// send types a move and waits for its board (the acknowledgment), until
// ctx ends. A Discord interaction the bot never acknowledged (the gateway
// dropped it, or its callback failed) shows the player "interaction
// failed": they type the move again, as players do.
func (h *crashRun) send(ctx context.Context, g *crashGame, seat int, text string, want int) bool {
	for ctx.Err() == nil {
		ix, err := h.sayIx(g, seat, text)
		if err != nil { // the gateway is down: try again shortly
			select {
			case <-ctx.Done():
			case <-time.After(50 * time.Millisecond):
			}
			continue
		}
		acked := ix == nil
		if !acked {
			actx, cancel := context.WithTimeout(ctx, 3500*time.Millisecond)
			_, aerr := ix.Ack(actx)
			cancel()
			acked = aerr == nil
		}
		for acked && h.boards(g) < want {
			select {
			case <-ctx.Done():
				return false
			case <-time.After(5 * time.Millisecond):
			}
		}
		if acked {
			return true
		}
	}
	return false
}

// quiesce waits until Telegram has confirmed every update and no board has
// appeared for a while: whatever was in flight has landed.
func (h *crashRun) quiesce() {
	faketg.Wait(20*time.Second, func() bool { return h.tg.Confirmed() >= h.lastUpdate.Load() })
	last, since := -1, time.Now()
	for time.Since(since) < 400*time.Millisecond {
		n := 0
		for _, g := range h.games {
			n += h.boards(g)
		}
		if n != last {
			last, since = n, time.Now()
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// resolve settles the move each game had in flight when the binary died:
// its board appeared after the restart (it was applied) or not (lost
// before commit, allowed only for an unacknowledged move). Any other count
// of boards is a duplicate or a lost acknowledged answer.
func (h *crashRun) resolve() bool {
	h.quiesce()
	ok := true
	for _, g := range h.games {
		g.mu.Lock()
		if g.pending != nil {
			// Committed before the kill, its board comes from the outbox
			// once the adapters are back; give it time to land.
			faketg.Wait(3*time.Second, func() bool { return h.boards(g)-1 > len(g.acked) })
		}
		n := h.boards(g) - 1
		switch {
		case g.pending != nil && n == len(g.acked)+1:
			if _, err := g.replica.Answer(*g.pending); err != nil {
				h.t.Errorf("%s: replica refused %v: %v", g.channel, *g.pending, err)
			}
			g.acked = append(g.acked, *g.pending)
		case n == len(g.acked):
		default:
			h.t.Errorf("%s %s: %d boards after the game's start, %d answers acknowledged (pending %v)\n%s", g.platform, g.channel, n, len(g.acked), g.pending, h.captions(g))
			ok = false
		}
		g.pending = nil
		g.mu.Unlock()
	}
	return ok
}

// verify opens the database after the last run and checks each match
// against what the players saw, and every log.
func (h *crashRun) verify() {
	t := h.t
	t.Helper()
	db, err := storage.Open(h.db, &storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("the database after %d runs: %v", h.starts, err)
	}
	defer db.Close()
	if err := db.Check(context.Background()); err != nil {
		t.Errorf("database check: %v", err)
	}
	ctx := context.Background()
	for _, g := range h.games {
		key := storage.MatchKey{Platform: g.platform, Channel: g.channel}
		m, err := db.Match(ctx, key)
		if errors.Is(err, storage.ErrNotFound) {
			m, err = finished(ctx, db, key) // a finished game leaves its channel
		}
		if err != nil {
			t.Errorf("%s: %v", key, err)
			continue
		}
		log, err := db.Log(ctx, m.ID)
		if err != nil {
			t.Errorf("%s: log: %v", key, err)
			continue
		}
		if len(log) != len(g.acked) {
			t.Errorf("%s: %d answers in the log, %d acknowledged", key, len(log), len(g.acked))
		}
		answers := make([]engine.Answer, len(log))
		for i, e := range log {
			answers[i] = e.Answer()
			if i < len(g.acked) && (answers[i].Seat != g.acked[i].Seat || answers[i].Path.String() != g.acked[i].Path.String()) {
				t.Errorf("%s: answer %d is %v in the log, %v was acknowledged", key, i+1, answers[i], g.acked[i])
			}
		}
		re, err := engine.Replay(micropolis.Game, m.Setup, answers)
		if err != nil {
			t.Errorf("%s: the log does not replay: %v", key, err)
			continue
		}
		if hash, _ := engine.Hash(re.State); hash != m.Hash {
			t.Errorf("%s: replay hash %s, stored %s", key, hash, m.Hash)
		}
		if n := h.boards(g); n != 1+len(log) {
			t.Errorf("%s: %d boards posted for %d answers (want one per answer plus the first)", key, n, len(log))
		}
	}
	for _, path := range h.logs {
		b, _ := os.ReadFile(path)
		for _, bad := range []string{crashDiscordToken, "CRASHdc", crashTelegramToken, "CRASHtg", "panic"} {
			if bytes.Contains(b, []byte(bad)) {
				t.Errorf("%s contains %q", filepath.Base(path), bad)
			}
		}
	}
}

// captions lists g's board posts, for a failure report.
func (h *crashRun) captions(g *crashGame) string {
	var b strings.Builder
	if g.platform == "telegram" {
		for _, m := range h.tg.Messages(g.tgChat.ID, -1) {
			if m.Photo != nil {
				fmt.Fprintf(&b, "  photo %d: %.160q\n", m.ID, m.Text)
			}
		}
		return b.String()
	}
	for _, m := range h.dc.ChannelMessages(g.channel) {
		if len(m.Files) > 0 {
			fmt.Fprintf(&b, "  board %s nonce %q: %.160q\n", m.ID, m.Nonce, m.Content)
		}
	}
	return b.String()
}

// finished finds the finished match that was played in key.
func finished(ctx context.Context, db *storage.DB, key storage.MatchKey) (*storage.Match, error) {
	all, errs, err := db.AllStats(ctx)
	if err = errors.Join(append(errs, err)...); err != nil {
		return nil, err
	}
	for _, st := range all {
		if st.Key == key {
			return db.FinishedMatch(ctx, st.MatchID)
		}
	}
	return nil, fmt.Errorf("no match, active or finished, in %s", key)
}
