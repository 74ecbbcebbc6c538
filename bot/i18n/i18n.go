package i18n

import (
	"embed"
	"slices"
	"strings"

	"formica/engine/locale"
)

// Fallback is the language used when a key is missing in the reader's.
const Fallback = locale.Fallback

// Languages lists the languages the service ships, Fallback first.
func Languages() []string { return []string{"en", "ru", "uk", "pl"} }

// Catalog is a catalog of plain texts kept in code (language -> key ->
// text), for the few words an adapter shows itself.
type Catalog = locale.Texts

// Bundle looks keys up in several catalogs, first match wins: the service
// catalog plus the catalog of the game being played.
type Bundle = locale.Bundle

//go:embed locales/*.json
var locales embed.FS

// Service loads the service's own catalog (lobby, errors, help, settings)
// from the embedded locale files. Each call returns a fresh copy.
func Service() (*locale.Catalog, error) { return locale.Load(locales, "locales") }

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

// Format replaces each {name} in s with args[name] (see locale.Format).
func Format(s string, args map[string]string) string { return locale.Format(s, args) }
