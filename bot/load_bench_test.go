package bot_test

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"formica/bot"
	"formica/storage"
	"formica/storage/postgres"
	"formica/storage/postgres/pgtest"
)

var (
	sharedGames = flag.Int("shared.games", 500, "concurrent games in BenchmarkSharedLoad")
	sharedMoves = flag.Int("shared.moves", 6, "moves per game in BenchmarkSharedLoad")
	sharedConns = flag.Int("shared.conns", 0, "PostgreSQL connections per process for reads and writes (0: the store's default)")
	sharedLocks = flag.Int("shared.locks", 0, "PostgreSQL connections per process holding match locks (0: the store's default)")
)

// BenchmarkSharedLoad plays -shared.games games at once, each move sent to
// one of the processes in turn (any instance takes any update), and
// reports answers/s and the command-to-board latency (the move's board
// post delivered from the outbox) for two bot processes on one PostgreSQL
// database beside one process on bbolt. It checks that no answer was lost
// or applied twice, that each board went out once and that each reminder
// fired once. A load command, not a CI test:
//
//	FORMICA_TEST_POSTGRES=postgres://... go test -run '^$' -bench BenchmarkSharedLoad -benchtime 1x ./bot
func BenchmarkSharedLoad(b *testing.B) {
	b.Run("bbolt-1-process", func(b *testing.B) {
		for range b.N {
			// NoSync: the PostgreSQL test cluster (.ci/postgres) runs with
			// fsync off, so neither side waits for the disk.
			db, err := storage.Open(filepath.Join(b.TempDir(), "formica.db"), &storage.Options{NoSync: true})
			if err != nil {
				b.Fatal(err)
			}
			sharedLoad(b, []bot.Store{db})
			db.Close()
		}
	})
	b.Run("postgres-2-processes", func(b *testing.B) {
		for range b.N {
			schema := pgtest.Schema(b)
			o := postgres.Options{Schema: schema, MaxConns: int32(*sharedConns), LockConns: int32(*sharedLocks)}
			a := pgtest.OpenIn(b, o)
			c := pgtest.OpenIn(b, o)
			sharedLoad(b, []bot.Store{a, c})
		}
	})
}

// loadStore counts a process's queued messages and deleted (fired)
// reminders; it passes the match lock through when the store has one.
type loadStore struct {
	bot.Store
	tl *tally
}

func (s loadStore) Lock(ctx context.Context, key string) (func(), error) {
	if l, ok := s.Store.(bot.MatchLocker); ok {
		return l.Lock(ctx, key)
	}
	return func() {}, nil
}

func (s loadStore) DeleteReminder(ctx context.Context, id storage.ReminderID) error {
	err := s.Store.DeleteReminder(ctx, id)
	if err == nil {
		s.tl.mu.Lock()
		s.tl.deleted[id]++
		s.tl.mu.Unlock()
	}
	return err
}

// boardSender is a platform that signals each board post of a channel.
type boardSender struct {
	mu     sync.Mutex
	boards map[string]chan struct{}
	count  map[string]int
	sent   atomic.Int64
}

func (s *boardSender) wait(ch string) chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.boards[ch]
	if c == nil {
		c = make(chan struct{}, 1024)
		s.boards[ch] = c
	}
	return c
}

func (s *boardSender) Send(ctx context.Context, m bot.Message) error {
	s.sent.Add(1)
	if m.To == bot.Channel && strings.Contains(m.Text, " took ") {
		s.mu.Lock()
		s.count[m.Channel+"\x00"+m.Text]++
		s.mu.Unlock()
		s.wait(m.Channel) <- struct{}{}
	}
	return nil
}

func sharedLoad(b *testing.B, stores []bot.Store) {
	games, moves := *sharedGames, *sharedMoves
	var offset atomic.Int64 // the reminder phase moves the clock on
	clock := func() time.Time { return time.Now().Add(time.Duration(offset.Load())) }
	tl := &tally{deleted: map[storage.ReminderID]int{}}
	out := &boardSender{boards: map[string]chan struct{}{}, count: map[string]int{}}
	ctx, cancel := context.WithCancel(context.Background())
	var runs sync.WaitGroup
	var svcs []*bot.Service
	for _, st := range stores {
		svc, err := bot.New(bot.Config{Store: loadStore{st, tl}, Games: []bot.Game{pile()}, Clock: clock})
		if err != nil {
			b.Fatal(err)
		}
		svc.Attach("console", out)
		runs.Add(1)
		go func() { defer runs.Done(); _ = svc.Run(ctx) }()
		svcs = append(svcs, svc)
	}
	defer func() { cancel(); runs.Wait() }()
	user := func(n string) bot.User { return bot.User{Platform: "console", ID: n, Name: n} }
	do := func(i int, ch, who, text, id string) []bot.Message {
		return svcs[i%len(svcs)].Handle(ctx, bot.Command{Platform: "console", Channel: ch, User: user(who), Text: text, ID: id})
	}
	var lobbies sync.WaitGroup
	for g := range games {
		lobbies.Add(1)
		go func() {
			defer lobbies.Done()
			ch := fmt.Sprint("g", g)
			do(g, ch, "alice", fmt.Sprintf("new pile size=%d", moves), "")
			do(g+1, ch, "bob", "join", "")
			do(g, ch, "alice", "start", "")
		}()
	}
	lobbies.Wait()
	for g := range games { // the start posts are not moves: drain them
		for len(out.wait(fmt.Sprint("g", g))) > 0 {
			<-out.wait(fmt.Sprint("g", g))
		}
	}
	var mu sync.Mutex
	var lat []time.Duration
	var refused atomic.Int64
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ch := fmt.Sprint("g", g)
			boards := out.wait(ch)
			for turn := range moves {
				t0 := time.Now()
				rs := do(g+turn, ch, []string{"alice", "bob"}[turn%2], "take 1", fmt.Sprintf("console:%s:%d", ch, turn))
				if len(rs) == 0 || rs[0].Refused {
					refused.Add(1)
					return
				}
				select {
				case <-boards:
				case <-time.After(2 * time.Minute):
					b.Errorf("%s move %d: no board after 2 minutes", ch, turn)
					return
				}
				mu.Lock()
				lat = append(lat, time.Since(t0))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if n := refused.Load(); n > 0 {
		b.Errorf("%d moves refused", n)
	}
	// Each answer once: every game finished with exactly its moves.
	all, _, err := stores[0].AllStats(ctx)
	if err != nil {
		b.Fatal(err)
	}
	for _, st := range all {
		if st.Answers != uint64(moves) {
			b.Errorf("%s: %d answers stored, want %d", st.Key, st.Answers, moves)
		}
	}
	if len(all) != games {
		b.Errorf("%d games finished, want %d", len(all), games)
	}
	// Each board once.
	out.mu.Lock()
	for k, n := range out.count {
		if n != 1 {
			b.Errorf("board %q posted %d times", k, n)
		}
	}
	boards := len(out.count)
	out.mu.Unlock()
	if boards != games*moves {
		b.Errorf("%d distinct boards posted, want %d", boards, games*moves)
	}
	// Reminders: a tenth of the games wait on a move; the clock passes
	// their reminders and every scheduler looks at once.
	waiting := max(1, games/10)
	for g := range waiting {
		ch := fmt.Sprint("w", g)
		do(g, ch, "alice", "new pile", "")
		do(g+1, ch, "bob", "join", "")
		do(g, ch, "alice", "start", "")
	}
	offset.Store(int64(3 * time.Hour))
	for _, s := range svcs {
		s.Wake()
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		tl.mu.Lock()
		fired := len(tl.deleted)
		tl.mu.Unlock()
		if fired >= waiting || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	tl.mu.Lock()
	twice := 0
	for _, n := range tl.deleted {
		if n != 1 {
			twice++
		}
	}
	fired := len(tl.deleted)
	tl.mu.Unlock()
	if fired < waiting || twice > 0 {
		b.Errorf("reminders: %d fired (want %d), %d more than once", fired, waiting, twice)
	}
	slices.Sort(lat)
	if len(lat) == 0 {
		b.Fatal("no move acknowledged")
	}
	pct := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "answers/s")
	b.ReportMetric(float64(pct(0.5).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(pct(0.99).Microseconds())/1000, "p99-ms")
	b.Logf("%d processes, %d games x %d moves: %d answers in %v (%.0f/s), command-to-board p50 %v p99 %v max %v; %d reminders fired once each; every board posted once",
		len(stores), games, moves, len(lat), elapsed.Round(time.Millisecond), float64(len(lat))/elapsed.Seconds(),
		pct(0.5), pct(0.99), lat[len(lat)-1], fired)
}
