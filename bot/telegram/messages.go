package telegram

import (
	"embed"

	"formica/engine/locale"
)

//go:embed locales/*.json
var locales embed.FS

// catalog holds the few texts only this adapter says: about Telegram's
// private chats and start links, which the service knows nothing of.
// {user} is an HTML mention, already escaped.
func catalog() (*locale.Catalog, error) { return locale.Load(locales, "locales") }
