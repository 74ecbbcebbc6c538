package console_test

import (
	"bytes"
	"image"
	"image/gif"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"formica/bot"
	"formica/bot/console"
	"formica/render"
)

// The game-end timelapse is written as a .gif file that plays every frame;
// the final board, not the score table or the timelapse after it, stays
// the board the console points to.
func TestTimelapseFile(t *testing.T) {
	var frames []image.Image
	for i := range 12 {
		f := image.NewRGBA(image.Rect(0, 0, 300, 200))
		for p := range f.Pix {
			f.Pix[p] = uint8(0x30 + 0x10*i)
		}
		frames = append(frames, f)
	}
	anim, err := render.Timelapse{MaxSide: 640, Delay: 70}.Encode(frames)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var out bytes.Buffer
	s := &console.Sender{W: &out, Dir: dir}
	for _, m := range []bot.Message{
		{To: bot.Channel, Channel: "c", Text: "over", Image: encodeBoard(t), ImageName: "micropolis-20.png"},
		{To: bot.Channel, Channel: "c", Text: "Micropolis: final scores", Image: encodeBoard(t), ImageName: "micropolis-scores.png"},
		{To: bot.Channel, Channel: "c", Text: "🎞 The whole game", Image: anim, ImageName: "micropolis-timelapse.gif"},
	} {
		if err := s.Print(m); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "003-micropolis-timelapse.gif")
	if !strings.Contains(out.String(), "[image: "+path+"]") {
		t.Errorf("console says %q, want the GIF's path", out.String())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != 12 || g.Config.Width != 300 || g.Config.Height != 200 {
		t.Errorf("GIF file has %d frames of %dx%d, want 12 of 300x200", len(g.Image), g.Config.Width, g.Config.Height)
	}
	if got := s.LastBoard(); got != filepath.Join(dir, "001-micropolis-20.png") {
		t.Errorf("last board %q, want the final board, not the timelapse", got)
	}
}

func encodeBoard(t *testing.T) []byte {
	t.Helper()
	b, err := render.EncodePNG(image.NewRGBA(image.Rect(0, 0, 4, 4)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
