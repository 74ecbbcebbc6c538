package funants

import (
	"image"

	"github.com/fogleman/gg"

	"formica/engine/funants"
	"formica/render"
)

// Consecutive boards of a game differ in a few places (the header, the
// cells an ant left and reached, the rows of the player who moved and of
// the one to play next): the Renderer keeps its last boards and draws
// again only the regions of the board whose parts changed (see
// render.KeptBoards; TestKeptBoardIsFreshBoard checks the boards are
// those drawn from scratch).
//
// The regions are the header, a square around each cell (cut halfway
// between rows and columns, where only paths, tunnels and anthills
// cross), a player row each and the legend. A region's fingerprint lists
// every part of the drawing whose box (see layer.go) meets it, in draw's
// order, and drawing a region draws those parts in that order over the
// cells layer: its pixels are those of the fresh drawing, which differs
// from the layer there only by them. Any cut keeps that true; these keep
// a moved ant's redrawing small. What a part draws beyond the regions
// drawn again lands on the scratch image outside them, which
// KeptBoard.Changed never reads.

// keptKey names the kept boards a board may be drawn over: same shape,
// same language.
type keptKey struct{ shape, lang string }

// part is one step of draw's order: the box its drawing stays in, what
// it reads (for the fingerprints) and how to draw it.
type part struct {
	box  image.Rectangle
	fp   any
	draw func(dc *render.Canvas)
	// foot, for a cell whose static drawing is drawn again (something
	// drawn before it reaches it), is the rectangle put back to the
	// bare layer before anything is drawn.
	foot image.Rectangle
}

// parts lists what drawLayered draws over the cells layer, in its order.
func (r *Renderer) parts(fs *render.Faces, t texts, v funants.View, pos map[string]gg.Point) []part {
	var ps []part
	add := func(box image.Rectangle, fp any, draw func(dc *render.Canvas)) {
		ps = append(ps, part{box: box, fp: fp, draw: draw})
	}
	add(image.Rect(0, 0, width, headerH), struct {
		K                      string
		Phase, Mode, Scenario  string
		Winners                []int
		Battle                 *funants.BattleView
		Turn, Active, Deck, Nd int
	}{"header", v.Phase, v.Mode, v.Scenario, v.Winners, v.Battle, v.Turn, v.Active, v.DeckSize, len(v.Discard)},
		func(dc *render.Canvas) { r.header(dc, fs, t, v) })
	var under []image.Rectangle
	for _, p := range v.Players {
		if len(p.Entrances) == 2 {
			a, b := pos[p.Entrances[0]], pos[p.Entrances[1]]
			bx := tunnelBox(a, b)
			under = append(under, bx)
			seat, c := p.Seat, tunnelControl(a, b)
			add(bx, struct {
				K    string
				Seat int
				E    []string
			}{"tunnel", p.Seat, p.Entrances}, func(dc *render.Canvas) { tunnel(dc, seat, a, b, c) })
		}
	}
	for _, a := range v.Anthills {
		bx := anthillBox(a)
		under = append(under, bx)
		var lv []funants.Level
		if a.Owner >= 0 {
			lv = v.Players[a.Owner].Levels
		}
		add(bx, struct {
			K      string
			A      funants.AnthillView
			Levels []funants.Level
		}{"anthill", a, lv}, func(dc *render.Canvas) { r.anthill(dc, fs, v, a) })
	}
	for _, c := range v.Cells {
		p := pos[c.ID]
		foot := box(p, cellFoot, cellFoot, cellFoot)
		again := false
		for _, u := range under {
			if u.Overlaps(foot) {
				again = true
				break
			}
		}
		pb, pieces := pieceBox(c, p)
		if pieces {
			under = append(under, pb) // later cells are drawn over it
		}
		if !again && !pieces {
			continue // the cells layer holds all it shows
		}
		bx := pb
		if again {
			bx = bx.Union(foot)
		}
		add(bx, struct {
			K     string
			C     funants.CellView
			Again bool
		}{"cell", c, again}, func(dc *render.Canvas) {
			if again {
				cellStatic(dc, fs, c, p)
			}
			cellPieces(dc, fs, c, p)
		})
		if again {
			ps[len(ps)-1].foot = foot
		}
	}
	top := headerH + boardH
	for i, p := range v.Players {
		y := int(top + float64(i)*rowH)
		add(image.Rect(0, y, width, y+int(rowH)), struct {
			K        string
			P        funants.PlayerView
			Active   bool
			Scenario string
		}{"player", p, p.Seat == v.Active && v.Phase != "over", v.Scenario},
			func(dc *render.Canvas) { r.player(dc, fs, t, v, top, i) })
	}
	ly := top + float64(len(v.Players))*rowH
	add(image.Rect(0, int(ly), width, boardHeight(v)), "legend",
		func(dc *render.Canvas) { r.legend(dc, fs, t, ly+10) })
	return ps
}

// regionRects cuts a board of v's height into the rectangles of its
// regions (see above); together they cover it.
func regionRects(v funants.View) []image.Rectangle {
	// Halfway between the rows and between the columns of cells.
	var cuts []int
	for k := range 6 {
		cuts = append(cuts, int(margin+step/2+float64(k)*step))
	}
	rs := []image.Rectangle{image.Rect(0, 0, width, headerH)}
	y0 := int(headerH)
	for k := range 7 {
		y1 := int(headerH + boardH)
		if k < 6 {
			y1 = int(headerH) + cuts[k]
		}
		x0 := 0
		for c := range 7 {
			x1 := width
			if c < 6 {
				x1 = cuts[c]
			}
			rs = append(rs, image.Rect(x0, y0, x1, y1))
			x0 = x1
		}
		y0 = y1
	}
	for range v.Players {
		rs = append(rs, image.Rect(0, y0, width, y0+int(rowH)))
		y0 += int(rowH)
	}
	return append(rs, image.Rect(0, y0, width, boardHeight(v)))
}

// renderKept draws v over the kept board most like it (a new one if none
// is kept) and encodes it, returning the board's image too (valid until
// the next render).
func (r *Renderer) renderKept(lang string, v funants.View) (*image.RGBA, []byte, error) {
	t := r.textsFor(lang)
	fs := r.fonts.Borrow()
	defer r.fonts.Release(fs)
	l, shape := r.layers(v, fs)
	pos := positions(v)
	ps := r.parts(fs, t, v, pos)
	fps := make([][]byte, len(ps))
	for j := range ps {
		fps[j] = render.Fingerprint(ps[j].fp)
	}
	rects := regionRects(v)
	rs := make([]render.Region, len(rects))
	in := make([][]int, len(rects)) // the parts meeting each region
	for i, b := range rects {
		var fp []byte
		for j := range ps {
			if ps[j].box.Overlaps(b) {
				in[i] = append(in[i], j)
				fp = append(append(fp, fps[j]...), '\n') // JSON holds no raw newline
			}
		}
		rs[i] = render.Region{Rect: b, FP: fp}
	}
	k, redraw, dirty := r.kept.Take(keptKey{shape, t.lang}, l.cells, rs)
	drawn := make([]bool, len(ps))
	for i, again := range redraw {
		if again {
			for _, j := range in[i] {
				drawn[j] = true
			}
		}
	}
	for j := range ps {
		if drawn[j] && !ps[j].foot.Empty() { // back to the bare board under this cell
			draw(k.Img, l.bare, ps[j].foot)
		}
	}
	dc := r.observe(render.NewCanvas(k.Img), t.lang)
	dc.UseSpans(&r.spans)
	dc.SetColor(render.Paper) // draw's state after clearing
	for j := range ps {
		if drawn[j] {
			ps[j].draw(dc)
		}
	}
	return r.kept.Finish(k, dirty, &r.png)
}
