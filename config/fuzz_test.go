package config_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"formica/config"
)

// FuzzConfig loads arbitrary config files with secrets in the environment:
// no panic; a refused file gets an error that starts "config:" and never
// repeats a secret value (neither the environment's nor one written in
// the file).
func FuzzConfig(f *testing.F) {
	for _, s := range []string{
		"db = \"/var/lib/formica.db\"\nlang = ru\n[telegram]\nwebhook_url = https://example.org/tg\n",
		"db = \"x.db\"\nlang = \"ru\"\n[discord]\nguild = \"123\"\n[telegram]\npoll_timeout = \"50s\"\n",
		"[discord]\ntoken = \"FUZZSECRETinfile\"\n", "[discord]\ntoken = FUZZSECRETinfile x\n",
		"discord.token = FUZZSECRETinfile\n", "[telegram]\nwebhook_secret = \"FUZZSECRETinfile\n",
		"lang = klingon\n", "[[x]]\n", "= 1\n", "[discord\n", "log.level = \"loud\"\n", "\x00\xff", "",
	} {
		f.Add(s)
	}
	env := map[string]string{"FORMICA_DISCORD_TOKEN": "FUZZSECRETenv.discord", "FORMICA_TELEGRAM_TOKEN": "1:FUZZSECRETenv_telegram"}
	f.Fuzz(func(t *testing.T, text string) {
		path := filepath.Join(t.TempDir(), "formica.conf")
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := config.Load(path, func(k string) string { return env[k] })
		if err == nil {
			return
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "config:") {
			t.Fatalf("error %q does not say it is about the configuration", msg)
		}
		if strings.Contains(msg, "FUZZSECRETenv") || strings.Contains(msg, "FUZZSECRETinfile") && onlySecretKeys(text) {
			t.Fatalf("a secret is repeated in the error: %q", msg)
		}
	})
}

// onlySecretKeys reports whether every line holding the file's sentinel
// sets a secret key (a token or a webhook secret): only then is the
// sentinel a secret the error must not repeat.
func onlySecretKeys(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		if !strings.Contains(line, "FUZZSECRETinfile") {
			continue
		}
		key, _, ok := strings.Cut(line, "=")
		key = strings.TrimSpace(key)
		if !ok || !(strings.HasSuffix(key, "token") || strings.HasSuffix(key, "secret")) {
			return false
		}
	}
	return true
}
