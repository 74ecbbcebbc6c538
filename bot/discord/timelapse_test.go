package discord_test

import (
	"bytes"
	"image/gif"
	"strings"
	"testing"

	"formica/bot"
	"formica/bot/bottest"
	"formica/bot/discord"
)

// The game-end timelapse is uploaded as a GIF (so Discord plays it), whole,
// under the 8 MB a server without boosts accepts; a larger file is refused
// by Discord and nothing is posted.
func TestTimelapseUpload(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.start()
	anim := bottest.TimelapseGIF(t, 40)
	m := bot.Message{To: bot.Channel, Platform: discord.Platform, Channel: channel, Text: "🎞 The whole game",
		Image: anim, ImageName: "march-timelapse.gif"}
	if err := e.proc.ad.Send(e.ctx(), m); err != nil {
		t.Fatal(err)
	}
	var got []byte
	for _, p := range e.fake.Messages() {
		if strings.Contains(p.Content, "whole game") && len(p.Files) == 1 {
			f := p.Files[0]
			if f.Name != "march-timelapse.gif" || f.ContentType != "image/gif" {
				t.Errorf("uploaded %q as %q, want march-timelapse.gif as image/gif", f.Name, f.ContentType)
			}
			got = f.Data
		}
	}
	if got == nil {
		t.Fatal("no timelapse posted")
	}
	g, err := gif.DecodeAll(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 40 || g.Config.Width != 640 || g.Config.Height != 497 {
		t.Errorf("posted GIF has %d frames of %dx%d, want 40 of 640x497", len(g.Image), g.Config.Width, g.Config.Height)
	}
	if len(got) >= 8<<20 {
		t.Errorf("timelapse is %d bytes", len(got))
	}

	huge := m
	huge.Text, huge.Image = "too big", make([]byte, 9<<20)
	if err := e.proc.ad.Send(e.ctx(), huge); err == nil {
		t.Error("a 9 MB upload was accepted")
	}
	for _, p := range e.fake.Messages() {
		if strings.Contains(p.Content, "too big") {
			t.Error("a 9 MB upload was posted")
		}
	}
}
