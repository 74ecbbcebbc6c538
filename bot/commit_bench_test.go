package bot_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"formica/bot"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/micropolis"
	"formica/render/rendertest"
	"formica/storage"
)

// recorded is one command of a recorded game: who typed what, and what the
// reply must contain.
type recorded struct{ user, text, want string }

// recordGame plays a random 3-player Micropolis game in the engine and
// returns it as the commands its players type, lobby included.
func recordGame(b *testing.B, seed uint64) []recorded {
	b.Helper()
	users := []string{"alice", "bob", "carol"}
	s := engine.Setup{Game: "micropolis", Seats: len(users), Seed: seed}
	m, err := enginetest.PlayRandom(micropolis.Game, s, rand.New(rand.NewPCG(seed, 1)), 1000, nil)
	if err != nil {
		b.Fatal(err)
	}
	cmds := []recorded{{users[0], fmt.Sprintf("new micropolis players=%d seed=%d", len(users), seed), "Lobby"}}
	for _, u := range users[1:] {
		cmds = append(cmds, recorded{u, "join", ""})
	}
	cmds[len(cmds)-1].want = "started"
	for _, a := range m.Log {
		cmds = append(cmds, recorded{users[a.Seat], a.Path.String(), "✓ " + a.Path.String()})
	}
	return cmds
}

// BenchmarkCommit is the bot core fed recorded games through
// Service.Handle into a real bbolt file with fsync on, each game in its own
// channel, at 1 to 200 games at once. One op is one acknowledged command
// (Handle returns after its commit). Modes: "group" is the default commit
// (at once when alone, grouped under contention); the anchors "update" (one
// bbolt Update per command) and "batch" (bbolt's Batch, which waits up to
// 10 ms for company) run in the same benchmark run.
func BenchmarkCommit(b *testing.B) {
	script := recordGame(b, 42)
	modes := []struct {
		name string
		opts storage.Options
	}{
		{"group", storage.Options{}},
		{"update", storage.Options{NoBatch: true}},
		{"batch", storage.Options{BoltBatch: true}},
	}
	for _, games := range []int{1, 8, 64, 200} {
		for _, mode := range modes {
			b.Run(fmt.Sprintf("games=%d/%s", games, mode.name), func(b *testing.B) {
				benchCommit(b, script, games, mode.opts)
			})
		}
	}
}

func benchCommit(b *testing.B, script []recorded, games int, opts storage.Options) {
	opts.SkipCheck = true
	db, err := storage.Open(filepath.Join(b.TempDir(), "bench.db"), &opts)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	msgs, err := micropolis.Messages()
	if err != nil {
		b.Fatal(err)
	}
	svc, err := bot.New(bot.Config{Store: db, Games: []bot.Game{{Descriptor: micropolis.Game, Messages: msgs}},
		Clock: func() time.Time { return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) }})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	var (
		ops     atomic.Int64 // commands handed out
		channel atomic.Int64
		wg      sync.WaitGroup
		failed  atomic.Bool
	)
	b.ReportAllocs()
	b.ResetTimer()
	start := rendertest.CPUTime()
	for range games {
		wg.Go(func() {
			for !failed.Load() {
				ch := fmt.Sprintf("c%d", channel.Add(1))
				for _, c := range script {
					if ops.Add(1) > int64(b.N) {
						return
					}
					msgs := svc.Handle(ctx, bot.Command{Platform: "console", Channel: ch, Text: c.text,
						User: bot.User{Platform: "console", ID: c.user, Name: c.user}})
					if len(msgs) == 0 || !strings.Contains(msgs[0].Text, c.want) {
						b.Errorf("%s %s %q: %+v", ch, c.user, c.text, msgs)
						failed.Store(true)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	b.StopTimer()
	rendertest.ReportCPU(b, start)
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cmds/s")
}
