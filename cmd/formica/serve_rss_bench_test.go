package main

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/telegram/faketg"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/micropolis"
	"formica/storage"
)

// BenchmarkServeRSS measures the memory of a real `formica serve` process
// (the binary named by $FORMICA_BIN; scripts/bench builds it) over a
// database of 1,000 stored Micropolis games, each mid-way through (lobby,
// 3 players, 25 answers), talking to a fake Telegram on loopback. It sends
// "status" to 50 of the games, waits until the bot has handled them all,
// and reports the process's resident memory then (rss-MB) and at its peak
// (hwm-MB). The op is the whole measurement; run it with -benchtime=1x.
func BenchmarkServeRSS(b *testing.B) {
	bin := os.Getenv("FORMICA_BIN")
	if bin == "" {
		b.Skip("set FORMICA_BIN to a built formica binary (scripts/bench does)")
	}
	games, answers := 1000, 25
	if n, err := strconv.Atoi(os.Getenv("FORMICA_GAMES")); err == nil {
		games = n
	}
	dir := b.TempDir()
	path := filepath.Join(dir, "serve.db")
	fillGames(b, path, games, answers)
	tg := faketg.New("123456:perf-bench-token-0123456789", "formica_bot")
	defer tg.Close()
	for b.Loop() {
		rss, hwm := serveRSS(b, bin, path, tg, games)
		b.ReportMetric(rss, "rss-MB")
		b.ReportMetric(hwm, "hwm-MB")
	}
}

// fillGames stores games matches through the bot core (fsync off): each a
// lobby, three players and the first answers of one recorded game.
func fillGames(b *testing.B, path string, games, answers int) {
	db, err := storage.Open(path, &storage.Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	msgs, err := micropolis.Messages()
	if err != nil {
		b.Fatal(err)
	}
	svc, err := bot.New(bot.Config{Store: db, Games: []bot.Game{{Descriptor: micropolis.Game, Messages: msgs}}})
	if err != nil {
		b.Fatal(err)
	}
	m, err := enginetest.PlayRandom(micropolis.Game, engine.Setup{Game: "micropolis", Seats: 3, Seed: 42}, rand.New(rand.NewPCG(42, 1)), 1000, nil)
	if err != nil {
		b.Fatal(err)
	}
	users := []string{"11", "12", "13"}
	script := []struct{ user, text string }{{users[0], "new micropolis players=3 seed=42"}, {users[1], "join"}, {users[2], "join"}}
	for _, a := range m.Log[:min(answers, len(m.Log))] {
		script = append(script, struct{ user, text string }{users[a.Seat], a.Path.String()})
	}
	svc.Attach("telegram", bot.SenderFunc(func(context.Context, bot.Message) error { return nil }))
	ctx := context.Background()
	for g := range games {
		ch := strconv.Itoa(-1000 - g)
		for _, c := range script {
			msgs := svc.Handle(ctx, bot.Command{Platform: "telegram", Channel: ch, Text: c.text,
				User: bot.User{Platform: "telegram", ID: c.user, Name: "P" + c.user}})
			if len(msgs) == 0 {
				b.Fatalf("game %d: %q got no reply", g, c.text)
			}
		}
		if err := svc.Flush(ctx); err != nil { // delivered, as a running bot would have
			b.Fatal(err)
		}
	}
}

// serveRSS runs the binary against the database and the fake until it has
// handled a status command in 50 games, and returns its VmRSS and VmHWM in
// MB.
func serveRSS(b *testing.B, bin, path string, tg *faketg.Server, games int) (rss, hwm float64) {
	cmd := exec.Command(bin, "serve", "--db", path)
	cmd.Env = append(os.Environ(), "FORMICA_TELEGRAM_TOKEN=123456:perf-bench-token-0123456789", "FORMICA_TELEGRAM_API_URL="+tg.URL(), "FORMICA_DISCORD_TOKEN=")
	var logs strings.Builder
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		_ = cmd.Process.Kill()
		<-exited
	}()
	user := faketg.User{ID: 11, FirstName: "P11"}
	var last int64
	for g := 0; g < games; g += games / 50 {
		last = tg.Say(faketg.Chat{ID: int64(-1000 - g), Type: "group", Title: fmt.Sprint("g", g)}, 0, user, "/status")
	}
	deadline := time.Now().Add(2 * time.Minute)
	for tg.Confirmed() < last {
		select {
		case err := <-exited:
			exited <- err
			b.Fatalf("serve exited: %v\n%s", err, logs.String())
		default:
		}
		if time.Now().After(deadline) {
			b.Fatalf("serve did not handle the commands in 2 minutes (confirmed %d of %d):\n%s", tg.Confirmed(), last, logs.String())
		}
		time.Sleep(20 * time.Millisecond) // polling another process
	}
	return procMB(b, cmd.Process.Pid, "VmRSS:"), procMB(b, cmd.Process.Pid, "VmHWM:")
}

// procMB reads one memory line of /proc/pid/status in MB.
func procMB(b *testing.B, pid int, key string) float64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Skipf("no /proc: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), key); ok {
			kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			if err != nil {
				b.Fatal(err)
			}
			return kb / 1024
		}
	}
	b.Fatalf("%s not in /proc/%d/status", key, pid)
	return 0
}
