package main

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"formica/bot"
	"formica/bot/bottest"
	"formica/storage"
	"formica/storage/storagetest"
)

// service is the bot over a throw-away database with every game (no
// renderers); log collects what it logs.
func fuzzService(tb testing.TB) (svc *bot.Service, db *storage.DB, log *bottest.Buffer) {
	tb.Helper()
	db = storagetest.Open(tb, &storage.Options{NoSync: true, NoBatch: true, SkipCheck: true})
	gs, err := allNoBoards()
	if err != nil {
		tb.Fatal(err)
	}
	log = &bottest.Buffer{}
	svc, err = bot.New(bot.Config{Store: db, Games: gs, Logger: slog.New(slog.NewTextHandler(log, nil)),
		Seed: func() uint64 { return 1 }})
	if err != nil {
		tb.Fatal(err)
	}
	svc.Attach("console", &bottest.Recorder{})
	return svc, db, log
}

// FuzzSetup opens a lobby with typed setup options: no panic; a refused
// setup opens nothing; an accepted one starts once enough players join
// (exactly at players=N when given), so no bad option is found only at
// start.
func FuzzSetup(f *testing.F) {
	for _, s := range []string{
		"micropolis", "micropolis twohills", "micropolis variant=twohills general=largest players=4",
		"march", "march 1e length=long species=on players=2", "march frontiers=7", "march evolved",
		"funants", "funants deck=999,-1", "funants deck=3,1 tokens=4,9", "funants players=2 anthills=nw,se",
		"funants players=4 scenario=classic-teams", "funants ants=1w:c1,2s:e1", "funants captured=2,0 scenario=pyramids",
		"chess", "micropolis seed=-1", "micropolis players=99", "micropolis lang=xx", "micropolis remind=3h deadline=1d",
		"funants tokens=" + strings.Repeat("9,", 40), "micropolis =", "funants deck=,,,", "march players=0",
	} {
		f.Add(s)
	}
	svc, db, log := fuzzService(f)
	var n atomic.Int64
	f.Fuzz(func(t *testing.T, args string) {
		ctx := context.Background()
		ch := fmt.Sprintf("setup%d", n.Add(1))
		run := func(user, text string) []bot.Message {
			c := bot.Command{Platform: "console", Channel: ch, Text: text,
				User: bot.User{Platform: "console", ID: user, Name: user}}
			return svc.Handle(ctx, c)
		}
		defer run("u1", "abort")
		run("u1", "new "+args)
		if strings.Contains(log.String(), "panic") {
			t.Fatalf("new %q panicked:\n%s", args, log.String())
		}
		key := storage.MatchKey{Platform: "console", Channel: ch}
		m, err := db.Match(ctx, key)
		if err != nil {
			return // refused: nothing opened
		}
		for i := 2; i <= 8 && m.Status == storage.StatusLobby; i++ {
			run(fmt.Sprintf("u%d", i), "join")
			if m, err = db.Match(ctx, key); err != nil {
				t.Fatal(err)
			}
			if m.Status == storage.StatusLobby && len(m.Players) == i && !autoStarts(args) {
				run("u1", "start")
				if m, err = db.Match(ctx, key); err != nil {
					t.Fatal(err)
				}
			}
		}
		if m.Status != storage.StatusActive {
			t.Fatalf("new %s opened a lobby that never starts (%d seated)", args, len(m.Players))
		}
		if strings.Contains(log.String(), "panic") {
			t.Fatalf("new %q panicked:\n%s", args, log.String())
		}
	})
}

// autoStarts reports whether args set one players=N target (N > 0): the
// lobby then starts by itself when the Nth player joins.
func autoStarts(args string) bool {
	n := 0
	for _, w := range strings.Fields(args) {
		k, v, _ := strings.Cut(w, "=")
		if strings.EqualFold(k, "players") {
			if p, err := strconv.Atoi(v); err != nil || p <= 0 {
				return false
			}
			n++
		}
	}
	return n == 1
}
