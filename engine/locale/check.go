package locale

import (
	"fmt"
	"slices"
	"unicode"
)

// Check lists what is wrong with the catalog's langs against English: a key
// missing or extra, placeholders that differ, a plural text lacking a form
// its language needs, or a text identical to the English one unless same
// says the key is meant to read alike (names, codes). English itself is
// checked for plural forms too.
func (c *Catalog) Check(langs []string, same func(key string) bool) []error {
	var errs []error
	en := c.lang(Fallback)
	for _, lang := range langs {
		t, ok := c.langs[lang]
		if !ok {
			errs = append(errs, fmt.Errorf("%s: no catalog", lang))
			continue
		}
		texts, err := t.get()
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", lang, err))
			continue
		}
		for _, key := range c.Keys(Fallback) {
			want := en[key]
			got, ok := texts[key]
			if !ok {
				errs = append(errs, fmt.Errorf("%s %q: missing", lang, key))
				continue
			}
			if w, g := Placeholders(want.Texts()...), Placeholders(got.Texts()...); !slices.Equal(w, g) {
				errs = append(errs, fmt.Errorf("%s %q: placeholders %v, English has %v", lang, key, g, w))
			}
			if want.Plural() || got.Plural() {
				if !got.Plural() {
					errs = append(errs, fmt.Errorf("%s %q: English has plural forms, this has one text", lang, key))
				}
				for _, f := range NeededForms(lang) {
					if _, ok := got.Forms[f]; got.Plural() && !ok {
						errs = append(errs, fmt.Errorf("%s %q: no %q plural form", lang, key, f))
					}
				}
			}
			if lang != Fallback && (same == nil || !same(key)) && slices.Equal(want.Texts(), got.Texts()) && wordy(want.Texts()) {
				errs = append(errs, fmt.Errorf("%s %q: same as English (%q)", lang, key, want.Texts()[0]))
			}
		}
		for _, key := range c.Keys(lang) {
			if _, ok := en[key]; !ok {
				errs = append(errs, fmt.Errorf("%s %q: not in English", lang, key))
			}
		}
	}
	return errs
}

// wordy reports whether any text has a letter outside its {placeholders}:
// a text of placeholders, references, digits and symbols reads the same in
// every language.
func wordy(texts []string) bool {
	for _, s := range texts {
		depth := 0
		for _, r := range s {
			switch {
			case r == '{':
				depth++
			case r == '}':
				depth--
			case depth == 0 && unicode.IsLetter(r):
				return true
			}
		}
	}
	return false
}
