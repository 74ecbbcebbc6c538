package march

import (
	"embed"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/image/font"

	"formica/engine/locale"
	"formica/engine/march"
	"formica/render"
)

// Languages returns the languages the board and hand images are drawn
// in; RenderIn and RenderHandIn draw any other in English.
func Languages() []string { return []string{"en", "ru", "uk", "pl"} }

// The board's own words (not game content): locales/<lang>.json in the
// locale format, plural keys with CLDR forms. Codes players type (hex
// numbers, gt, s1.., c12, edge codes, P1..P5) stay outside them so they read
// the same in every language. Russian follows the engine's catalog and the
// 1st-edition rulebook (ОК, контрольная точка, спорный гекс, Отдых); Polish
// follows the Evolved-edition rulebook (faza robotnic, skolopendra, pole
// kontroli, sporny kafel, zaciekłość, cel kolonii).
//
//go:embed locales/*.json
var locales embed.FS

// words loads the board's labels layered over the game's catalog.
func words() (locale.Bundle, error) {
	own, err := locale.Load(locales, "locales")
	if err != nil {
		return nil, fmt.Errorf("render/march: %w", err)
	}
	game, err := march.Messages()
	if err != nil {
		return nil, fmt.Errorf("render/march: %w", err)
	}
	return locale.Bundle{own, game}, nil
}

// texts looks up the words of one render in one language: the board's own
// labels and the game's catalog, each falling back to English.
type texts struct {
	lang string
	b    locale.Bundle
	clip func(lang, text string) // the Renderer's clip observer, or nil
}

// textsFor returns the texts of lang ("ru", "ru-RU", "uk_UA"...), or of
// English when the board does not speak it.
func (r *Renderer) textsFor(lang string) *texts {
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
	return &texts{lang: lang, b: r.words, clip: r.clip}
}

// has reports whether key is a label or message at all.
func (x *texts) has(key string) bool { return x.b.Has(key) }

// t returns the label for key (English, then the key itself, when missing:
// a gap shows up as a readable word, not a blank).
func (x *texts) t(key string) string { return x.b.T(x.lang, key, nil) }

// f returns the label for key with its {name} placeholders filled from
// kv pairs ("name", value, ...); a plural label takes its form from "n".
func (x *texts) f(key string, kv ...string) string {
	args := make(map[string]string, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		args[kv[i]] = kv[i+1]
	}
	return x.b.T(x.lang, key, args)
}

// plural returns key's text for the number n, its form chosen by the
// language's CLDR plural rules.
func (x *texts) plural(n int, key string) string { return x.f(key, "n", strconv.Itoa(n)) }

// msg returns the game catalog's text of a message key in the language,
// else in English, else "".
func (x *texts) msg(key string) string {
	if !x.b.Has(key) {
		return ""
	}
	return x.t(key)
}

// name is a card's or hex's name in the language: the catalog's text of
// prefix.<English name>, else the English name.
func (x *texts) name(prefix, en string) string {
	if s := x.msg(prefix + en); s != "" {
		return s
	}
	return en
}

// cardName is a card's name as printed in the language.
func (x *texts) cardName(c *march.CardView) string { return x.name("moa.cardname.", c.Name) }

// hexName is a hex's name in the language, as cardName.
func (x *texts) hexName(h *march.HexView) string { return x.name("moa.hexname.", h.Name) }

// species names a Special Species: the catalog's name, else the id.
func (x *texts) species(id string) string {
	if s := x.msg("moa.species." + id); s != "" {
		return s
	}
	return id
}

// segment names a body segment (head, thorax, abdomen) in lowercase.
func (x *texts) segment(seg string) string {
	if x.has("seg." + seg) {
		return x.t("seg." + seg)
	}
	return seg
}

// ellipsize is render.Ellipsize that tells the renderer's clip observer
// (tests) about every text it had to shorten.
func (x *texts) ellipsize(face font.Face, s string, width float64) string {
	out := render.Ellipsize(face, s, width)
	if out != s {
		x.clipped(s)
	}
	return out
}

// clipped tells the clip observer that s did not fit whole.
func (x *texts) clipped(s string) {
	if x.clip != nil {
		x.clip(x.lang, s)
	}
}
