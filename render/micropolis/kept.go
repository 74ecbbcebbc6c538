package micropolis

import (
	"image"
	"math"

	"formica/engine/micropolis"
	"formica/render"
)

// Consecutive boards of a game differ in the header, the row and the
// panels of the player who moved and of the one to play next: the
// Renderer keeps its last boards and redraws only those regions (see
// render.KeptBoards; TestKeptBoardIsFreshBoard checks the boards are
// those drawn from scratch).

// regions lists the regions of the board of v in layout l (see
// render.Region) and how to draw each.
func regions(l *layout, v *micropolis.View) ([]render.Region, []func(*drawer)) {
	fp := render.Fingerprint
	var rs []render.Region
	var draw []func(*drawer)
	add := func(r image.Rectangle, fp []byte, f func(*drawer)) {
		rs = append(rs, render.Region{Rect: r, FP: fp})
		draw = append(draw, f)
	}
	final := v.Final != nil
	add(image.Rect(0, 0, Width, int(l.rowY)),
		fp(struct {
			Round, Rounds, Current, Stack, Supply, Arch, Players int
			Phase                                                string
			Final                                                *micropolis.Final
		}{v.Round, v.Rounds, v.Current, v.Stack, v.Supply, v.ArchitectSupply, len(v.Players), v.Phase, v.Final}),
		(*drawer).header)
	add(image.Rect(0, int(l.rowY), Width, int(math.Ceil(l.rowY+rowBandH))), fp(v.Row), (*drawer).row)
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
		add(image.Rect(int(p.x)-out, int(p.y)-out, int(math.Ceil(p.x+p.w))+out, int(math.Ceil(p.y+p.h))+out),
			fp(struct {
				P       micropolis.PlayerView
				Current bool
				Final   bool
				Last    *micropolis.LastTurn
				Score   *micropolis.FinalScore
			}{v.Players[seat], v.Current == seat && !final && v.Phase != "over", final, last, score}),
			func(d *drawer) { d.player(seat) })
	}
	if final {
		add(image.Rect(0, int(l.scoreY), Width, int(math.Ceil(l.scoreY+l.scoreH))), fp(v.Final), (*drawer).scores)
	}
	return rs, draw
}

// drawKept draws v in c's shape over the kept board most like it (a new
// one if none is kept) and returns that board and the rectangles drawn
// again (nil: the whole board), for r.kept.Finish.
func (r *Renderer) drawKept(c *cached, v micropolis.View) (*render.KeptBoard[staticKey], []image.Rectangle) {
	rs, draw := regions(c.l, &v)
	k, redraw, dirty := r.kept.Take(c.key, c.base, rs)
	r.drawOn(k.Img, c, v, func(d *drawer) {
		for i, f := range draw {
			if redraw[i] {
				f(d)
			}
		}
	})
	return k, dirty
}
