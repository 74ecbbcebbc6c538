package myrmes

import (
	"bytes"
	"image/png"

	"formica/engine/myrmes"
)

// SetClip sets r's observer of texts shortened to fit (tests only).
func SetClip(r *Renderer, f func(lang, text string)) { r.clip = f }

// SetSeen sets the observer told of every text drawn with its em height in
// pixels.
func SetSeen(r *Renderer, f func(lang, text string, px float64)) { r.seen = f }

// NaiveRender is the benchmarks' anchor: the board of v drawn anew with gg
// (no cached layer, no remembered shapes, fresh font faces) and encoded
// with the default png.Encode (RGBA, default compression). It draws the
// same pixels as Image.
func NaiveRender(r *Renderer, v myrmes.View) ([]byte, error) {
	r2 := &Renderer{fonts: r.fonts, msgs: r.msgs}
	img, err := r2.drawAs(nil, "en", v, true)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	err = png.Encode(&buf, img)
	return buf.Bytes(), err
}
