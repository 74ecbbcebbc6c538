package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
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
	"formica/engine/micropolis"
	"formica/storage"
	"formica/storage/postgres"
	"formica/storage/postgres/pgtest"
)

var (
	sharedGames = flag.Int("shared.games", 500, "concurrent games in BenchmarkSharedLoad")
	sharedMoves = flag.Int("shared.moves", 3, "moves per game in BenchmarkSharedLoad")
	sharedStall = flag.Duration("shared.stall", 2*time.Minute, "how long BenchmarkSharedLoad waits for an acknowledged move's board before counting the move lost")
)

// sharedRemind is every game's first-reminder delay in BenchmarkSharedLoad:
// the last prompt of each game waits past it, so each game's reminder
// fires while every process is running.
const sharedRemind = "2s"

// BenchmarkSharedLoad runs the real binary against the fake Discord over
// loopback HTTP and a websocket gateway: -shared.games Micropolis games
// at once, each in a guild of its own, random legal moves typed as /ants
// play. It compares two processes sharing one PostgreSQL database, one
// gateway shard each (Discord routes each guild's events to its shard),
// with one process on a bbolt file (fsync on, as served). It reports
// answers/s and the command-to-board latency (the slash command sent to
// the board image posted in the channel), and checks that every log holds
// exactly the acknowledged answers and replays to its hash, every board
// was posted once, and every game's waiting player was reminded, each
// reminder once. A load command, not a CI test; for a fair comparison run
// PostgreSQL with fsync on (.ci/postgres with FORMICA_PG_FSYNC=on):
//
//	FORMICA_PG_FSYNC=on bash -c 'source .ci/postgres && go test -run "^$" -bench BenchmarkSharedLoad -benchtime 1x -timeout 60m ./cmd/formica'
func BenchmarkSharedLoad(b *testing.B) {
	b.Run("bbolt-1-process", func(b *testing.B) {
		for range b.N {
			sharedLoad(b, "", 1)
		}
	})
	b.Run("postgres-2-processes", func(b *testing.B) {
		for range b.N {
			schema := pgtest.Schema(b)
			// Create the schema and its tables before the processes start.
			db, err := postgres.Open(context.Background(), pgtest.DSN(b), &postgres.Options{Schema: schema})
			if err != nil {
				b.Fatal(err)
			}
			db.Close()
			sharedLoad(b, searchPath(b, pgtest.DSN(b), schema), 2)
		}
	})
}

// searchPath is dsn with its connections' search_path set to schema.
func searchPath(tb testing.TB, dsn, schema string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		tb.Fatalf("FORMICA_TEST_POSTGRES is not a URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// postWatch is a reverse proxy in front of the fake Discord's REST API
// that signals each message posted with a file (a board) in a channel.
type postWatch struct {
	srv *httptest.Server
	mu  sync.Mutex
	chs map[string]chan struct{}
	// dropped counts requests the binary gave up on before the fake
	// answered (its request deadline passed on the loaded machine).
	dropped atomic.Int64
}

func newPostWatch(tb testing.TB, target string) *postWatch {
	u, err := url.Parse(target)
	if err != nil {
		tb.Fatal(err)
	}
	w := &postWatch{chs: map[string]chan struct{}{}}
	rp := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: u.Scheme, Host: u.Host})
	rp.ErrorHandler = func(rw http.ResponseWriter, r *http.Request, err error) {
		w.dropped.Add(1)
		rw.WriteHeader(http.StatusBadGateway)
	}
	w.srv = httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		rp.ServeHTTP(rw, r)
		_, rest, ok := strings.Cut(r.URL.Path, "/channels/")
		channel, tail, _ := strings.Cut(rest, "/")
		if ok && r.Method == http.MethodPost && tail == "messages" && strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
			select {
			case w.ch(channel) <- struct{}{}:
			default: // one signal pending is enough: the waiter counts
			}
		}
	}))
	tb.Cleanup(w.srv.Close)
	return w
}

func (w *postWatch) ch(channel string) chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	c := w.chs[channel]
	if c == nil {
		c = make(chan struct{}, 1)
		w.chs[channel] = c
	}
	return c
}

func (w *postWatch) posted(channel string) <-chan struct{} { return w.ch(channel) }

// sharedLoad plays the games on procs processes of the binary on db (a
// postgres:// address; "" for a bbolt file of its own) and reports.
func sharedLoad(b *testing.B, db string, procs int) {
	games, moves := *sharedGames, *sharedMoves
	h := newHarness(b, 0, 7, false)
	h.seats = 2
	if db == "" {
		db = h.db
	}
	watch := newPostWatch(b, h.dc.URL())
	h.dcURL, h.posted, h.boardWait = watch.srv.URL+"/", watch.posted, *sharedStall
	for i := range games {
		// Guild ids are snowflakes: shard (id >> 22) % count alternates.
		g := &crashGame{platform: "discord", seed: uint64(1000 + i),
			channel: fmt.Sprintf("92%016d", i), guild: strconv.FormatUint(uint64(1_000_000+i)<<22, 10)}
		for s := range h.seats {
			g.dcUsers = append(g.dcUsers, fakediscord.User{ID: fmt.Sprintf("82%016d", 10*i+s), Name: fmt.Sprintf("P%d_%d", i, s)})
		}
		h.games = append(h.games, g)
	}
	var cmds []*exec.Cmd
	b.Cleanup(func() {
		for _, c := range cmds {
			_ = c.Process.Kill()
			_ = c.Wait()
		}
	})
	for p := range procs {
		logPath := filepath.Join(h.dir, fmt.Sprintf("proc%d.log", p))
		logf, err := os.Create(logPath)
		if err != nil {
			b.Fatal(err)
		}
		h.logs = append(h.logs, logPath)
		cmd := exec.Command(h.bin, "serve")
		cmd.Env = []string{
			"HOME=" + h.dir, "FORMICA_DB=" + db, "FORMICA_LOG_LEVEL=info",
			"FORMICA_DISCORD_TOKEN=" + crashDiscordToken, "FORMICA_DISCORD_API_URL=" + h.dcURL,
			"FORMICA_DISCORD_GATEWAY_URL=" + h.dcGateway, "FORMICA_DISCORD_GUILD=" + fakediscord.Guild,
		}
		if procs > 1 {
			cmd.Env = append(cmd.Env, fmt.Sprint("FORMICA_DISCORD_SHARD_ID=", p), fmt.Sprint("FORMICA_DISCORD_SHARD_COUNT=", procs))
		}
		cmd.Stdout, cmd.Stderr = logf, logf
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		logf.Close()
		cmds = append(cmds, cmd)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	if err := h.dc.WaitIdentifies(ctx, procs); err != nil {
		b.Fatalf("the processes never connected: %v\n%s", err, h.tail())
	}
	cancel()
	if got := len(h.dc.Shards()); got != procs {
		b.Fatalf("%d gateway connections, want %d", got, procs)
	}

	// Open every game, a few dozen at a time (not timed).
	sem := make(chan struct{}, 32)
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for _, g := range h.games {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := h.openQuiet(g); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		b.Fatalf("opening the games: %v\n%s", err, h.tail())
	}

	var mu sync.Mutex
	var lat []time.Duration
	var last time.Time // the last board seen: a stalled game's wait is not throughput
	h.onAck = func(d time.Duration) { mu.Lock(); lat, last = append(lat, d), time.Now(); mu.Unlock() }
	b.ResetTimer()
	start := time.Now()
	pctx, pcancel := context.WithTimeout(context.Background(), 30*time.Minute)
	for _, g := range h.games {
		g.stopAt = moves
		wg.Add(1)
		go func() { defer wg.Done(); h.play(pctx, g) }()
	}
	wg.Wait()
	pcancel()
	b.StopTimer()
	elapsed := last.Sub(start)
	lost := 0
	for _, g := range h.games {
		if g.pending != nil {
			lost++
		}
	}
	if lost > 0 {
		b.Errorf("%d games stalled: a move Discord took (its interaction acknowledged) showed no board within %v", lost, *sharedStall)
	}

	// Every game now waits on a player: its reminder fires sharedRemind
	// later. Wait until each game was reminded and no more come.
	reminded := func() (games, total int) {
		for _, g := range h.games {
			n := 0
			for _, u := range g.dcUsers {
				for _, m := range h.dc.ChannelMessages(fakediscord.DMChannel(u.ID)) {
					if strings.HasPrefix(m.Content, reminderMark) {
						n++
					}
				}
			}
			total += n
			if n > 0 {
				games++
			}
		}
		return games, total
	}
	if !faketg.Wait(3*time.Minute, func() bool { n, _ := reminded(); return n == len(h.games) }) {
		n, _ := reminded()
		b.Errorf("%d of %d games had their waiting player reminded after 3 minutes", n, len(h.games))
	}
	for _, prev := reminded(); ; {
		time.Sleep(3 * time.Second)
		_, now := reminded()
		if now == prev {
			break
		}
		prev = now
	}

	for _, c := range cmds {
		_ = c.Process.Signal(syscall.SIGTERM)
		if err := c.Wait(); err != nil {
			b.Errorf("SIGTERM: a process exited with %v", err)
		}
	}
	cmds = nil
	h.verifyReminders()
	var store interface {
		matchReader
		Close() error
	}
	if procs > 1 {
		pg, err := postgres.Open(context.Background(), db, nil)
		if err != nil {
			b.Fatal(err)
		}
		store = pg
	} else {
		bolt, err := storage.Open(db, &storage.Options{ReadOnly: true})
		if err != nil {
			b.Fatal(err)
		}
		if err := bolt.Check(context.Background()); err != nil {
			b.Errorf("database check: %v", err)
		}
		store = bolt
	}
	h.verifyStore(store)
	store.Close()
	h.verifyLogs()

	slices.Sort(lat)
	if len(lat) != games*moves {
		b.Errorf("%d moves acknowledged, want %d", len(lat), games*moves)
	}
	if len(lat) == 0 {
		b.Fatal("no move acknowledged")
	}
	pct := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "answers/s")
	b.ReportMetric(float64(pct(0.5).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(pct(0.99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(h.reminders), "reminders")
	checks := "every log replays, every board and reminder once"
	if b.Failed() {
		checks = "checks FAILED (above)"
	}
	b.Logf("%d process(es) on %s: %d games x %d moves: %d answers in %v (%.1f/s), command-to-board p50 %v p99 %v max %v; %d reminders; %s; %d requests abandoned by the binary (its deadline passed)",
		procs, dbKind(db), games, moves, len(lat), elapsed.Round(time.Millisecond), float64(len(lat))/elapsed.Seconds(),
		pct(0.5), pct(0.99), lat[len(lat)-1], h.reminders, checks, watch.dropped.Load())
}

func dbKind(db string) string {
	if isPostgres(db) {
		return "PostgreSQL"
	}
	return "bbolt"
}

// openQuiet opens g's match as open does, returning an error instead of
// failing (it runs on many goroutines). A command whose interaction was
// not acknowledged in time (the process is busy) is typed again, as a
// player does.
func (h *crashRun) openQuiet(g *crashGame) error {
	setup := engine.Setup{Game: "micropolis", Seats: h.seats, Seed: g.seed}
	m, err := engine.Start(micropolis.Game, setup)
	if err != nil {
		return err
	}
	g.replica = m
	if err := h.sayUntil(g, 0, fmt.Sprintf("new micropolis players=%d seed=%d remind=%s", h.seats, g.seed, sharedRemind),
		func() bool { return h.lobbyOpen(g) }); err != nil {
		return err
	}
	for seat := 1; seat < h.seats; seat++ {
		if err := h.sayUntil(g, seat, "join", func() bool { return h.answered(g) > seat }); err != nil {
			return err
		}
	}
	if !faketg.Wait(2*time.Minute, func() bool { return h.boards(g) == 1 }) {
		return fmt.Errorf("%s: the game did not start (%d boards)", g.channel, h.boards(g))
	}
	return nil
}

// sayUntil types text as seat until done holds, at most a few times.
func (h *crashRun) sayUntil(g *crashGame, seat int, text string, done func() bool) error {
	for range 5 {
		ix, err := h.sayIx(g, seat, text)
		if err != nil {
			return err
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3500*time.Millisecond)
		_, err = ix.Ack(ctx)
		cancel()
		if err == nil && faketg.Wait(2*time.Minute, done) || faketg.Wait(10*time.Second, done) {
			return nil
		}
	}
	return fmt.Errorf("%s: %q typed 5 times, not done", g.channel, text)
}
