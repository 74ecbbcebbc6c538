package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"formica/bot/bottest"
	"formica/bot/telegram/faketg"
)

const tgToken = "123456789:AAHk3x_test-token-SECRET-0123456789abc"

// server is one `formica serve` run against a fake Telegram.
type server struct {
	t      *testing.T
	logs   *bottest.Buffer
	cancel context.CancelFunc
	done   chan error
}

func startServe(t *testing.T, fake *faketg.Server, db string, args ...string) *server {
	t.Helper()
	env := map[string]string{"FORMICA_TELEGRAM_TOKEN": tgToken, "FORMICA_TELEGRAM_API_URL": fake.URL(), "FORMICA_DB": db}
	s := &server{t: t, logs: &bottest.Buffer{}, done: make(chan error, 1)}
	m := &Main{Args: append([]string{"serve"}, args...), Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: s.logs,
		Getenv: func(k string) string { return env[k] }, Games: noBoards}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	go func() {
		err := m.Run(ctx)
		if cerr := m.Close(); err == nil {
			err = cerr
		}
		s.done <- err
	}()
	t.Cleanup(func() { cancel(); <-s.done })
	return s
}

// logged waits until the log has a line matching re and returns its match.
func (s *server) logged(re string) []string {
	s.t.Helper()
	rx := regexp.MustCompile(re)
	var m []string
	if !faketg.Wait(10*time.Second, func() bool { m = rx.FindStringSubmatch(s.logs.String()); return m != nil }) {
		s.t.Fatalf("no log line matching %q:\n%s", re, s.logs.String())
	}
	return m
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestServeOperations: serve --http answers /healthz (database writable,
// Telegram connected) and /metrics in Prometheus format with the commands
// handled and refused and the outbox depth; a second instance on the same
// database refuses to start with a clear message; on cancellation (SIGTERM)
// the outbox is drained and serve returns nil (exit 0).
func TestServeOperations(t *testing.T) {
	fake := faketg.New(tgToken, "formica_bot")
	defer fake.Close()
	db := filepath.Join(t.TempDir(), "formica.db")
	s := startServe(t, fake, db, "--http", "127.0.0.1:0")
	addr := s.logged(`serving /healthz and /metrics.*addr=(\S+)`)[1]
	s.logged(`telegram bot started`)

	// The adapter logs its start just before its first getUpdates: the
	// health check may say "disconnected" for that moment.
	var code int
	var body string
	faketg.Wait(10*time.Second, func() bool {
		code, body = get(t, "http://"+addr+"/healthz")
		return code == 200
	})
	var st map[string]string
	if err := json.Unmarshal([]byte(body), &st); err != nil || code != 200 || st["database"] != "ok" || st["telegram"] != "connected" {
		t.Fatalf("/healthz = %d %s", code, body)
	}

	alice := faketg.User{ID: 11, FirstName: "Alice"}
	group := faketg.Chat{ID: -1001, Type: "supergroup", Title: "Ants"}
	fake.StartedBot(alice, true)
	id := fake.Say(group, 0, alice, "/new micropolis")
	if !faketg.Wait(10*time.Second, func() bool { return fake.Confirmed() >= id }) {
		t.Fatal("the command was not handled")
	}
	id = fake.Say(group, 0, alice, "/take 3") // refused: the game has not started
	if !faketg.Wait(10*time.Second, func() bool { return fake.Confirmed() >= id }) {
		t.Fatal("the command was not handled")
	}
	_, metrics := get(t, "http://"+addr+"/metrics")
	for _, want := range []string{
		`formica_commands_total{platform="telegram",result="handled"} 1`,
		`formica_commands_total{platform="telegram",result="refused"} 1`,
		`formica_outbox_depth{platform="telegram"}`,
		`# TYPE formica_board_latency_seconds histogram`,
	} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}

	// A second instance on the same database.
	fake2 := faketg.New(tgToken, "formica_bot")
	defer fake2.Close()
	second := startServe(t, fake2, db)
	select {
	case err := <-second.done:
		second.done <- err // for the cleanup
		if err == nil || !strings.Contains(err.Error(), "another formica is already running on this database") {
			t.Fatalf("second instance: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a second instance on the same database started")
	}

	// A post waiting for its retry (after a 500) when the stop comes is
	// still delivered.
	fake.Fail(faketg.Fault{Method: "sendMessage", ChatID: group.ID, Code: 500})
	bob := faketg.User{ID: 12, FirstName: "Bob"}
	fake.StartedBot(bob, true)
	id = fake.Say(group, 0, bob, "/join")
	if !faketg.Wait(10*time.Second, func() bool { return fake.Confirmed() >= id && fake.Faults() == 0 }) {
		t.Fatal("the join was not handled")
	}
	s.cancel()
	if err := <-s.done; err != nil {
		t.Fatalf("serve after a stop: %v, want nil (exit 0)", err)
	}
	s.done <- nil
	joined := false
	for _, m := range fake.Messages(group.ID, -1) {
		joined = joined || strings.Contains(m.Text, "Bob joined")
	}
	if !joined {
		t.Fatalf("the queued post was not delivered at the stop:\n%s", s.logs.String())
	}
	if !strings.Contains(s.logs.String(), "outbox drained") {
		t.Errorf("no drain in the log:\n%s", s.logs.String())
	}
}
