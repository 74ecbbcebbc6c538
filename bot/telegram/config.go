package telegram

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Environment variables Config.FromEnv reads. Secrets come from the
// environment so they stay out of config files.
const (
	EnvToken         = "FORMICA_TELEGRAM_TOKEN"
	EnvAPIURL        = "FORMICA_TELEGRAM_API_URL"
	EnvWebhookSecret = "FORMICA_TELEGRAM_WEBHOOK_SECRET"
)

// DefaultAPIURL is Telegram's own Bot API server.
const DefaultAPIURL = "https://api.telegram.org"

// Config configures the adapter. The zero value of every field but Token is
// a working default (long polling against api.telegram.org).
type Config struct {
	// Token is the bot token from @BotFather (config key telegram.token, or
	// FORMICA_TELEGRAM_TOKEN). It is never printed, logged or put in errors.
	Token string
	// APIURL is the Bot API server (telegram.api_url): a self-hosted
	// telegram-bot-api server or a test server. Default DefaultAPIURL.
	APIURL string
	// WebhookURL switches from long polling to a webhook
	// (telegram.webhook_url): the public HTTPS URL Telegram posts updates to.
	WebhookURL string
	// WebhookListen is the local address the webhook server listens on
	// (telegram.webhook_listen), e.g. ":8443". Required with WebhookURL.
	WebhookListen string
	// WebhookSecret is checked against the X-Telegram-Bot-Api-Secret-Token
	// header of every webhook request (telegram.webhook_secret). 1-256
	// characters of [A-Za-z0-9_-]; required with WebhookURL.
	WebhookSecret string
	// PollTimeout is the long-polling timeout (telegram.poll_timeout).
	// Default 50s.
	PollTimeout time.Duration
	// HTTPClient carries the requests; default a plain http.Client.
	HTTPClient *http.Client
	// Now is the clock, for rate pacing; default time.Now.
	Now func() time.Time
	// After waits on that clock, for the adapter's own retries of replies;
	// default time.After. Tests pass an injected clock's.
	After func(time.Duration) <-chan time.Time
}

// ErrConfig is wrapped by every configuration error.
var ErrConfig = errors.New("telegram: bad configuration")

// tokenShape reports whether s looks like a bot token: <bot id>:<secret>,
// 1–20 digits and 20–100 of A-Z a-z 0-9 _ -. Checked by hand, not by a
// regexp: compiling `{20,100}` and `{1,256}` made thousands of
// instructions, 7–13 ms of every process's start-up.
func tokenShape(s string) bool {
	id, secret, ok := strings.Cut(s, ":")
	return ok && shape(id, 1, 20, false) && shape(secret, 20, 100, true)
}

// secretShape reports whether s is a webhook secret Telegram accepts:
// 1–256 of A-Z a-z 0-9 _ -.
func secretShape(s string) bool { return shape(s, 1, 256, true) }

// shape reports whether s is lo..hi bytes, each a digit or, if word, also
// a letter A-Z a-z, '_' or '-'.
func shape(s string, lo, hi int, word bool) bool {
	if len(s) < lo || len(s) > hi {
		return false
	}
	for _, c := range []byte(s) {
		switch {
		case '0' <= c && c <= '9':
		case word && ('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || c == '_' || c == '-'):
		default:
			return false
		}
	}
	return true
}

// FromEnv fills the secrets from the environment where Config leaves them
// empty; lookup is os.Getenv in production.
func (c Config) FromEnv(lookup func(string) string) Config {
	if c.Token == "" {
		c.Token = strings.TrimSpace(lookup(EnvToken))
	}
	if c.APIURL == "" {
		c.APIURL = strings.TrimSpace(lookup(EnvAPIURL))
	}
	if c.WebhookSecret == "" {
		c.WebhookSecret = strings.TrimSpace(lookup(EnvWebhookSecret))
	}
	return c
}

// Validate checks every field and names the key at fault. It never includes
// the token in its errors.
func (c Config) Validate() error {
	switch {
	case c.Token == "":
		return fmt.Errorf("%w: telegram.token is empty: set it in the config or %s (from @BotFather)", ErrConfig, EnvToken)
	case !tokenShape(c.Token):
		return fmt.Errorf("%w: telegram.token is not a bot token (expected <bot id>:<secret> as @BotFather prints it)", ErrConfig)
	}
	if c.APIURL != "" {
		u, err := url.Parse(c.APIURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" {
			return fmt.Errorf("%w: telegram.api_url %q is not an http(s) base URL like %s", ErrConfig, redactString(c.APIURL, c.Token), DefaultAPIURL)
		}
	}
	if c.WebhookURL != "" {
		u, err := url.Parse(c.WebhookURL)
		if err != nil || u.Scheme != "https" || u.Host == "" {
			return fmt.Errorf("%w: telegram.webhook_url must be a public https URL", ErrConfig)
		}
		if c.WebhookListen == "" {
			return fmt.Errorf("%w: telegram.webhook_listen is empty: the local address for the webhook server, e.g. :8443", ErrConfig)
		}
		if !secretShape(c.WebhookSecret) {
			return fmt.Errorf("%w: telegram.webhook_secret must be 1-256 characters of A-Z a-z 0-9 _ - (or %s)", ErrConfig, EnvWebhookSecret)
		}
	}
	if c.PollTimeout < 0 || c.PollTimeout > 10*time.Minute {
		return fmt.Errorf("%w: telegram.poll_timeout %s is out of range 0..10m", ErrConfig, c.PollTimeout)
	}
	return nil
}

// endpoint is the format string tgbotapi wants: base + "/bot%s/%s".
func (c Config) endpoint() string {
	base := c.APIURL
	if base == "" {
		base = DefaultAPIURL
	}
	base = strings.TrimRight(base, "/")
	return strings.ReplaceAll(base, "%", "%%") + "/bot%s/%s"
}

func (c Config) withDefaults() Config {
	if c.PollTimeout == 0 {
		c.PollTimeout = 50 * time.Second
	}
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{}
	}
	if c.After == nil {
		c.After = time.After
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}
