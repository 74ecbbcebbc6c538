package bottest

import (
	"image"
	"image/color"
	"testing"

	"formica/render"
)

// TimelapseGIF is an animated board of n frames, as the service makes at a
// game's end (a square moving over a board), for the adapters' upload tests.
func TimelapseGIF(t testing.TB, n int) []byte {
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
