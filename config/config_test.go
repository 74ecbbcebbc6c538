package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func write(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "formica.conf")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadFileAndEnv(t *testing.T) {
	p := write(t, `# comment
db = "/var/lib/formica.db" # a comment after a value
lang = 'ru'
log.level = "debug"
[telegram]
webhook_url = "https://example.org/tg"
poll_timeout = "30s"
`)
	env := map[string]string{"FORMICA_DB": "/tmp/env.db", "FORMICA_TELEGRAM_TOKEN": "123:abcdefghijklmnopqrstuvwxyz"}
	c, err := Load(p, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if c.DB != "/tmp/env.db" || c.Lang != "ru" || c.LogLevel != slog.LevelDebug ||
		c.Telegram.WebhookURL != "https://example.org/tg" || c.Telegram.PollTimeout != 30*time.Second ||
		c.Telegram.Token.Reveal() != env["FORMICA_TELEGRAM_TOKEN"] || c.Discord.Token.Set() {
		t.Fatalf("loaded %+v", c)
	}
	d, err := Load("", nil)
	if err != nil || d.DB != "formica.db" || d.Lang != "en" {
		t.Fatalf("defaults %+v %v", d, err)
	}
}

// Every bad value is an error naming the key (and the line for the file).
func TestBadValuesNameTheKey(t *testing.T) {
	for text, want := range map[string]string{
		"lang = \"klingon\"\n":                "formica.conf:1: lang: want one of",
		"\n\nlog.level = \"loud\"\n":          "formica.conf:3: log.level",
		"telegram.poll_timeout = \"soon\"\n":  "formica.conf:1: telegram.poll_timeout",
		"discord.api_url = \"ftp://x\"\n":     "discord.api_url",
		"colour = \"red\"\n":                  `unknown key "colour"`,
		"[discord]\nshard = \"1\"\n":          `unknown key "discord.shard"`,
		"just words\n":                        "formica.conf:1: expected '.' or '='",
		"db = \"unterminated\n":               "formica.conf:1: db: strings cannot contain newlines",
		"[discord]\ntoken = \"a b\"\n":        "formica.conf:2: discord.token: contains spaces",
		"[telegram]\nwebhook_url = \"x.y\"\n": "formica.conf:2: telegram.webhook_url",
		// Not TOML: a bare word is not a value.
		"db = \"a.db\"\nlang = en\n": `formica.conf:2: lang: expected value but found "en" instead (quote text values`,
		// TOML, but not a string.
		"[telegram]\npoll_timeout = 30\n": "formica.conf:2: telegram.poll_timeout: want a quoted string, not 30",
		"db = \"a\"\ndb = \"b\"\n":          "formica.conf:2",
	} {
		_, err := Load(write(t, text), nil)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err = %v, want it to mention %q", text, err, want)
		}
	}
	_, err := Load("", func(k string) string {
		if k == "FORMICA_LOG_LEVEL" {
			return "chatty"
		}
		return ""
	})
	if err == nil || !strings.Contains(err.Error(), "FORMICA_LOG_LEVEL (log.level)") {
		t.Errorf("env err = %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.conf"), nil); err == nil {
		t.Error("missing file loaded")
	}
}

// A token never shows, however it is printed.
func TestSecretRedacted(t *testing.T) {
	const tok = "123456:very-secret-token-value"
	c := Default()
	c.Discord.Token = Secret(tok)
	var logs bytes.Buffer
	slog.New(slog.NewTextHandler(&logs, nil)).Info("cfg", "token", c.Discord.Token, "cfg", c)
	slog.New(slog.NewJSONHandler(&logs, nil)).Info("cfg", "token", c.Discord.Token, "cfg", c)
	j, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		fmt.Sprint(c.Discord.Token), fmt.Sprintf("%v %+v %#v %s %q %x", c, c, c, c.Discord.Token, c.Discord.Token, c.Discord.Token),
		string(j), logs.String(), fmt.Errorf("token %v", c.Discord.Token).Error(),
	} {
		if strings.Contains(s, "secret-token") || strings.Contains(s, "7665") {
			t.Fatalf("token leaked: %s", s)
		}
	}
	if !strings.Contains(string(j), redacted) {
		t.Fatalf("JSON %s lacks the redaction mark", j)
	}
	if c.Discord.Token.Reveal() != tok {
		t.Fatal("Reveal lost the value")
	}
}
