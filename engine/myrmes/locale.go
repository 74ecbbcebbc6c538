package myrmes

import (
	"embed"

	"formica/engine/locale"
)

// The game's words in en, ru, uk and pl: events, prompts, steps, option
// labels, errors, the rules summary and the topics of `rules myrmes <topic>`.
// Russian terms follow the rulebook.
//
//go:embed locales/*.json
var locales embed.FS

// Messages loads the game's message catalog (a fresh one each call).
func Messages() (*locale.Catalog, error) { return locale.Load(locales, "locales") }
