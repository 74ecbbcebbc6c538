package micropolis

import (
	"testing"

	"formica/engine/enginetest"
	"formica/engine/micropolis"
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
// plural forms, translated except the allowed names.
func TestLabelsComplete(t *testing.T) {
	enginetest.CheckCatalog(t, renderer(t).words, func(key string) bool { return key == "title" || key == "centurion" })
}

// Every key the drawing code asks for is in the catalog: the score
// columns, the legend's masters and fruits (engine names used as keys).
func TestLabelsCoverDrawnKeys(t *testing.T) {
	keys := append(scoreColumns(), fruitKinds()...)
	keys = append(keys, micropolis.Queen, micropolis.Nurse, micropolis.Architect, micropolis.Recruiter, micropolis.Centurion,
		"worker", "soldier", "barracks", "title", "round", "over", "wins", "turn", "picks_general", "to_play", "free", "final_score", "army")
	w := renderer(t).words
	for _, k := range keys {
		if _, ok := w.Message("en", k); !ok {
			t.Errorf("drawn key %q is not in the catalog", k)
		}
	}
}

func TestWordsForFallsBack(t *testing.T) {
	r := renderer(t)
	for in, want := range map[string]string{"ru": "ru", "ru-RU": "ru", "UK": "uk", "pl_PL": "pl", "en": "en", "de": "en", "": "en"} {
		if got, _ := r.wordsFor(in); got != want {
			t.Errorf("wordsFor(%q) = %q, want %q", in, got, want)
		}
	}
	_, w := r.wordsFor("ru")
	if got := w.get("round", "round", "3", "rounds", "10"); got != "Раунд 3/10" {
		t.Errorf("ru round = %q", got)
	}
}
