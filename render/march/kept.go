package march

import (
	"image"
	"math"

	"formica/engine"
	"formica/engine/march"
	"formica/render"
)

// Consecutive boards of a game differ in the header, the meadow and the
// Nest rows of the players who acted: the Renderer keeps its last boards
// and redraws only the regions whose inputs changed (see
// render.KeptBoards; TestKeptBoardIsFreshBoard checks the boards are
// those drawn from scratch). The board never draws a hand, so the
// fingerprints leave out the viewer's cards.

// regions lists the regions of the board of v in layout l (see
// render.Region) and how to draw each.
func (d *drawer) regions() ([]render.Region, []func(*drawer)) {
	l, v := d.l, d.v
	var rs []render.Region
	var draw []func(*drawer)
	add := func(r image.Rectangle, x any, f func(*drawer)) {
		rs = append(rs, render.Region{Rect: r, FP: render.Fingerprint(x)})
		draw = append(draw, f)
	}
	// The header reads the view but for the Anthill, the Nests and the
	// hand; the meadow all but the Nests and the hand.
	head := *v
	head.Hexes, head.Panels, head.Hand = nil, nil, nil
	add(image.Rect(0, 0, Width, int(l.meadowY)), head, (*drawer).header)
	meadow := *v
	meadow.Panels, meadow.Hand = nil, nil
	add(image.Rect(0, int(l.meadowY), Width, int(math.Ceil(l.meadowY+l.meadowH))), meadow, (*drawer).meadow)
	for i, p := range v.Panels {
		seat := p.Seat
		if seat < 0 || seat >= v.Players {
			seat = i
		}
		// The active Nest's highlight stroke reaches 3 px outside the
		// panel, less than half the gap between panels.
		const out = 4
		y0 := l.panelTop(i)
		add(image.Rect(0, int(y0)-out, Width, int(math.Ceil(y0+panelH))+out), struct {
			Panel                  march.PanelView
			RuleSet, Phase         string
			Players, Round, Rounds int
			Active, Pending        bool
			Result                 *engine.Result
			RestTiles              []march.RestTileView
			OldGuard               int
			Defender               *int
			Battle                 *march.BattleView
			CentiTrack             *march.CentiTrackView
			Reward                 *march.RewardView
		}{p, v.RuleSet, v.Phase, v.Players, v.Round, v.Rounds, v.Active == seat, d.pending(seat), v.Result,
			v.RestTiles, v.OldGuard, v.Defender, v.Battle, v.CentiTrack, v.Reward},
			func(d *drawer) { d.panel(i) })
	}
	return rs, draw
}
