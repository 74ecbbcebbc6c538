package march

import (
	"strings"
	"testing"

	"formica/engine/enginetest"
	"formica/engine/locale"
	"formica/engine/march"
)

func renderer(t *testing.T) *Renderer {
	t.Helper()
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Every label the board draws exists in every language with the English
// placeholders and plural forms, translated except codes and abbreviations.
func TestLabelsComplete(t *testing.T) {
	own, err := locale.Load(locales, "locales")
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckCatalog(t, own, nil)
}

// Russian, Ukrainian and Polish pick plural forms by CLDR rules; English
// has one and other.
func TestPlural(t *testing.T) {
	r := renderer(t)
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
		if got := r.textsFor(c.lang).plural(c.n, "cards"); got != c.want {
			t.Errorf("%s plural(%d) = %q, want %q", c.lang, c.n, got, c.want)
		}
	}
}

// Language tags with a region count as their language; unknown ones are
// English.
func TestTextsFor(t *testing.T) {
	r := renderer(t)
	for in, want := range map[string]string{"ru": "ru", "ru-RU": "ru", "uk_UA": "uk", "PL": "pl", "de": "en", "": "en"} {
		if got := r.textsFor(in).lang; got != want {
			t.Errorf("textsFor(%q).lang = %q, want %q", in, got, want)
		}
	}
}

// Game content comes from the engine's catalog in every language: card and
// hex names and prompt texts; the "Your turn: " address is dropped.
func TestGameContent(t *testing.T) {
	r := renderer(t)
	ru, uk, pl := r.textsFor("ru"), r.textsFor("uk"), r.textsFor("pl")
	c := march.CardView{Name: "Amazon", NameRU: "Амазонка", TextKey: "moa.card.amazon"}
	for _, tc := range []struct{ got, want string }{
		{ru.cardName(&c), "Амазонка"},
		{uk.cardName(&c), "Амазонка"},
		{pl.cardName(&c), "Amazonka"},
		{ru.promptText("card.amazon"), "Амазонка"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	en := r.textsFor("en")
	if got := uk.msg(c.TextKey); got == en.msg(c.TextKey) || got == "" {
		t.Errorf("uk card text = %q, want Ukrainian", got)
	}
	if got := ru.promptText("action"); strings.Contains(got, "Ваш ход") || got == "" {
		t.Errorf("ru prompt text = %q, want it without the address", got)
	}
	if got := pl.promptText("action"); strings.Contains(got, "Twój ruch") || got == "" {
		t.Errorf("pl prompt text = %q, want it without the address", got)
	}
}
