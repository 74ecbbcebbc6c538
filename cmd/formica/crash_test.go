package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
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
	"formica/render/rendertest"
	"formica/storage"
)

var (
	crashKills = flag.Int("crash.kills", 0, "SIGKILLs in TestCrashHarness (default 60; 2 under -short)")
	crashSeed  = flag.Uint64("crash.seed", 0, "seed of TestCrashHarness's random play and kill times (0: from the clock)")
	crashKeep  = flag.String("crash.keep", "", "directory to keep the binary's logs and database in when the harness fails")
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
	guild    string // the Discord guild (default fakediscord.Guild)
	tgChat   faketg.Chat
	tgUsers  []faketg.User
	dcUsers  []fakediscord.User
	seed     uint64

	mu      sync.Mutex
	replica *engine.Match
	acked   []engine.Answer // the moves made: acknowledged, or Telegram updates still to come
	seen    int             // how many of acked were acknowledged (their board posted)
	logged  int             // how many answers the log held at the last look
	pending *engine.Answer  // sent, not yet shown
	// pendingIx is the pending move's Discord interaction: one the bot never
	// acknowledged was never handled.
	pendingIx *fakediscord.Interaction
	stopAt    int // play stops at this many answers (0: never)
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
	seats                   int // players per game
	// remind, when set, is every game's first-reminder delay (remind=1s):
	// players then now and then think longer than that, so reminders fire
	// between kills and after restarts, and verify checks each fired once.
	remind string
	// reminders counts the reminder DMs verify found, reminderRepeats the
	// Telegram ones sent again after a kill.
	reminders, reminderRepeats int

	// onAck, when set, gets each move's command-to-board latency.
	onAck func(time.Duration)
	// posted, when set, signals a new post in a channel, so waiting for a
	// board need not poll the fake (hundreds of games at once).
	posted func(channel string) <-chan struct{}
	// boardWait, when set, is how long an acknowledged move's board may
	// take: play then stops with the move pending.
	boardWait time.Duration

	pngMu sync.Mutex
	pngs  map[string]image.Image // Telegram photos decoded, by chat/message/edits

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
	// In parallel: it mostly waits on the binary and the fakes (seconds
	// of real time: kills, restarts, reminders), beside tests that compute.
	t.Parallel()
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
	h.remind = "1s"
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
		if !h.resolve() {
			t.Fatalf("after kill %d of %d: the database disagrees with what was acknowledged", k+1, kills)
		}
		h.start()
		survived++
	}
	h.finish()
	h.settle()
	h.terminate()
	h.verify()
	answers, repeats, ended := 0, 0, 0
	var each []int
	for _, g := range h.games {
		answers += len(g.acked)
		repeats += h.repeats(g)
		each = append(each, len(g.acked))
		if g.replica.State.Result() != nil {
			ended++
		}
	}
	// At most the one picture in flight per Telegram group per kill.
	if tgGames := (len(h.games) + 1) / 2; repeats > kills*tgGames {
		t.Errorf("%d repeated Telegram pictures for %d kills of %d groups", repeats, kills, tgGames)
	}
	t.Logf("crash harness: %d kills survived, %d answers acknowledged over %d games %v (%d finished), all in the logs and replaying to their hashes; %d Telegram pictures re-sent after a kill (no nonce on Telegram); %d reminders fired, each once (%d Telegram re-sends)", survived, answers, len(h.games), each, ended, repeats, h.reminders, h.reminderRepeats)
}

// newHarness builds the binary, starts the fakes and describes ngames
// Micropolis games, alternately on Telegram and Discord. With proxied the
// binary reaches the fakes through TCP proxies that can drop connections.
func newHarness(t testing.TB, ngames int, seed uint64, proxied bool) *crashRun {
	t.Helper()
	h := &crashRun{t: t, bin: buildBinary(t), dir: t.TempDir(), rng: rand.New(rand.NewPCG(seed, 19)), seats: 2}
	if !testing.Short() {
		h.seats = 4 // longer games: 40 answers each
	}
	h.db = filepath.Join(h.dir, "formica.db")
	h.dc = fakediscord.New(crashDiscordToken)
	t.Cleanup(h.dc.Close)
	h.tg = faketg.New(crashTelegramToken, "formica_bot")
	t.Cleanup(h.tg.Close)
	t.Cleanup(h.stop)
	t.Cleanup(func() {
		if t.Failed() && *crashKeep != "" {
			_ = os.MkdirAll(*crashKeep, 0o755)
			_ = exec.Command("cp", "-r", h.dir+"/.", *crashKeep).Run()
			t.Logf("logs and database kept in %s", *crashKeep)
		}
	})
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
			for s := range h.seats {
				u := faketg.User{ID: int64(5000 + 10*i + s), FirstName: fmt.Sprintf("T%d_%d", i, s)}
				h.tg.StartedBot(u, true)
				g.tgUsers = append(g.tgUsers, u)
			}
		} else {
			g.platform = "discord"
			g.channel = fmt.Sprintf("9100000000000%05d", i)
			for s := range h.seats {
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
	guild := g.guild
	if guild == "" {
		guild = fakediscord.Guild
	}
	return h.dc.SlashIn(guild, g.dcUsers[seat], g.channel, "ants", sub, opts...)
}

// The pictures a finished game posts after its last board (bot/timelapse.go):
// Discord names their files, Telegram sends the timelapse as an animation
// and the table as a photo under its title (en.json "game.scores_title").
const (
	scoresFile    = "micropolis-scores.png"
	timelapseFile = "micropolis-timelapse.gif"
	scoresCaption = "Micropolis: final scores"
)

// pictures is what g's channel shows in images: boards (the first and one
// per answer), and the end of the game's score table and timelapse (one
// each once it ended, none before). Discord messages sent twice with one
// nonce count once (Discord drops the repeat). Telegram has no nonce: a
// picture sent just before a kill, whose delivery was not yet recorded, is
// sent again after the restart; such a repeat counts once among the rest,
// and in repeats.
type pictures struct {
	boards, scores, timelapses int
	repeats                    int
}

// decoded is the image of a Telegram photo, decoded once: waiting for a
// board looks at every picture of the group again and again, and decoding
// them all each time took most of the CPU of a loaded machine.
func (h *crashRun) decoded(m faketg.Message) image.Image {
	h.pngMu.Lock()
	defer h.pngMu.Unlock()
	key := fmt.Sprintf("%d/%d/%d", m.Chat.ID, m.ID, m.Edits)
	if img, ok := h.pngs[key]; ok {
		return img
	}
	img, err := png.Decode(bytes.NewReader(m.Photo))
	if err != nil {
		h.t.Fatalf("a picture posted to Telegram is not a PNG: %v", err)
	}
	if h.pngs == nil {
		h.pngs = map[string]image.Image{}
	}
	h.pngs[key] = img
	return img
}

// boards counts the distinct boards posted in g's channel.
func (h *crashRun) boards(g *crashGame) int { return h.pictures(g).boards }

// repeats counts Telegram pictures that repeat an earlier one.
func (h *crashRun) repeats(g *crashGame) int { return h.pictures(g).repeats }

func (h *crashRun) pictures(g *crashGame) pictures {
	var p pictures
	count := func(kind string) {
		switch kind {
		case scoresFile:
			p.scores++
		case timelapseFile:
			p.timelapses++
		default:
			p.boards++
		}
	}
	if g.platform == "telegram" {
		// An answer may leave the picture as it was (naming the general):
		// its caption tells it apart. A board drawn again after a restart
		// is the same picture but maybe not the same bytes (the PNG
		// encoder's palette follows the boards the process drew before):
		// a repeat has the caption and, but for a few edge pixels, the
		// pixels of an earlier post. A timelapse (a GIF) is told apart by
		// its caption alone: it names the number of moves.
		type post struct {
			caption string
			img     image.Image
		}
		seen := map[string][]post{}
		for _, m := range h.tg.Messages(g.tgChat.ID, -1) {
			if m.Photo == nil {
				continue
			}
			kind := ""
			switch {
			case m.Animation:
				kind = timelapseFile
			case m.Text == scoresCaption:
				kind = scoresFile
			}
			var img image.Image
			if !m.Animation {
				img = h.decoded(m)
			}
			repeat := slices.ContainsFunc(seen[kind], func(p post) bool {
				if p.caption != m.Text || img == nil || p.img == nil {
					return p.caption == m.Text && img == nil && p.img == nil
				}
				if p.img.Bounds() != img.Bounds() {
					return false
				}
				n, _ := rendertest.Diff(p.img, img)
				return n <= img.Bounds().Dx()*img.Bounds().Dy()/200
			})
			if repeat {
				p.repeats++
				continue
			}
			seen[kind] = append(seen[kind], post{m.Text, img})
			count(kind)
		}
		return p
	}
	seen := map[string]bool{}
	for _, m := range h.dc.ChannelMessages(g.channel) {
		if len(m.Files) == 0 || m.Interaction != "" {
			continue
		}
		kind := m.Files[0].Name
		key := kind + "\x00" + m.Nonce
		if m.Nonce == "" {
			key = "id:" + m.ID
		}
		if !seen[key] {
			seen[key] = true
			count(kind)
		}
	}
	return p
}

// open starts g's match: the first seat opens it, the second joins, and
// the first board appears.
func (h *crashRun) open(g *crashGame) {
	t := h.t
	t.Helper()
	setup := engine.Setup{Game: "micropolis", Seats: h.seats, Seed: g.seed}
	m, err := engine.Start(micropolis.Game, setup)
	if err != nil {
		t.Fatal(err)
	}
	g.replica = m
	newCmd := fmt.Sprintf("new micropolis players=%d seed=%d", h.seats, g.seed)
	if h.remind != "" {
		newCmd += " remind=" + h.remind
	}
	if err := h.say(g, 0, newCmd); err != nil {
		t.Fatal(err)
	}
	if !faketg.Wait(10*time.Second, func() bool { return h.lobbyOpen(g) }) {
		t.Fatalf("%s %s: no lobby\n%s", g.platform, g.channel, h.tail())
	}
	for seat := 1; seat < h.seats; seat++ {
		if err := h.say(g, seat, "join"); err != nil {
			t.Fatal(err)
		}
		// Seats follow the order of joining.
		if !faketg.Wait(10*time.Second, func() bool { return h.answered(g) > seat }) {
			t.Fatalf("%s %s: seat %d did not join\n%s", g.platform, g.channel, seat+1, h.tail())
		}
	}
	if !faketg.Wait(10*time.Second, func() bool { return h.boards(g) == 1 }) {
		t.Fatalf("%s %s: the game did not start (%d boards)\n%s", g.platform, g.channel, h.boards(g), h.tail())
	}
}

// answered counts the bot's posts in g's channel.
func (h *crashRun) answered(g *crashGame) int {
	if g.platform == "telegram" {
		return len(h.tg.Messages(g.tgChat.ID, -1))
	}
	return len(h.dc.ChannelMessages(g.channel))
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
	// The stream follows the run too: a player who paused longer than the
	// time to the next kill would otherwise pause again after every
	// restart, and their game would never move.
	rng := rand.New(rand.NewPCG(g.seed, uint64(len(g.acked))<<16|uint64(h.starts)))
	for ctx.Err() == nil {
		if h.remind != "" && rng.IntN(6) == 0 {
			// A player who thinks longer than the reminder delay; before
			// choosing a move, so a kill meanwhile leaves nothing unsent.
			select {
			case <-ctx.Done():
				return
			case <-time.After(1500 * time.Millisecond):
			}
		}
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
		g.seen = len(g.acked)
		g.pending, g.pendingIx = nil, nil
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
		g.mu.Lock()
		g.pendingIx = ix
		g.mu.Unlock()
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
		var stall time.Time
		if h.boardWait > 0 {
			stall = time.Now().Add(h.boardWait)
		}
		var posted <-chan struct{}
		every := 5 * time.Millisecond
		if h.posted != nil {
			posted, every = h.posted(g.channel), time.Second
		}
		for acked && h.boards(g) < want {
			if !stall.IsZero() && time.Now().After(stall) {
				return false // the move stays pending: the caller counts it
			}
			select {
			case <-ctx.Done():
				return false
			case <-posted:
			case <-time.After(every):
			}
		}
		if acked {
			return true
		}
	}
	return false
}

// finish plays the games to their end, with one more kill as soon as the
// first game's last board is posted, while its score table and timelapse
// are queued or on their way, so the end of a game is delivered across a
// crash too.
func (h *crashRun) finish() {
	t := h.t
	t.Helper()
	over := func(g *crashGame) bool {
		g.mu.Lock()
		defer g.mu.Unlock()
		return g.replica.State.Result() != nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	// Telegram's pacing (20 posts a minute per group) makes a whole game
	// take minutes there: under -short only the Discord games end.
	var games []*crashGame
	for _, g := range h.games {
		if !testing.Short() || g.platform == "discord" {
			games = append(games, g)
		}
	}
	ended := make(chan struct{}, 2*len(games)) // a game may end in either round
	playAll := func() {
		for _, g := range games {
			wg.Add(1)
			go func() {
				defer wg.Done()
				h.play(ctx, g)
				if over(g) {
					ended <- struct{}{}
				}
			}()
		}
	}
	playAll()
	select {
	case <-ended:
	case <-time.After(5 * time.Minute):
		t.Fatalf("no game ended within 5 minutes")
	}
	h.kill()
	cancel()
	wg.Wait()
	if !h.resolve() {
		t.Fatalf("after the kill at a game's end: the database disagrees with what was acknowledged")
	}
	h.start()
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	playAll()
	wg.Wait()
	for _, g := range games {
		if !over(g) {
			t.Fatalf("%s %s: the game did not end (%d answers)", g.platform, g.channel, len(g.acked))
		}
	}
}

// settle waits, with the binary running, until every board of every
// answer in the log has been posted, and a finished game's score table
// and timelapse (the outbox drained). Pictures held back
// by pacing (Telegram: 20 a minute per group) may take minutes after many
// kills: it fails only when no board comes for 90 seconds (more than a
// pacing window).
func (h *crashRun) settle() {
	for _, g := range h.games {
		g.mu.Lock()
		want, over := 1+len(g.acked), g.replica.State.Result() != nil
		g.mu.Unlock()
		if over {
			want += 2 // the score table and the timelapse
		}
		shown := func() int {
			p := h.pictures(g)
			return p.boards + min(p.scores, 1) + min(p.timelapses, 1)
		}
		for {
			n := shown()
			if n >= want {
				break
			}
			if !faketg.Wait(90*time.Second, func() bool { return shown() > n }) {
				h.t.Errorf("%s %s: %d pictures, want %d\n%s", g.platform, g.channel, shown(), want, h.captions(g))
				break
			}
		}
	}
}

// resolve reads the database while the binary is down and settles the
// move each game had in flight. The log holds every answer acknowledged so
// far (its board was posted), in the order the moves were made, and never
// shrinks; the pending move is in it (committed before the kill) or not.
// A Telegram update the bot had not confirmed comes again after the
// restart and is applied then, so a Telegram move not yet in the log stays
// among the moves made, expected in the log by the end.
func (h *crashRun) resolve() bool {
	t := h.t
	t.Helper()
	db, err := storage.Open(h.db, &storage.Options{ReadOnly: true})
	if err != nil {
		t.Errorf("the database after a kill: %v", err)
		return false
	}
	defer db.Close()
	ok := true
	for _, g := range h.games {
		g.mu.Lock()
		log, err := matchLog(db, g)
		switch {
		case err != nil:
			t.Errorf("%s %s: %v", g.platform, g.channel, err)
			ok = false
		case len(log) < g.seen || len(log) < g.logged:
			t.Errorf("%s %s: the log has %d answers; %d were acknowledged, %d logged before:\nlog %v", g.platform, g.channel, len(log), g.seen, g.logged, log)
			ok = false
		case !prefix(log[:min(len(log), len(g.acked))], g.acked):
			t.Errorf("%s %s: the log changed an answer:\nlog   %v\nmoves %v", g.platform, g.channel, log, g.acked)
			ok = false
		case g.pending != nil && len(log) == len(g.acked)+1 && sameAnswer(log[len(log)-1], *g.pending),
			g.pending != nil && len(log) <= len(g.acked) && g.platform == "telegram":
			if _, err := g.replica.Answer(*g.pending); err != nil {
				t.Errorf("%s: replica refused %v: %v", g.channel, *g.pending, err)
			}
			g.acked = append(g.acked, *g.pending)
		case len(log) > len(g.acked) || g.platform == "discord" && len(log) != len(g.acked):
			t.Errorf("%s %s: %d answers in the log, %d moves made, pending %v", g.platform, g.channel, len(log), len(g.acked), g.pending)
			ok = false
		}
		g.logged = max(g.logged, len(log))
		g.pending, g.pendingIx = nil, nil
		g.mu.Unlock()
	}
	return ok
}

// matchLog reads the answers of g's match, active or finished.
func matchLog(db *storage.DB, g *crashGame) ([]engine.Answer, error) {
	ctx := context.Background()
	key := storage.MatchKey{Platform: g.platform, Channel: g.channel}
	m, err := db.Match(ctx, key)
	if errors.Is(err, storage.ErrNotFound) {
		m, err = finished(ctx, db, key)
	}
	if err != nil {
		return nil, err
	}
	entries, err := db.Log(ctx, m.ID)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, nil // no answer yet
	}
	if err != nil {
		return nil, err
	}
	out := make([]engine.Answer, len(entries))
	for i, e := range entries {
		out[i] = e.Answer()
	}
	return out, nil
}

func sameAnswer(a, b engine.Answer) bool {
	return a.Seat == b.Seat && a.Path.String() == b.Path.String()
}

// prefix reports whether acked are the first answers of log.
func prefix(acked, log []engine.Answer) bool {
	if len(acked) > len(log) {
		return false
	}
	for i := range acked {
		if !sameAnswer(acked[i], log[i]) {
			return false
		}
	}
	return true
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
	h.verifyStore(db)
	if h.remind != "" {
		h.verifyReminders()
	}
	h.verifyLogs()
}

// verifyStore checks each match in db against what the players saw: its
// log holds exactly the acknowledged answers, replays to its stored hash,
// and each answer's board was posted once.
func (h *crashRun) verifyStore(db matchReader) {
	t := h.t
	t.Helper()
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
		p := h.pictures(g)
		if p.boards != 1+len(log) {
			t.Errorf("%s: %d boards posted for %d answers (want one per answer plus the first):\n%s", key, p.boards, len(log), h.captions(g))
		}
		// A finished game posts its score table and timelapse once, after
		// its last board; a game in play posts neither.
		ends := 0
		if re.State.Result() != nil {
			ends = 1
		}
		if p.scores != ends || p.timelapses != ends {
			t.Errorf("%s: %d score tables and %d timelapses posted, want %d of each (game over: %v):\n%s", key, p.scores, p.timelapses, ends, ends == 1, h.captions(g))
		}
	}
}

// verifyLogs checks that no run's log shows a token or a panic.
func (h *crashRun) verifyLogs() {
	t := h.t
	t.Helper()
	for _, path := range h.logs {
		b, _ := os.ReadFile(path)
		for _, bad := range []string{crashDiscordToken, "CRASHdc", crashTelegramToken, "CRASHtg", "panic"} {
			if bytes.Contains(b, []byte(bad)) {
				t.Errorf("%s contains %q", filepath.Base(path), bad)
			}
		}
	}
}

// reminderMark starts every reminder DM ("⏰ Alice, it is your turn…").
const reminderMark = "⏰"

// verifyReminders checks that reminders fired, and each once: a reminder
// DM names the prompt and lists what happened since the player's last
// turn, so the same text twice to one player is one reminder sent twice.
// But a Micropolis player may have two turns in a row, with nothing
// between them to list: on Discord, whose message ids tell the order of
// posts, a reminder also counts by the boards posted before it (the turn
// it reminds of). Discord repeats with one nonce count once (Discord drops them);
// Telegram has no nonce, so a DM sent just before a kill may be sent again,
// at most once per kill.
func (h *crashRun) verifyReminders() {
	t := h.t
	t.Helper()
	total, repeats := 0, 0
	for _, g := range h.games {
		for seat := range h.seats {
			seen := map[string]bool{}
			if g.platform == "telegram" {
				for _, m := range h.tg.Messages(g.tgUsers[seat].ID, -1) {
					if !strings.HasPrefix(m.Text, reminderMark) {
						continue
					}
					total++
					if seen[m.Text] {
						repeats++
					}
					seen[m.Text] = true
				}
				continue
			}
			nonces := map[string]bool{}
			for _, m := range h.dc.ChannelMessages(fakediscord.DMChannel(g.dcUsers[seat].ID)) {
				if !strings.HasPrefix(m.Content, reminderMark) || m.Nonce != "" && nonces[m.Nonce] {
					continue
				}
				nonces[m.Nonce] = true
				total++
				key := strconv.Itoa(h.boardsBefore(g, m.ID)) + "\x00" + m.Content
				if seen[key] {
					t.Errorf("%s seat %d: the reminder %.120q fired twice:\n%s", g.channel, seat+1, m.Content, h.dcReminders(g, seat))
				}
				seen[key] = true
			}
		}
	}
	if total == 0 && !testing.Short() {
		t.Errorf("no reminder fired although players paused longer than remind=%s", h.remind)
	}
	if repeats > len(h.logs) {
		t.Errorf("%d Telegram reminders repeated over %d runs", repeats, len(h.logs))
	}
	h.reminders, h.reminderRepeats = total, repeats
}

// boardsBefore counts the distinct boards posted in g's Discord channel
// before the message with id.
func (h *crashRun) boardsBefore(g *crashGame, id string) int {
	before, _ := strconv.ParseInt(id, 10, 64)
	seen := map[string]bool{}
	for _, m := range h.dc.ChannelMessages(g.channel) {
		n, _ := strconv.ParseInt(m.ID, 10, 64)
		if len(m.Files) == 0 || m.Interaction != "" || n >= before || m.Files[0].Name == scoresFile || m.Files[0].Name == timelapseFile {
			continue
		}
		key := m.Nonce
		if key == "" {
			key = "id:" + m.ID
		}
		seen[key] = true
	}
	return len(seen)
}

// dcReminders lists the reminders seat got in g on Discord, for a failure
// report.
func (h *crashRun) dcReminders(g *crashGame, seat int) string {
	var b strings.Builder
	for _, m := range h.dc.ChannelMessages(fakediscord.DMChannel(g.dcUsers[seat].ID)) {
		if strings.HasPrefix(m.Content, reminderMark) {
			fmt.Fprintf(&b, "  %s nonce %q: %q\n", m.ID, m.Nonce, m.Content)
		}
	}
	return b.String()
}

// captions lists g's board posts, for a failure report.
func (h *crashRun) captions(g *crashGame) string {
	var b strings.Builder
	if g.platform == "telegram" {
		for _, m := range h.tg.Messages(g.tgChat.ID, -1) {
			if m.Photo != nil {
				kind := "photo"
				if m.Animation {
					kind = "animation"
				}
				fmt.Fprintf(&b, "  %s %d: %.160q\n", kind, m.ID, m.Text)
			}
		}
		return b.String()
	}
	for _, m := range h.dc.ChannelMessages(g.channel) {
		if len(m.Files) > 0 {
			fmt.Fprintf(&b, "  %s %s nonce %q: %.160q\n", m.Files[0].Name, m.ID, m.Nonce, m.Content)
		}
	}
	return b.String()
}

// matchReader is what verifyStore reads: bbolt or PostgreSQL.
type matchReader interface {
	Match(ctx context.Context, key storage.MatchKey) (*storage.Match, error)
	FinishedMatch(ctx context.Context, id string) (*storage.Match, error)
	Log(ctx context.Context, matchID string) ([]storage.LogEntry, error)
	AllStats(ctx context.Context) ([]storage.Stats, []error, error)
}

// finished finds the finished match that was played in key.
func finished(ctx context.Context, db matchReader, key storage.MatchKey) (*storage.Match, error) {
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
