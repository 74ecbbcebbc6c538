package discord

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Environment variables FromEnv reads.
const (
	EnvToken      = "FORMICA_DISCORD_TOKEN"
	EnvGuild      = "FORMICA_DISCORD_GUILD"
	EnvAPIURL     = "FORMICA_DISCORD_API_URL"
	EnvGatewayURL = "FORMICA_DISCORD_GATEWAY_URL"
)

// Config configures the Discord adapter. Only Token is required.
type Config struct {
	// Token is the bot token from the Discord developer portal, with or
	// without the "Bot " prefix. It never appears in errors or logs.
	Token string
	// GuildID, when set, registers the slash command in that guild only
	// (instant, for development) instead of globally.
	GuildID string
	// Command is the slash command's name; default "ants".
	Command string
	// APIURL replaces https://discord.com/ for every REST call (a REST
	// proxy, or a fake Discord in tests), e.g. "http://127.0.0.1:8080/".
	APIURL string
	// GatewayURL, when set, is the websocket URL used instead of the one
	// Discord's GET /gateway returns.
	GatewayURL string
	// RequestTimeout bounds one REST call; default 20s.
	RequestTimeout time.Duration
	// RetryDelay is how long a delivery waits after a 5xx or a network
	// error before the service retries it; default 2s.
	RetryDelay time.Duration
	// PaceBurst posts at most per PaceWindow go to one channel (our own
	// pacing below Discord's limit of 5 per 5 s); defaults 5 and 5s.
	PaceBurst  int
	PaceWindow time.Duration
	// HTTPClient, when set, is the client REST calls use (its Transport is
	// wrapped to apply APIURL). Default: a client with RequestTimeout.
	HTTPClient *http.Client
	// ShardID and ShardCount split the bot's guilds across processes
	// (gateway sharding): with ShardCount > 1 this process identifies as
	// shard ShardID of ShardCount, and Discord sends it the interactions of
	// the guilds with (guild_id >> 22) % ShardCount == ShardID, and direct
	// messages on shard 0. Run each shard id once, all on one shared
	// database (PostgreSQL). Shard 0 registers the slash command.
	ShardID, ShardCount int
}

// Shard is the shard a guild's events come on among count shards, the way
// Discord assigns them; direct messages (no guild) come on shard 0.
func Shard(guildID string, count int) int {
	if count <= 1 || guildID == "" {
		return 0
	}
	var id uint64
	for _, r := range guildID {
		id = id*10 + uint64(r-'0')
	}
	return int((id >> 22) % uint64(count))
}

// FromEnv fills empty fields from the environment (getenv is os.Getenv in
// production): the token from FORMICA_DISCORD_TOKEN, the development guild
// from FORMICA_DISCORD_GUILD, the URLs from FORMICA_DISCORD_API_URL and
// FORMICA_DISCORD_GATEWAY_URL.
func (c *Config) FromEnv(getenv func(string) string) {
	fill := func(dst *string, key string) {
		if *dst == "" {
			*dst = strings.TrimSpace(getenv(key))
		}
	}
	fill(&c.Token, EnvToken)
	fill(&c.GuildID, EnvGuild)
	fill(&c.APIURL, EnvAPIURL)
	fill(&c.GatewayURL, EnvGatewayURL)
}

// ErrNoToken is returned by New when no bot token is configured.
var ErrNoToken = errors.New("discord: no bot token: set " + EnvToken + " or discord.token in the config file")

// withDefaults validates c and fills its defaults.
func (c Config) withDefaults() (Config, error) {
	c.Token = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(c.Token), "Bot "))
	if c.Token == "" {
		return c, ErrNoToken
	}
	if strings.ContainsAny(c.Token, " \t\r\n") {
		return c, errors.New("discord: the bot token contains spaces: copy it again from the developer portal (Bot > Reset Token)")
	}
	if c.Command == "" {
		c.Command = "ants"
	}
	if !validName(c.Command) {
		return c, fmt.Errorf("discord: command name %q: use 1-32 lowercase letters, digits, - or _", c.Command)
	}
	if c.GuildID != "" && !isSnowflake(c.GuildID) {
		return c, fmt.Errorf("discord: guild id %q is not a Discord id (digits only; enable Developer Mode and use Copy Server ID)", c.GuildID)
	}
	for _, u := range []struct{ key, val, schemes string }{
		{"api url", c.APIURL, "http https"},
		{"gateway url", c.GatewayURL, "ws wss"},
	} {
		if u.val == "" {
			continue
		}
		p, err := url.Parse(u.val)
		if err != nil || p.Host == "" || !strings.Contains(u.schemes, p.Scheme) {
			return c, fmt.Errorf("discord: %s %q: want an absolute %s URL", u.key, u.val, strings.ReplaceAll(u.schemes, " ", " or "))
		}
	}
	if c.APIURL != "" && !strings.HasSuffix(c.APIURL, "/") {
		c.APIURL += "/"
	}
	if c.ShardCount < 0 || c.ShardID < 0 || (c.ShardCount > 0 && c.ShardID >= c.ShardCount) || (c.ShardCount == 0 && c.ShardID != 0) {
		return c, fmt.Errorf("discord: shard %d of %d: want 0 <= shard id < shard count", c.ShardID, c.ShardCount)
	}
	if c.RequestTimeout <= 0 {
		c.RequestTimeout = 20 * time.Second
	}
	if c.RetryDelay <= 0 {
		c.RetryDelay = 2 * time.Second
	}
	if c.PaceBurst <= 0 {
		c.PaceBurst = 5
	}
	if c.PaceWindow <= 0 {
		c.PaceWindow = 5 * time.Second
	}
	return c, nil
}

func isSnowflake(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// validName reports whether n is a valid slash command or option name.
func validName(n string) bool {
	if n == "" || len(n) > 32 {
		return false
	}
	for _, r := range n {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// redactor hides the token in text bound for errors and logs.
type redactor struct{ token string }

func (r redactor) String(s string) string {
	if r.token == "" || len(r.token) < 4 {
		return s
	}
	return strings.ReplaceAll(s, r.token, "[redacted]")
}

// Err returns err with the token hidden from its message (nil stays nil).
// errors.Is/As still see the original through Unwrap.
func (r redactor) Err(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	clean := r.String(msg)
	if clean == msg {
		return err
	}
	return &redactedError{msg: clean, err: err}
}

type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }
