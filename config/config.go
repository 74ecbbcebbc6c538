// Package config loads Formica's settings: one file of key = value lines
// plus environment variables, which win (secrets belong in the environment).
//
// File format (a small TOML subset): one "key = value" a line, keys dotted
// by section ("discord.guild"), values optionally in double quotes, "#"
// starts a comment line, blank lines are ignored. "[section]" lines prefix
// the keys that follow ("[telegram]" then "api_url = ..."). Every key, its
// meaning and its environment variable is in Keys. Every bad value is an
// error naming the key and the file line.
package config

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"formica/bot/i18n"
)

// Config is the whole configuration.
type Config struct {
	DB       string     // database file
	Lang     string     // default language of channels and users
	Boards   string     // directory for boards written by the console
	LogLevel slog.Level // log verbosity
	Discord  Discord
	Telegram Telegram
}

// Discord configures the Discord adapter; it runs when Token is set.
type Discord struct {
	Token      Secret
	Guild      string
	Command    string
	APIURL     string
	GatewayURL string
}

// Telegram configures the Telegram adapter; it runs when Token is set.
type Telegram struct {
	Token         Secret
	APIURL        string
	WebhookURL    string
	WebhookListen string
	WebhookSecret Secret
	PollTimeout   time.Duration
}

// Key is one configuration key.
type Key struct {
	Name string // in the file
	Env  string // environment variable; "" when only the file sets it
	Help string
	set  func(c *Config, v string) error
}

// Keys lists every key (the file and environment reference).
func Keys() []Key {
	str := func(dst func(*Config) *string) func(*Config, string) error {
		return func(c *Config, v string) error { *dst(c) = v; return nil }
	}
	sec := func(dst func(*Config) *Secret) func(*Config, string) error {
		return func(c *Config, v string) error {
			if strings.ContainsAny(v, " \t\r\n") {
				return errors.New("contains spaces (copy it again)")
			}
			*dst(c) = Secret(v)
			return nil
		}
	}
	url := func(dst func(*Config) *string) func(*Config, string) error {
		return func(c *Config, v string) error {
			if v != "" && !strings.HasPrefix(v, "http://") && !strings.HasPrefix(v, "https://") && !strings.HasPrefix(v, "ws://") && !strings.HasPrefix(v, "wss://") {
				return errors.New("want a URL starting with http://, https://, ws:// or wss://")
			}
			*dst(c) = v
			return nil
		}
	}
	return []Key{
		{"db", "FORMICA_DB", "database file (default formica.db)", str(func(c *Config) *string { return &c.DB })},
		{"lang", "FORMICA_LANG", "default language: en, ru, uk, pl", func(c *Config, v string) error {
			if i18n.Lang(v) == "" || i18n.Lang(v) != strings.ToLower(v) {
				return fmt.Errorf("want one of %s", strings.Join(i18n.Languages(), ", "))
			}
			c.Lang = i18n.Lang(v)
			return nil
		}},
		{"boards", "FORMICA_BOARDS", "directory for board PNGs of local games (default boards)", str(func(c *Config) *string { return &c.Boards })},
		{"log.level", "FORMICA_LOG_LEVEL", "debug, info, warn or error", func(c *Config, v string) error {
			return c.LogLevel.UnmarshalText([]byte(v))
		}},
		{"discord.token", "FORMICA_DISCORD_TOKEN", "Discord bot token (secret)", sec(func(c *Config) *Secret { return &c.Discord.Token })},
		{"discord.guild", "FORMICA_DISCORD_GUILD", "register commands in this guild only (development)", str(func(c *Config) *string { return &c.Discord.Guild })},
		{"discord.command", "", "slash command name (default ants)", str(func(c *Config) *string { return &c.Discord.Command })},
		{"discord.api_url", "FORMICA_DISCORD_API_URL", "Discord REST base URL (proxies, tests)", url(func(c *Config) *string { return &c.Discord.APIURL })},
		{"discord.gateway_url", "FORMICA_DISCORD_GATEWAY_URL", "Discord gateway URL (tests)", url(func(c *Config) *string { return &c.Discord.GatewayURL })},
		{"telegram.token", "FORMICA_TELEGRAM_TOKEN", "Telegram bot token from @BotFather (secret)", sec(func(c *Config) *Secret { return &c.Telegram.Token })},
		{"telegram.api_url", "FORMICA_TELEGRAM_API_URL", "Bot API server URL", url(func(c *Config) *string { return &c.Telegram.APIURL })},
		{"telegram.webhook_url", "FORMICA_TELEGRAM_WEBHOOK_URL", "public HTTPS URL for a webhook (default: long polling)", url(func(c *Config) *string { return &c.Telegram.WebhookURL })},
		{"telegram.webhook_listen", "FORMICA_TELEGRAM_WEBHOOK_LISTEN", "local address of the webhook server, e.g. :8443", str(func(c *Config) *string { return &c.Telegram.WebhookListen })},
		{"telegram.webhook_secret", "FORMICA_TELEGRAM_WEBHOOK_SECRET", "webhook secret token (secret)", sec(func(c *Config) *Secret { return &c.Telegram.WebhookSecret })},
		{"telegram.poll_timeout", "", "long-polling timeout, e.g. 50s", func(c *Config, v string) error {
			d, err := time.ParseDuration(v)
			if err != nil || d < 0 {
				return errors.New("want a duration such as 50s")
			}
			c.Telegram.PollTimeout = d
			return nil
		}},
	}
}

// Default is the configuration with no file and no environment.
func Default() Config {
	return Config{DB: "formica.db", Lang: "en", Boards: "boards", LogLevel: slog.LevelInfo}
}

// Load reads the file at path (none when path is "") and then the
// environment through getenv (os.Getenv in production; nil reads none).
func Load(path string, getenv func(string) string) (Config, error) {
	c := Default()
	if path != "" {
		f, err := os.Open(path)
		if err != nil {
			return c, fmt.Errorf("config: %w", err)
		}
		defer f.Close()
		if err := c.parse(path, f); err != nil {
			return c, err
		}
	}
	if getenv != nil {
		for _, k := range Keys() {
			if k.Env == "" {
				continue
			}
			if v := strings.TrimSpace(getenv(k.Env)); v != "" {
				if err := k.set(&c, v); err != nil {
					return c, fmt.Errorf("config: environment variable %s (%s): %w", k.Env, k.Name, err)
				}
			}
		}
	}
	return c, nil
}

// Parse reads key = value lines; name is used in errors.
func (c *Config) parse(name string, r io.Reader) error {
	keys := map[string]Key{}
	for _, k := range Keys() {
		keys[k.Name] = k
	}
	sc := bufio.NewScanner(r)
	section := ""
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			section = strings.TrimSpace(line[1 : len(line)-1])
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if section != "" {
			k = section + "." + k
		}
		if !ok || k == "" {
			return fmt.Errorf("config: %s:%d: want key = value", name, n)
		}
		if strings.HasPrefix(v, `"`) {
			uq, err := strconv.Unquote(v)
			if err != nil {
				return fmt.Errorf("config: %s:%d: %s: unterminated or bad quoted value", name, n, k)
			}
			v = uq
		}
		key, known := keys[k]
		if !known {
			return fmt.Errorf("config: %s:%d: unknown key %q (keys: %s)", name, n, k, keyNames())
		}
		if err := key.set(c, v); err != nil {
			return fmt.Errorf("config: %s:%d: %s: %w", name, n, k, err)
		}
	}
	return sc.Err()
}

func keyNames() string {
	var names []string
	for _, k := range Keys() {
		names = append(names, k.Name)
	}
	return strings.Join(names, ", ")
}
