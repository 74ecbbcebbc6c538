package telegram_test

import (
	"bytes"
	"context"
	"image/gif"
	"testing"

	"formica/bot"
	"formica/bot/bottest"
)

// The game-end timelapse goes by sendAnimation, which plays it (sendPhoto
// would post a still of its first frame), whole, with its caption; a board
// still goes by sendPhoto.
func TestTimelapseAnimation(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	anim := bottest.TimelapseGIF(t, 40)
	m := bot.Message{To: bot.Channel, Platform: "telegram", Channel: "-42", Text: "🎞 The whole game",
		Image: anim, ImageName: "march-timelapse.gif"}
	if err := e.ad.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	ms := e.fake.Messages(-42, -1)
	if len(ms) != 1 || !ms[0].Animation || ms[0].Text != "🎞 The whole game" {
		t.Fatalf("want one animation with its caption, got %d messages (first animation=%v)", len(ms), len(ms) > 0 && ms[0].Animation)
	}
	if n := e.fake.Requests("sendAnimation"); n != 1 {
		t.Errorf("%d sendAnimation requests, want 1", n)
	}
	g, err := gif.DecodeAll(bytes.NewReader(ms[0].Photo))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 40 || g.Config.Width != 640 || g.Config.Height != 497 {
		t.Errorf("posted GIF has %d frames of %dx%d, want 40 of 640x497", len(g.Image), g.Config.Width, g.Config.Height)
	}
	if len(ms[0].Photo) >= 10<<20 {
		t.Errorf("timelapse is %d bytes", len(ms[0].Photo))
	}

	still := bot.Message{To: bot.Channel, Platform: "telegram", Channel: "-42", Text: "board", Image: e.boardPNG(), ImageName: "march-3.png"}
	if err := e.ad.Send(context.Background(), still); err != nil {
		t.Fatal(err)
	}
	if ms := e.fake.Messages(-42, -1); len(ms) != 2 || ms[1].Animation || ms[1].Photo == nil {
		t.Errorf("a board went as an animation (%d messages)", len(ms))
	}
}
