package render

import (
	"fmt"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// FontStyle selects one of the embedded Go fonts.
type FontStyle int

// The embedded fonts. All cover Latin and Cyrillic, so labels localized to
// ru, uk and pl render without tofu.
const (
	Regular FontStyle = iota
	Bold
	Mono
)

// Fonts holds the parsed embedded fonts. It is immutable after NewFonts and
// safe for concurrent use; parse it once per renderer, not per image.
type Fonts struct {
	parsed [3]*truetype.Font
	// spare holds Faces given back with Release: their glyph caches
	// survive from one board to the next instead of being rebuilt.
	spare Spare[*Faces]
}

// NewFonts parses the embedded Go fonts.
func NewFonts() (*Fonts, error) {
	f := &Fonts{}
	for i, data := range [][]byte{goregular.TTF, gobold.TTF, gomono.TTF} {
		p, err := truetype.Parse(data)
		if err != nil {
			return nil, fmt.Errorf("render: parse embedded font %d: %w (the x/image module is corrupt; reinstall it)", i, err)
		}
		f.parsed[i] = p
	}
	return f, nil
}

// Face returns a new face of the style at size pixels (em height). A face
// caches glyphs and is not safe for concurrent use: use it within one render.
func (f *Fonts) Face(style FontStyle, size float64) font.Face {
	if style < Regular || style > Mono {
		style = Regular
	}
	return truetype.NewFace(f.parsed[style], &truetype.Options{
		Size: size,
		DPI:  72, // so Size is in pixels
		// A small cache: a board uses a few dozen distinct glyphs per size,
		// and the default (512 entries) allocates ~1 MB per large face.
		GlyphCacheEntries: 64,
		Hinting:           font.HintingNone,
	})
}

// Faces memoizes faces by style and size for one goroutine (one render).
// The zero value is not usable; make one with Fonts.Faces.
type Faces struct {
	fonts *Fonts
	cache map[faceKey]font.Face
}

type faceKey struct {
	style FontStyle
	size  float64
}

// Faces returns an empty face memo backed by f.
func (f *Fonts) Faces() *Faces {
	return &Faces{fonts: f, cache: make(map[faceKey]font.Face, 8)}
}

// Borrow returns a face memo for one render, reusing one given back with
// Release when there is one (its faces have their glyphs cached already,
// which saves most of a board's text cost). Give it back when done.
func (f *Fonts) Borrow() *Faces {
	if fs, ok := f.spare.Get(); ok {
		return fs
	}
	return f.Faces()
}

// Release gives back a memo from Borrow; the caller must not use it after.
func (f *Fonts) Release(fs *Faces) {
	if fs != nil && fs.fonts == f {
		f.spare.Put(fs)
	}
}

// Get returns the face of style and size, creating it on first use.
func (fs *Faces) Get(style FontStyle, size float64) font.Face {
	k := faceKey{style, size}
	if f, ok := fs.cache[k]; ok {
		return f
	}
	f := fs.fonts.Face(style, size)
	fs.cache[k] = f
	return f
}
