package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"formica/bot/discord/fakediscord"
	"formica/bot/telegram/faketg"
)

// Sentinel secrets: any trace of them in an error, a log line or a panic
// is a leak. The Telegram token's part after the colon is secret alone.
const (
	sentinelDiscord = "MTIzNDU2Nzg5.SENTINELdc.discord-sentinel-x9"
	sentinelTG      = "424242:SENTINELtg_telegram_secret_x9"
	sentinelHook    = "SENTINELhook_webhook_secret_x9"
)

func leaked(s string) []string {
	var out []string
	for _, w := range []string{sentinelDiscord, "SENTINELdc", "discord-sentinel-x9", sentinelTG, "SENTINELtg", "telegram_secret_x9", sentinelHook, "SENTINELhook"} {
		if strings.Contains(s, w) {
			out = append(out, w)
		}
	}
	return out
}

// serveFor runs "formica serve" with env until it stops or d passes and
// returns everything it printed and its error text; a panic is reported
// with its value.
func serveFor(t *testing.T, env map[string]string, d time.Duration) (text string) {
	t.Helper()
	env["FORMICA_LOG_LEVEL"] = "debug"
	if env["FORMICA_DB"] == "" {
		env["FORMICA_DB"] = filepath.Join(t.TempDir(), "f.db")
	}
	var out, errb strings.Builder
	m := &Main{Args: []string{"serve"}, Stdin: strings.NewReader(""), Stdout: &syncWriter{w: &out}, Stderr: &syncWriter{w: &errb},
		Getenv: func(k string) string { return env[k] }, Games: allNoBoards}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		err = m.Run(ctx)
	}()
	if cerr := m.Close(); err == nil {
		err = cerr
	}
	return fmt.Sprintf("%s\n%s\nerror: %v", out.String(), errb.String(), err)
}

// echoServer answers every request with an error whose text repeats the
// request's path, query and Authorization header, as a careless proxy
// might: an adapter must redact what comes back.
func echoServer(t *testing.T, status int) *httptest.Server {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		echo := strings.NewReplacer(`"`, `'`, `\`, `/`).Replace(r.URL.String() + " auth=" + r.Header.Get("Authorization"))
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprintf(w, `{"ok":false,"error_code":%d,"description":"Bad Request: %s","message":"%s","code":50001}`, status, echo, echo)
	}))
	t.Cleanup(s.Close)
	return s
}

// closedURL is a loopback address nothing listens on.
func closedURL(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}

// hangServer accepts requests and never answers them.
func hangServer(t *testing.T) *httptest.Server {
	stop := make(chan struct{})
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-stop:
		}
	}))
	t.Cleanup(func() { close(stop); s.Close() })
	return s
}

// TestSecretsNeverLeak runs the real serve command with sentinel tokens
// through every way an adapter fails: nothing reachable, a server that
// hangs, a wrong token, error pages that echo the request, bad settings,
// and a live game on the fake platforms hit by 429s, 5xx, 403s and
// dropped requests. No sentinel appears in the output, the logs (at debug
// level) or the error.
func TestSecretsNeverLeak(t *testing.T) {
	short := 1500 * time.Millisecond
	dc := func(api, gw string) map[string]string {
		return map[string]string{"FORMICA_DISCORD_TOKEN": sentinelDiscord, "FORMICA_DISCORD_API_URL": api, "FORMICA_DISCORD_GATEWAY_URL": gw}
	}
	tg := func(api string) map[string]string {
		return map[string]string{"FORMICA_TELEGRAM_TOKEN": sentinelTG, "FORMICA_TELEGRAM_API_URL": api}
	}
	fdOther := fakediscord.New("another-token")
	t.Cleanup(fdOther.Close)
	ftOther := faketg.New("1:another", "formica_bot")
	t.Cleanup(ftOther.Close)
	cases := map[string]map[string]string{
		"discord unreachable":       dc(closedURL(t), "ws://"+strings.TrimPrefix(closedURL(t), "http://")),
		"discord hangs":             dc(hangServer(t).URL+"/", "ws://"+strings.TrimPrefix(hangServer(t).URL, "http://")),
		"discord wrong token":       dc(fdOther.URL(), fdOther.GatewayURL()),
		"discord echoes 400":        dc(echoServer(t, 400).URL+"/", fdOther.GatewayURL()),
		"discord echoes 500":        dc(echoServer(t, 500).URL+"/", fdOther.GatewayURL()),
		"telegram unreachable":      tg(closedURL(t)),
		"telegram hangs":            tg(hangServer(t).URL),
		"telegram wrong token":      tg(ftOther.URL()),
		"telegram echoes 400":       tg(echoServer(t, 400).URL),
		"telegram echoes 502":       tg(echoServer(t, 502).URL),
		"telegram echoes 401":       tg(echoServer(t, 401).URL),
		"telegram bad api url":      tg("ftp://" + sentinelTG + "@example.org"),
		"telegram token in api url": tg("http://127.0.0.1:1/bot" + sentinelTG),
		"webhook bad listen": {"FORMICA_TELEGRAM_TOKEN": sentinelTG, "FORMICA_TELEGRAM_API_URL": closedURL(t),
			"FORMICA_TELEGRAM_WEBHOOK_URL": "https://example.org/tg", "FORMICA_TELEGRAM_WEBHOOK_LISTEN": "256.0.0.1:-1",
			"FORMICA_TELEGRAM_WEBHOOK_SECRET": sentinelHook},
		"discord token with a newline":  {"FORMICA_DISCORD_TOKEN": sentinelDiscord + "\n" + sentinelDiscord},
		"telegram token without colon":  {"FORMICA_TELEGRAM_TOKEN": "SENTINELtg_telegram_secret_x9"},
		"webhook secret with bad bytes": {"FORMICA_TELEGRAM_TOKEN": sentinelTG, "FORMICA_TELEGRAM_WEBHOOK_SECRET": sentinelHook + " é\x00"},
	}
	for name, env := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			text := serveFor(t, env, short)
			if l := leaked(text); len(l) > 0 {
				t.Fatalf("%v leaked:\n%s", l, text)
			}
			if testing.Verbose() {
				t.Logf("serve ran without an error:\n%s", text)
			}
		})
	}
}

// TestDatabaseFileIsPrivate: the database file is created readable by its
// owner only, whatever the umask.
func TestDatabaseFileIsPrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.db")
	if _, stderr, err := runGames(t, noBoards, "quit\n", nil, "play", "micropolis", "--db", path, "--out", t.TempDir()); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := fi.Mode().Perm(); perm != 0o600 {
		t.Fatalf("database file mode %o, want 600", perm)
	}
}

// syncWriter serializes writes from the adapters' goroutines.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
