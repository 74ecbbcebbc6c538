package render

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"image"
	"math/bits"
	"sync"
)

// Consecutive boards of a game differ in a few regions (the header, the
// panel of the player who moved and of the one to play next...), so a
// renderer keeps the last boards it drew and draws the next one over the
// most alike: a region whose inputs are the same keeps its pixels, the
// others are restored from the static layer and drawn again, and the PNG
// encoder re-encodes only what they cover (PNGEncoder.EncodeBoard). That
// is the board a fresh drawing gives as long as a region's drawing
// touches only its own rectangle and reads only what its fingerprint
// holds; each renderer's tests compare the two turn after turn.

// Region is a part of a board drawn on its own: its rectangle (all its
// drawing touches) and a fingerprint of everything its drawing reads.
// The regions of a board never overlap.
type Region struct {
	Rect image.Rectangle
	FP   []byte
}

// Fingerprint is x (plain view data) as JSON, for a Region's FP.
func Fingerprint(x any) []byte {
	b, err := json.Marshal(x)
	if err != nil {
		panic("render: a view that JSON cannot encode: " + err.Error()) // views are plain data
	}
	return b
}

// KeptBoards keeps the last boards a renderer drew, most recent first, by
// the key of their static layer. The zero value keeps up to keptMax; it is
// safe for concurrent use (a board being drawn over is taken out).
type KeptBoards[K comparable] struct {
	mu     sync.Mutex
	boards []*KeptBoard[K]
	// spare recycles the images of boards no longer kept.
	spare Spare[*image.RGBA]
	// scratch recycles the images regions are drawn again on (a board
	// holds one from Take to Changed).
	scratch Spare[*image.RGBA]
}

// keptMax is how many boards KeptBoards keeps (an image of 8–12 MB and
// the encoder's memory of it each): about the games a renderer draws in
// turn.
const keptMax = 4

// KeptBoard is one board a renderer drew: its image, what each region was
// drawn from and what the PNG encoder remembers of it.
type KeptBoard[K comparable] struct {
	key K
	// Img is the image to draw on: from Take to Changed, when regions
	// are drawn again, a scratch image holding only those regions (the
	// static layer's pixels, then what is drawn), so the board's pixels
	// need no copy to compare the drawing with; the board itself after.
	Img *image.RGBA
	fps [][]byte
	// PNG is the encoder's memory of Img.
	PNG PNGBoard
	// board is the board's image while Img is the scratch one, which
	// Changed hands back to scratch.
	board   *image.RGBA
	scratch *Spare[*image.RGBA]
	// open and next are Changed's rectangles of the row above and of
	// the row, changed those it returns (kept for their memory).
	open, next, changed []image.Rectangle
}

// Take returns the kept board of key whose regions are most like rs, with
// the regions that differ from base's pixels on Img, or a new board of
// base's pixels when none has a region like rs (a board with nothing in
// common is another game's, best kept for that game's next turn). redraw
// marks the regions to draw; dirty is their rectangles, nil for a new
// board (everything is drawn). Once drawn, Finish encodes the board and
// keeps it; or, step by step, Changed narrows dirty to what changed and
// must be called before the board is encoded (until then Img holds only
// the regions drawn again), and Put keeps it once encoded.
func (ks *KeptBoards[K]) Take(key K, base *image.RGBA, rs []Region) (b *KeptBoard[K], redraw []bool, dirty []image.Rectangle) {
	b = ks.take(key, rs)
	redraw = make([]bool, len(rs))
	if b == nil {
		img, _ := ks.spare.Get()
		b = &KeptBoard[K]{key: key, Img: ReuseRGBA(img, base.Rect)}
		copy(b.Img.Pix, base.Pix)
		for i := range redraw {
			redraw[i] = true
		}
		// The next turn draws on a scratch image: made now, with the
		// board, unless one is spare.
		if sc, ok := ks.scratch.Get(); ok {
			ks.scratch.Put(sc)
		} else {
			ks.scratch.Put(image.NewRGBA(base.Rect))
		}
	} else {
		for i, r := range rs {
			if string(r.FP) != string(b.fps[i]) {
				redraw[i] = true
				dirty = append(dirty, r.Rect.Intersect(base.Rect))
			}
		}
		if dirty != nil {
			// Regions never overlap and a region's drawing reads and
			// touches only its own pixels: the scratch image needs no
			// more than base's pixels within them.
			img, _ := ks.scratch.Get()
			b.board, b.Img = b.Img, ReuseRGBA(img, base.Rect)
			b.scratch = &ks.scratch
			for _, r := range dirty {
				restore(b.Img, base, r)
			}
		}
	}
	b.fps = b.fps[:0]
	for _, r := range rs {
		b.fps = append(b.fps, r.FP)
	}
	return b, redraw, dirty
}

func (ks *KeptBoards[K]) take(key K, rs []Region) *KeptBoard[K] {
	ks.mu.Lock()
	defer ks.mu.Unlock()
	best, most := -1, 0
	for i, b := range ks.boards {
		if b.key != key || len(b.fps) != len(rs) {
			continue
		}
		n := 0
		for j, r := range rs {
			if string(r.FP) == string(b.fps[j]) {
				n++
			}
		}
		if n > most {
			best, most = i, n
		}
	}
	if best < 0 {
		return nil
	}
	b := ks.boards[best]
	ks.boards = append(ks.boards[:best], ks.boards[best+1:]...)
	return b
}

// Put keeps b as the most recently drawn board, forgetting the least
// recently drawn beyond keptMax: its image is kept for a new board and
// its encoder frame handed back to e (a palette of this renderer's
// colours, for the next new board of its size).
func (ks *KeptBoards[K]) Put(b *KeptBoard[K], e *PNGEncoder) {
	if b.board != nil {
		panic("render: a kept board put back before Changed")
	}
	ks.mu.Lock()
	ks.boards = append([]*KeptBoard[K]{b}, ks.boards...)
	var drop *KeptBoard[K]
	if len(ks.boards) > keptMax {
		drop = ks.boards[keptMax]
		ks.boards[keptMax] = nil
		ks.boards = ks.boards[:keptMax]
	}
	ks.mu.Unlock()
	if drop != nil {
		ks.spare.Put(drop.Img)
		e.Release(&drop.PNG)
	}
}

// Finish encodes b, drawn over since Take (dirty: the rectangles Take
// returned, nil for a whole new board), keeps it for the next board, and
// returns its image and PNG. On an error b is dropped: its encoder memory
// may be half updated.
func (ks *KeptBoards[K]) Finish(b *KeptBoard[K], dirty []image.Rectangle, e *PNGEncoder) (*image.RGBA, []byte, error) {
	if dirty != nil {
		dirty = b.Changed(dirty)
	}
	out, err := e.EncodeBoard(b.Img, &b.PNG, dirty)
	if err != nil {
		return nil, nil, err
	}
	ks.Put(b, e)
	return b.Img, out, nil
}

// Changed copies the pixels of dirty (the rectangles Take returned for b)
// that the drawing since changed onto the board and returns their parts:
// a region drawn again is mostly what it was (a hex with one more ant, a
// panel whose frame moved), and the PNG encoder maps only the pixels it
// is told changed. A row's changes are its runs of changed pixels, apart
// where changedGap equal bytes part them (a panel's frame changes at its
// two edges, not across), and a run carries on the rectangle of the row
// above whose edges are within mergeSlack of its own (the edge of a frame
// is one rectangle, not one a row). Img is the board again. The
// rectangles are valid until b's next Changed.
func (b *KeptBoard[K]) Changed(dirty []image.Rectangle) []image.Rectangle {
	if b.board == nil {
		return nil // nothing drawn again
	}
	out := b.changed[:0]
	drawn, board := b.Img, b.board
	open, next := b.open[:0], b.next[:0]
	for _, r := range dirty {
		n := 4 * r.Dx()
		for y := r.Min.Y; y < r.Max.Y; y++ {
			o := board.PixOffset(r.Min.X, y)
			was, now := board.Pix[o:o+n], drawn.Pix[o:o+n]
			j := 0 // the open rectangles (left to right) before it are done
			for i := 0; i < n; {
				s := i + firstDiff(was[i:], now[i:])
				if s == n {
					break
				}
				e := runEnd(was, now, s)
				copy(was[s:e], now[s:e])
				i = e
				run := image.Rect(r.Min.X+s/4, y, r.Min.X+(e-1)/4+1, y+1)
				for j < len(open) && open[j].Max.X+mergeSlack < run.Min.X {
					out = append(out, open[j])
					j++
				}
				if j < len(open) && abs(open[j].Min.X-run.Min.X) <= mergeSlack && abs(open[j].Max.X-run.Max.X) <= mergeSlack {
					run = open[j].Union(run)
					j++
				}
				next = append(next, run)
			}
			out = append(out, open[j:]...)
			open, next = next, open[:0]
		}
		out = append(out, open...)
		open = open[:0]
	}
	b.open, b.next, b.changed = open, next, out
	b.Img, b.board = board, nil
	b.scratch.Put(drawn)
	return out
}

const (
	// changedGap is how many equal bytes (16 pixels) end a run of
	// changed pixels: mapping a few unchanged pixels costs less than
	// another rectangle.
	changedGap = 64
	// mergeSlack is how far (in pixels) the edges of a row's run may be
	// from those of the rectangle above for the run to carry it on.
	mergeSlack = 16
)

func abs(x int) int { return max(x, -x) }

// runEnd is the end of the run of changed bytes of a and b (as long) that
// starts at s (a changed byte): the byte after the last changed one
// before changedGap equal bytes or the end.
func runEnd(a, b []byte, s int) int {
	n := len(a)
	last := s + 1
	p := last
	for ; p+8 <= n; p += 8 {
		if x := binary.LittleEndian.Uint64(a[p:]) ^ binary.LittleEndian.Uint64(b[p:]); x != 0 {
			last = p + 8 - bits.LeadingZeros64(x)/8
		} else if p+8-last >= changedGap {
			return last
		}
	}
	for ; p < n; p++ {
		if a[p] != b[p] {
			last = p + 1
		} else if p+1-last >= changedGap {
			break
		}
	}
	return last
}

// firstDiff is the index of the first byte where a and b (as long)
// differ, len(a) if none: the whole compared at once first (most rows
// of a region, and the rest of a row after its last change, are equal),
// then 256 bytes at a time, then eight.
func firstDiff(a, b []byte) int {
	n := len(a)
	if bytes.Equal(a, b) {
		return n
	}
	i := 0
	for i+256 <= n && bytes.Equal(a[i:i+256], b[i:i+256]) {
		i += 256
	}
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for ; i < n && a[i] == b[i]; i++ {
	}
	return i
}

// lastDiff is the index of the last byte where a and b (as long, with a
// difference) differ.
func lastDiff(a, b []byte) int {
	j := len(a)
	for j >= 64 && bytes.Equal(a[j-64:j], b[j-64:j]) {
		j -= 64
	}
	for ; j >= 8; j -= 8 {
		if x := binary.LittleEndian.Uint64(a[j-8:]) ^ binary.LittleEndian.Uint64(b[j-8:]); x != 0 {
			return j - 1 - bits.LeadingZeros64(x)/8
		}
	}
	for j--; a[j] == b[j]; j-- {
	}
	return j
}

// restore copies r (within base's bounds) of base into img.
func restore(img, base *image.RGBA, r image.Rectangle) {
	n := 4 * r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := base.PixOffset(r.Min.X, y)
		copy(img.Pix[o:o+n], base.Pix[o:o+n])
	}
}
