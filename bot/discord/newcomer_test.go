package discord_test

import (
	"strings"
	"testing"

	"formica/bot/discord/fakediscord"
)

// On Discord every command a refusal or a confirmation tells the player to
// send is the slash command that works there, not a plain word the bot
// ignores: a typo gets the move it was meant to be, abort asks first.
func TestNewcomerWordsOnDiscord(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.reply(e.slash(alice, "new", fakediscord.Opt{Name: "game", Value: "micropolis"}))
	e.reply(e.slash(bob, "join"))
	e.reply(e.slash(alice, "start"))

	got := e.reply(e.slash(alice, "play", fakediscord.Opt{Name: "move", Value: "tak 1 0"})).Content
	for _, want := range []string{"«tak» is neither a command nor a move you can make now.",
		"Did you mean `/ants play move:take 1 0`?", "`/ants help` lists the commands."} {
		if !strings.Contains(got, want) {
			t.Fatalf("typo reply %q lacks %q", got, want)
		}
	}
	got = e.reply(e.slash(alice, "play", fakediscord.Opt{Name: "move", Value: "take 1 12"})).Content
	if want := "There is no slot 12: the ring has slots 0 to 9. Choose from `0`, `1`, `2`, `3`, `4`, `5`, `6`, `7`, `8`, `9`. (`/ants why` shows the rule.)"; got != want {
		t.Fatalf("slot reply\n%q\nwant\n%q", got, want)
	}
	if got = e.reply(e.slash(alice, "why")).Content; !strings.HasPrefix(got, "«take 1 12» was refused by rule MIC-GEO-1:") {
		t.Fatalf("why reply %q", got)
	}

	got = e.reply(e.slash(alice, "abort")).Content
	if want := "This ends the Micropolis game for everyone, and it cannot be resumed. To end it, send `/ants abort value:yes`."; got != want {
		t.Fatalf("abort reply\n%q\nwant\n%q", got, want)
	}
	if got = e.reply(e.slash(alice, "abort", fakediscord.Opt{Name: "value", Value: "yes"})).Content; !strings.Contains(got, "Game aborted") {
		t.Fatalf("abort yes reply %q", got)
	}
}
