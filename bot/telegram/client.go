package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// APIError is a failed Bot API request, with the token redacted.
type APIError struct {
	Method      string
	Code        int           // error_code (HTTP status); 0 for transport failures
	Description string        // Telegram's description or the transport error, redacted
	RetryAfter  time.Duration // from a 429's parameters
	MigrateTo   int64         // the supergroup a group became (parameters.migrate_to_chat_id)
}

func (e *APIError) Error() string {
	switch {
	case e.Code == 0:
		return fmt.Sprintf("telegram %s: %s", e.Method, e.Description)
	case e.Description == "":
		// Some servers and proxies answer without a description (or
		// without error_code): the HTTP status is all there is to say.
		return fmt.Sprintf("telegram %s: HTTP %d", e.Method, e.Code)
	}
	return fmt.Sprintf("telegram %s: %d %s", e.Method, e.Code, e.Description)
}

// client calls the Bot API through the real tgbotapi client. Every error it
// returns has the token redacted: the library's errors carry request URLs,
// which contain it.
type client struct {
	api   *tgbotapi.BotAPI // a template; each call copies it with a ctx-bound HTTP client
	http  *http.Client
	token string
}

// ctxDoer binds requests to a context, which tgbotapi's methods do not take,
// and notes the HTTP status, which tgbotapi's errors drop.
type ctxDoer struct {
	ctx    context.Context
	c      *http.Client
	status *int // nil: not noted
}

func (d ctxDoer) Do(r *http.Request) (*http.Response, error) {
	resp, err := d.c.Do(r.WithContext(d.ctx))
	if err == nil && d.status != nil {
		*d.status = resp.StatusCode
	}
	return resp, err
}

// newClient connects with getMe, which checks the token.
func newClient(ctx context.Context, cfg Config) (*client, error) {
	c := &client{http: cfg.HTTPClient, token: cfg.Token}
	status := 0
	api, err := tgbotapi.NewBotAPIWithClient(cfg.Token, cfg.endpoint(), ctxDoer{ctx, cfg.HTTPClient, &status})
	if err != nil {
		e := c.classify(ctx, "getMe", nil, status, err)
		var ae *APIError
		if errors.As(e, &ae) && (ae.Code == http.StatusUnauthorized || ae.Code == http.StatusNotFound) {
			return nil, fmt.Errorf("%w: telegram.token was rejected by the Bot API (%d %s): check it with @BotFather", ErrConfig, ae.Code, ae.Description)
		}
		return nil, fmt.Errorf("telegram: cannot reach the Bot API at %s: %w", redactString(cfg.endpoint(), cfg.Token), e)
	}
	c.api = api
	return c, nil
}

// call makes one request; files, when given, go as multipart.
func (c *client) call(ctx context.Context, method string, params tgbotapi.Params, files ...tgbotapi.RequestFile) (json.RawMessage, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("telegram %s: %w", method, err)
	}
	api := *c.api
	status := 0
	api.Client = ctxDoer{ctx, c.http, &status}
	var resp *tgbotapi.APIResponse
	var err error
	if len(files) > 0 {
		resp, err = api.UploadFiles(method, params, files)
	} else {
		resp, err = api.MakeRequest(method, params)
	}
	if err != nil {
		return nil, c.classify(ctx, method, resp, status, err)
	}
	return resp.Result, nil
}

// classify turns a library error into an *APIError (or the context's error),
// keeping none of the original error values: they may print the token.
func (c *client) classify(ctx context.Context, method string, resp *tgbotapi.APIResponse, status int, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("telegram %s: %w", method, ctx.Err())
	}
	ae := &APIError{Method: method}
	var te *tgbotapi.Error
	switch {
	case errors.As(err, &te):
		ae.Code, ae.Description = te.Code, te.Message
		ae.RetryAfter = time.Duration(te.RetryAfter) * time.Second
		ae.MigrateTo = te.MigrateToChatID
		if ae.Code == 0 && resp != nil {
			ae.Code = resp.ErrorCode // UploadFiles leaves Error.Code unset
		}
	case resp != nil:
		// The body was not a Bot API response: a proxy's error page.
		ae.Description = "unreadable response from the Bot API server"
	default:
		ae.Description = err.Error()
	}
	if ae.Code == 0 && status >= 400 {
		ae.Code = status // {"ok":false} without error_code, or a proxy's page
	}
	if ae.Code == http.StatusTooManyRequests && ae.RetryAfter <= 0 {
		ae.RetryAfter = time.Second
	}
	ae.Description = redactString(ae.Description, c.token)
	return ae
}

// redactString removes the token (and its secret half, which alone is
// enough to misuse it) from s.
func redactString(s, token string) string {
	if token == "" {
		return s
	}
	s = strings.ReplaceAll(s, token, "<token>")
	if _, secret, ok := strings.Cut(token, ":"); ok && len(secret) >= 8 {
		s = strings.ReplaceAll(s, secret, "<token>")
	}
	return s
}
