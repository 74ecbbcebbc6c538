package telegram

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// With a webhook Telegram POSTs each update and retries it until it gets a
// 2xx answer. The handler answers only after the update was handled, so an
// update whose handling a crash interrupted is delivered again.

// serveWebhook registers the webhook and serves it until ctx ends. The
// webhook stays registered on shutdown so Telegram keeps the updates that
// arrive meanwhile.
func (a *Adapter) serveWebhook(ctx context.Context) error {
	u, _ := url.Parse(a.cfg.WebhookURL) // Validate checked it
	path := u.Path
	if path == "" {
		path = "/"
	}
	ln, err := net.Listen("tcp", a.cfg.WebhookListen)
	if err != nil {
		return fmt.Errorf("telegram: telegram.webhook_listen %q: %w", a.cfg.WebhookListen, err)
	}
	mux := http.NewServeMux()
	mux.Handle(path, a.WebhookHandler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, BaseContext: func(net.Listener) context.Context { return ctx }}
	params := tgbotapi.Params{
		"url":             a.cfg.WebhookURL,
		"secret_token":    a.cfg.WebhookSecret,
		"allowed_updates": allowedUpdates,
	}
	if _, err := a.client.call(ctx, "setWebhook", params); err != nil {
		ln.Close()
		return fmt.Errorf("telegram: setWebhook %s: %w", a.cfg.WebhookURL, err)
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	a.up.Store(true)
	defer a.up.Store(false)
	select {
	case err := <-errc:
		return fmt.Errorf("telegram: webhook server: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("telegram: webhook shutdown: %w", err)
	}
	return nil
}

// WebhookHandler serves Telegram's webhook requests: it checks the secret
// header, handles the update and only then answers 200.
func (a *Adapter) WebhookHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		got := r.Header.Get("X-Telegram-Bot-Api-Secret-Token")
		// Compared as digests: constant time whatever the lengths.
		gotSum, wantSum := sha256.Sum256([]byte(got)), sha256.Sum256([]byte(a.cfg.WebhookSecret))
		if a.cfg.WebhookSecret == "" || subtle.ConstantTimeCompare(gotSum[:], wantSum[:]) != 1 {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil {
			http.Error(w, "unreadable body", http.StatusBadRequest)
			return
		}
		u, err := decodeUpdate(body)
		if err != nil {
			// Malformed: retrying cannot help, so acknowledge it.
			a.log.Warn("telegram: skipping a webhook update", "err", err)
			w.WriteHeader(http.StatusOK)
			return
		}
		// Finish the update even if Telegram hangs up: it will retry, and
		// a half-handled update is worse than a repeated one.
		a.handleSafely(context.WithoutCancel(r.Context()), u)
		w.WriteHeader(http.StatusOK)
	})
}
