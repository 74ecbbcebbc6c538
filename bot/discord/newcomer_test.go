package discord_test

import (
	"bytes"
	"image/png"
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

// `/ants tile` answers privately with the tile's text and its picture
// attached as a PNG (issue 13: `card`, `tile` and `hex` show a picture).
func TestPieceLookupAttachesItsPicture(t *testing.T) {
	e := newEnv(t)
	e.start()
	e.reply(e.slash(alice, "new", fakediscord.Opt{Name: "game", Value: "micropolis"}))
	e.reply(e.slash(bob, "join"))
	e.reply(e.slash(alice, "start"))
	m := e.reply(e.slash(alice, "tile", fakediscord.Opt{Name: "name", Value: "2"}))
	if !strings.Contains(m.Content, "(`2`)") || !strings.Contains(m.Content, "Costs 1 soldier") {
		t.Fatalf("tile reply %q", m.Content)
	}
	if len(m.Files) != 1 || !strings.HasSuffix(m.Files[0].Name, ".png") {
		t.Fatalf("tile reply has files %v, want its picture", m.Files)
	}
	img, err := png.Decode(bytes.NewReader(m.Files[0].Data))
	if err != nil {
		t.Fatalf("tile picture: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 300 {
		t.Fatalf("tile picture is %v, want 300 px wide", b)
	}
}
