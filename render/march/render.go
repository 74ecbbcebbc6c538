package march

import (
	"fmt"
	"image"
	"image/color"
	"sync"

	"golang.org/x/image/font"

	"formica/engine/locale"
	"formica/engine/march"
	"formica/render"
)

// Renderer draws March of the Ants boards and hands. It keeps the parsed
// fonts and its last boards (see kept.go); it is safe for concurrent use.
type Renderer struct {
	fonts *render.Fonts
	words locale.Bundle // the board's labels over the game's catalog
	// clip, when set (tests), is told of every text shortened to fit.
	clip func(lang, text string)
	// seen, when set (tests), is told of every text drawn and its em
	// height in pixels.
	seen func(lang, text string, px float64)
	mu   sync.Mutex
	// static holds the layer that depends only on the board's shape
	// (background, meadow band, Nest frames, legend), never written after
	// it is stored.
	static map[shapeKey]*image.RGBA
	// kept holds the last boards drawn (see kept.go).
	kept render.KeptBoards[shapeKey]
	png  render.PNGEncoder
	// spans keeps the rasterized shapes of earlier boards: the next turn's
	// board redraws most of them in the same places.
	spans render.SpanCache
}

// New returns a Renderer with the embedded fonts parsed.
func New() (*Renderer, error) {
	f, err := render.NewFonts()
	if err != nil {
		return nil, err
	}
	w, err := words()
	if err != nil {
		return nil, err
	}
	return &Renderer{fonts: f, words: w, static: map[shapeKey]*image.RGBA{}}, nil
}

// Render draws the board of v as a PNG with a throwaway Renderer. The bot
// should keep one Renderer and call its methods instead.
func Render(v march.View) ([]byte, error) {
	r, err := New()
	if err != nil {
		return nil, err
	}
	return r.Render(v)
}

// RenderHand draws the viewer's private hand as a PNG with a throwaway
// Renderer.
func RenderHand(v march.View) ([]byte, error) {
	r, err := New()
	if err != nil {
		return nil, err
	}
	return r.RenderHand(v)
}

// Render draws the board of v (the Anthill, the header and every Nest) as
// a PNG in English.
func (r *Renderer) Render(v march.View) ([]byte, error) { return r.RenderIn("en", v) }

// RenderIn draws the board of v as a PNG in lang (see Languages; "ru-RU"
// counts as "ru", an unknown language is drawn in English). Hex and card
// names and the prompt texts come from the engine's catalog, in English
// where it has no text in lang; codes players type are never translated.
func (r *Renderer) RenderIn(lang string, v march.View) ([]byte, error) {
	if err := check(&v); err != nil {
		return nil, err
	}
	tx := r.textsFor(lang)
	v = staged(v)
	l := r.layoutFor(&v, tx)
	_, out, err := r.renderKept(l, &v, tx)
	return out, err
}

// renderKept draws v over the kept board most like it and encodes it,
// returning the board's image too (valid until the next render).
func (r *Renderer) renderKept(l *layout, v *march.View, tx *texts) (*image.RGBA, []byte, error) {
	base := r.layer(l, v.Players, tx)
	fs := r.fonts.Borrow()
	defer r.fonts.Release(fs)
	d := &drawer{fs: fs, l: l, v: v, tx: tx}
	rs, draw := d.regions()
	k, redraw, dirty := r.kept.Take(r.shape(l, v.Players, tx), base, rs)
	d.dc = r.observe(render.NewCanvas(k.Img), tx.lang)
	d.dc.UseSpans(&r.spans)
	for i, f := range draw {
		if redraw[i] {
			f(d)
		}
	}
	return r.kept.Finish(k, dirty, &r.png)
}

// Image draws the board of v in English and returns it before encoding.
func (r *Renderer) Image(v march.View) (*image.RGBA, error) {
	if err := check(&v); err != nil {
		return nil, err
	}
	v = staged(v)
	tx := r.textsFor("en")
	l := r.layoutFor(&v, tx)
	img := image.NewRGBA(image.Rect(0, 0, Width, l.height))
	r.draw(img, l, &v, tx)
	return img, nil
}

// layoutFor lays out the board of v with its header's extra lines in tx's
// language.
func (r *Renderer) layoutFor(v *march.View, tx *texts) *layout {
	fs := r.fonts.Borrow()
	defer r.fonts.Release(fs)
	return newLayout(v, len(extraLines(fs, tx, v)))
}

func (r *Renderer) draw(img *image.RGBA, l *layout, v *march.View, tx *texts) {
	copy(img.Pix, r.layer(l, v.Players, tx).Pix)
	fs := r.fonts.Borrow()
	defer r.fonts.Release(fs)
	dc := r.observe(render.NewCanvas(img), tx.lang)
	dc.UseSpans(&r.spans)
	d := &drawer{dc: dc, fs: fs, l: l, v: v, tx: tx}
	d.board()
}

// shapeKey identifies a static layer (the legend is in its language).
type shapeKey struct {
	lang             string
	players          int
	headerH, meadowH float64
	height           int
}

// maxLayers bounds the static layer cache (~13 MB each); a long game
// produces a handful of meadow heights.
const maxLayers = 12

// shape is the key of the static layer of l.
func (r *Renderer) shape(l *layout, players int, tx *texts) shapeKey {
	return shapeKey{tx.lang, players, l.headerH, l.meadowH, l.height}
}

// layer returns the static layer of a board shape, drawing it on first use.
func (r *Renderer) layer(l *layout, players int, tx *texts) *image.RGBA {
	k := r.shape(l, players, tx)
	r.mu.Lock()
	img, ok := r.static[k]
	r.mu.Unlock()
	if ok {
		return img
	}
	img = image.NewRGBA(image.Rect(0, 0, Width, l.height))
	d := &drawer{dc: r.observe(render.NewCanvas(img), tx.lang), fs: r.fonts.Faces(), l: l, tx: tx}
	d.staticLayer(players)
	r.mu.Lock()
	if len(r.static) >= maxLayers {
		clear(r.static)
	}
	r.static[k] = img
	r.mu.Unlock()
	return img
}

// staticLayer draws what depends only on the shape of the board.
func (d *drawer) staticLayer(players int) {
	l := d.l
	d.dc.SetColor(render.Paper)
	d.dc.Clear()
	d.fillRound(margin, l.meadowY, Width-2*margin, l.meadowH, 18, meadowBG)
	for i := 0; i < players; i++ {
		x0, y0 := margin, l.panelTop(i)
		d.fillRound(x0, y0, Width-2*margin, panelH, 16, render.Panel)
		d.strokeRound(x0, y0, Width-2*margin, panelH, 16, 2, render.PanelEdge)
		d.fillRound(x0+6, y0+6, Width-2*margin-12, infoH-10, 12, render.Seat(i).Light)
	}
	d.legend()
}

// check rejects views the layout cannot draw, naming what is wrong.
func check(v *march.View) error {
	n := v.Players
	if n < 1 || n > 5 {
		return fmt.Errorf("render/march: view has %d players, want 1..5", n)
	}
	if len(v.Panels) != n {
		return fmt.Errorf("render/march: view has %d player panels for %d players", len(v.Panels), n)
	}
	if len(v.Hexes) == 0 || v.Hexes[0].Kind != "gt" {
		return fmt.Errorf("render/march: view's first hex must be the Great Tunnel")
	}
	if len(v.Hexes) > 40 {
		return fmt.Errorf("render/march: view has %d hexes, want at most 40", len(v.Hexes))
	}
	for _, h := range v.Hexes {
		if len(h.Tunnels) != 6 {
			return fmt.Errorf("render/march: hex %s has %d edges, want 6", h.Code, len(h.Tunnels))
		}
		if len(h.Sites) > 6 {
			return fmt.Errorf("render/march: hex %s has %d collection sites, want at most 6", h.Code, len(h.Sites))
		}
	}
	for i, p := range v.Panels {
		if len(p.Segments) != 3 {
			return fmt.Errorf("render/march: player %d has %d body segments, want 3", i+1, len(p.Segments))
		}
	}
	return nil
}

// drawer carries one render's context; it lives for one call.
type drawer struct {
	dc   *render.Canvas
	fs   *render.Faces
	l    *layout
	v    *march.View
	tx   *texts      // the language of the words drawn
	ink  color.Color // last colour set with setColor
	face font.Face   // last face set with font or setFace
}

func (d *drawer) font(style render.FontStyle, size float64) {
	d.setFace(d.fs.Get(style, size))
}

func (d *drawer) board() {
	d.header()
	d.meadow()
	for i := range d.v.Panels {
		d.panel(i)
	}
}

// observe hands dc the text observer (tests), telling it lang.
func (r *Renderer) observe(dc *render.Canvas, lang string) *render.Canvas {
	if f := r.seen; f != nil {
		dc.Observe(func(s string, px float64) { f(lang, s, px) })
	}
	return dc
}
