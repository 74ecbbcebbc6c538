package telegram_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/telegram"
	"formica/bot/telegram/faketg"
	"formica/storage"
)

// TestWebhook: Run registers the webhook with its secret; the handler
// refuses requests without the secret and answers 200 only after handling.
func TestWebhook(t *testing.T) {
	fake := faketg.New(token, botName)
	defer fake.Close()
	db, err := storage.Open(t.TempDir()+"/w.db", &storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc, err := bot.New(bot.Config{Store: db, Games: games(t)})
	if err != nil {
		t.Fatal(err)
	}
	cfg := telegram.Config{Token: token, APIURL: fake.URL(), WebhookURL: "https://bot.example.org/tg/hook",
		WebhookListen: "127.0.0.1:0", WebhookSecret: "s3cret_hook"}
	ad, err := telegram.New(cfg, svc, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ad.Run(ctx) }()
	if !faketg.Wait(wait, func() bool { return fake.Webhook() == cfg.WebhookURL }) {
		t.Fatal("setWebhook was not called")
	}
	// Serving: setWebhook's answer arrived (the fake records the call
	// before it answers, and a stop before the answer is a failed start).
	if !faketg.Wait(wait, ad.Connected) {
		t.Fatal("the adapter did not serve its webhook after setWebhook")
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}

	srv := httptest.NewServer(ad.WebhookHandler())
	defer srv.Close()
	fake.StartedBot(alice, true)
	update := `{"update_id":1,"message":{"message_id":5,"date":1,"text":"/new micropolis",
		"from":{"id":11,"first_name":"Alice"},"chat":{"id":-100123,"type":"supergroup"},
		"entities":[{"type":"bot_command","offset":0,"length":4}]}}`
	post := func(secret string) int {
		req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(update))
		req.Header.Set("X-Telegram-Bot-Api-Secret-Token", secret)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, wrong := range []string{"wrong", "", "s3cret_hoo", "s3cret_hook_", "s3cret_hooK"} {
		if code := post(wrong); code != http.StatusForbidden {
			t.Fatalf("wrong secret %q: %d", wrong, code)
		}
	}
	if _, err := db.Match(context.Background(), storage.MatchKey{Platform: "telegram", Channel: "-100123"}); err == nil {
		t.Fatal("an update with a wrong secret was handled")
	}
	if code := post("s3cret_hook"); code != http.StatusOK {
		t.Fatalf("right secret: %d", code)
	}
	// Handled before the 200: the lobby exists now.
	if _, err := db.Match(context.Background(), storage.MatchKey{Platform: "telegram", Channel: "-100123"}); err != nil {
		t.Fatalf("the webhook answered before handling: %v", err)
	}
	_ = time.Second
}
