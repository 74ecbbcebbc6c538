package funants

import (
	"fmt"
	"image"

	"formica/engine/funants"
)

// ImageIn is RenderIn before encoding: the board of v with its words in
// lang, on a canvas of its own (a caller keeping frames, the timelapse,
// saves a PNG encode and decode per frame).
func (r *Renderer) ImageIn(lang string, v funants.View) (*image.RGBA, error) {
	if len(v.Cells) == 0 || len(v.Players) == 0 {
		return nil, fmt.Errorf("render funants: empty view (no cells or players)")
	}
	img := image.NewRGBA(image.Rect(0, 0, width, boardHeight(v)))
	fs := r.fonts.Borrow()
	defer r.fonts.Release(fs)
	r.drawLayered(img, fs, r.textsFor(lang), v)
	return img, nil
}
