package micropolis

import (
	"encoding/json"
	"image"
	"math"

	"formica/engine/micropolis"
	"formica/render"
)

// Consecutive boards of a game differ in a few regions (the header, the
// row, the panel of the player who moved and of the one to play next), so
// the Renderer keeps the last boards it drew and draws the next one over
// the most alike: a region whose inputs are the same keeps its pixels,
// the others are restored from the static layer and drawn again, and the
// PNG encoder re-encodes only what they cover. A region's drawing touches
// only its own rectangle and reads only what its fingerprint holds, so
// the board is the same pixels a fresh drawing gives
// (TestKeptBoardIsFreshBoard).

// keptMax is how many boards a Renderer keeps (one image, ~8 MB, and the
// encoder's memory of it, ~2.5 MB, each): about the games it draws in
// turn.
const keptMax = 4

// kept is one board the Renderer drew: its image, what each region was
// drawn from and what the PNG encoder remembers of it.
type kept struct {
	key staticKey
	img *image.RGBA
	fps [][]byte // each region's fingerprint, as regions lists them
	png render.PNGBoard
}

// region is a part of the board drawn on its own: its rectangle (all its
// drawing touches) and a fingerprint of everything its drawing reads.
type region struct {
	rect image.Rectangle
	fp   []byte
	draw func(*drawer)
}

// regions lists the regions of the board of v in layout l; they never
// overlap.
func regions(l *layout, v *micropolis.View) []region {
	fp := func(x any) []byte {
		b, err := json.Marshal(x)
		if err != nil { // views are plain data; never
			panic(err)
		}
		return b
	}
	final := v.Final != nil
	rs := []region{
		{
			rect: image.Rect(0, 0, Width, int(l.rowY)),
			fp: fp(struct {
				Round, Rounds, Current, Stack, Supply, Arch, Players int
				Phase                                                string
				Final                                                *micropolis.Final
			}{v.Round, v.Rounds, v.Current, v.Stack, v.Supply, v.ArchitectSupply, len(v.Players), v.Phase, v.Final}),
			draw: (*drawer).header,
		},
		{
			rect: image.Rect(0, int(l.rowY), Width, int(math.Ceil(l.rowY+rowBandH))),
			fp:   fp(v.Row),
			draw: (*drawer).row,
		},
	}
	for seat, p := range l.panels {
		// The highlight frame's stroke reaches 5 px outside the panel.
		const out = 6
		var last *micropolis.LastTurn
		if v.Last != nil && v.Last.Seat == seat {
			last = v.Last
		}
		var score *micropolis.FinalScore
		if final && seat < len(v.Final.Scores) {
			score = &v.Final.Scores[seat]
		}
		rs = append(rs, region{
			rect: image.Rect(int(p.x)-out, int(p.y)-out, int(math.Ceil(p.x+p.w))+out, int(math.Ceil(p.y+p.h))+out),
			fp: fp(struct {
				P       micropolis.PlayerView
				Current bool
				Final   bool
				Last    *micropolis.LastTurn
				Score   *micropolis.FinalScore
			}{v.Players[seat], v.Current == seat && !final && v.Phase != "over", final, last, score}),
			draw: func(d *drawer) { d.player(seat) },
		})
	}
	if final {
		rs = append(rs, region{
			rect: image.Rect(0, int(l.scoreY), Width, int(math.Ceil(l.scoreY+l.scoreH))),
			fp:   fp(v.Final),
			draw: (*drawer).scores,
		})
	}
	return rs
}

// takeKept removes from r and returns the kept board of key whose regions
// are most like rs, or nil if none has a region like rs: a board with
// nothing in common is another game's, best kept for that game's next
// turn.
func (r *Renderer) takeKept(key staticKey, rs []region) *kept {
	r.mu.Lock()
	defer r.mu.Unlock()
	best, most := -1, 0
	for i, k := range r.kept {
		if k.key != key || len(k.fps) != len(rs) {
			continue
		}
		n := 0
		for j, reg := range rs {
			if string(reg.fp) == string(k.fps[j]) {
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
	k := r.kept[best]
	r.kept = append(r.kept[:best], r.kept[best+1:]...)
	return k
}

// putKept keeps k as the most recently drawn board, handing the image of
// the least recently drawn beyond keptMax to the spare canvases.
func (r *Renderer) putKept(k *kept) {
	r.mu.Lock()
	r.kept = append([]*kept{k}, r.kept...)
	var drop *kept
	if len(r.kept) > keptMax {
		drop = r.kept[keptMax]
		r.kept[keptMax] = nil
		r.kept = r.kept[:keptMax]
	}
	r.mu.Unlock()
	if drop != nil {
		r.canvases.Put(drop.img)
	}
}

// drawKept draws v in c's shape over the kept board most like it (a new
// one if none is kept) and returns that board and the rectangles drawn
// again (nil: the whole board). The caller puts it back with putKept.
func (r *Renderer) drawKept(c *cached, v micropolis.View) (*kept, []image.Rectangle) {
	rs := regions(c.l, &v)
	k := r.takeKept(c.key, rs)
	fresh := k == nil
	if fresh {
		img, _ := r.canvases.Get()
		k = &kept{key: c.key, img: render.ReuseRGBA(img, c.base.Rect)}
		copy(k.img.Pix, c.base.Pix)
	}
	var dirty []image.Rectangle
	redraw := make([]bool, len(rs))
	for i, reg := range rs {
		if fresh || string(reg.fp) != string(k.fps[i]) {
			redraw[i] = true
			if !fresh {
				restore(k.img, c.base, reg.rect)
				dirty = append(dirty, reg.rect)
			}
		}
	}
	k.fps = k.fps[:0]
	for _, reg := range rs {
		k.fps = append(k.fps, reg.fp)
	}
	r.drawOn(k.img, c, v, func(d *drawer) {
		for i, reg := range rs {
			if redraw[i] {
				reg.draw(d)
			}
		}
	})
	if fresh {
		dirty = nil
	}
	return k, dirty
}

// restore copies r of base into img.
func restore(img, base *image.RGBA, r image.Rectangle) {
	r = r.Intersect(base.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := base.PixOffset(r.Min.X, y)
		n := 4 * r.Dx()
		copy(img.Pix[o:o+n], base.Pix[o:o+n])
	}
}
