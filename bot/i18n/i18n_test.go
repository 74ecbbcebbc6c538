package i18n_test

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"formica/bot/i18n"
)

// Every key of the service catalog exists in every shipped language, with
// the same placeholders and plural forms, translated (see sameAsEnglish).
func TestCatalogComplete(t *testing.T) {
	c, err := i18n.Service()
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Keys(i18n.Fallback)) < 100 {
		t.Fatal("the English catalog is nearly empty")
	}
	for _, err := range c.Check(i18n.Languages(), sameAsEnglish) {
		t.Error(err)
	}
}

// sameAsEnglish allows texts that read the same in every language: ones
// made only of placeholders, symbols and codes.
func sameAsEnglish(key string) bool {
	switch key {
	case "button.done", "ok.move", "turn.acted", "turn.prompt",
		"args.lang", "args.remind", "args.vote", "args.abort", "args.watch", "args.end": // codes typed as they are
		return true
	}
	return false
}

// Every message key the service code uses is in the English catalog (so in
// every language, by the test above).
func TestCodeKeysInCatalog(t *testing.T) {
	c, err := i18n.Service()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../*.go")
	re := regexp.MustCompile(`"((?:err|ok|lobby|game|turn|status|board|hand|log|help|rules|settings|step|note|button|remind|timeout|vote)\.[a-z_0-9]*[a-z0-9])"`)
	n := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			n++
			if _, ok := c.Message("en", m[1]); !ok {
				t.Errorf("%s uses %q, which is not in the catalog", filepath.Base(f), m[1])
			}
		}
	}
	if n < 50 {
		t.Fatalf("found only %d keys in the code: the pattern is stale", n)
	}
}

func TestFormat(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"{a} and {b}", "1 and {b}"},
		{"no args", "no args"},
		{"{a", "{a"},
		{"}{a}{", "}1{"},
	} {
		if got := i18n.Format(tc.in, map[string]string{"a": "1"}); got != tc.want {
			t.Errorf("Format(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestBundleFallback(t *testing.T) {
	b := i18n.Bundle{
		i18n.Catalog{"en": {"x": "game {n}"}, "ru": {"x": "игра {n}"}},
		i18n.Catalog{"en": {"y": "only english"}},
	}
	if got := b.T("ru", "x", map[string]string{"n": "1"}); got != "игра 1" {
		t.Errorf("ru x = %q", got)
	}
	if got := b.T("pl", "y", nil); got != "only english" {
		t.Errorf("fallback = %q", got)
	}
	if got := b.T("en", "missing.key", nil); got != "missing.key" {
		t.Errorf("missing = %q", got)
	}
	for tag, want := range map[string]string{"ru-RU": "ru", "en_US": "en", "PL": "pl", "de": "", "": ""} {
		if got := i18n.Lang(tag); got != want {
			t.Errorf("Lang(%q) = %q, want %q", tag, got, want)
		}
	}
}
