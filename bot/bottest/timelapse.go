package bottest

import (
	"image"
	"image/color"
	"image/draw"
	"testing"

	"formica/render"
)

// TimelapseGIF is an animated board of n frames, as the service makes at a
// game's end (a square moving over a board), for the adapters' upload tests:
// 640×497, the size the service posts a 900×700 board's timelapse at.
func TimelapseGIF(t testing.TB, n int) []byte {
	t.Helper()
	// The frames are drawn at the posted size, so the encoder copies them
	// instead of scaling them: scaling forty 900×700 frames cost seconds
	// of CPU under -race, and the upload tests need the file, not the
	// scaler (render tests that).
	paper := image.NewUniform(color.RGBA{R: 0xE8, G: 0xE8, B: 0xE8, A: 0xFF})
	ant := image.NewUniform(color.RGBA{R: 0xD5, G: 0x5E, A: 0xFF})
	var frames []image.Image
	for i := range n {
		f := image.NewRGBA(image.Rect(0, 0, 640, 497))
		draw.Draw(f, f.Rect, paper, image.Point{}, draw.Src)
		sq := image.Rect(0, 0, 43, 43).Add(image.Pt(i*12*640/900, i*8*497/700))
		draw.Draw(f, sq, ant, image.Point{}, draw.Src)
		frames = append(frames, f)
	}
	b, err := render.Timelapse{MaxSide: 640, Delay: 70, Limit: 7 << 20}.Encode(frames)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
