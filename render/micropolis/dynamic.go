package micropolis

import (
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"formica/engine/micropolis"
	"formica/render"
)

// dynamic draws everything that comes from the view.
func (d *drawer) dynamic() {
	d.header()
	d.row()
	for seat := range d.v.Players {
		d.player(seat)
	}
	if d.v.Final != nil {
		d.scores()
	}
}

// startRegion gives a region's drawing a new canvas's line caps and
// joins, whatever was drawn before it: a closed outline shows its cap
// where it starts, and a kept board draws a region after other regions
// than a fresh board does (see kept.go).
func (d *drawer) startRegion() {
	d.dc.SetLineCapRound()
	d.dc.SetLineJoinRound()
}

// header: title, round, whose turn, stack, supply.
func (d *drawer) header() {
	d.startRegion()
	dc, v, w := d.dc, d.v, d.w
	y := headerH / 2

	// Right side first, so the turn message knows where it must stop:
	// stack, soldiers in supply, architect tokens in supply.
	d.font(render.Bold, 28)
	rx := Width - margin - 8
	put := func(draw func(x float64), s string) {
		tw, _ := dc.MeasureString(s)
		dc.SetColor(render.Ink)
		render.DrawAligned(dc, s, rx, y, 1)
		rx -= tw + 8
		draw(rx - 18)
		rx -= 56
	}
	put(func(x float64) { drawMaster(dc, micropolis.Architect, 0, x, y, 34) }, strconv.Itoa(v.ArchitectSupply))
	put(func(x float64) { render.Soldier(dc, x, y, 38, soldierRed) }, strconv.Itoa(v.Supply))
	put(func(x float64) { drawStack(dc, x, y, 34) }, strconv.Itoa(v.Stack))

	// Title and round stop short of the turn marker at x = 470-10.
	title := d.fit(render.Bold, w.get("title"), 250-margin-4-14, textMin, 36)
	dc.SetColor(render.Ink)
	render.DrawAligned(dc, title, margin+4, y, 0)
	rounds := v.Rounds
	if rounds == 0 {
		rounds = 10
	}
	round := d.fit(render.Regular, w.get("round", "round", strconv.Itoa(v.Round), "rounds", strconv.Itoa(rounds)), 440-250-14, textMin, textMin)
	render.DrawAligned(dc, round, 250, y, 0)

	// Whose turn, with the seat's marker so it does not rely on colour.
	x := 470.0
	var msg string
	switch {
	case v.Final != nil || v.Phase == "over":
		msg = w.get("over")
		if v.Final != nil {
			if p := winners(v.Final); p != "" {
				msg += " — " + w.get("wins", "players", p)
			}
		}
		x -= 30
	case v.Current >= 0 && v.Current < len(v.Players):
		st := render.Seat(v.Current)
		dc.DrawRoundedRectangle(x-10, y-24, 46, 48, 10)
		dc.SetColor(render.Highlight)
		dc.Fill()
		render.DrawMarker(dc, st.Marker, x+13, y, 30, st.Color)
		key := "turn"
		if v.Phase == "general" {
			key = "picks_general"
		}
		msg = w.get(key, "player", "P"+strconv.Itoa(v.Current+1))
	}
	// The stack glyph reaches about 30 px left of rx.
	msg = d.fit(render.Bold, msg, rx-30-(x+44), textMin, textMin)
	dc.SetColor(render.Ink)
	render.DrawAligned(dc, msg, x+44, y, 0)
}

// drawStack draws the face-down stack as three offset tile backs.
func drawStack(dc *render.Canvas, x, y, size float64) {
	for i := 2; i >= 0; i-- {
		o := float64(i) * size * 0.1
		g := render.Ring{Center: gg.Point{X: x + o, Y: y + size*0.9 - o}, Inner: size * 0.55, Outer: size * 1.45, N: 10, Start: render.DefaultStart(10)}
		render.Polygon(dc, g.Slot(0, 0))
		dc.SetColor(render.SoilDark)
		dc.FillPreserve()
		dc.SetColor(render.Ink)
		dc.SetLineWidth(1.5)
		dc.Stroke()
	}
}

// winners lists the seats ranked first ("P1, P3"), or "" if none is.
func winners(f *micropolis.Final) string {
	s := ""
	for _, sc := range f.Scores {
		if sc.Rank == 1 {
			if s != "" {
				s += ", "
			}
			s += "P" + strconv.Itoa(sc.Seat+1)
		}
	}
	return s
}

// rowTileHeight is the row tiles' radial height: larger than ring tiles so
// the offer reads first.
const rowTileHeight = 150.0

// row draws the face-up row: position labels 1..7 as players type them,
// the cost to take each tile and the soldiers lying on it (MIC-CHOOSE-3, -5).
func (d *drawer) row() {
	d.startRegion()
	step := (Width - 2*margin) / 7
	for i, rt := range d.v.Row {
		if rt.Pos == 0 {
			rt.Pos = i + 1
		}
		// Whole pixels: a tile moving left when one before it is taken
		// is then the same sprite (see spriteKey).
		d.rowTile(math.Round(margin+step*(float64(i)+0.5)), d.l.rowY, step, rt)
	}
}

// rowTile draws one row tile centred at x under its position label at
// top, with its cost and soldiers below it, within width.
func (d *drawer) rowTile(x, labelY, width float64, rt micropolis.RowTile) {
	dc := d.dc
	outer := rowTileHeight / (1 - innerRatio)
	inner := outer * innerRatio
	cos := math.Cos(math.Pi / 10)
	top := labelY + 52
	g := render.Ring{Center: gg.Point{X: x, Y: top + outer*cos}, Inner: inner, Outer: outer, N: 10, Start: render.DefaultStart(10)}
	t := rt.Tile
	d.tile(g, 0, &t, tileStyle{})
	d.font(render.Bold, 32)
	fill, ink := render.Ink, render.White
	if rt.Pos == 1 {
		fill, ink = render.Highlight, render.Ink
	}
	render.DrawLabel(dc, strconv.Itoa(rt.Pos), x, labelY+28, render.Plate{Fill: fill, Text: ink, HeightK: 1.3})
	// Under the tile: cost on the left, soldiers to collect on the right.
	d.cost(x, top+(outer-inner)*cos+24, width-12, rt)
}

// cost draws, under a row tile centred at x, the cost on the left and the
// soldiers to collect on the right, within width. A translation of "free"
// too long for the left half gets the whole width instead, with the
// soldiers (if any) after it as one centred group.
func (d *drawer) cost(x, y, width float64, rt micropolis.RowTile) {
	dc := d.dc
	d.font(render.Bold, textMin)
	gain := "+" + strconv.Itoa(rt.Soldiers)
	a := x // anchor: costs end 12 px left of it, soldiers start right of it
	if rt.Cost > 0 {
		dc.SetColor(soldierRed)
		render.DrawAligned(dc, "−"+strconv.Itoa(rt.Cost), a-12, y, 1)
	} else {
		free := d.w.get("free")
		if tw, _ := dc.MeasureString(free); tw > width/2-18 {
			right := 0.0 // the soldier glyph and count after the word
			if rt.Soldiers > 0 {
				gw, _ := dc.MeasureString(gain)
				right = 44 + gw
			}
			if tw > width-12-right {
				// Too long for one line with the soldiers: the word
				// centred, the soldiers centred on the line below.
				free = d.fit(render.Bold, free, width-12, textMin, textMin)
				tw, _ = dc.MeasureString(free)
				dc.SetColor(render.Muted)
				render.DrawAligned(dc, free, x, y, 0.5)
				d.font(render.Bold, textMin)
				if rt.Soldiers > 0 {
					gw, _ := dc.MeasureString(gain)
					d.gain(x-(44+gw)/2+12, y+costLineH, gain)
				}
				return
			}
			a = x - (tw+12+right)/2 + tw + 12
		}
		dc.SetColor(render.Muted)
		render.DrawAligned(dc, free, a-12, y, 1)
		d.font(render.Bold, textMin)
	}
	if rt.Soldiers > 0 {
		d.gain(a, y, gain)
	}
}

// gain draws the soldiers a row tile brings, their glyph starting right
// of the anchor a.
func (d *drawer) gain(a, y float64, gain string) {
	render.Soldier(d.dc, a+26, y, 34, soldierRed)
	d.dc.SetColor(render.OkabeGreen.Mix(render.Ink, 0.3))
	render.DrawAligned(d.dc, gain, a+44, y, 0)
}

// player draws one player's panel contents over the static layer.
func (d *drawer) player(seat int) {
	d.startRegion()
	dc, v := d.dc, d.v
	p := v.Players[seat]
	pn := d.l.panels[seat]
	st := render.Seat(seat)
	current := v.Current == seat && v.Final == nil && v.Phase != "over"
	if current {
		dc.DrawRoundedRectangle(pn.x-2, pn.y-2, pn.w+4, pn.h+4, 16)
		dc.SetColor(render.Highlight)
		dc.SetLineWidth(6)
		dc.Stroke()
	}
	// Title strip extras, right-aligned: score, general token, architects.
	x := pn.x + pn.w - 14
	y := pn.y + 25
	if v.Final != nil && seat < len(v.Final.Scores) {
		sc := v.Final.Scores[seat]
		d.font(render.Bold, 30)
		s := strconv.Itoa(sc.Total.Sum)
		w, _ := dc.MeasureString(s)
		dc.SetColor(render.Ink)
		render.DrawAligned(dc, s, x, y, 1)
		x -= w + 22
		render.Star(dc, x, y, 32, render.Gold)
		x -= 30
		if sc.Winner {
			render.Crown(dc, x-6, y, 30, render.Gold)
			x -= 46
		}
	}
	if p.General {
		render.Token(dc, x-16, y, 36, render.Gold)
		x -= 46
	}
	for i := 0; i < p.Architects; i++ {
		drawMaster(dc, micropolis.Architect, 0, x-16, y, 34)
		x -= 40
	}
	if current {
		// Between "P1" and the tokens drawn right to left above (the last
		// one reaches 12 px right of x).
		s := d.fit(render.Bold, d.w.get("to_play"), x+12-8-(pn.x+110), textMin, textMin)
		dc.SetColor(render.Ink)
		render.DrawAligned(dc, s, pn.x+110, y, 0)
	}
	for h, hv := range p.Hills {
		if h < len(pn.rings) {
			d.hill(seat, h, hv, pn.rings[h], st, current)
		}
	}
}

// hill draws one anthill: placed tiles, open slots, the army on the base,
// the general token and, with two anthills, the label players type.
func (d *drawer) hill(seat, h int, hv micropolis.HillView, g render.Ring, st render.Style, current bool) {
	dc, v := d.dc, d.v
	for _, sv := range hv.Slots {
		if sv.Tile == nil || sv.Slot < 0 || sv.Slot > 9 {
			continue
		}
		last := v.Last != nil && v.Last.Seat == seat && v.Last.Hill == h && v.Last.Slot == sv.Slot
		d.tile(g, sv.Slot, sv.Tile, tileStyle{garrison: sv.Garrison, last: last})
	}
	// Open slots: where the next tile may go (MIC-PLACE-1, -2).
	if v.Final == nil {
		d.font(render.Bold, slotLabelSize(g))
		for _, i := range hv.Open {
			if i < 0 || i > 9 {
				continue
			}
			if current {
				render.Polygon(dc, g.Slot(i, 4))
				dc.SetColor(render.Highlight.Alpha(0.35))
				dc.Fill()
			}
			c := slotLabelPos(g, i)
			render.DrawLabel(dc, strconv.Itoa(i), c.X, c.Y, render.Plate{Fill: render.Highlight, Text: render.Ink, Edge: render.Ink, EdgeW: 2})
		}
	}
	// Base: army count with a soldier, general token, anthill label.
	c := g.Center
	size := g.Inner * 0.62
	render.Soldier(dc, c.X-size*0.42, c.Y, size, soldierRed)
	d.font(render.Bold, math.Round(size*0.72))
	dc.SetColor(render.Ink)
	render.DrawAligned(dc, strconv.Itoa(hv.Army), c.X-size*0.02, c.Y, 0)
	if hv.General {
		render.Token(dc, c.X, c.Y-g.Inner*0.6, g.Inner*0.42, render.Gold)
	}
	if len(v.Players[seat].Hills) > 1 {
		d.font(render.Bold, math.Max(textMin, math.Round(size*0.5)))
		render.DrawLabel(dc, hv.Label, c.X, c.Y+g.Inner*0.58, render.Plate{Fill: st.Color, Text: render.InkOn(st.Color)})
	}
}

// scores fills the final score table (MIC-SCORE-1..7, MIC-WIN-1..3).
func (d *drawer) scores() {
	d.startRegion()
	dc, l, v := d.dc, d.l, d.v
	for i, sc := range v.Final.Scores {
		y := l.scoreY + 122 + scoreHeadStep + float64(i)*46
		if i%2 == 0 {
			dc.DrawRectangle(margin+12, y-23, Width-2*margin-24, 46)
			dc.SetColor(render.Paper)
			dc.Fill()
		}
		st := render.Seat(sc.Seat)
		render.DrawMarker(dc, st.Marker, margin+44, y, 28, st.Color)
		d.font(render.Bold, textMin)
		dc.SetColor(st.Dark)
		render.DrawAligned(dc, "P"+strconv.Itoa(sc.Seat+1), margin+66, y, 0)
		rank := "#" + strconv.Itoa(sc.Rank)
		if len(sc.Armies) > 0 {
			rank += "  " + d.w.get("army", "n", strconv.Itoa(sc.Armies[0]))
		}
		// Up to the first column's number (two digits, centred).
		rank = d.fit(render.Regular, rank, scoreColX(0)-26-(margin+120), textMin, textMin)
		dc.SetColor(render.Muted)
		render.DrawAligned(dc, rank, margin+120, y, 0)
		c := sc.Total
		for j, n := range []int{c.Population, c.Colony, c.Harvest, c.Royal, c.Army, c.Barracks, c.Sum} {
			style := render.Regular
			dc.SetColor(render.Ink)
			if j == 6 {
				style = render.Bold
			}
			d.font(style, 28)
			render.DrawCentered(dc, strconv.Itoa(n), scoreColX(j), y)
		}
		if sc.Winner {
			render.Crown(dc, scoreColX(6)+62, y, 30, render.Gold)
		}
	}
}
