package micropolis

import (
	"slices"
	"strings"
	"testing"

	"formica/engine/micropolis"
)

// Every language has exactly the English keys, with the same placeholders,
// and no text is empty: a missing word would silently fall back to English.
func TestLabelsComplete(t *testing.T) {
	en := labels["en"]
	for _, lang := range []string{"en", "ru", "uk", "pl"} {
		w, ok := labels[lang]
		if !ok {
			t.Fatalf("no labels for %q", lang)
		}
		for k, s := range en {
			got, ok := w[k]
			switch {
			case !ok:
				t.Errorf("%s: missing key %q (English: %q)", lang, k, s)
			case strings.TrimSpace(got) == "":
				t.Errorf("%s: key %q is empty", lang, k)
			case placeholders(got) != placeholders(s):
				t.Errorf("%s: %q has placeholders %q, English has %q", lang, k, placeholders(got), placeholders(s))
			}
		}
		for k := range w {
			if _, ok := en[k]; !ok {
				t.Errorf("%s: key %q is not in English (unused?)", lang, k)
			}
		}
	}
	if len(labels) != 4 {
		t.Errorf("labels has %d languages, the test checks 4", len(labels))
	}
}

// Every key the drawing code asks for is in the catalog: the score
// columns, the legend's masters and fruits (engine names used as keys).
func TestLabelsCoverDrawnKeys(t *testing.T) {
	keys := append(scoreColumns(), fruitKinds()...)
	keys = append(keys, micropolis.Queen, micropolis.Nurse, micropolis.Architect, micropolis.Recruiter, micropolis.Centurion,
		"worker", "soldier", "barracks", "title", "round", "over", "wins", "turn", "picks_general", "to_play", "free", "final_score", "army")
	for _, k := range keys {
		if _, ok := labels["en"][k]; !ok {
			t.Errorf("drawn key %q is not in the catalog", k)
		}
	}
}

func TestWordsForFallsBack(t *testing.T) {
	for in, want := range map[string]string{"ru": "ru", "ru-RU": "ru", "UK": "uk", "pl_PL": "pl", "en": "en", "de": "en", "": "en"} {
		if got, _ := wordsFor(in); got != want {
			t.Errorf("wordsFor(%q) = %q, want %q", in, got, want)
		}
	}
	_, w := wordsFor("ru")
	if got := w.get("round", "round", "3", "rounds", "10"); got != "Раунд 3/10" {
		t.Errorf("ru round = %q", got)
	}
}

// placeholders returns the {name} placeholders of s, sorted, as one string.
func placeholders(s string) string {
	var ps []string
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		ps = append(ps, s[i:i+j+1])
		s = s[i+j+1:]
	}
	slices.Sort(ps)
	return strings.Join(ps, ",")
}
