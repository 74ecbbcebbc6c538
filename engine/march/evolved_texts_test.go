package march

import (
	"strings"
	"testing"
)

// TestEvolvedOwnPromptTexts: Evolved players read their rule set's words,
// not the 1st edition's: the Queen's Choice (not the Royal Decree), a
// ferocity card played face down (not discarded), a tile (not a hex), the
// inner meadow (not central hexes). MOAE-QUEEN-8 MOAE-BATTLE-4
// MOAE-SLUMBER-1
func TestEvolvedOwnPromptTexts(t *testing.T) {
	cat, err := Messages()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]string{ // key -> language -> a word it must hold
		"moa.prompt.edecree":   {"en": "Queen's Choice", "ru": "Выбор королевы", "uk": "Вибір королеви", "pl": "Wybór królowej"},
		"moa.prompt.eferocity": {"en": "face down", "ru": "рубашкой вверх", "uk": "сорочкою догори", "pl": "zakrytą"},
		"moa.prompt.eexplore":  {"en": "tile", "ru": "плитку", "uk": "плитку", "pl": "kafel"},
		"moa.why.inner":        {"en": "inner meadow", "ru": "внутренний луг", "uk": "внутрішній луг", "pl": "wewnętrzna łąka"},
	}
	for key, langs := range want {
		for lang, word := range langs {
			got, ok := cat.Lookup(lang, key, nil)
			if !ok || !strings.Contains(got, word) {
				t.Errorf("%s %s = %q, want it to say %q", lang, key, got, word)
			}
		}
	}
	g := newEvolved(t, 3)
	s := g.s()
	for k, kind := range map[TaskKind]string{kDecree: "edecree", kFero: "eferocity", kExplore: "eexplore"} {
		if got := s.promptKind(&Task{K: k, Seat: 0, Hex: -1}); got != kind {
			t.Errorf("Evolved prompt kind of %s is %q, want %q", k, got, kind)
		}
	}
}
