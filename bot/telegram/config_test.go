package telegram_test

import (
	"errors"
	"net"
	"strings"
	"testing"

	"formica/bot"
	"formica/bot/telegram"
	"formica/bot/telegram/faketg"
	"formica/storage"
)

func service(t *testing.T) *bot.Service {
	db, err := storage.Open(t.TempDir()+"/c.db", &storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	svc, err := bot.New(bot.Config{Store: db, Games: games(t)})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// TestBadToken: a malformed, rejected or unusable token is a clear
// configuration error that never shows the token.
func TestBadToken(t *testing.T) {
	fake := faketg.New(token, botName)
	defer fake.Close()
	svc := service(t)
	// A closed port: the transport error carries the request URL.
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	dead := "http://" + ln.Addr().String()
	ln.Close()
	wrong := "987654321:ZZHk3x_another-SECRET-token-abcdefghij"
	for _, c := range []struct {
		name string
		cfg  telegram.Config
		want string
	}{
		{"empty", telegram.Config{APIURL: fake.URL()}, "telegram.token is empty"},
		{"malformed", telegram.Config{Token: "not a token SECRET", APIURL: fake.URL()}, "not a bot token"},
		{"rejected", telegram.Config{Token: wrong, APIURL: fake.URL()}, "rejected"},
		{"unreachable", telegram.Config{Token: wrong, APIURL: dead}, "cannot reach"},
		{"bad url", telegram.Config{Token: wrong, APIURL: "ftp://x"}, "telegram.api_url"},
		{"webhook", telegram.Config{Token: wrong, WebhookURL: "http://insecure"}, "telegram.webhook_url"},
	} {
		_, err := telegram.New(c.cfg, svc, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
			continue
		}
		if strings.Contains(err.Error(), "SECRET") {
			t.Errorf("%s: the token leaked: %v", c.name, err)
		}
		if c.name != "unreachable" && !errors.Is(err, telegram.ErrConfig) {
			t.Errorf("%s: %v does not wrap ErrConfig", c.name, err)
		}
	}
}

// TestFromEnv: secrets come from the environment when the config has none.
func TestFromEnv(t *testing.T) {
	env := map[string]string{telegram.EnvToken: " " + token + "\n", telegram.EnvAPIURL: "http://127.0.0.1:8081"}
	c := telegram.Config{}.FromEnv(func(k string) string { return env[k] })
	if c.Token != token || c.APIURL != "http://127.0.0.1:8081" {
		t.Fatalf("FromEnv: %+v", c)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	c = telegram.Config{Token: "1:from-config-aaaaaaaaaaaaaaaaaaaaa"}.FromEnv(func(k string) string { return env[k] })
	if c.Token != "1:from-config-aaaaaaaaaaaaaaaaaaaaa" {
		t.Fatal("the environment overrode the config file's token")
	}
}
