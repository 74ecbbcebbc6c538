package render

import (
	"bytes"
	"encoding/json"
	"image"
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
	// olds recycles the buffers the pixels of regions drawn again are
	// saved in (a board holds one from Take to Put).
	olds Spare[[]byte]
}

// keptMax is how many boards KeptBoards keeps (an image of 8–12 MB and
// the encoder's memory of it each): about the games a renderer draws in
// turn.
const keptMax = 4

// KeptBoard is one board a renderer drew: its image, what each region was
// drawn from and what the PNG encoder remembers of it.
type KeptBoard[K comparable] struct {
	key K
	Img *image.RGBA
	fps [][]byte
	// PNG is the encoder's memory of Img.
	PNG PNGBoard
	// old holds the pixels of the regions drawn again as they were
	// before, row after row of each (see Changed), from Take to Put.
	old []byte
}

// Take returns the kept board of key whose regions are most like rs, with
// the regions that differ restored from base, or a new board of base's
// pixels when none has a region like rs (a board with nothing in common
// is another game's, best kept for that game's next turn). redraw marks
// the regions to draw; dirty is their rectangles, nil for a new board
// (everything is drawn): once drawn, Changed narrows them to what
// changed. Put the board back with Put once encoded.
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
		// The next turn saves up to a board of pixels: the buffer is made
		// now, with the board.
		b.old = make([]byte, 0, len(base.Pix))
	} else {
		if old, ok := ks.olds.Get(); ok {
			b.old = old[:0]
		} else {
			b.old = make([]byte, 0, len(base.Pix)) // regions never overlap: at most the board
		}
		for i, r := range rs {
			if string(r.FP) != string(b.fps[i]) {
				redraw[i] = true
				rect := r.Rect.Intersect(base.Rect)
				b.old = appendRows(b.old, b.Img, rect)
				restore(b.Img, base, rect)
				dirty = append(dirty, rect)
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
	if b.old != nil {
		ks.olds.Put(b.old)
		b.old = nil
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

// Changed returns the parts of dirty (the rectangles Take returned for b)
// whose pixels the drawing since changed: a region drawn again is mostly
// what it was (a hex with one more ant, a panel whose frame moved), and
// the PNG encoder maps and deflates only what it is told changed. Each is
// a run of changed rows, from the first changed column of any of them to
// the last.
func (b *KeptBoard[K]) Changed(dirty []image.Rectangle) []image.Rectangle {
	var out []image.Rectangle
	old := b.old
	for _, r := range dirty {
		n := 4 * r.Dx()
		run := image.Rectangle{}
		for y := r.Min.Y; y < r.Max.Y; y++ {
			was := old[:n]
			old = old[n:]
			o := b.Img.PixOffset(r.Min.X, y)
			now := b.Img.Pix[o : o+n]
			if bytes.Equal(was, now) {
				if !run.Empty() {
					out = append(out, run)
					run = image.Rectangle{}
				}
				continue
			}
			i := 0
			for was[i] == now[i] {
				i++
			}
			j := n - 1
			for was[j] == now[j] {
				j--
			}
			row := image.Rect(r.Min.X+i/4, y, r.Min.X+j/4+1, y+1)
			if run.Empty() {
				run = row
			} else {
				run = run.Union(row)
			}
		}
		if !run.Empty() {
			out = append(out, run)
		}
	}
	return out
}

// appendRows appends the pixels of r in img to buf, row after row.
func appendRows(buf []byte, img *image.RGBA, r image.Rectangle) []byte {
	n := 4 * r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := img.PixOffset(r.Min.X, y)
		buf = append(buf, img.Pix[o:o+n]...)
	}
	return buf
}

// restore copies r (within base's bounds) of base into img.
func restore(img, base *image.RGBA, r image.Rectangle) {
	n := 4 * r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := base.PixOffset(r.Min.X, y)
		copy(img.Pix[o:o+n], base.Pix[o:o+n])
	}
}
