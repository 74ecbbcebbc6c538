package march

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"formica/engine/march"
)

// Every label the board draws exists in every language, with the same
// placeholders as the English one, and no language has keys English lacks.
func TestLabelsComplete(t *testing.T) {
	ph := regexp.MustCompile(`\{[a-z]+\}`)
	en := labels["en"]
	for _, lang := range Languages() {
		own, ok := labels[lang]
		if !ok {
			t.Fatalf("Languages lists %q but labels has no such language", lang)
		}
		for k, v := range en {
			s, ok := own[k]
			if !ok || strings.TrimSpace(s) == "" {
				t.Errorf("%s: label %q is missing", lang, k)
				continue
			}
			want, got := ph.FindAllString(v, -1), ph.FindAllString(s, -1)
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(want, got) {
				t.Errorf("%s: label %q has placeholders %v, English has %v", lang, k, got, want)
			}
		}
		for k := range own {
			if _, ok := en[k]; !ok {
				t.Errorf("%s: label %q is not an English key (typo?)", lang, k)
			}
		}
	}
	if len(labels) != len(Languages()) {
		t.Errorf("labels has %d languages, Languages lists %d", len(labels), len(Languages()))
	}
}

// Russian, Ukrainian and Polish pick plural forms by the number's last
// digits; English has one and other.
func TestPlural(t *testing.T) {
	for _, c := range []struct {
		lang string
		n    int
		want string
	}{
		{"en", 1, "1 card"}, {"en", 2, "2 cards"}, {"en", 0, "0 cards"},
		{"ru", 1, "1 карта"}, {"ru", 3, "3 карты"}, {"ru", 5, "5 карт"}, {"ru", 11, "11 карт"},
		{"ru", 21, "21 карта"}, {"ru", 22, "22 карты"}, {"ru", 12, "12 карт"},
		{"uk", 2, "2 карти"}, {"uk", 0, "0 карт"},
		{"pl", 1, "1 karta"}, {"pl", 4, "4 karty"}, {"pl", 5, "5 kart"}, {"pl", 21, "21 kart"},
		{"pl", 22, "22 karty"}, {"pl", 13, "13 kart"},
	} {
		if got := textsFor(c.lang).plural(c.n, "cards"); got != c.want {
			t.Errorf("%s plural(%d) = %q, want %q", c.lang, c.n, got, c.want)
		}
	}
}

// Language tags with a region count as their language; unknown ones are
// English.
func TestTextsFor(t *testing.T) {
	for in, want := range map[string]string{"ru": "ru", "ru-RU": "ru", "uk_UA": "uk", "PL": "pl", "de": "en", "": "en"} {
		if got := textsFor(in).lang; got != want {
			t.Errorf("textsFor(%q).lang = %q, want %q", in, got, want)
		}
	}
}

// Game content comes from the engine: Russian card and hex names and
// prompt texts; Ukrainian and Polish fall back to the English catalog, and
// the "Your turn: " address is dropped in every language.
func TestGameContent(t *testing.T) {
	ru, uk := textsFor("ru"), textsFor("uk")
	c := march.CardView{Name: "Amazon", NameRU: "Амазонка", TextKey: "moa.card.amazon"}
	if got := ru.cardName(&c); got != "Амазонка" {
		t.Errorf("ru card name = %q", got)
	}
	if got := uk.cardName(&c); got != "Amazon" {
		t.Errorf("uk card name = %q, want the English name", got)
	}
	if got, want := uk.msg(c.TextKey), march.Messages["en"][c.TextKey]; got != want {
		t.Errorf("uk card text = %q, want English %q", got, want)
	}
	if got := ru.promptText("action"); strings.Contains(got, "Ваш ход") || got == "" {
		t.Errorf("ru prompt text = %q, want it without the address", got)
	}
	if got := uk.promptText("action"); strings.Contains(got, "Your turn") || got == "" {
		t.Errorf("uk prompt text = %q, want the English text without the address", got)
	}
	if got := ru.promptText("card.amazon"); got != "Амазонка" {
		t.Errorf("ru card prompt = %q, want the card's name", got)
	}
}
