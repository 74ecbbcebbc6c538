// Package locale is Formica's one message-catalog format and loader, shared
// by the bot, the engines and the renderers (it lives under engine/ so that
// engines may use it without importing anything outside engine/).
//
// A catalog is a set of JSON files, one per language (en.json, ru.json,
// uk.json, pl.json), each embedded by the package whose words it holds. A
// file maps message keys to texts with {name} placeholders:
//
//	"moa.drew": "{seat} drew a card.",
//	"moa.ants_lost": {"one": "{seat} lost {n} ant on {hex}.", "other": "{seat} lost {n} ants on {hex}."}
//
// A text that depends on a number is an object of CLDR plural forms (zero,
// one, two, few, many, other); the form is chosen by the language's CLDR
// cardinal rules (golang.org/x/text/feature/plural) from the argument named
// by "count", or "n" when the object has no "count". The flat bot format —
// every value a string — is a catalog with no plural keys.
//
// Two kinds of reference let a text reuse the catalog's words: {kind@fun.kind}
// is filled with the text of key fun.kind.<value of kind> (codes in event
// arguments become words), and {@moa.name.amazon} with the text of that key.
// Catalogs (Catalog.T, Bundle.T) resolve them; Format leaves {@key} as is.
//
// A key missing in a language falls back to English; a key missing
// everywhere shows as the key itself, so a gap is visible, not silent.
//
// Go maps of texts move into locale files with msgconv (see its doc);
// Catalog.Check is the completeness test every package runs.
package locale
