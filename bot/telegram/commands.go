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

// privateCommands are the commands that mean something in the bot's
// private chat, where there is no game: the rest act on a group's game.
var privateCommands = []string{"help", "rules", "lang", "settings"}

// registerCommands publishes the service's commands with setMyCommands, one
// list per scope (group chats get every command, private chats those that
// need no game) and per language, so each user's menu reads in their app's
// language; then the bot's description and short description. In groups
// commands work as /new@botname. Localized descriptions come from the
// service's catalog.
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
	var private []bot.CommandInfo
	for _, c := range infos {
		if slices.Contains(privateCommands, c.Name) {
			private = append(private, c)
		}
	}
	scopes := []struct {
		scope string
		infos []bot.CommandInfo
	}{{"all_group_chats", infos}, {"all_private_chats", private}}
	for _, sc := range scopes {
		for _, lang := range langs {
			cmds := botCommands(sc.infos, lang)
			if len(cmds) == 0 {
				continue
			}
			params := tgbotapi.Params{}
			if err := params.AddInterface("commands", cmds); err != nil {
				return err
			}
			if err := params.AddInterface("scope", map[string]string{"type": sc.scope}); err != nil {
				return err
			}
			params.AddNonEmpty("language_code", lang)
			if _, err := a.client.call(ctx, "setMyCommands", params); err != nil {
				return err
			}
		}
	}
	for _, lang := range langs {
		l := lang
		if l == "" {
			l = i18n.Fallback
		}
		for method, field := range map[string]string{"setMyDescription": "description", "setMyShortDescription": "short_description"} {
			params := tgbotapi.Params{field: a.t(l, "tg."+field)}
			params.AddNonEmpty("language_code", lang)
			if _, err := a.client.call(ctx, method, params); err != nil {
				return err
			}
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
