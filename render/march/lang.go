package march

import (
	"strconv"
	"strings"

	"formica/engine/march"
)

// Languages returns the languages the board and hand images are drawn
// in; RenderIn and RenderHandIn draw any other in English.
func Languages() []string { return []string{"en", "ru", "uk", "pl"} }

// texts looks up the words of one render in one language: the board's own
// labels (labels.go) and the game's catalog (march.Messages), each falling
// back to English where the language has no text.
type texts struct {
	lang string
	own  map[string]string // labels[lang]
}

// textsFor returns the texts of lang ("ru", "ru-RU", "uk_UA"...), or of
// English when the board does not speak it.
func textsFor(lang string) *texts {
	lang = strings.ToLower(lang)
	if i := strings.IndexAny(lang, "-_"); i >= 0 {
		lang = lang[:i]
	}
	if _, ok := labels[lang]; !ok {
		lang = "en"
	}
	return &texts{lang: lang, own: labels[lang]}
}

// t returns the board's label for key (English, then the key itself, when
// missing: a gap shows up as a readable word, not a blank).
func (x *texts) t(key string) string {
	if s, ok := x.own[key]; ok {
		return s
	}
	if s, ok := labels["en"][key]; ok {
		return s
	}
	return key
}

// f returns the label for key with its {name} placeholders filled from
// kv pairs ("name", value, ...).
func (x *texts) f(key string, kv ...string) string {
	s := x.t(key)
	for i := 0; i+1 < len(kv); i += 2 {
		s = strings.ReplaceAll(s, "{"+kv[i]+"}", kv[i+1])
	}
	return s
}

// plural returns the form of key (key.one, .few or .many) that goes with
// n, with {n} filled: Russian and Ukrainian pick by the last two digits,
// Polish likewise except that only 1 itself takes .one.
func (x *texts) plural(n int, key string) string {
	form := "many"
	switch x.lang {
	case "ru", "uk", "pl":
		d, dd := n%10, n%100
		switch {
		case n == 1 || (x.lang != "pl" && d == 1 && dd != 11):
			form = "one"
		case d >= 2 && d <= 4 && (dd < 12 || dd > 14):
			form = "few"
		}
	default:
		if n == 1 {
			form = "one"
		}
	}
	return x.f(key+"."+form, "n", strconv.Itoa(n))
}

// msg returns the game catalog's text of a message key in the language,
// else in English, else "".
func (x *texts) msg(key string) string {
	if s := march.Messages[x.lang][key]; s != "" {
		return s
	}
	return march.Messages["en"][key]
}

// cardName is a card's name as printed in the language: the engine has
// Russian names; other languages keep the English card.
func (x *texts) cardName(c *march.CardView) string {
	if x.lang == "ru" && c.NameRU != "" {
		return c.NameRU
	}
	return c.Name
}

// hexName is a hex's name in the language, as cardName.
func (x *texts) hexName(h *march.HexView) string {
	if x.lang == "ru" && h.NameRU != "" {
		return h.NameRU
	}
	return h.Name
}

// species names a Special Species: the catalog's name where the language
// has one, else the id as the English board always showed it.
func (x *texts) species(id string) string {
	if x.lang != "en" {
		if s := march.Messages[x.lang]["moa.species."+id]; s != "" {
			return s
		}
	}
	return id
}

// segment names a body segment (head, thorax, abdomen) in lowercase.
func (x *texts) segment(seg string) string {
	if _, ok := labels["en"]["seg."+seg]; ok {
		return x.t("seg." + seg)
	}
	return seg
}
