package march

import (
	"math"
	"strconv"
	"strings"

	"github.com/fogleman/gg"

	"formica/engine/march"
	"formica/render"
)

// edgeAngle is the screen angle of edge i (e, ne, nw, w, sw, se: the
// engine's order, counter-clockwise from east; screen y points down).
func edgeAngle(i int) float64 { return -float64(i) * math.Pi / 3 }

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

// meadow draws the Anthill: hex bodies, then tunnels over their borders (so
// a connected tunnel reads as one passage), then what lies on each hex.
func (d *drawer) meadow() {
	dc, l, v := d.dc, d.l, d.v
	occupied := make(map[[2]int]bool, len(v.Hexes))
	for _, h := range v.Hexes {
		occupied[[2]int{h.Q, h.R}] = true
	}
	if b := v.Battle; b != nil {
		for _, h := range v.Hexes {
			if h.Num == b.Hex {
				render.Polygon(dc, l.grid.Corners(h.Q, h.R, -4))
				d.setColor(render.Highlight)
				dc.SetLineWidth(16)
				dc.SetLineJoinRound()
				dc.Stroke()
			}
		}
	}
	for i := range v.Hexes {
		d.hexBody(&v.Hexes[i])
	}
	for i := range v.Hexes {
		d.tunnels(&v.Hexes[i], occupied)
	}
	for i := range v.Hexes {
		d.hexContents(&v.Hexes[i])
	}
	for i := range v.Hexes {
		if h := &v.Hexes[i]; h.Drawn {
			c := l.grid.Center(h.Q, h.R)
			d.font(render.Bold, textMin)
			d.label(d.tx.t("drawn"), c.X, c.Y-l.grid.Size*1.08, render.Plate{Fill: render.Highlight, Text: render.Ink, HeightK: 1.3})
		}
	}
}

// staged returns v with the hex(es) drawn for an Explore under way set
// beside the Anthill, one column clear of its right edge, as printed (r0):
// the explorer sees what to place before choosing edge, rotation and sites.
func staged(v march.View) march.View {
	if len(v.Exploring) == 0 || len(v.Hexes) == 0 {
		return v
	}
	// In axial units x/√3 = q + r/2: stand a hex's width clear of the rightmost.
	right, top := math.Inf(-1), v.Hexes[0].R
	for _, h := range v.Hexes {
		right = math.Max(right, float64(h.Q)+float64(h.R)/2)
		top = min(top, h.R)
	}
	hexes := append([]march.HexView(nil), v.Hexes...)
	for i, h := range v.Exploring {
		h.R = top + 2*i
		h.Q = int(math.Ceil(right + 2 - float64(h.R)/2))
		h.Drawn = true
		hexes = append(hexes, h)
	}
	v.Hexes = hexes
	return v
}

// hexBody fills a hex (tinted by its controller) and draws its border:
// yellow for starting hexes, black for standard ones, as printed
// (MOA1-HEX); a contested hex gets a dashed red inner line (MOA1-HEX-17).
func (d *drawer) hexBody(h *march.HexView) {
	dc, g := d.dc, d.l.grid
	R := g.Size
	fill := hexFill
	if h.Kind == "gt" {
		fill = gtFill
	} else if h.Controller >= 0 {
		fill = hexFill.Mix(render.Seat(h.Controller).Light, 0.6)
	}
	edge, lw := stdEdge, math.Max(2.5, R*0.035)
	if h.Kind == "start" {
		edge, lw = startEdge, math.Max(4, R*0.06)
	}
	render.Polygon(dc, g.Corners(h.Q, h.R, 2+lw/2))
	d.setColor(fill)
	dc.FillPreserve()
	d.setColor(edge)
	dc.SetLineWidth(lw)
	dc.SetLineJoinRound()
	dc.Stroke()
	if h.Contested {
		render.Polygon(dc, g.Corners(h.Q, h.R, 2+lw+R*0.05))
		d.setColor(render.Danger)
		dc.SetLineWidth(math.Max(3, R*0.035))
		dc.SetDash(R*0.12, R*0.07)
		dc.Stroke()
		dc.SetDash()
	}
}

// tunnels draws each opening as a dark passage across the edge: openings
// that meet a neighbour's join into one tunnel, an opening against a
// neighbour's wall gets a red bar (blocked, MOA1-HEX-20), and an opening
// onto empty meadow gets its edge code, which is what players type to
// Explore through it ("gt ne r3 1").
func (d *drawer) tunnels(h *march.HexView, occupied map[[2]int]bool) {
	dc, g := d.dc, d.l.grid
	R := g.Size
	c := g.Center(h.Q, h.R)
	half := R * 0.15
	for i, t := range h.Tunnels {
		if !t.Open {
			continue
		}
		a := edgeAngle(i)
		n := gg.Point{X: math.Cos(a), Y: math.Sin(a)}
		tg := gg.Point{X: -n.Y, Y: n.X}
		at := func(dn, dt float64) gg.Point {
			return gg.Point{X: c.X + n.X*dn + tg.X*dt, Y: c.Y + n.Y*dn + tg.Y*dt}
		}
		edgeD := R * sqrt3 / 2
		inner, outer := edgeD-R*0.2, edgeD+3
		free := !occupied[neighbour(h.Q, h.R, i)] && !h.Drawn // a drawn hex's openings are no places to explore to
		if free || h.Drawn {
			outer = edgeD + R*0.06
		}
		render.Polygon(dc, []gg.Point{at(inner, -half), at(inner, half), at(outer, half), at(outer, -half)})
		d.setColor(passage)
		dc.Fill()
		switch {
		case t.Blocked:
			dc.SetLineCapRound()
			d.setColor(render.Danger)
			dc.SetLineWidth(math.Max(4, R*0.06))
			p, q := at(edgeD-R*0.01, -half*1.5), at(edgeD-R*0.01, half*1.5)
			dc.DrawLine(p.X, p.Y, q.X, q.Y)
			dc.Stroke()
		case free:
			d.font(render.Bold, clamp(R*0.17, textMin, textMid))
			p := at(edgeD+R*0.22, 0)
			d.label(t.Edge, p.X, p.Y, render.Plate{Fill: render.White, Text: passage, Edge: passage, EdgeW: 2, HeightK: 1.3})
		}
	}
}

// neighbour returns the axial position beyond edge i (the engine's dirOf).
func neighbour(q, r, i int) [2]int {
	d := [6][2]int{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}[i]
	return [2]int{q + d[0], r + d[1]}
}

// hexContents draws the number players type, the name, the centipede and
// wormhole, the collection sites and the ants on the outskirts.
func (d *drawer) hexContents(h *march.HexView) {
	dc, g := d.dc, d.l.grid
	R := g.Size
	c := g.Center(h.Q, h.R)
	d.font(render.Bold, clamp(R*0.25, 24, 34))
	d.label(h.Code, c.X, c.Y-R*0.6, render.Plate{Fill: render.Ink, Text: render.White, HeightK: 1.25})
	if h.Centipede || h.Centipedes > 0 {
		centipede(dc, c.X-R*0.47, c.Y-R*0.5, R*0.3, 0)
		if h.Centipedes > 1 {
			d.font(render.Bold, textMin)
			d.setColor(centiFill)
			d.aligned("×"+strconv.Itoa(h.Centipedes), c.X-R*0.47, c.Y-R*0.3, 0.5)
		}
	}
	if h.Wormhole {
		wormhole(dc, c.X+R*0.47, c.Y-R*0.5, R*0.28, 0)
	}
	// Names may use the hex's full width where no centipede or wormhole
	// sits above them, and wrap to two lines (three for the longest) at
	// the phone size rather than shrink; the sites and ants make room
	// below.
	name, size, width := d.tx.hexName(h), clamp(R*0.2, textMin, textMid), R*1.5
	if !h.Centipede && h.Centipedes == 0 && !h.Wormhole {
		width = R * 1.66
	}
	lines := d.nameLines(name, width, size)
	d.setColor(render.Ink)
	lineH := d.dc.FontHeight() * 1.05
	y := c.Y - R*0.33
	if len(lines) > 1 {
		y = c.Y - R*0.37
	}
	for k, ln := range lines {
		d.aligned(ln, c.X, y+float64(k)*lineH, 0.5)
	}
	below := y + float64(len(lines)-1)*lineH + textMin*0.45 // the name's last baseline, about
	if h.Kind == "gt" {
		d.ants(h, c.X, math.Max(c.Y+R*0.02, below+R*0.2), R*1.5, R)
		return
	}
	labelY := d.sites(h, c, R, below, len(lines))
	d.ants(h, c.X, math.Max(c.Y+R*0.6, labelY+textMin*1.2), R*1.2, R)
}

// nameLines sets the face for a hex name and wraps it within width: one
// line at up to size if it fits, else two or three at textMin; a name
// that still does not fit is shortened (and reported).
func (d *drawer) nameLines(name string, width, size float64) []string {
	face, ok := render.Fit(d.fs, render.Regular, name, width, textMin, size)
	d.setFace(face)
	if ok {
		return []string{name}
	}
	lines := render.Wrap(face, name, width)
	if fitsLines(face, lines, width, 3) {
		return lines
	}
	if len(lines) > 3 {
		lines = append(lines[:2], strings.Join(lines[2:], " "))
	}
	for k := range lines {
		lines[k] = d.tx.ellipsize(face, lines[k], width)
	}
	return lines
}

// sites draws the collection sites s1, s2... left to right: the resource
// icon on a disc, the code players type under it, the occupying ant as a
// ring and marker in its owner's colour, and a gold ring and crown on the
// control site (MOA1-HEX-7, -8).
//
// The sites sit clear of the name above, whose last line ends about at
// below; a name of two lines or more gets smaller discs. It returns the y of the
// site codes.
func (d *drawer) sites(h *march.HexView, c gg.Point, R, below float64, nameLines int) float64 {
	dc := d.dc
	n := len(h.Sites)
	if n == 0 {
		return below
	}
	sp := math.Min(R*0.5, R*1.58/float64(n))
	rs := math.Min(R*0.2, sp*0.4)
	if nameLines > 1 {
		rs = math.Min(rs, R*0.16)
	}
	y := math.Max(c.Y-R*0.01, below+4+rs)
	labelFace := d.fs.Get(render.Bold, textMin)
	for i, s := range h.Sites {
		x := c.X + (float64(i)-float64(n-1)/2)*sp
		if s.Control {
			dc.DrawCircle(x, y, rs+math.Max(4, rs*0.22))
			d.setColor(render.Gold)
			dc.Fill()
		}
		dc.DrawCircle(x, y, rs)
		fill, ring, lw := render.Panel, render.SoilDark, math.Max(1.5, rs*0.08)
		if s.Owner >= 0 {
			st := render.Seat(s.Owner)
			fill, ring, lw = st.Light, st.Color, math.Max(4, rs*0.24)
		}
		d.setColor(fill)
		dc.FillPreserve()
		d.setColor(ring)
		dc.SetLineWidth(lw)
		dc.Stroke()
		resIcon(dc, s.Res, x, y, rs*1.15)
		if s.Control {
			render.Crown(dc, x, y-rs-rs*0.12, rs*0.55, render.Gold)
		}
		if s.Owner >= 0 {
			st := render.Seat(s.Owner)
			render.DrawMarker(dc, st.Marker, x+rs*0.74, y+rs*0.66, rs*1.05, st.Color)
		}
		d.setFace(labelFace)
		d.setColor(render.Ink)
		d.aligned(s.Code, x, y+rs+R*0.11, 0.5)
	}
	return y + rs + R*0.11
}

// ants draws the ants on the outskirts (or in the Great Tunnel) as
// marker + count pills, wrapped into rows of at most width.
func (d *drawer) ants(h *march.HexView, cx, y, width, R float64) {
	dc := d.dc
	type entry struct {
		seat, n int
		w       float64
	}
	size := clamp(R*0.2, textMin, textMid+2)
	face := d.fs.Get(render.Bold, clamp(R*0.19, textMin, textMid+2))
	d.setFace(face)
	var es []entry
	for s, n := range h.Outskirts {
		if n <= 0 {
			continue
		}
		tw, _ := dc.MeasureString(strconv.Itoa(n))
		es = append(es, entry{s, n, size + 6 + tw + 14})
	}
	if h.Kind == "gt" && d.v != nil && d.v.OldGuard > 0 {
		n := d.v.OldGuard // the Old Guard holds the Great Tunnel (MOAE-2P-6)
		tw, _ := dc.MeasureString(strconv.Itoa(n))
		es = append(es, entry{march.SideOldGuard, n, size + 6 + tw + 14})
	}
	gap := 6.0
	rowH := size * 1.35
	for len(es) > 0 {
		// Take as many entries as fit in this row.
		k, w := 0, 0.0
		for k < len(es) && (k == 0 || w+gap+es[k].w <= width) {
			if k > 0 {
				w += gap
			}
			w += es[k].w
			k++
		}
		x := cx - w/2
		for _, e := range es[:k] {
			ring, dark := oldGuardFill, render.Ink
			if e.seat >= 0 {
				st := render.Seat(e.seat)
				ring, dark = st.Color, st.Dark
			}
			dc.DrawRoundedRectangle(x, y-rowH/2, e.w, rowH, rowH/2)
			d.setColor(render.White.Alpha(0.85))
			dc.FillPreserve()
			d.setColor(ring)
			dc.SetLineWidth(2.5)
			dc.Stroke()
			if e.seat >= 0 {
				render.DrawMarker(dc, render.Seat(e.seat).Marker, x+7+size/2, y, size*0.85, ring)
			} else {
				dc.DrawCircle(x+7+size/2, y, size*0.85/2) // the Old Guard's plain disc, as in the header
				d.setColor(ring)
				dc.Fill()
			}
			d.setColor(dark)
			d.aligned(strconv.Itoa(e.n), x+size+10, y, 0)
			x += e.w + gap
		}
		es = es[k:]
		y += rowH + 4
		width *= 0.8
	}
}
