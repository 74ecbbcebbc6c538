package telegram_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/telegram"
	"formica/bot/telegram/faketg"
	"formica/engine"
	"formica/engine/micropolis"
	"formica/storage"
	"formica/storage/postgres"
	"formica/storage/postgres/pgtest"
)

// TestWebhookBehindSeveralInstances runs two bot instances on one
// PostgreSQL database behind a load balancer: any instance takes any
// update, and an update retried to the other instance (its first answer
// lost) is applied once, by the update-id key kept with the match; every
// post goes out once.
func TestWebhookBehindSeveralInstances(t *testing.T) {
	fake := faketg.New(token, botName)
	defer fake.Close()
	schema := pgtest.Schema(t)
	type instance struct {
		db  *postgres.DB
		svc *bot.Service
		srv *httptest.Server
	}
	ctx, cancel := context.WithCancel(context.Background())
	var runs sync.WaitGroup
	defer runs.Wait()
	defer cancel()
	var insts []*instance
	for range 2 {
		db := pgtest.OpenIn(t, postgres.Options{Schema: schema})
		svc, err := bot.New(bot.Config{Store: db, Games: games(t), Seed: func() uint64 { return 42 }})
		if err != nil {
			t.Fatal(err)
		}
		ad, err := telegram.New(telegram.Config{Token: token, APIURL: fake.URL(), WebhookURL: "https://bot.example.org/tg/hook",
			WebhookListen: "127.0.0.1:0", WebhookSecret: "s3cret_hook"}, svc, nil)
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(ad.WebhookHandler())
		t.Cleanup(srv.Close)
		runs.Add(1)
		go func() { defer runs.Done(); _ = svc.Run(ctx) }()
		insts = append(insts, &instance{db: db, svc: svc, srv: srv})
	}
	const chat = -100777
	users := map[string]int{"Alice": 11, "Bob": 12, "Carol": 13}
	for name, id := range users {
		fake.StartedBot(faketg.User{ID: int64(id), FirstName: name, Lang: "en"}, true)
	}
	update := func(id int, from, text string) string {
		cmd, _, _ := strings.Cut(text, " ")
		return fmt.Sprintf(`{"update_id":%d,"message":{"message_id":%d,"date":1,"text":%q,
			"from":{"id":%d,"first_name":%q},"chat":{"id":%d,"type":"supergroup"},
			"entities":[{"type":"bot_command","offset":0,"length":%d}]}}`, id, id, text, users[from], from, chat, len(cmd))
	}
	post := func(in *instance, body string) {
		req, _ := http.NewRequest(http.MethodPost, in.srv.URL, strings.NewReader(body))
		req.Header.Set("X-Telegram-Bot-Api-Secret-Token", "s3cret_hook")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Error(err)
			return
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("instance answered %d", resp.StatusCode)
		}
	}
	// Each update reaches both instances at once, as when the balancer
	// retries an update whose first answer was lost.
	both := func(body string) {
		var wg sync.WaitGroup
		for _, in := range insts {
			wg.Add(1)
			go func() { defer wg.Done(); post(in, body) }()
		}
		wg.Wait()
	}
	both(update(1, "Alice", "/new micropolis"))
	both(update(2, "Bob", "/join"))
	post(insts[1], update(3, "Carol", "/join")) // one instance only
	both(update(4, "Carol", "/leave"))
	both(update(5, "Alice", "/start"))

	key := storage.MatchKey{Platform: telegram.Platform, Channel: fmt.Sprint(chat)}
	moves := 4
	if testing.Short() {
		moves = 2 // each board is rendered: slow under -race
	}
	for i := range moves {
		m, err := insts[i%2].db.Match(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		st, err := micropolis.Game.Decode(m.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		seat := st.Pending()[0].Seat
		var path engine.Path
		for {
			step, err := st.Choices(seat, path)
			if err != nil {
				t.Fatal(err)
			}
			if step.Done {
				break
			}
			path = append(path, step.Options[0].Code)
		}
		who := map[engine.Seat]string{0: "Alice", 1: "Bob"}[seat]
		both(update(10+i, who, "/"+path.String()))
	}
	m, err := insts[0].db.Match(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	if log, err := insts[1].db.Log(ctx, m.ID); err != nil || m.Seq != uint64(moves) || len(log) != moves {
		t.Errorf("%d moves sent to both instances: Seq %d, %d logged (%v); want each applied once", moves, m.Seq, len(log), err)
	}
	var names []string
	for _, p := range m.Players {
		names = append(names, p.Name)
	}
	if m.Status != storage.StatusActive || strings.Join(names, ",") != "Alice,Bob" {
		t.Errorf("after the updates: %s with %v, want active with Alice,Bob (each update applied once)", m.Status, names)
	}
	// Every post goes out once: wait for the outbox to empty, then no two
	// posts in the chat are the same.
	deadline := time.Now().Add(time.Minute)
	for {
		n, err := insts[0].db.QueueDepth(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n[telegram.Platform] == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("outbox still holds %v", n)
		}
		time.Sleep(20 * time.Millisecond)
	}
	seen := map[string]int{}
	msgs := fake.Messages(chat, -1)
	for _, msg := range msgs {
		seen[msg.Text]++
	}
	for text, n := range seen {
		if n > 1 {
			t.Errorf("posted %d times: %.100q", n, text)
		}
	}
	if len(msgs) < 4 {
		t.Errorf("%d posts in the chat, want the lobby, the joins, the leave and the start", len(msgs))
	}
}
