package discord_test

import (
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
