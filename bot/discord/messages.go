package discord

import (
	"embed"

	"github.com/bwmarrin/discordgo"

	"formica/engine/locale"
)

// The few texts the adapter itself shows (Discord-only affordances); all
// game and lobby text comes from the service, already localized.
const (
	msgRoot       = "dc.root"        // the slash command's description
	msgGroup      = "dc.group"       // the description of the group of commands past Discord's limit
	msgPlay       = "dc.play"        // the play subcommand's description
	msgMove       = "dc.move"        // its move option's description
	msgMore       = "dc.more"        // the button that pages long menus
	msgExpired    = "dc.expired"     // a menu page that is gone (restart)
	msgDMFallback = "dc.dm_fallback" // heading of messages shown instead of DMs
	msgDone       = "dc.done"        // ephemeral reply when a command shows nothing else
	msgHelpNote   = "dc.help_note"   // added to help and lobby texts
)

//go:embed locales/*.json
var locales embed.FS

// newCatalog loads the adapter's texts from its locale files.
func newCatalog() (*locale.Catalog, error) { return locale.Load(locales, "locales") }

// discordLocales maps our languages to Discord's locale codes for command
// descriptions (English is the default description).
func discordLocales() map[string]discordgo.Locale {
	return map[string]discordgo.Locale{"ru": discordgo.Russian, "uk": discordgo.Ukrainian, "pl": discordgo.Polish}
}
