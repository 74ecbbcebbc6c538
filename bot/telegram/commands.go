package telegram

import (
	"context"
	"regexp"
	"slices"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"formica/bot"
	"formica/bot/i18n"
)

// commandName is what Telegram accepts as a command.
var commandName = regexp.MustCompile(`^[a-z0-9_]{1,32}$`)

// registerCommands publishes the service's commands with setMyCommands: the
// default list in English and one list per language, so each user's menu
// reads in their app's language. In groups they work as /new@botname.
func (a *Adapter) registerCommands(ctx context.Context) error {
	lister, ok := a.svc.(commandLister)
	if !ok {
		return nil
	}
	infos := lister.Commands()
	if len(infos) == 0 {
		return nil
	}
	langs := []string{""}
	for _, l := range i18n.Languages() {
		if l != i18n.Fallback {
			langs = append(langs, l)
		}
	}
	for _, lang := range langs {
		cmds := botCommands(infos, lang)
		if len(cmds) == 0 {
			continue
		}
		params := tgbotapi.Params{}
		if err := params.AddInterface("commands", cmds); err != nil {
			return err
		}
		params.AddNonEmpty("language_code", lang)
		if _, err := a.client.call(ctx, "setMyCommands", params); err != nil {
			return err
		}
	}
	return nil
}

// botCommands converts the service's list for one language ("" = default,
// English), skipping names Telegram would refuse.
func botCommands(infos []bot.CommandInfo, lang string) []tgbotapi.BotCommand {
	var out []tgbotapi.BotCommand
	for _, c := range infos {
		if !commandName.MatchString(c.Name) || slices.ContainsFunc(out, func(b tgbotapi.BotCommand) bool { return b.Command == c.Name }) {
			continue
		}
		desc := c.Description[lang]
		if desc == "" {
			desc = c.Description[i18n.Fallback]
		}
		if args := c.Usage[lang]; args != "" {
			desc = strings.TrimSpace(desc + " " + args)
		} else if c.Args != "" {
			desc = strings.TrimSpace(desc + " " + c.Args)
		}
		desc = strings.TrimSpace(desc)
		if desc == "" {
			desc = c.Name
		}
		if r := []rune(desc); len(r) > 256 {
			desc = string(r[:255]) + "…"
		}
		out = append(out, tgbotapi.BotCommand{Command: c.Name, Description: desc})
	}
	if len(out) > 100 {
		out = out[:100]
	}
	return out
}
