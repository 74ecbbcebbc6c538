package telegram_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/gif"
	"testing"

	"formica/bot"
	"formica/render"
)

// timelapseGIF is an animated board of n frames, as the service makes at
// a game's end (a square moving over a board).
func timelapseGIF(t *testing.T, n int) []byte {
	t.Helper()
	var frames []image.Image
	for i := range n {
		f := image.NewRGBA(image.Rect(0, 0, 900, 700))
		for p := range f.Pix {
			f.Pix[p] = 0xE8
		}
		for y := range 60 {
			for x := range 60 {
				f.Set(i*12+x, i*8+y, color.RGBA{R: 0xD5, G: 0x5E, A: 0xFF})
			}
		}
		frames = append(frames, f)
	}
	b, err := render.Timelapse{MaxSide: 640, Delay: 70, Limit: 7 << 20}.Encode(frames)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The game-end timelapse goes by sendAnimation, which plays it (sendPhoto
// would post a still of its first frame), whole, with its caption; a board
// still goes by sendPhoto.
func TestTimelapseAnimation(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	anim := timelapseGIF(t, 40)
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
