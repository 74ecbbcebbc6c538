package march

import (
	"embed"

	"formica/engine/locale"
)

// The game's words in every language: events, steps, prompts, option
// labels, errors, scoring, names and texts of its components. The files
// were made from the Go map that used to live here by
// engine/locale/msgconv; edit the JSON now.
//
//go:embed locales/*.json
var locales embed.FS

// Messages loads the game's message catalog (a fresh one each call).
func Messages() (*locale.Catalog, error) { return locale.Load(locales, "locales") }
