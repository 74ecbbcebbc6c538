// Package i18n holds the service's own message catalog and the language
// helpers of the bot; the catalog format, the loader and the lookup with
// CLDR plurals are formica/engine/locale's, shared with engines and
// renderers.
//
// Texts use {name} placeholders filled from the arguments. A key missing in a
// language falls back to English; a key missing everywhere shows as the key
// itself, so a gap is visible rather than silent. The service's own catalog
// is embedded (locales/*.json, one file per language); games bring theirs
// (bot.Game.Messages) and are layered on top by Bundle.
package i18n
