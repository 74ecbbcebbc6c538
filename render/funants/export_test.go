package funants

import (
	"bytes"
	"image"
	"image/png"

	"formica/render"

	"formica/engine/funants"
)

// NaiveRender is the benchmarks' anchor: what drawing a board costs with
// none of the Renderer's savings. A new canvas, everything drawn anew with
// gg, fresh font faces, and the default png.Encode (RGBA, default
// compression). It draws the same pixels as the Renderer.
func NaiveRender(r *Renderer, v funants.View) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, width, boardHeight(v)))
	r.draw(render.NewCanvasGG(img), r.fonts.Faces(), r.textsFor("en"), v)
	var buf bytes.Buffer
	err := png.Encode(&buf, img)
	return buf.Bytes(), err
}

// DrawInOrder draws v with everything in order, no cached layer (text
// through Canvas): what the Renderer's layered drawing must equal.
func DrawInOrder(r *Renderer, v funants.View) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, width, boardHeight(v)))
	r.draw(render.NewCanvas(img), r.fonts.Faces(), r.textsFor("en"), v)
	return img
}

// SetClip sets the observer told of every text the renderer shortens.
func SetClip(r *Renderer, f func(lang, text string)) { r.clip = f }

// SetSeen sets the observer told of every text drawn with its em height in
// pixels.
func SetSeen(r *Renderer, f func(lang, text string, px float64)) { r.seen = f }

// RenderKept draws v with its words in lang over the kept board most like
// it and returns the board's image (valid until the next render) and PNG.
func RenderKept(r *Renderer, lang string, v funants.View) (*image.RGBA, []byte, error) {
	return r.renderKept(lang, v)
}
