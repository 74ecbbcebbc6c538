package discord

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// playSub is the subcommand for game moves: its one option is the move as
// typed, and the command text is the move itself (the service treats any
// text that is not a command as a move).
const (
	playSub = "play"
	moveOpt = "move"
	// groupSub is the subcommand group that holds the commands past
	// Discord's 25 subcommands (/ants more undo). In a commandSet its
	// entry lists the commands it holds.
	groupSub = "more"
)

// Discord's limits on slash commands.
const (
	maxSubcommands = 25
	maxOptions     = 25
	maxDescription = 100
	maxChoices     = 25
	maxChoiceName  = 100
)

// commandSet is the shape of the registered command: for each subcommand,
// its option names in order, to turn an interaction back into text; under
// groupSub, the commands the group holds.
type commandSet map[string][]string

// grouped reports whether command name sits in the groupSub group.
func (s commandSet) grouped(name string) bool {
	return name != groupSub && slices.Contains(s[groupSub], name)
}

// argTokens returns the arguments of a usage string: <name>, [name],
// [key=value...], <en|ru>; each match is the token and its inside.
func argTokens(usage string) [][]string {
	return regexp.MustCompile(`[<\[]([^<>\[\]]+)[>\]]`).FindAllStringSubmatch(usage, -1)
}

// option turns one usage token into a string option.
func option(tok string, required bool) *discordgo.ApplicationCommandOption {
	inner := strings.TrimSuffix(strings.TrimSpace(tok), "...")
	o := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Required: required,
		Description: clip(tok, maxDescription),
	}
	switch {
	case strings.Contains(inner, "|"):
		o.Name = "value"
		for _, c := range strings.Split(inner, "|") {
			if c = strings.TrimSpace(c); c != "" {
				o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: c, Value: c})
			}
		}
		if len(o.Choices) > maxChoices {
			// Discord takes 25 choices; more are offered by autocomplete
			// (the service completes them) instead of being cut off.
			o.Choices, o.Autocomplete = nil, true
		}
	case strings.Contains(inner, "="):
		o.Name = "options"
		o.Autocomplete = true
	default:
		o.Name = strings.ToLower(strings.Fields(inner + " x")[0])
		o.Autocomplete = true
	}
	if !validName(o.Name) {
		o.Name = "args"
	}
	return o
}

// buildCommand makes the slash command from the service's commands: one
// subcommand each, options parsed from the usage, plus "play" for moves.
func (a *Adapter) buildCommand() (*discordgo.ApplicationCommand, commandSet) {
	set := commandSet{}
	// Games live in server channels; the bot's DMs take the personal
	// commands (settings, help) and button presses. Anyone who may post in
	// a channel may play; the service checks who may start, abort or
	// change settings.
	contexts := []discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
	perms := int64(discordgo.PermissionSendMessages)
	root := &discordgo.ApplicationCommand{
		Name: a.cfg.Command, Type: discordgo.ChatApplicationCommand,
		Description:              a.text.T("en", msgRoot, nil),
		DescriptionLocalizations: a.localized(msgRoot),
		Contexts:                 &contexts,
		DefaultMemberPermissions: &perms,
	}
	var subs, overflow []*discordgo.ApplicationCommandOption
	add := func(name string, desc string, descs *map[discordgo.Locale]string, opts []*discordgo.ApplicationCommandOption) {
		sub := &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: name,
			Description: clip(desc, maxDescription), Options: opts,
		}
		if descs != nil {
			sub.DescriptionLocalizations = *descs
		}
		switch {
		case name == playSub || len(subs) < maxSubcommands-2:
			subs = append(subs, sub)
		case len(overflow) < maxSubcommands:
			overflow = append(overflow, sub) // into the group (groupSub)
		default:
			a.log.Warn("discord: more commands than Discord's subcommands and their group hold; reachable through play", "command", name)
			return
		}
		var names []string
		for _, o := range opts {
			names = append(names, o.Name)
		}
		set[name] = names
	}
	for _, ci := range a.svc.Commands() {
		name := strings.ToLower(ci.Name)
		if !validName(name) || set[name] != nil || name == playSub {
			continue
		}
		var opts []*discordgo.ApplicationCommandOption
		seen := map[string]bool{}
		// The same tokens in each language's words describe the options.
		localTokens := map[discordgo.Locale][][]string{}
		for lang, loc := range discordLocales() {
			localTokens[loc] = argTokens(ci.Usage[lang])
		}
		tokens := argTokens(ci.Args)
		for k, m := range tokens {
			o := option(m[1], strings.HasPrefix(m[0], "<"))
			for loc, toks := range localTokens {
				if len(toks) == len(tokens) && toks[k][1] != m[1] {
					if o.DescriptionLocalizations == nil {
						o.DescriptionLocalizations = map[discordgo.Locale]string{}
					}
					o.DescriptionLocalizations[loc] = clip(toks[k][1], maxDescription)
				}
			}
			a.nameChoices(o)
			// Two arguments of one name each get an option: "args", "args2".
			for n := 2; seen[o.Name]; n++ {
				o.Name = strings.TrimRight(o.Name, "0123456789") + strconv.Itoa(n)
			}
			if len(opts) == maxOptions-1 && len(tokens) > maxOptions {
				// Discord takes 25 options: the last one takes the rest
				// of the arguments as typed, in order.
				o = option(strings.Join(argWords(tokens[k:]), " "), false)
				o.Name, o.Choices, o.Autocomplete = "more", nil, true
				opts = append(opts, o)
				break
			}
			// Discord wants required options before optional ones.
			if o.Required && len(opts) > 0 && !opts[len(opts)-1].Required {
				o.Required = false
			}
			seen[o.Name] = true
			opts = append(opts, o)
		}
		desc := ci.Description["en"]
		if desc == "" {
			desc = ci.Name
		}
		locs := map[discordgo.Locale]string{}
		for lang, loc := range discordLocales() {
			if d := ci.Description[lang]; d != "" {
				locs[loc] = clip(d, maxDescription)
			}
		}
		add(name, desc, &locs, opts)
	}
	move := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: moveOpt, Required: true, Autocomplete: true,
		Description: a.text.T("en", msgMove, nil), DescriptionLocalizations: *a.localized(msgMove),
	}
	add(playSub, a.text.T("en", msgPlay, nil), a.localized(msgPlay), []*discordgo.ApplicationCommandOption{move})
	if len(overflow) == 1 && len(subs) < maxSubcommands {
		subs, overflow = append(subs[:len(subs)-1], overflow[0], subs[len(subs)-1]), nil
	}
	root.Options = subs
	if len(overflow) > 0 {
		// Past the limit, one slot holds a group of up to 25 more: nothing
		// is dropped, and CommandRef writes them as /<command> more <name>.
		group := &discordgo.ApplicationCommandOption{
			Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: groupSub,
			Description: a.text.T("en", msgGroup, nil), DescriptionLocalizations: *a.localized(msgGroup), Options: overflow,
		}
		root.Options = append(subs[:len(subs)-1], group, subs[len(subs)-1])
		for _, o := range overflow {
			set[groupSub] = append(set[groupSub], o.Name)
		}
	}
	return root, set
}

// nameChoices names o's choices in words where the adapter's locale files
// have them ("dc.choice.<value>"), in English and in each locale; the value
// sent stays the code the service reads.
func (a *Adapter) nameChoices(o *discordgo.ApplicationCommandOption) {
	for _, c := range o.Choices {
		key := "dc.choice." + fmt.Sprint(c.Value)
		if !a.text.Has(key) {
			continue
		}
		c.Name = clip(a.text.T("en", key, nil), maxChoiceName)
		c.NameLocalizations = map[discordgo.Locale]string{}
		for lang, loc := range discordLocales() {
			c.NameLocalizations[loc] = clip(a.text.T(lang, key, nil), maxChoiceName)
		}
	}
}

// argWords are the usage tokens as written: "<name>", "[n]".
func argWords(tokens [][]string) []string {
	out := make([]string, len(tokens))
	for i, t := range tokens {
		out[i] = t[0]
	}
	return out
}

func (a *Adapter) localized(key string) *map[discordgo.Locale]string {
	m := map[discordgo.Locale]string{}
	for lang, loc := range discordLocales() {
		m[loc] = clip(a.text.T(lang, key, map[string]string{"command": a.cfg.Command}), maxDescription)
	}
	return &m
}

// register overwrites the bot's commands (globally, or in the development
// guild) with the current set, so renamed or removed subcommands vanish.
func (a *Adapter) register(ctx context.Context, appID string) error {
	root, set := a.buildCommand()
	a.mu.Lock()
	a.cmds = set
	a.mu.Unlock()
	if a.cfg.ShardID != 0 {
		return nil // shard 0 registers the command for every shard
	}
	_, err := a.session.ApplicationCommandBulkOverwrite(appID, a.cfg.GuildID,
		[]*discordgo.ApplicationCommand{root}, discordgo.WithContext(ctx))
	if err != nil {
		where := "globally"
		if a.cfg.GuildID != "" {
			where = "in guild " + a.cfg.GuildID + " (is the bot in that server, invited with the applications.commands scope?)"
		}
		return fmt.Errorf("discord: registering /%s %s: %w", a.cfg.Command, where, a.redact.Err(err))
	}
	return nil
}

// commandText turns a slash command interaction into the service's text:
// "sub value value...", or just the move for /play. Autocomplete passes
// focus to get the text up to and including the focused option and the
// words before it (head) that a suggestion must start with.
func (a *Adapter) commandText(d discordgo.ApplicationCommandInteractionData) (text, head string, focused *discordgo.ApplicationCommandInteractionDataOption) {
	if len(d.Options) == 0 {
		return "", "", nil
	}
	sub := d.Options[0]
	if sub.Type == discordgo.ApplicationCommandOptionSubCommandGroup && len(sub.Options) > 0 {
		sub = sub.Options[0] // /<command> more <name>: the group only holds it
	}
	values := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range sub.Options {
		values[o.Name] = o
	}
	a.mu.Lock()
	names, known := a.cmds[sub.Name]
	a.mu.Unlock()
	if !known { // a command registered by an earlier version: keep the given order
		for _, o := range sub.Options {
			names = append(names, o.Name)
		}
	}
	var words []string
	if sub.Name != playSub {
		words = append(words, sub.Name)
	}
	for _, n := range names {
		o := values[n]
		if o == nil {
			continue
		}
		v := fmt.Sprint(o.Value)
		if o.Focused {
			head = strings.Join(words, " ")
			words = append(words, v)
			return strings.Join(words, " "), head, o
		}
		if v = strings.TrimSpace(v); v != "" {
			words = append(words, v)
		}
	}
	return strings.Join(words, " "), "", nil
}
