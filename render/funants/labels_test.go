package funants

import (
	"sort"
	"strings"
	"testing"

	"formica/engine/funants"
)

// Every language has exactly the English label keys, none empty, so no
// image silently mixes in English.
func TestLabelsComplete(t *testing.T) {
	for _, lang := range Languages() {
		m, ok := labels[lang]
		if !ok {
			t.Errorf("labels has no %q", lang)
			continue
		}
		for k := range labels["en"] {
			if strings.TrimSpace(m[k]) == "" {
				t.Errorf("labels[%q][%q] is missing or empty", lang, k)
			}
		}
		for k := range m {
			if _, ok := labels["en"][k]; !ok {
				t.Errorf("labels[%q][%q] is not an English key (typo?)", lang, k)
			}
		}
	}
	if len(labels) != len(Languages()) {
		t.Errorf("labels has %d languages, Languages lists %d", len(labels), len(Languages()))
	}
}

// Placeholders in a translation are the ones English fills, so none is
// left as literal {name} text.
func TestLabelPlaceholders(t *testing.T) {
	for _, lang := range Languages() {
		for k, en := range labels["en"] {
			if got, want := placeholders(labels[lang][k]), placeholders(en); got != want {
				t.Errorf("labels[%q][%q] has placeholders %s, English has %s", lang, k, got, want)
			}
		}
	}
}

func placeholders(s string) string {
	var ps []string
	for {
		i := strings.Index(s, "{")
		j := strings.Index(s, "}")
		if i < 0 || j < i {
			break
		}
		ps = append(ps, s[i:j+1])
		s = s[j+1:]
	}
	sort.Strings(ps)
	return strings.Join(ps, "")
}

// Every card the game has (a fun.card.* message) has a hand text in every
// language, from the game's messages or from cardTexts, not by falling
// back to English.
func TestCardTextsComplete(t *testing.T) {
	var codes []string
	for k := range funants.Messages["en"] {
		if code, ok := strings.CutPrefix(k, "fun.card."); ok {
			codes = append(codes, code)
		}
	}
	if len(codes) == 0 {
		t.Fatal("engine/funants.Messages[en] has no fun.card.* keys; the hand test needs them")
	}
	for _, lang := range Languages() {
		tx := textsFor(lang)
		for _, code := range codes {
			got := tx.card(code)
			if got == "" {
				t.Errorf("%s: no hand text for card %q", lang, code)
			}
			if lang != "en" && got == cardTexts["en"][code] {
				t.Errorf("%s: card %q falls back to English", lang, code)
			}
		}
	}
}

func TestTextsForFallsBack(t *testing.T) {
	for in, want := range map[string]string{"uk": "uk", "uk-UA": "uk", "RU": "ru", "pl_PL": "pl", "en-GB": "en", "de": "en", "": "en"} {
		if got := textsFor(in).lang; got != want {
			t.Errorf("textsFor(%q) = %q, want %q", in, got, want)
		}
	}
}
