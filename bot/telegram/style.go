package telegram

import (
	"formica/bot"
	"strings"
)

// ChannelRef implements bot.Styler: a group by its title (as its members
// know it) once the bot has seen it, else by its id.
func (a *Adapter) ChannelRef(channel string) string {
	p, err := parsePlace(channel)
	if err != nil {
		return channel
	}
	a.mu.Lock()
	title := a.titles[p.Chat]
	a.mu.Unlock()
	if title == "" {
		return channel
	}
	return "«" + title + "»"
}

// CommandRef implements bot.Styler: every command, moves included, is a
// slash command in a group ("/take 3", "/remind off").
func (a *Adapter) CommandRef(text string) string {
	return "/" + strings.TrimPrefix(strings.TrimSpace(text), "/")
}

// HelpNote implements bot.HelpNoter: in groups (privacy mode) the bot
// reads only commands and replies to its own messages.
func (a *Adapter) HelpNote(lang string) string { return a.t(lang, "tg.help_note") }

var (
	_ bot.Styler    = (*Adapter)(nil)
	_ bot.HelpNoter = (*Adapter)(nil)
)
