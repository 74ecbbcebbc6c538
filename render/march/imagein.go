package march

import (
	"image"

	"formica/engine/march"
)

// ImageIn is RenderIn before encoding: the board of v with its words in
// lang, on a canvas of its own (a caller keeping frames, the timelapse,
// saves a PNG encode and decode per frame).
func (r *Renderer) ImageIn(lang string, v march.View) (*image.RGBA, error) {
	if err := check(&v); err != nil {
		return nil, err
	}
	tx := r.textsFor(lang)
	v = staged(v)
	l := r.layoutFor(&v, tx)
	img := image.NewRGBA(image.Rect(0, 0, Width, l.height))
	r.draw(img, l, &v, tx)
	return img, nil
}
