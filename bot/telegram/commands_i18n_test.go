package telegram_test

import (
	"strings"
	"testing"

	"formica/bot/telegram/faketg"
)

// setMyCommands is called per language_code with the descriptions and the
// argument placeholders in that language (issue 14): /new reads
// "<гра> [правила] [ключ=значення...]" for Ukrainian users in groups, the
// scope that has the game commands.
func TestCommandsPerLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	f := e.fake
	want := map[string]string{"": "<game> [ruleset]", "ru": "<игра> [правила]", "uk": "<гра> [правила]", "pl": "<gra> [zasady]"}
	for lang, args := range want {
		scoped := "all_group_chats/" + lang
		if !faketg.Wait(wait, func() bool { return len(f.Commands(scoped)) > 0 }) {
			t.Fatalf("setMyCommands was not called for %q", scoped)
		}
		found := false
		for _, c := range f.Commands(scoped) {
			if c["command"] == "new" {
				found = true
				if !strings.Contains(c["description"], args) {
					t.Errorf("%q: /new is described %q, want it to show %q", lang, c["description"], args)
				}
			}
		}
		if !found {
			t.Errorf("%q: no /new", lang)
		}
	}
}
