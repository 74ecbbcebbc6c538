package funants

import (
	"embed"
	"fmt"
	"strings"

	"formica/engine/funants"
	"formica/engine/locale"
)

// Languages returns the languages the images are drawn in; RenderIn and
// RenderHandIn draw any other in English.
func Languages() []string { return []string{"en", "ru", "uk", "pl"} }

// The images' own words, locales/<lang>.json in the locale format; card
// names and texts are the game's (engine/funants). Codes players type
// (cells, anthills, P1..P4, card codes, the w/s ant kinds) stay outside
// them so they read the same in every language. Ukrainian follows the
// rulebook's terms (колода, відбій, рівні мурашника, тунелі, союз).
//
//go:embed locales/*.json
var locales embed.FS

// words loads the images' labels layered over the game's catalog.
func words() (locale.Bundle, error) {
	own, err := locale.Load(locales, "locales")
	if err != nil {
		return nil, fmt.Errorf("render funants: %w", err)
	}
	game, err := funants.Messages()
	if err != nil {
		return nil, fmt.Errorf("render funants: %w", err)
	}
	return locale.Bundle{own, game}, nil
}

// texts looks up the words of one image in one language.
type texts struct {
	lang string
	b    locale.Bundle
	clip func(lang, text string) // the Renderer's clip observer, or nil
}

// clipped tells the clip observer that s did not fit whole.
func (t texts) clipped(s string) {
	if t.clip != nil {
		t.clip(t.lang, s)
	}
}

// textsFor normalizes a chat client's language tag ("uk", "ru-RU",
// "pt_BR", "PL") and falls back to English when the board has no labels in
// that language.
func (r *Renderer) textsFor(lang string) texts {
	lang = strings.ToLower(lang)
	if i := strings.IndexAny(lang, "-_"); i >= 0 {
		lang = lang[:i]
	}
	known := false
	for _, l := range Languages() {
		known = known || l == lang
	}
	if !known {
		lang = "en"
	}
	return texts{lang: lang, b: r.words, clip: r.clip}
}

// get returns the label of key, falling back to English, then to key
// itself so a missing label shows up in the image rather than as a blank.
func (t texts) get(key string) string { return t.b.T(t.lang, key, nil) }

// fill returns the label of key with each {name} replaced; kv alternates
// names and values. A plural label takes its form from "n".
func (t texts) fill(key string, kv ...string) string {
	args := make(map[string]string, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		args[kv[i]] = kv[i+1]
	}
	return t.b.T(t.lang, key, args)
}

// orCode returns the label of key, or code when there is none: modes and
// scenarios the labels do not know yet are drawn as their code.
func (t texts) orCode(key, code string) string {
	if !t.b.Has(key) {
		return code
	}
	return t.get(key)
}

// card returns the hand image's text for a card code: the game's own
// message (the card's name and text) in the language.
func (t texts) card(code string) string { return t.get("fun.card." + code) }

// hasCard reports that the catalog names the card code.
func (t texts) hasCard(code string) bool { return t.b.Has("fun.card." + code) }
