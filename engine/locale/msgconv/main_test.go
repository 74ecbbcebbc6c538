package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"formica/engine/locale"
)

const goV1 = `package g

var Messages = map[string]map[string]string{
	"en": {"g.drew": "{p} draws a card.", "g.cards.one": "{n} card", "g.cards.many": "{n} cards"},
	"ru": {"g.drew": "{p} берёт карту.", "g.cards.one": "{n} карта", "g.cards.few": "{n} карты", "g.cards.many": "{n} карт"},
}
`

// Converting twice — after a merge brought a new key and changed an old
// text — adds the new key, keeps the JSON's own edits and plural texts,
// and leaves uk and pl to translate.
func TestReRun(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "messages.go")
	out := filepath.Join(dir, "locales")
	write := func(s string) {
		if err := os.WriteFile(src, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(goV1)
	if err := run(src, out, "Messages", false, []string{"en", "ru", "uk", "pl"}); err != nil {
		t.Fatal(err)
	}
	c, err := locale.Load(os.DirFS(dir), "locales")
	if err != nil {
		t.Fatal(err)
	}
	if got := c.T("ru", "g.cards", map[string]string{"n": "3"}); got != "3 карты" {
		t.Errorf("ru plural: %q", got)
	}
	if got := c.T("en", "g.cards", map[string]string{"n": "3"}); got != "3 cards" {
		t.Errorf("en plural: %q", got)
	}
	// A translator edits the JSON; the Go map gains a key and changes a text.
	en := filepath.Join(out, "en.json")
	b, _ := os.ReadFile(en)
	os.WriteFile(en, []byte(replace(string(b), "{p} draws a card.", "{p} draws one card.")), 0o644)
	write(replace(replace(goV1, `"g.drew": "{p} draws a card.",`, `"g.drew": "{p} draws a new card.", "g.new": "new {x}",`),
		`"g.drew": "{p} берёт карту.",`, `"g.drew": "{p} берёт карту.", "g.new": "новый {x}",`))
	if err := run(src, out, "Messages", false, []string{"en", "ru", "uk", "pl"}); err != nil {
		t.Fatal(err)
	}
	c, err = locale.Load(os.DirFS(dir), "locales")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ lang, key, want string }{
		{"en", "g.drew", "{p} draws one card."}, // the JSON edit is kept
		{"ru", "g.new", "новый {x}"},            // the new key arrives
	} {
		if got := c.T(tc.lang, tc.key, nil); got != tc.want {
			t.Errorf("%s %s = %q, want %q", tc.lang, tc.key, got, tc.want)
		}
	}
	if _, ok := c.Message("uk", "g.new"); ok {
		t.Error("uk got a text nobody wrote")
	}
	if errs := c.Check([]string{"uk"}, nil); len(errs) != 3 {
		t.Errorf("uk problems %v, want the 3 keys to translate", errs)
	}
}

func replace(s, old, new string) string {
	if !strings.Contains(s, old) {
		panic("no " + old)
	}
	return strings.Replace(s, old, new, 1)
}
