// Package config loads Formica's settings: one TOML file plus environment
// variables, which win (secrets belong in the environment).
//
// The file is TOML (https://toml.io), read by github.com/BurntSushi/toml:
// keys dotted by table ("discord.guild", or "guild" under "[discord]"),
// every value a quoted string (`db = "formica.db"  # a comment`). Every
// key, its meaning and its environment variable is in Keys. Every bad
// value, and every TOML syntax error, is an error naming the key and the
// file line.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"formica/bot/i18n"
)

// Config is the whole configuration.
type Config struct {
	DB       string     // database: a bbolt file, or a postgres:// address
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
	// ShardID of ShardCount gateway shards this process runs (0 of 0:
	// unsharded, all guilds).
	ShardID, ShardCount int
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
	num := func(dst func(*Config) *int) func(*Config, string) error {
		return func(c *Config, v string) error {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || n < 0 || n > 100000 {
				return errors.New("want a whole number, 0 or more")
			}
			*dst(c) = n
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
		{"db", "FORMICA_DB", "database: a bbolt file (default formica.db), or postgres://user@host/db for PostgreSQL shared by several processes (secret: may hold a password)", func(c *Config, v string) error {
			if strings.HasPrefix(v, "postgres:") || strings.HasPrefix(v, "postgresql:") {
				if !strings.HasPrefix(v, "postgres://") && !strings.HasPrefix(v, "postgresql://") {
					return errors.New("want postgres://user@host/db (or a file path)")
				}
			}
			c.DB = v
			return nil
		}},
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
		{"discord.shard_id", "FORMICA_DISCORD_SHARD_ID", "gateway shard this process runs, 0 to shard_count-1 (one process per shard, on one PostgreSQL db)", num(func(c *Config) *int { return &c.Discord.ShardID })},
		{"discord.shard_count", "FORMICA_DISCORD_SHARD_COUNT", "number of gateway shards (default unsharded)", num(func(c *Config) *int { return &c.Discord.ShardCount })},
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
		text, err := os.ReadFile(path)
		if err != nil {
			return c, fmt.Errorf("config: %w", err)
		}
		if err := c.parse(path, string(text)); err != nil {
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

// parse decodes the TOML text into c; name is used in errors.
//
// The decoder fills a struct built from Keys at run time (reflect.StructOf),
// one field per key, each a *value bound to its key: the library then calls
// value.UnmarshalTOML with the key's value, and an error there comes back
// with the key and its line. So the table in Keys stays the one list of
// keys.
func (c *Config) parse(name, text string) error {
	doc := document(c)
	md, err := toml.Decode(text, doc.Interface())
	var pe toml.ParseError
	switch {
	case errors.As(err, &pe):
		msg := pe.Message
		if strings.HasPrefix(msg, "expected value but found") {
			// The parser quotes what it found: for a secret key that is
			// the secret itself, so it is not repeated.
			if strings.Contains(pe.LastKey, "token") || strings.Contains(pe.LastKey, "secret") {
				msg = "expected a quoted value (not shown: it is a secret)"
			}
			msg += " (quote text values: key = \"value\")"
		}
		if pe.LastKey != "" {
			return fmt.Errorf("config: %s:%d: %s: %s", name, pe.Position.Line, pe.LastKey, msg)
		}
		return fmt.Errorf("config: %s:%d: %s", name, pe.Position.Line, msg)
	case err != nil:
		return fmt.Errorf("config: %s: %w", name, err)
	}
	if u := md.Undecoded(); len(u) > 0 {
		return fmt.Errorf("config: %s: unknown key %q (keys: %s)", name, u[0].String(), keyNames())
	}
	return nil
}

// value receives one key's TOML value.
type value struct {
	key *Key
	cfg *Config
}

// UnmarshalTOML implements toml.Unmarshaler: every value is a string, set
// through its key.
func (v *value) UnmarshalTOML(x any) error {
	s, ok := x.(string)
	if !ok {
		return fmt.Errorf("want a quoted string, not %v", x)
	}
	return v.key.set(v.cfg, strings.TrimSpace(s))
}

// document builds a pointer to a struct shaped like the file: a *value
// field per top-level key and a nested struct per table, each value bound
// to its key and to c.
func document(c *Config) reflect.Value {
	type field struct {
		name string
		key  *Key
		sub  []field
	}
	var top []field
	keys := Keys()
	for i := range keys {
		table, leaf, dotted := strings.Cut(keys[i].Name, ".")
		if !dotted {
			top = append(top, field{name: table, key: &keys[i]})
			continue
		}
		j := slices.IndexFunc(top, func(f field) bool { return f.name == table && f.key == nil })
		if j < 0 {
			top = append(top, field{name: table})
			j = len(top) - 1
		}
		top[j].sub = append(top[j].sub, field{name: leaf, key: &keys[i]})
	}
	var build func(fs []field) reflect.Value
	build = func(fs []field) reflect.Value {
		var sf []reflect.StructField
		var vals []reflect.Value
		for i, f := range fs {
			var v reflect.Value
			if f.key != nil {
				v = reflect.ValueOf(&value{key: f.key, cfg: c})
			} else {
				v = build(f.sub)
			}
			sf = append(sf, reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: v.Type(), Tag: reflect.StructTag(`toml:"` + f.name + `"`)})
			vals = append(vals, v)
		}
		p := reflect.New(reflect.StructOf(sf))
		for i, v := range vals {
			p.Elem().Field(i).Set(v)
		}
		return p
	}
	return build(top)
}

func keyNames() string {
	var names []string
	for _, k := range Keys() {
		names = append(names, k.Name)
	}
	return strings.Join(names, ", ")
}
