package march

import (
	"math"

	"github.com/fogleman/gg"

	"formica/engine/march"
	"formica/render"
)

// Width is the board width. Chat apps show a board about 400 px wide on a
// phone, so the board is as narrow as a 25-hex Anthill allows and its type
// as large as that width needs (textMin and up): a compact board, not a
// large one scaled down.
const Width = 1000

// Type sizes. Everything a player reads or types (codes, names, counts,
// legend) is at least textMin: 8 px when a phone shows the board 400 px
// wide. Drawings added to the board (Evolved parts) take their sizes from
// these, not from numbers of their own.
const (
	textMin  float64 = (Width*render.PhoneMinPx + render.PhoneWidth - 1) / render.PhoneWidth // 20
	textMid          = textMin + 4                                                           // labels that stand out: counts, seat names in lines
	textHead         = textMin + 8                                                           // headlines: title, a Nest's player name
)

const (
	margin     = 12.0
	headRow    = 40.0 // one header line
	panelGap   = 10.0
	infoH      = 60.0  // a Nest row's strip: name, colony points, resources, status
	nestCardH  = 120.0 // a Nest row's cards: three Evolution stacks and two goals
	panelH     = infoH + nestCardH + 8
	boxGap     = 8.0 // between card boxes
	legendRows = 4   // rows the legend band holds at textMin
	legendH    = legendRows*1.7*textMin + 16
	maxHexR    = 150.0  // hex circumradius cap: few hexes do not fill a billboard
	minHexR    = 84.0   // below this a hex's name and sites crowd
	maxMeadow  = 1400.0 // meadow height cap before hexes shrink
	sqrt3      = 1.7320508075688772
)

// panelTop is the top of seat row i's Nest panel.
func (l *layout) panelTop(i int) float64 { return l.panelY + float64(i)*(panelH+panelGap) }

// cardSlot is the box of card place k (0–2 the Evolution stacks, 3–4 the
// goals) in a Nest panel whose top is y0.
func cardSlot(k int, y0 float64) (x, y, w, h float64) {
	bw := (Width - 2*margin - 16 - 4*boxGap) / 5
	return margin + 8 + float64(k)*(bw+boxGap), y0 + infoH, bw, nestCardH
}

// layout is the geometry of one board image.
type layout struct {
	height  int
	headerH float64
	meadowY float64 // top of the meadow band
	meadowH float64
	grid    render.Hex
	panelY  float64 // top of the first Nest row
	legendY float64
}

// newLayout fits the Anthill into the meadow band: the hex size is the
// largest (up to maxHexR) at which every hex and its edge labels fit.
//
// extra is the number of header lines the battle, revealed cards or
// Centipede Horde take (see extraLines).
func newLayout(v *march.View, extra int) *layout {
	l := &layout{}
	rows := 3 + float64(extra) // title and counters; round and phase; whose turn; extra
	rows += float64(evolvedRows(v))
	l.headerH = 16 + rows*headRow
	l.meadowY = l.headerH
	// Bounding box in units of R (pointy-top axial: x = √3(q + r/2), y = 1.5r),
	// padded by a hex's half-extent plus room for the edge labels outside.
	minX, maxX, minY, maxY := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, h := range v.Hexes {
		x := sqrt3 * (float64(h.Q) + float64(h.R)/2)
		y := 1.5 * float64(h.R)
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
	}
	const pad = 0.42 // edge code labels sit this far (×R) beyond an edge
	wU := maxX - minX + sqrt3 + 2*pad
	hU := maxY - minY + 2 + 2*pad
	availW := Width - 2*margin
	rad := math.Min(maxHexR, math.Min(availW/wU, maxMeadow/hU))
	rad = math.Max(rad, math.Min(minHexR, availW/wU))
	rad = math.Floor(rad)
	l.meadowH = math.Ceil(hU*rad) + 20
	// Centre the Anthill in the band.
	cx := Width/2 - rad*(minX+maxX)/2
	cy := l.meadowY + l.meadowH/2 - rad*(minY+maxY)/2
	l.grid = render.Hex{Size: rad, Pointy: true, Origin: gg.Point{X: cx, Y: cy}}
	l.panelY = l.meadowY + l.meadowH + panelGap
	l.legendY = l.panelTop(v.Players)
	l.height = int(l.legendY + legendH)
	return l
}
