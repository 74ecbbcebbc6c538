package render

import (
	"slices"
	"sync"

	"github.com/golang/freetype/raster"
	"golang.org/x/image/math/fixed"
)

// SpanCache remembers the coverage spans freetype's rasterizer made of
// the paths a Canvas filled and stroked, so the same shape drawn again, at
// the same place or moved by whole pixels, is painted without
// rasterizing (or, for a stroke, outlining) it again. Boards draw the same
// shapes over and over: every site disc, icon and marker of a size, every
// hex of a board, and nearly all of one turn's board again the next turn.
//
// The key is the exact path in 26.6 fixed point (after gg's flattening,
// for a stroke) with the fill rule or the pen. A fill's path is moved to
// the whole pixel of its first point: the rasterizer works in integers on
// those points, so a path equal after a whole-pixel move gets the same
// spans moved by as much. A stroke's is not: freetype's stroker rounds
// differently far from the origin, so a stroke is found again only at the
// same place (TestSpanCacheMatchesGG). Paths that reach within a few
// pixels of the image's edge, where spans are clipped, are not cached.
//
// A renderer keeps one SpanCache and hands it to each Canvas it draws
// with (Canvas.UseSpans); it is safe for concurrent use.
type SpanCache struct {
	mu    sync.Mutex
	m     map[uint64][]*spanEntry
	spans int // spans held, bounded by maxSpans
}

type spanEntry struct {
	key   []fixed.Int26_6
	spans []raster.Span
}

// maxSpans bounds a SpanCache (32 bytes a span): a busy board holds
// about 100,000.
const maxSpans = 1 << 19

func (sc *SpanCache) get(h uint64, key []fixed.Int26_6) []raster.Span {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	for _, e := range sc.m[h] {
		if slices.Equal(e.key, key) {
			return e.spans
		}
	}
	return nil
}

func (sc *SpanCache) put(h uint64, key []fixed.Int26_6, spans []raster.Span) {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if sc.m == nil || sc.spans+len(spans) > maxSpans {
		sc.m, sc.spans = map[uint64][]*spanEntry{}, 0
	}
	sc.m[h] = append(sc.m[h], &spanEntry{key: slices.Clone(key), spans: slices.Clone(spans)})
	sc.spans += len(spans)
}

// UseSpans makes the Canvas paint shapes it has drawn before from sc.
func (c *Canvas) UseSpans(sc *SpanCache) { c.spans = sc }

// spanKey sets p.key to path's cache key (what is drawn, then the path,
// moved by (-dx, -dy) whole pixels if move) and returns its hash and the
// move; ok is false when the path comes within margin pixels of the
// image's edge.
func (p *pathState) spanKey(path raster.Path, head [4]fixed.Int26_6, move bool, margin, w, h int) (hash uint64, dx, dy int, ok bool) {
	if len(path) < 4 {
		return 0, 0, 0, false
	}
	var ox, oy fixed.Int26_6
	if move {
		ox, oy = path[1]&^63, path[2]&^63
	}
	minX, minY, maxX, maxY := path[1], path[2], path[1], path[2]
	k := append(p.key[:0], head[:]...)
	for i := 0; i < len(path); {
		n := 0 // points of this segment
		switch path[i] {
		case 0, 1:
			n = 1
		case 2:
			n = 2
		case 3:
			n = 3
		default:
			return 0, 0, 0, false
		}
		k = append(k, path[i])
		for j := 0; j < n; j++ {
			x, y := path[i+1+2*j], path[i+2+2*j]
			minX, maxX = min(minX, x), max(maxX, x)
			minY, maxY = min(minY, y), max(maxY, y)
			k = append(k, x-ox, y-oy)
		}
		i += 2 + 2*n
	}
	p.key = k
	m := fixed.Int26_6(margin * 64)
	if minX < m || minY < m || maxX > fixed.Int26_6(w*64)-m || maxY > fixed.Int26_6(h*64)-m {
		return 0, 0, 0, false
	}
	// FNV-1a over the key's words.
	hash = 14695981039346656037
	for _, v := range k {
		hash ^= uint64(uint32(v))
		hash *= 1099511628211
	}
	return hash, int(ox >> 6), int(oy >> 6), true
}

// recorder passes spans on to a painter and keeps them, moved by
// (-dx, -dy), for the cache.
type recorder struct {
	to     raster.Painter
	dx, dy int
	spans  []raster.Span
}

func (r *recorder) Paint(ss []raster.Span, done bool) {
	for _, s := range ss {
		r.spans = append(r.spans, raster.Span{Y: s.Y - r.dy, X0: s.X0 - r.dx, X1: s.X1 - r.dx, Alpha: s.Alpha})
	}
	r.to.Paint(ss, done)
}

// rasterize paints path (filled, or stroked when the pen is set) in col,
// from the span cache when it can.
func (c *Canvas) rasterize(path raster.Path, head [4]fixed.Int26_6, move bool, margin int, add func(r *raster.Rasterizer, path raster.Path)) {
	p := &c.path
	if c.spans != nil {
		size := c.img.Bounds().Size()
		if h, dx, dy, ok := p.spanKey(path, head, move, margin, size.X, size.Y); ok {
			if spans := c.spans.get(h, p.key); spans != nil {
				p.shifted = p.shifted[:0]
				for _, s := range spans {
					p.shifted = append(p.shifted, raster.Span{Y: s.Y + dy, X0: s.X0 + dx, X1: s.X1 + dx, Alpha: s.Alpha})
				}
				p.paint.Paint(p.shifted, true)
				return
			}
			r := c.rasterizer()
			add(r, path)
			p.rec = recorder{to: &p.paint, dx: dx, dy: dy, spans: p.rec.spans[:0]}
			r.Rasterize(&p.rec)
			c.spans.put(h, p.key, p.rec.spans)
			return
		}
	}
	r := c.rasterizer()
	add(r, path)
	r.Rasterize(&p.paint)
}
