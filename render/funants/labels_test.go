package funants

import (
	"strings"
	"testing"

	"formica/engine/enginetest"
	"formica/engine/locale"
)

func renderer(t *testing.T) *Renderer {
	t.Helper()
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Every label exists in every language with the English placeholders and
// plural forms, translated except size letters and codes.
func TestLabelsComplete(t *testing.T) {
	own, err := locale.Load(locales, "locales")
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckCatalog(t, own, nil)
}

// Every card the game has (a fun.card.* message) has a hand text in every
// language that is not the English one.
func TestCardTextsComplete(t *testing.T) {
	r := renderer(t)
	game := r.words[1].(*locale.Catalog)
	var codes []string
	for _, k := range game.Keys("en") {
		if code, ok := strings.CutPrefix(k, "fun.card."); ok {
			codes = append(codes, code)
		}
	}
	if len(codes) != 10 {
		t.Fatalf("engine/funants has %d fun.card.* keys, want 10", len(codes))
	}
	en := r.textsFor("en")
	for _, lang := range Languages() {
		tx := r.textsFor(lang)
		for _, code := range codes {
			got := tx.card(code)
			if got == "" || got == "fun.card."+code {
				t.Errorf("%s: no hand text for card %q", lang, code)
			}
			if lang != "en" && got == en.card(code) {
				t.Errorf("%s: card %q falls back to English", lang, code)
			}
		}
	}
}

func TestTextsForFallsBack(t *testing.T) {
	r := renderer(t)
	for in, want := range map[string]string{"uk": "uk", "uk-UA": "uk", "RU": "ru", "pl_PL": "pl", "en-GB": "en", "de": "en", "": "en"} {
		if got := r.textsFor(in).lang; got != want {
			t.Errorf("textsFor(%q) = %q, want %q", in, got, want)
		}
	}
}
