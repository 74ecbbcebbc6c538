package micropolis

import (
	"math"

	"github.com/fogleman/gg"

	"formica/render"
)

// Width is the board image width: wide enough for seven row tiles and three
// rings side by side, small enough that chat apps do not downscale twice.
const Width = 1400

// innerRatio is the base's radius over the ring's: small enough to leave
// the tiles room for their contents, large enough for the army count.
const innerRatio = 0.38

const (
	margin   = 20.0
	headerH  = 84.0
	rowBandH = 250.0 + costLineH // a second cost line for a long "free"
	gap      = 16.0
	panelTop = 58.0               // panel title strip
	legendH  = 3*1.7*textMin + 16 // three rows of DrawLegend
	// costLineH is one line of the cost under a row tile.
	costLineH = 1.2 * textMin
	// textMin is the smallest text: 8 px when a phone shows the board
	// 400 px wide.
	textMin float64 = (Width*render.PhoneMinPx + render.PhoneWidth - 1) / render.PhoneWidth
)

// layout is the geometry of one board shape; it depends only on the player
// count, anthills per player and whether scores are shown, so the static
// layer drawn from it can be cached.
type layout struct {
	key    layoutKey
	height int
	rowY   float64 // top of the row band
	panels []panel // indexed by seat
	scoreY float64 // top of the score table (final only)
	scoreH float64
	legend float64 // top of the legend
}

type layoutKey struct {
	players, hills int
	final          bool
}

type panel struct {
	x, y, w, h float64
	rings      []render.Ring // one per anthill
}

func newLayout(k layoutKey) *layout {
	l := &layout{key: k}
	l.rowY = headerH
	cols := 2
	switch {
	case k.hills > 1:
		cols = k.players // a column per player, anthill b below a
	case k.players >= 5:
		cols = 3
	}
	rows := (k.players + cols - 1) / cols
	// Whole pixels for panels and rings (the spare pixel or two go to the
	// right margin): every panel's edges, highlight frame and tiles then
	// anti-alias alike, so boards repeat a few colours (a palette the PNG
	// encoder keeps from board to board holds them) and a tile's sprite
	// serves wherever it sits (see spriteKey).
	pw := math.Floor((Width - 2*margin - float64(cols-1)*gap) / float64(cols))
	// The ring plus its slot labels must fit in the panel width; cap it so
	// two-player boards do not blow up to billboard size.
	outer := math.Floor(math.Min(pw/2-46, 235))
	if k.hills > 1 {
		outer = math.Min(outer, 200)
	}
	cell := 2 * (outer + 1.5*textMin) // the ring and its slot numbers
	ph := panelTop + cell*float64(k.hills) + 4
	top := math.Round(l.rowY + rowBandH + gap)
	for s := 0; s < k.players; s++ {
		r, c := s/cols, s%cols
		p := panel{
			x: margin + float64(c)*(pw+gap),
			y: top + float64(r)*(ph+gap),
			w: pw, h: ph,
		}
		for h := 0; h < k.hills; h++ {
			p.rings = append(p.rings, render.Ring{
				Center: gg.Point{X: math.Round(p.x + pw/2), Y: math.Round(p.y + panelTop + cell*(float64(h)+0.5))},
				Inner:  outer * innerRatio,
				Outer:  outer,
				N:      10,
				Start:  render.DefaultStart(10),
			})
		}
		l.panels = append(l.panels, p)
	}
	y := top + float64(rows)*(ph+gap)
	if k.final {
		l.scoreY = y
		l.scoreH = 112 + scoreHeadStep + 46*float64(k.players)
		y += l.scoreH + gap
	}
	l.legend = y
	l.height = int(y + legendH)
	return l
}
