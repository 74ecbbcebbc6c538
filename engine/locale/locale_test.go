package locale_test

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"formica/engine/locale"
)

func load(t *testing.T, files map[string]string) *locale.Catalog {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, body := range files {
		fsys["locales/"+name] = &fstest.MapFile{Data: []byte(body)}
	}
	c, err := locale.Load(fsys, "locales")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var soldiers = map[string]string{
	"en.json": `{"s": {"one": "{n} soldier", "other": "{n} soldiers"}, "flat": "plain {x}"}`,
	"ru.json": `{"s": {"one": "{n} солдат", "few": "{n} солдата", "many": "{n} солдат"}}`,
	"uk.json": `{"s": {"one": "{n} солдат", "few": "{n} солдати", "many": "{n} солдатів"}}`,
	"pl.json": `{"s": {"one": "{n} żołnierz", "few": "{n} żołnierze", "many": "{n} żołnierzy"}}`,
}

// CLDR cardinal rules pick the form: Russian, Ukrainian and Polish differ
// at 1, 21, 22, 25 and 112 (Polish 21 is "many", Russian 21 is "one").
func TestPluralForms(t *testing.T) {
	c := load(t, soldiers)
	for _, tc := range []struct {
		lang string
		n    int
		want string
	}{
		{"en", 1, "1 soldier"}, {"en", 0, "0 soldiers"}, {"en", 21, "21 soldiers"},
		{"ru", 1, "1 солдат"}, {"ru", 2, "2 солдата"}, {"ru", 5, "5 солдат"}, {"ru", 21, "21 солдат"},
		{"ru", 22, "22 солдата"}, {"ru", 12, "12 солдат"}, {"ru", 112, "112 солдат"},
		{"uk", 1, "1 солдат"}, {"uk", 4, "4 солдати"}, {"uk", 11, "11 солдатів"}, {"uk", 0, "0 солдатів"},
		{"pl", 1, "1 żołnierz"}, {"pl", 2, "2 żołnierze"}, {"pl", 5, "5 żołnierzy"},
		{"pl", 21, "21 żołnierzy"}, {"pl", 22, "22 żołnierze"}, {"pl", 12, "12 żołnierzy"},
	} {
		if got := c.T(tc.lang, "s", map[string]string{"n": strconv.Itoa(tc.n)}); got != tc.want {
			t.Errorf("%s %d: %q, want %q", tc.lang, tc.n, got, tc.want)
		}
	}
	if got := c.T("ru", "s", map[string]string{"n": "lots"}); got != "lots солдат" {
		t.Errorf("a count that is no number reads as other/many: %q", got)
	}
}

func TestNeededForms(t *testing.T) {
	for lang, want := range map[string][]string{
		"en": {"one", "other"}, "ru": {"one", "few", "many"}, "uk": {"one", "few", "many"}, "pl": {"one", "few", "many"},
	} {
		if got := locale.NeededForms(lang); !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", lang, got, want)
		}
	}
}

// The flat bot format (every value a string) loads, falls back to English
// and shows a missing key as itself.
func TestFallback(t *testing.T) {
	c := load(t, soldiers)
	if got := c.T("pl", "flat", map[string]string{"x": "1"}); got != "plain 1" {
		t.Errorf("fallback: %q", got)
	}
	if got := c.T("pl", "nope", nil); got != "nope" {
		t.Errorf("missing: %q", got)
	}
	if _, ok := c.Lookup("pl", "flat", nil); ok {
		t.Error("Lookup must not fall back")
	}
}

// {name@prefix} shows the text of prefix.<value>, from any layer of the
// bundle, or the value itself when there is none.
func TestReference(t *testing.T) {
	game := load(t, map[string]string{
		"en.json": `{"moved": "{who} moves a {kind@k}.", "k.w": "worker"}`,
		"uk.json": `{"moved": "{who} пересуває {kind@k}.", "k.w": "мураху-робітника"}`,
	})
	b := locale.Bundle{locale.FromTexts(map[string]map[string]string{"en": {"x": "y"}}), game}
	if got := b.T("uk", "moved", map[string]string{"who": "Ія", "kind": "w"}); got != "Ія пересуває мураху-робітника." {
		t.Errorf("uk: %q", got)
	}
	if got := b.T("en", "moved", map[string]string{"who": "Al", "kind": "q"}); got != "Al moves a q." {
		t.Errorf("no text for the value: %q", got)
	}
	if got := locale.Placeholders("{kind@k} {n}"); !slices.Equal(got, []string{"kind", "n"}) {
		t.Errorf("Placeholders: %v", got)
	}
}

func TestLoadErrors(t *testing.T) {
	for name, files := range map[string]map[string]string{
		"bad form":   {"en.json": `{"k": {"several": "x"}}`},
		"bad json":   {"en.json": `{"k": 3}`},
		"no english": {"ru.json": `{"k": "x"}`},
	} {
		fsys := fstest.MapFS{}
		for f, body := range files {
			fsys["l/"+f] = &fstest.MapFile{Data: []byte(body)}
		}
		if _, err := locale.Load(fsys, "l"); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}

func TestCheck(t *testing.T) {
	c := load(t, map[string]string{
		"en.json": `{"a": "{x} ants", "b": {"one": "{n} card", "other": "{n} cards"}, "name": "Bob"}`,
		"ru.json": `{"a": "{y} муравьи", "b": {"one": "{n} карта", "few": "{n} карты"}, "name": "Боб", "extra": "x"}`,
		"pl.json": `{"a": "{x} ants", "b": "{n} kart", "name": "Bob"}`,
	})
	got := c.Check([]string{"en", "ru", "pl", "uk"}, func(k string) bool { return k == "name" })
	var s []string
	for _, e := range got {
		s = append(s, e.Error())
	}
	want := []string{
		`ru "a": placeholders [y], English has [x]`,
		`ru "b": no "many" plural form`,
		`ru "extra": not in English`,
		`pl "a": same as English ("{x} ants")`,
		`pl "b": English has plural forms, this has one text`,
		`uk: no catalog`,
	}
	for _, w := range want {
		if !slices.Contains(s, w) {
			t.Errorf("missing problem %s", w)
		}
	}
	if len(s) != len(want) {
		t.Errorf("problems:\n%s", strings.Join(s, "\n"))
	}
}

// {@key} is the text of another key, in the reader's language, resolving
// the references inside it two levels deep.
func TestKeyReference(t *testing.T) {
	c := load(t, map[string]string{
		"en.json": `{"name.x": "Amazon", "text.x": "Head.", "prompt.x": "{@name.x}: {@text.x}", "loop": "{@loop}!", "gone": "{@nope}"}`,
		"pl.json": `{"name.x": "Amazonka", "prompt.x": "{@name.x}: {@text.x}"}`,
	})
	for _, tc := range []struct{ lang, key, want string }{
		{"pl", "prompt.x", "Amazonka: Head."},
		{"en", "prompt.x", "Amazon: Head."},
		{"en", "loop", "{@loop}!!!"}, // a cycle stops after two levels
		{"en", "gone", "{@nope}"},
	} {
		if got := c.T(tc.lang, tc.key, nil); got != tc.want {
			t.Errorf("%s %s = %q, want %q", tc.lang, tc.key, got, tc.want)
		}
	}
	// A text of references only is no English word left untranslated.
	for _, err := range c.Check([]string{"pl"}, nil) {
		if strings.Contains(err.Error(), "prompt.x") {
			t.Error(err)
		}
	}
}

// A game without a catalog (nil) answers like an empty one.
func TestNilCatalog(t *testing.T) {
	var c *locale.Catalog
	if c.Keys("en") != nil || c.Languages() != nil {
		t.Error("a nil catalog has keys")
	}
	if got := (locale.Bundle{c}).T("pl", "x", nil); got != "x" {
		t.Errorf("T = %q", got)
	}
}

// A text read without the JSON decoder (no escapes) is what the decoder
// reads.
func TestMessageTextAsDecoded(t *testing.T) {
	for _, in := range []string{`"plain"`, `""`, `"Ход {seat}: «{n}» ×2 — żółć"`, `"a \"quoted\" word"`, `"tab\there"`, `"\u00e9t\u00e9"`, `"slash \/ ok"`, "\"raw\ttab\"", `"bad`, `"x"y"`} {
		var want string
		werr := json.Unmarshal([]byte(in), &want)
		var m locale.Message
		err := m.UnmarshalJSON([]byte(in))
		if (err != nil) != (werr != nil) || m.Text != want {
			t.Errorf("%s: got %q, %v; the decoder reads %q, %v", in, m.Text, err, want, werr)
		}
	}
}
