package march

import (
	"bytes"
	"image"
	"image/png"

	"formica/render"

	"formica/engine/march"
)

// NaiveRender is the benchmarks' anchor: what drawing a board costs with
// none of the Renderer's savings. A new canvas, the static layer drawn
// anew with gg (its text too), fresh font faces, and the default png.Encode (RGBA,
// default compression). It draws the same pixels as Image.
func NaiveRender(r *Renderer, v march.View) ([]byte, error) {
	if err := check(&v); err != nil {
		return nil, err
	}
	tx := r.textsFor("en")
	l := r.layoutFor(&v, tx)
	img := image.NewRGBA(image.Rect(0, 0, Width, l.height))
	fs := r.fonts.Faces()
	(&drawer{dc: render.NewCanvasGG(img), fs: fs, l: l, tx: tx}).staticLayer(v.Players)
	(&drawer{dc: render.NewCanvasGG(img), fs: fs, l: l, v: &v, tx: tx}).board()
	var buf bytes.Buffer
	err := png.Encode(&buf, img)
	return buf.Bytes(), err
}

// SetClip sets the observer told of every text the renderer shortens.
func SetClip(r *Renderer, f func(lang, text string)) { r.clip = f }

// SetSeen sets the observer told of every text drawn with its em height in
// pixels.
func SetSeen(r *Renderer, f func(lang, text string, px float64)) { r.seen = f }

// RenderKept is RenderIn also returning the image of the kept board it
// drew on (valid until the next render).
func RenderKept(r *Renderer, lang string, v march.View) (*image.RGBA, []byte, error) {
	if err := check(&v); err != nil {
		return nil, nil, err
	}
	tx := r.textsFor(lang)
	v = staged(v)
	return r.renderKept(r.layoutFor(&v, tx), &v, tx)
}
