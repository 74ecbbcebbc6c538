package discord_test

import (
	"regexp"
	"strings"
	"testing"

	"formica/bot/discord/fakediscord"
)

// The slash command, every subcommand and every option argument are
// described in Russian, Ukrainian and Polish too (issue 14), as registered
// on the fake Discord: /ants new's game option reads "игра", "гра", "gra".
func TestCommandDescriptionsLocalized(t *testing.T) {
	e := newEnv(t)
	e.start()
	cmds := e.fake.Commands(fakediscord.Guild)
	if len(cmds) != 1 {
		t.Fatalf("registered %+v", cmds)
	}
	locales := []string{"ru", "uk", "pl"}
	for _, loc := range locales {
		if cmds[0].DescriptionLocalizations[loc] == "" {
			t.Errorf("/%s has no %s description", cmds[0].Name, loc)
		}
	}
	options := 0
	for _, sub := range cmds[0].Options {
		for _, loc := range locales {
			if d := sub.DescriptionLocalizations[loc]; d == "" || d == sub.Description {
				t.Errorf("%s: %s description %q", sub.Name, loc, d)
			}
		}
		for _, o := range sub.Options {
			if o.Name == "value" { // a choice of codes typed as they are: <off|on>
				continue
			}
			options++
			for _, loc := range locales {
				if d := o.DescriptionLocalizations[loc]; d == "" || d == o.Description {
					t.Errorf("%s %s: %s description %q", sub.Name, o.Name, loc, d)
				}
			}
		}
		if sub.Name == "new" {
			want := map[string]string{"ru": "игра", "uk": "гра", "pl": "gra"}
			for loc, w := range want {
				if got := sub.Options[0].DescriptionLocalizations[loc]; got != w {
					t.Errorf("new %s: %s description %q, want %q", sub.Options[0].Name, loc, got, w)
				}
			}
		}
	}
	if options < 5 {
		t.Errorf("only %d options checked", options)
	}
}

// The choices of /ants lang, remind, vote and abort are named in words in
// each language (the value sent stays the code), and the registered command
// holds every command, argument and choice the service offers: nothing is
// dropped at Discord's limits.
func TestChoiceNamesLocalizedNothingDropped(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.start()
	cmds := e.fake.Commands(fakediscord.Guild)
	if len(cmds) != 1 {
		t.Fatalf("registered %+v", cmds)
	}
	subs := map[string]fakediscord.CommandOption{}
	for _, s := range cmds[0].Options {
		subs[s.Name] = s
		if s.Type == 2 { // the group past Discord's limit
			for _, g := range s.Options {
				subs[g.Name] = g
			}
		}
	}
	choices := 0
	for _, ci := range e.proc.svc.Commands() {
		sub, ok := subs[ci.Name]
		if !ok {
			t.Errorf("command %s is not registered", ci.Name)
			continue
		}
		tokens := regexp.MustCompile(`[<\[]([^<>\[\]]+)[>\]]`).FindAllStringSubmatch(ci.Args, -1)
		if len(sub.Options) != len(tokens) {
			t.Errorf("%s: %d options for the arguments %q", ci.Name, len(sub.Options), ci.Args)
			continue
		}
		for k, o := range sub.Options {
			values := strings.Split(strings.TrimSuffix(tokens[k][1], "..."), "|")
			if len(values) < 2 {
				continue
			}
			if len(o.Choices) != len(values) {
				t.Errorf("%s %s: %d choices for %q", ci.Name, o.Name, len(o.Choices), tokens[k][1])
			}
			for _, c := range o.Choices {
				choices++
				for _, loc := range []string{"ru", "uk", "pl"} {
					if n := c.NameLocalizations[loc]; n == "" || n == c.Name {
						t.Errorf("%s %s: choice %s has %s name %q (English %q)", ci.Name, o.Name, c.Value, loc, n, c.Name)
					}
				}
			}
		}
	}
	if choices < 11 {
		t.Errorf("only %d choices checked", choices)
	}
	want := map[string]map[string]string{ // command -> value -> locale:name
		"lang":   {"ru": "ru:русский", "pl": "en:Polish"},
		"abort":  {"yes": "pl:tak", "no": "uk:ні"},
		"vote":   {"skip": "ru:пропустить ход"},
		"remind": {"off": "pl:wyłącz"},
	}
	for cmd, vals := range want {
		for v, w := range vals {
			loc, name, _ := strings.Cut(w, ":")
			found := false
			for _, c := range subs[cmd].Options[0].Choices {
				if c.Value != v {
					continue
				}
				found = true
				got := c.Name
				if loc != "en" {
					got = c.NameLocalizations[loc]
				}
				if got != name {
					t.Errorf("/ants %s %s: %s name %q, want %q", cmd, v, loc, got, name)
				}
			}
			if !found {
				t.Errorf("/ants %s has no choice %s", cmd, v)
			}
		}
	}
}
