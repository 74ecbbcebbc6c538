package bottest

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"testing"
)

// TimelapseGIF is an animated board of n frames shaped as the service
// makes them at a game's end (render.Timelapse: a whole first frame, then
// only the rectangle that changed over the frame before), a square moving
// over a board, for the adapters' upload tests: 640×497, the size the
// service posts a 900×700 board's timelapse at.
//
// The frames are drawn paletted at the posted size and written with
// image/gif directly: scaling and quantizing forty frames through
// render.Timelapse cost seconds of CPU under -race, and the upload tests
// need the file, not the encoder (render and bot test that).
func TimelapseGIF(t testing.TB, n int) []byte {
	t.Helper()
	const w, h = 640, 497
	pal := color.Palette{
		color.RGBA{R: 0xE8, G: 0xE8, B: 0xE8, A: 0xFF}, // paper
		color.RGBA{R: 0xD5, G: 0x5E, A: 0xFF},          // the ant
		color.RGBA{},                                   // transparent: the frame before shows
	}
	const paper, ant, clear = 0, 1, 2
	square := func(i int) image.Rectangle {
		return image.Rect(0, 0, 43, 43).Add(image.Pt(i*12*640/900, i*8*497/700))
	}
	out := &gif.GIF{Config: image.Config{ColorModel: pal, Width: w, Height: h}}
	for i := range n {
		r := image.Rect(0, 0, w, h)
		if i > 0 {
			r = square(i - 1).Union(square(i)).Intersect(r)
		}
		f := image.NewPaletted(r, pal)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				c := uint8(paper)
				if image.Pt(x, y).In(square(i)) {
					c = ant
				} else if i > 0 && !image.Pt(x, y).In(square(i-1)) {
					c = clear // unchanged
				}
				f.SetColorIndex(x, y, c)
			}
		}
		out.Image = append(out.Image, f)
		out.Delay = append(out.Delay, 70)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
	}
	var b bytes.Buffer
	if err := gif.EncodeAll(&b, out); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
