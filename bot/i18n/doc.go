// Package i18n holds Formica's message catalogs and the lookup that turns a
// message key and its arguments into text in the reader's language.
//
// Texts use {name} placeholders filled from the arguments. A key missing in a
// language falls back to English; a key missing everywhere shows as the key
// itself, so a gap is visible rather than silent. The service's own catalog
// is embedded (locales/*.json, one file per language); games bring theirs
// (bot.Game.Messages) and are layered on top by Bundle.
package i18n
