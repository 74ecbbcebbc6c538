package telegram_test

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
)

// On Telegram every command a refusal or a confirmation tells the player
// to send is written as a Telegram command (/take 1 0, /abort yes).
func TestNewcomerWordsOnTelegram(t *testing.T) {
	e := newEnv(t)
	startGame(t, e)
	reply := func(text string) string {
		t.Helper()
		e.say(group, 0, alice, text)
		return e.last(alice.ID, -1).Text
	}
	got := reply("/tak 1 0")
	for _, want := range []string{"«tak» is neither a command nor a move you can make now.",
		"Did you mean <code>/take 1 0</code>?", "<code>/help</code> lists the commands."} {
		if !strings.Contains(got, want) {
			t.Fatalf("typo reply %q lacks %q", got, want)
		}
	}
	if got = reply("/take 1 0 x"); got != "«take 1 0» is already a complete move, so «x» is one word too many. Send <code>/take 1 0</code> to play it." {
		t.Fatalf("extra word reply %q", got)
	}
	if got = reply("/abort"); got != "This ends the Micropolis game for everyone, and it cannot be resumed. To end it, send <code>/abort yes</code>." {
		t.Fatalf("abort reply %q", got)
	}
	if got = reply("/abort yes"); !strings.Contains(got, "Game aborted") {
		t.Fatalf("abort yes reply %q", got)
	}
}

// `/tile 2` answers privately with the tile's text as the caption of its
// picture (issue 13: `card`, `tile` and `hex` show a picture).
func TestPieceLookupAttachesItsPicture(t *testing.T) {
	e := newEnv(t)
	startGame(t, e)
	e.say(group, 0, alice, "/tile 2")
	m := e.last(alice.ID, -1)
	if !strings.Contains(m.Text, "Costs 1 soldier") {
		t.Fatalf("tile reply %q", m.Text)
	}
	if m.Photo == nil {
		t.Fatalf("tile reply %q carries no photo", m.Text)
	}
	img, err := png.Decode(bytes.NewReader(m.Photo))
	if err != nil {
		t.Fatalf("tile picture: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 300 {
		t.Fatalf("tile picture is %v, want 300 px wide", b)
	}
}
