package march

import (
	"math"

	"github.com/fogleman/gg"

	"formica/engine/march"
	"formica/render"
)

// Width is the board width: a 25-hex Anthill keeps hexes big enough for
// their site codes, and five Nests fit one per row.
const Width = 1500

const (
	margin    = 18.0
	headRow   = 52.0  // one header line
	panelH    = 176.0 // one Nest row
	panelGap  = 12.0
	legendH   = 96.0
	maxHexR   = 150.0  // hex circumradius cap: few hexes do not fill a billboard
	minHexR   = 84.0   // below this site codes stop being readable on a phone
	maxMeadow = 1250.0 // meadow height cap before hexes shrink
	sqrt3     = 1.7320508075688772
)

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
func newLayout(v *march.View) *layout {
	l := &layout{}
	rows := 2.0
	if hasExtraLine(v) {
		rows = 3
	}
	if evolvedRow(v) {
		rows++
	}
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
	l.legendY = l.panelY + float64(v.Players)*(panelH+panelGap)
	l.height = int(l.legendY + legendH)
	return l
}
