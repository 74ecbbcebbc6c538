package discord

import (
	"strings"

	"formica/bot"
	"formica/bot/i18n"
)

// ChannelRef implements bot.Styler: a channel mention, which Discord shows
// as a link, in DMs too.
func (a *Adapter) ChannelRef(channel string) string { return "<#" + channel + ">" }

// CommandRef implements bot.Styler: text as the slash command that sends
// it. A service command fills the subcommand's options in order (the last
// takes the rest); anything else is a move for /<command> play.
func (a *Adapter) CommandRef(text string) string {
	words := strings.Fields(text)
	if len(words) == 0 {
		return "/" + a.cfg.Command
	}
	a.mu.Lock()
	set := a.cmds
	a.mu.Unlock()
	if set == nil { // not registered yet: the shape it will have
		_, set = a.buildCommand()
	}
	names, ok := set[strings.ToLower(words[0])]
	if !ok || words[0] == playSub {
		return "/" + a.cfg.Command + " " + playSub + " " + moveOpt + ":" + text
	}
	parts := []string{"/" + a.cfg.Command, strings.ToLower(words[0])}
	if set.grouped(parts[1]) {
		parts = []string{parts[0], groupSub, parts[1]}
	}
	args := words[1:]
	for i, n := range names {
		if len(args) == 0 {
			break
		}
		v := args[0]
		if i == len(names)-1 {
			v = strings.Join(args, " ")
		}
		args = args[1:]
		parts = append(parts, n+":"+v)
	}
	return strings.Join(parts, " ")
}

// HelpNote implements bot.HelpNoter: Discord bots do not read message
// content, so everything goes through the slash command and buttons.
func (a *Adapter) HelpNote(lang string) string {
	l := i18n.Lang(lang)
	if l == "" {
		l = i18n.Fallback
	}
	return a.text.T(l, msgHelpNote, map[string]string{"command": a.cfg.Command})
}

var (
	_ bot.Styler    = (*Adapter)(nil)
	_ bot.HelpNoter = (*Adapter)(nil)
)
