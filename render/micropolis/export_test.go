package micropolis

import (
	"bytes"
	"image"
	"image/png"

	"formica/engine/micropolis"
	"formica/render"
)

// NaiveRender is the benchmarks' anchor: what drawing a board costs with
// none of the Renderer's savings. A new canvas, the static layer and every
// tile drawn anew with gg (its text too), fresh font faces, and the default
// png.Encode (RGBA, default compression). It draws the same pixels as Image.
func NaiveRender(r *Renderer, v micropolis.View) ([]byte, error) {
	lang, w := r.wordsFor("en")
	lk := layoutOf(v)
	l := newLayout(lk)
	img := image.NewRGBA(image.Rect(0, 0, Width, l.height))
	fs := r.fonts.Faces()
	(&drawer{dc: render.NewCanvasGG(img), fs: fs, l: l, w: w}).static()
	d := &drawer{dc: render.NewCanvasGG(img), fs: fs, l: l, w: w, v: &v, img: img, key: staticKey{layout: lk, lang: lang}, gg: true}
	d.dynamic()
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
func RenderKept(r *Renderer, lang string, v micropolis.View) (*image.RGBA, []byte, error) {
	if err := check(v); err != nil {
		return nil, nil, err
	}
	return r.renderKept(r.static(layoutOf(v), lang), v)
}
