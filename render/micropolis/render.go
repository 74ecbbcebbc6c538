package micropolis

import (
	"fmt"
	"hash/maphash"
	"image"
	"sync"

	"formica/engine/locale"
	"formica/engine/micropolis"
	"formica/render"
)

// Renderer draws Micropolis boards. It caches the static layer of each
// board shape (background, panels, empty rings, slot labels, legend), so a
// render draws only what changes. A Renderer is safe for concurrent use.
type Renderer struct {
	fonts *render.Fonts
	words *locale.Catalog // the board's labels
	// clip, when set (tests), is told of every text shortened to fit.
	clip func(lang, text string)
	// seen, when set (tests), is told of every text drawn and its em
	// height in pixels.
	seen  func(lang, text string, px float64)
	mu    sync.Mutex
	cache map[staticKey]*cached
	// tiles keeps drawn tiles for reuse (see sprites.go).
	tiles sprites
	// spans keeps the rasterized shapes of earlier boards (see
	// render.SpanCache).
	spans render.SpanCache
	png   render.PNGEncoder
	// once marks a throwaway Renderer (package-level Render): capturing
	// sprites it will never reuse would only cost time.
	once bool
	// kept holds the last boards drawn (see kept.go).
	kept render.KeptBoards[staticKey]
}

// staticKey names one cached static layer: a board shape in a language
// (the legend and score headings are words).
type staticKey struct {
	layout layoutKey
	lang   string
}

type cached struct {
	key  staticKey
	l    *layout
	w    words
	base *image.RGBA // never written after it is stored
}

// New returns a Renderer with the embedded fonts parsed.
func New() (*Renderer, error) {
	f, err := render.NewFonts()
	if err != nil {
		return nil, err
	}
	w, err := loadWords()
	if err != nil {
		return nil, err
	}
	r := &Renderer{fonts: f, words: w, cache: map[staticKey]*cached{}}
	r.tiles.seed = maphash.MakeSeed()
	return r, nil
}

// Render draws v as a PNG with a throwaway Renderer. Long-lived callers
// (the bot) should keep one Renderer and call its Render method, which
// reuses cached layers.
func Render(v micropolis.View) ([]byte, error) {
	r, err := New()
	if err != nil {
		return nil, err
	}
	r.once = true
	return r.Render(v)
}

// Render draws v as a PNG with English words; it is RenderIn("en", v).
func (r *Renderer) Render(v micropolis.View) ([]byte, error) {
	return r.RenderIn("en", v)
}

// RenderIn draws v as a PNG with its words in lang: "en", "ru", "uk" or
// "pl" (a region suffix such as "ru-RU" is ignored; other languages get
// English). Codes players type (positions, slots, a/b, P1..P6) are the
// same in every language.
func (r *Renderer) RenderIn(lang string, v micropolis.View) ([]byte, error) {
	if err := check(v); err != nil {
		return nil, err
	}
	c := r.static(layoutOf(v), lang)
	if r.once {
		img := image.NewRGBA(c.base.Rect)
		r.draw(img, c, v)
		return r.png.Encode(img)
	}
	_, out, err := r.renderKept(c, v)
	return out, err
}

// renderKept draws v over the kept board most like it and encodes it,
// returning the board's image too (valid until the next render).
func (r *Renderer) renderKept(c *cached, v micropolis.View) (*image.RGBA, []byte, error) {
	k, dirty := r.drawKept(c, v)
	return r.kept.Finish(k, dirty, &r.png)
}

// Image draws v with English words and returns the image before encoding.
func (r *Renderer) Image(v micropolis.View) (*image.RGBA, error) {
	return r.ImageIn("en", v)
}

// ImageIn draws v with its words in lang (as RenderIn) and returns the
// image before encoding.
func (r *Renderer) ImageIn(lang string, v micropolis.View) (*image.RGBA, error) {
	if err := check(v); err != nil {
		return nil, err
	}
	c := r.static(layoutOf(v), lang)
	img := image.NewRGBA(c.base.Rect)
	r.draw(img, c, v)
	return img, nil
}

func layoutOf(v micropolis.View) layoutKey {
	return layoutKey{players: len(v.Players), hills: len(v.Players[0].Hills), final: v.Final != nil}
}

// draw copies the static layer into img and draws v over it.
func (r *Renderer) draw(img *image.RGBA, c *cached, v micropolis.View) {
	copy(img.Pix, c.base.Pix)
	r.drawOn(img, c, v, (*drawer).dynamic)
}

// drawOn draws with what, given a drawer of v on img, whose static layer
// is c's.
func (r *Renderer) drawOn(img *image.RGBA, c *cached, v micropolis.View, what func(*drawer)) {
	fs := r.fonts.Borrow()
	defer r.fonts.Release(fs)
	dc := r.observe(render.NewCanvas(img), c.key.lang)
	if !r.once {
		dc.UseSpans(&r.spans)
	}
	d := &drawer{dc: dc, fs: fs, l: c.l, w: c.w, v: &v, img: img, key: c.key}
	if !r.once {
		d.sprites = &r.tiles
		d.spans = &r.spans
	}
	what(d)
}

// check rejects views the layout cannot draw, naming what is wrong.
func check(v micropolis.View) error {
	n := len(v.Players)
	if n < 1 || n > render.Seats {
		return fmt.Errorf("render/micropolis: view has %d players, want 1..%d", n, render.Seats)
	}
	hills := len(v.Players[0].Hills)
	if hills < 1 || hills > 2 {
		return fmt.Errorf("render/micropolis: player 1 has %d anthills, want 1 or 2", hills)
	}
	for i, p := range v.Players {
		if len(p.Hills) != hills {
			return fmt.Errorf("render/micropolis: player %d has %d anthills, player 1 has %d", i+1, len(p.Hills), hills)
		}
		for _, h := range p.Hills {
			if len(h.Slots) != 10 {
				return fmt.Errorf("render/micropolis: player %d anthill %q has %d slots, want 10", i+1, h.Label, len(h.Slots))
			}
		}
	}
	if len(v.Row) > 7 {
		return fmt.Errorf("render/micropolis: row has %d tiles, want at most 7", len(v.Row))
	}
	if v.Final != nil && len(v.Final.Scores) != n {
		return fmt.Errorf("render/micropolis: final scores for %d players, view has %d", len(v.Final.Scores), n)
	}
	return nil
}

// static returns the cached static layer for board shape lk in lang,
// drawing it on first use.
func (r *Renderer) static(lk layoutKey, lang string) *cached {
	lang, w := r.wordsFor(lang)
	k := staticKey{layout: lk, lang: lang}
	r.mu.Lock()
	c, ok := r.cache[k]
	r.mu.Unlock()
	if ok {
		return c
	}
	l := newLayout(lk)
	base := image.NewRGBA(image.Rect(0, 0, Width, l.height))
	d := &drawer{dc: r.observe(render.NewCanvas(base), w.lang), fs: r.fonts.Faces(), l: l, w: w}
	d.static()
	c = &cached{key: k, l: l, w: w, base: base}
	r.mu.Lock()
	if old, ok := r.cache[k]; ok {
		c = old // another goroutine drew it first; keep one copy
	} else {
		r.cache[k] = c
	}
	r.mu.Unlock()
	return c
}

// drawer carries one render's context; it lives for one call.
type drawer struct {
	dc *render.Canvas
	fs *render.Faces
	l  *layout
	w  words            // the board's language
	v  *micropolis.View // nil while drawing the static layer

	// Tile sprites (nil sprites: draw every tile): img is dc's image and
	// key the static layer it was copied from.
	img     *image.RGBA
	key     staticKey
	sprites *sprites
	// Tiles are drawn on canvases of their own (see drawTileIn): through
	// gg alone when gg is set (the naive anchor), with spans when set.
	gg    bool
	spans *render.SpanCache
}

func (d *drawer) font(style render.FontStyle, size float64) {
	d.dc.SetFontFace(d.fs.Get(style, size))
}

// fit sets the largest face of style in [minSize, maxSize] at which s is
// at most width wide and returns s, ellipsized if it is too wide even at
// minSize. Translations run longer than English (Cyrillic is wider).
func (d *drawer) fit(style render.FontStyle, s string, width, minSize, maxSize float64) string {
	f, ok := render.Fit(d.fs, style, s, width, minSize, maxSize)
	d.dc.SetFontFace(f)
	if !ok {
		if d.w.clip != nil {
			d.w.clip(d.w.lang, s)
		}
		s = render.Ellipsize(f, s, width)
	}
	return s
}

// observe hands dc the text observer (tests), telling it lang.
func (r *Renderer) observe(dc *render.Canvas, lang string) *render.Canvas {
	if f := r.seen; f != nil {
		dc.Observe(func(s string, px float64) { f(lang, s, px) })
	}
	return dc
}
