package micropolis

import (
	"embed"
	"fmt"
	"slices"
	"strings"

	"formica/engine/locale"
)

// Every word drawn on the board: locales/<lang>.json in the locale format.
// Codes players type (row positions 1..7, slots 0..9, anthills a/b, seats
// P1..P6) are drawn as they are and are not there. Terms follow the Russian
// rulebook and engine/micropolis's catalog (солдаты, муравейник, казарма,
// главнокомандующий).
//
//go:embed locales/*.json
var locales embed.FS

// loadWords reads the board's labels.
func loadWords() (*locale.Catalog, error) {
	c, err := locale.Load(locales, "locales")
	if err != nil {
		return nil, fmt.Errorf("render/micropolis: %w", err)
	}
	return c, nil
}

// words is one language's labels.
type words struct {
	lang string
	c    *locale.Catalog
	clip func(lang, text string) // the Renderer's clip observer, or nil
}

// wordsFor returns the labels for lang ("ru", "ru-RU", "pt_BR"...: only the
// primary subtag counts), falling back to English for languages we do not
// have.
func (r *Renderer) wordsFor(lang string) (string, words) {
	lang = strings.ToLower(lang)
	if i := strings.IndexAny(lang, "-_"); i >= 0 {
		lang = lang[:i]
	}
	if !slices.Contains(r.words.Languages(), lang) {
		lang = "en"
	}
	return lang, words{lang: lang, c: r.words, clip: r.clip}
}

// get returns the label for key with {name} placeholders replaced by the
// name, value pairs in args (a plural label takes its form from "n"). A key
// missing from a language falls back to English, then to the key itself, so
// a gap shows up as text, not a crash (TestLabelsComplete keeps the catalog
// whole).
func (w words) get(key string, args ...string) string {
	m := make(map[string]string, len(args)/2)
	for i := 0; i+1 < len(args); i += 2 {
		m[args[i]] = args[i+1]
	}
	return w.c.T(w.lang, key, m)
}
