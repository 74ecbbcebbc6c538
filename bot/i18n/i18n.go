package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"
)

// Fallback is the language used when a key is missing in the reader's.
const Fallback = "en"

// Languages lists the languages the service ships, Fallback first.
func Languages() []string { return []string{"en", "ru", "uk", "pl"} }

// Catalog maps language -> message key -> text with {arg} placeholders.
type Catalog map[string]map[string]string

//go:embed locales/*.json
var locales embed.FS

// Service returns the service's own catalog (lobby, errors, help), parsed
// from the embedded locale files. Each call returns a fresh copy.
func Service() (Catalog, error) {
	c := Catalog{}
	for _, lang := range Languages() {
		b, err := locales.ReadFile(path.Join("locales", lang+".json"))
		if err != nil {
			return nil, fmt.Errorf("i18n: %s catalog: %w", lang, err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, fmt.Errorf("i18n: %s catalog: %w", lang, err)
		}
		c[lang] = m
	}
	return c, nil
}

// Lang normalizes a platform locale hint ("ru-RU", "en_US", "PL") to one of
// Languages, or "" when none matches.
func Lang(tag string) string {
	tag = strings.ToLower(strings.TrimSpace(tag))
	if i := strings.IndexAny(tag, "-_"); i >= 0 {
		tag = tag[:i]
	}
	if slices.Contains(Languages(), tag) {
		return tag
	}
	return ""
}

// Bundle looks keys up in several catalogs, first match wins: the service
// catalog plus the catalog of the game being played.
type Bundle []Catalog

// Has reports whether key exists in lang or the fallback of any layer.
func (b Bundle) Has(key string) bool {
	_, ok := b.lookup(Fallback, key)
	return ok
}

// T returns key's text in lang with args filled in. Missing in lang falls
// back to English; missing everywhere returns the key itself.
func (b Bundle) T(lang, key string, args map[string]string) string {
	s, ok := b.lookup(lang, key)
	if !ok {
		s = key
	}
	return Format(s, args)
}

func (b Bundle) lookup(lang, key string) (string, bool) {
	for _, l := range []string{lang, Fallback} {
		for _, c := range b {
			if s, ok := c[l][key]; ok {
				return s, true
			}
		}
	}
	return "", false
}

// Format replaces each {name} in s with args[name]. Unknown placeholders are
// left as written, so a missing argument shows instead of vanishing.
func Format(s string, args map[string]string) string {
	if len(args) == 0 || !strings.Contains(s, "{") {
		return s
	}
	var out strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		name := s[i+1 : i+j]
		out.WriteString(s[:i])
		if v, ok := args[name]; ok {
			out.WriteString(v)
		} else {
			out.WriteString(s[i : i+j+1])
		}
		s = s[i+j+1:]
	}
	out.WriteString(s)
	return out.String()
}

// Placeholders lists the {name} placeholders in s, for catalog checks.
func Placeholders(s string) []string {
	var names []string
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			return names
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return names
		}
		names = append(names, s[i+1:i+j])
		s = s[i+j+1:]
	}
}
