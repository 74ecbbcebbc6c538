package funants

import (
	"strings"

	"formica/engine/funants"
)

// Languages returns the languages the images are drawn in; RenderIn and
// RenderHandIn draw any other in English.
func Languages() []string { return []string{"en", "ru", "uk", "pl"} }

// texts looks up the words of one image in one language.
type texts struct {
	lang string // a key of labels
}

// textsFor normalizes a chat client's language tag ("uk", "ru-RU",
// "pt_BR", "PL") and falls back to English when the board has no labels in
// that language.
func textsFor(lang string) texts {
	lang = strings.ToLower(lang)
	if i := strings.IndexAny(lang, "-_"); i >= 0 {
		lang = lang[:i]
	}
	if _, ok := labels[lang]; !ok {
		lang = "en"
	}
	return texts{lang: lang}
}

// get returns the label of key, falling back to English, then to key
// itself so a missing label shows up in the image rather than as a blank.
func (t texts) get(key string) string {
	if s, ok := labels[t.lang][key]; ok {
		return s
	}
	if s, ok := labels["en"][key]; ok {
		return s
	}
	return key
}

// fill returns the label of key with each {name} replaced; kv alternates
// names and values.
func (t texts) fill(key string, kv ...string) string {
	s := t.get(key)
	for i := 0; i+1 < len(kv); i += 2 {
		s = strings.ReplaceAll(s, "{"+kv[i]+"}", kv[i+1])
	}
	return s
}

// orCode returns the label of key, or code when there is none: modes and
// scenarios the labels do not know yet are drawn as their code.
func (t texts) orCode(key, code string) string {
	if s, ok := labels[t.lang][key]; ok {
		return s
	}
	return code
}

// card returns the hand image's text for a card code: the game's own
// message in the language (the card's name and text), this package's
// text for languages the game lacks, then English.
func (t texts) card(code string) string {
	if t.lang != "en" {
		if s, ok := funants.Messages[t.lang]["fun.card."+code]; ok {
			return s
		}
		if s, ok := cardTexts[t.lang][code]; ok {
			return s
		}
	}
	return cardTexts["en"][code]
}
