package micropolis

import (
	"fmt"
	"hash/maphash"
	"image"
	"math"
	"strconv"
	"strings"
	"sync"

	"formica/engine/micropolis"
	"formica/render"
)

// Tiles are most of a board's drawing (galleries, chambers, ants, fruits:
// hundreds of anti-aliased paths each), yet a placed tile never changes
// until the game ends, so a board re-rendered after a move redraws the
// same tiles at the same places. The Renderer therefore keeps each drawn
// tile as a sprite: the pixels the drawing changed, captured the first
// time and copied on later renders. A sprite is keyed by everything the
// drawing reads (the static layer under it, the ring slot, the printed
// face, the style and the tiles drawn before it that reach under it: the
// anti-aliased edges of neighbouring tiles touch), so a copy is the same
// pixels a redraw would give. What lies under a tile is keyed by its
// pixels (a hash of the tile's bounds before it is drawn), not by the ids
// of the tiles drawn before it: a tile whose look changes from one turn to
// the next (the one just placed loses its highlight) then costs a redraw
// of itself and of the neighbours whose pixels it touched, not of every
// tile drawn after it in its ring.

// maxSprites bounds the sprite cache: about 12 late six-player boards
// (~70 tiles each), 30–60 KB per sprite, so at most ~25 MB.
const maxSprites = 1024

// spriteKey names one drawn tile: id is its tileID, under the hash of the
// pixels of its bounds before it was drawn. Both are relative to the
// bounds' corner, so a tile moved by whole pixels (a row tile shifting to
// the next position when one is taken) is the same sprite: drawTileIn
// draws it in coordinates from that corner, so it is the same pixels.
type spriteKey struct {
	static staticKey
	id     string
	under  uint64
}

// tileID names everything drawTile reads for t in slot of g but the
// pixels under it, with g's centre taken relative to at (the corner of
// the tile's bounds).
func tileID(g render.Ring, at image.Point, slot int, t *micropolis.Tile, st tileStyle) string {
	g.Center.X -= float64(at.X)
	g.Center.Y -= float64(at.Y)
	return fmt.Sprintf("%v/%d/%v/%s", g, slot, st, faceKey(t))
}

// under hashes the pixels of r in img.
func under(img *image.RGBA, r image.Rectangle, seed maphash.Seed) uint64 {
	var h maphash.Hash
	h.SetSeed(seed)
	w := r.Dx() * 4
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := img.PixOffset(r.Min.X, y)
		h.Write(img.Pix[o : o+w])
	}
	return h.Sum64()
}

// sprite is the pixels a tile drawing changed: runs of RGBA pixels, each
// run on one row of the board. It is never written after it is stored.
type sprite struct {
	runs []run
	pix  []uint8
}

type run struct {
	off int // byte offset of the run's first pixel from the bounds' corner in the board's Pix
	n   int // bytes in the run
}

// sprites is a two-generation cache: lookups promote entries from the old
// generation, and when the new one is full the old one is dropped, so
// tiles of boards still being rendered survive and stale ones age out.
type sprites struct {
	mu       sync.Mutex
	cur, old map[spriteKey]*sprite
	seed     maphash.Seed // for under; set by New
	// scratch recycles the buffers a tile's pixels are snapshot into
	// before it is drawn.
	scratch render.Spare[[]uint8]
}

func (s *sprites) get(k spriteKey) *sprite {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sp, ok := s.cur[k]; ok {
		return sp
	}
	sp, ok := s.old[k]
	if ok {
		s.put(k, sp)
	}
	return sp
}

// put stores sp; the caller holds mu.
func (s *sprites) put(k spriteKey, sp *sprite) {
	if s.cur == nil || len(s.cur) >= maxSprites/2 {
		s.old, s.cur = s.cur, make(map[spriteKey]*sprite, 64)
	}
	s.cur[k] = sp
}

func (s *sprites) store(k spriteKey, sp *sprite) {
	s.mu.Lock()
	s.put(k, sp)
	s.mu.Unlock()
}

// faceKey encodes everything printed on t (the ID alone would trust the
// engine never to reuse one), compactly, as a map key.
func faceKey(t *micropolis.Tile) string {
	var b strings.Builder
	b.Grow(64)
	b.WriteString(strconv.Itoa(t.ID))
	b.WriteByte('b')
	b.WriteString(strconv.Itoa(t.Barracks))
	for _, s := range t.Segments {
		b.WriteByte('|')
		for _, p := range s.Left {
			b.WriteString(strconv.Itoa(p))
			b.WriteByte(',')
		}
		b.WriteByte('/')
		for _, p := range s.Right {
			b.WriteString(strconv.Itoa(p))
			b.WriteByte(',')
		}
		b.WriteByte('w')
		b.WriteString(strconv.Itoa(s.Workers))
		b.WriteByte('m')
		b.WriteString(s.Master)
		b.WriteByte('e')
		b.WriteString(strconv.Itoa(s.Eggs))
		for _, f := range s.Fruits {
			b.WriteByte(',')
			b.WriteString(f)
		}
	}
	return b.String()
}

// tileBounds is a rectangle holding everything drawTile draws in slot of
// g: the slot's trapezoid plus room for the widest stroke.
func tileBounds(g render.Ring, slot int, within image.Rectangle) image.Rectangle {
	const pad = 8
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, p := range g.Slot(slot, 0) {
		minX, maxX = math.Min(minX, p.X), math.Max(maxX, p.X)
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	r := image.Rect(int(math.Floor(minX))-pad, int(math.Floor(minY))-pad, int(math.Ceil(maxX))+pad, int(math.Ceil(maxY))+pad)
	return r.Intersect(within)
}

// tile draws t in slot of g, from the sprite cache when it was drawn there
// before, otherwise drawing it and keeping the pixels it changed.
func (d *drawer) tile(g render.Ring, slot int, t *micropolis.Tile, st tileStyle) {
	if d.img == nil { // the static layer: no view of the board to draw through
		drawTile(d.dc, g, slot, t, st)
		return
	}
	r := tileBounds(g, slot, d.img.Rect)
	if d.sprites == nil { // not caching (a throwaway, the naive anchor)
		d.drawTileIn(r, g, slot, t, st)
		return
	}
	k := spriteKey{static: d.key, id: tileID(g, r.Min, slot, t, st), under: under(d.img, r, d.sprites.seed)}
	if sp := d.sprites.get(k); sp != nil {
		sp.blit(d.img, r.Min)
		leaveStateOf(d.dc, t, st)
		return
	}
	before, _ := d.sprites.scratch.Get()
	before = snapshot(d.img, r, before)
	d.drawTileIn(r, g, slot, t, st)
	d.sprites.store(k, capture(d.img, r, before))
	d.sprites.scratch.Put(before)
}

// drawTileIn draws t in slot of g through a view of the board's bounds r
// whose origin is r's corner, so the drawing sees the same coordinates
// wherever r lies: computed from the board's origin, a shape moved by
// whole pixels rounds differently by a 64th of a pixel here and there,
// and a sprite could not stand for the drawing elsewhere (see spriteKey).
// It leaves dc in the state drawing on dc would.
func (d *drawer) drawTileIn(r image.Rectangle, g render.Ring, slot int, t *micropolis.Tile, st tileStyle) {
	o := d.img.PixOffset(r.Min.X, r.Min.Y)
	view := &image.RGBA{
		Pix:    d.img.Pix[o : o+(r.Dy()-1)*d.img.Stride+r.Dx()*4],
		Stride: d.img.Stride,
		Rect:   image.Rect(0, 0, r.Dx(), r.Dy()),
	}
	dc := render.NewCanvas(view)
	if d.gg {
		dc = render.NewCanvasGG(view)
	}
	if d.spans != nil {
		dc.UseSpans(d.spans)
	}
	g.Center.X -= float64(r.Min.X)
	g.Center.Y -= float64(r.Min.Y)
	drawTile(dc, g, slot, t, st)
	leaveStateOf(d.dc, t, st)
}

// snapshot copies the pixels of r into buf's storage.
func snapshot(img *image.RGBA, r image.Rectangle, buf []uint8) []uint8 {
	w := r.Dx() * 4
	out := buf[:0]
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := img.PixOffset(r.Min.X, y)
		out = append(out, img.Pix[o:o+w]...)
	}
	return out
}

// capture returns the pixels of r in img that differ from before (a
// snapshot of r) as a sprite.
func capture(img *image.RGBA, r image.Rectangle, before []uint8) *sprite {
	sp := &sprite{}
	base := img.PixOffset(r.Min.X, r.Min.Y)
	w := r.Dx() * 4
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := img.PixOffset(r.Min.X, y)
		now := img.Pix[o : o+w]
		was := before[(y-r.Min.Y)*w:][:w]
		for i := 0; i < w; {
			if now[i] == was[i] && now[i+1] == was[i+1] && now[i+2] == was[i+2] && now[i+3] == was[i+3] {
				i += 4
				continue
			}
			j := i + 4
			for j < w && (now[j] != was[j] || now[j+1] != was[j+1] || now[j+2] != was[j+2] || now[j+3] != was[j+3]) {
				j += 4
			}
			sp.runs = append(sp.runs, run{off: o + i - base, n: j - i})
			sp.pix = append(sp.pix, now[i:j]...)
			i = j
		}
	}
	return sp
}

// blit copies the sprite's pixels into img, a board of the size it was
// captured on (same stride: the static layer's), with the corner of its
// bounds at at.
func (sp *sprite) blit(img *image.RGBA, at image.Point) {
	p := sp.pix
	base := img.PixOffset(at.X, at.Y)
	for _, r := range sp.runs {
		o := base + r.off
		copy(img.Pix[o:o+r.n], p[:r.n])
		p = p[r.n:]
	}
}

// leaveStateOf sets the context state a drawTile(t, st) leaves behind,
// since what is drawn after a tile inherits it: closed outlines (label
// plates) show the line cap where they start. Galleries set butt caps; an
// ant (worker, garrisoned soldier) sets round caps and joins; the last
// stroke is the SoilDark outline, which clears the path. TestSpritesDrawWhatADrawingDraws fails
// if this falls out of step with drawTile.
func leaveStateOf(dc *render.Canvas, t *micropolis.Tile, st tileStyle) {
	dc.SetLineCapButt()
	ants := t.Barracks > 0 && st.garrison > 0
	for _, s := range t.Segments {
		ants = ants || s.Workers > 0
	}
	if ants {
		dc.SetLineCapRound()
		dc.SetLineJoinRound()
	}
	dc.SetColor(render.SoilDark)
	dc.SetLineWidth(1.5)
	dc.ClearPath() // Stroke clears it
}
