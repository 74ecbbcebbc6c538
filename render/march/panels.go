package march

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/font"

	"formica/engine/march"
	"formica/render"
)

// speciesText names a player's species and, for an Ancient Species in
// the Worker phase, whether its unique action is still unused: its
// strength marker on the action's circular space (MOAE-ANC-4). The marker
// is placed only then, so at other times there is nothing to say.
func (d *drawer) speciesText(p *march.PanelView) string {
	name := d.tx.species(p.Species)
	if d.v.RuleSet != "evolved" || d.v.Phase != "worker" || d.v.Result != nil {
		return name
	}
	key := "marker.used"
	if p.Marker {
		key = "marker.ready"
	}
	return d.tx.f(key, "species", name)
}

// panel draws one player's Nest row (MOA1-DATA-5). Its strip: marker and
// name, colony points, larvae, food, egg supply, hand size, ants in the
// Anthill, then the Rest zone and status; under it the three Evolution
// stacks (active card on top, MOA1-CARD-10) and the Colony Goals.
func (d *drawer) panel(i int) {
	dc, v := d.dc, d.v
	p := &v.Panels[i]
	seat := p.Seat
	if seat < 0 || seat >= v.Players {
		seat = i
	}
	st := render.Seat(seat)
	x0, y0 := margin, d.l.panelTop(i)
	w := Width - 2*margin
	over := v.Result != nil || v.Phase == "over"
	active := !over && v.Active == seat && v.Phase != "setup"
	if active {
		d.strokeRound(x0, y0, w, panelH, 16, 6, render.Highlight)
	}

	y := y0 + 3 + infoH/2
	render.DrawMarker(dc, st.Marker, x0+26, y, 26, st.Color)
	d.font(render.Bold, textHead)
	d.setColor(st.Dark)
	d.aligned(seatName(seat), x0+46, y, 0)
	nw, _ := dc.MeasureString(seatName(seat))
	x := x0 + 46 + nw + 10
	if over && v.Result != nil && seat < len(v.Result.Rank) && v.Result.Rank[seat] == 1 {
		render.Crown(dc, x+14, y, 26, render.Gold)
		x += 34
	}
	// Colony points: star, number, "CP".
	s := strconv.Itoa(p.CP)
	if over && v.Result != nil && seat < len(v.Result.Scores) {
		s = strconv.Itoa(v.Result.Scores[seat])
	}
	cp(dc, x+14, y, 28, 0)
	d.font(render.Bold, textHead)
	d.setColor(render.Ink)
	d.aligned(s, x+32, y, 0)
	sw, _ := dc.MeasureString(s)
	d.font(render.Bold, textMin)
	d.aligned(d.tx.t("cp"), x+32+sw+4, y, 0)
	cw, _ := dc.MeasureString(d.tx.t("cp"))
	x += 32 + sw + 4 + cw + 18

	// Resources: larvae, food, eggs in supply, hand, ants in the Anthill.
	d.font(render.Bold, textMid)
	for _, it := range []struct {
		icon render.Icon
		n    int
	}{{larva, p.Larvae}, {food, p.Food}, {egg, p.Supply}, {cardBack, p.HandSize}, {ant, p.Ants}} {
		it.icon(dc, x+14, y, 28, 0)
		d.setColor(render.Ink)
		d.aligned(strconv.Itoa(it.n), x+32, y, 0)
		tw, _ := dc.MeasureString(strconv.Itoa(it.n))
		x += 32 + max(tw, 26) + 10
	}

	// Status: species, Rest zone, complete bodies, final awards; or the
	// plate of a player who must decide.
	var parts []string
	species := "" // the species name, where a wrapped status breaks first
	if p.Species != "" && p.Species != "regular" {
		species = d.tx.species(p.Species)
		parts = append(parts, d.speciesText(p))
	}
	if p.Rested && !over {
		parts = append(parts, d.tx.t("resting"))
	}
	if (p.RestLarvae > 0 || p.RestFood > 0) && !over {
		parts = append(parts, d.tx.f("restzone", "larvae", strconv.Itoa(p.RestLarvae), "food", strconv.Itoa(p.RestFood)))
	}
	parts = append(parts, d.restTaken(p)...)
	if p.Bodies > 0 {
		parts = append(parts, d.tx.plural(p.Bodies, "bodies"))
	}
	if over && v.Result != nil {
		parts = append(parts, d.awards(seat)...)
	}
	right := x0 + w - 14
	if d.pending(seat) {
		d.font(render.Bold, textMin)
		s := d.tx.t("todecide")
		tw, _ := dc.MeasureString(s)
		pw := max(tw+2*0.45*textMin, 100) // the plate's width, as d.label sizes it
		d.label(s, right-pw/2, y, render.Plate{Fill: render.Highlight, Text: render.Ink, MinW: 100, HeightK: 1.4})
		right -= pw + 10
	}
	if len(parts) > 0 {
		s := strings.Join(parts, " – ")
		width := right - x
		face := d.fs.Get(render.Regular, textMin)
		d.setFace(face)
		d.setColor(render.Ink)
		// One line, or two in the strip's height (final awards).
		lines := render.Wrap(face, s, width)
		// "Species: action used" breaks after the name, never inside the
		// marker's words.
		if head := species + ":"; len(lines) > 1 && species != "" && strings.HasPrefix(s, head+" ") &&
			font.MeasureString(face, head).Ceil() <= int(width) {
			lines = []string{head, s[len(head)+1:]}
		}
		switch {
		case len(lines) == 1:
			d.aligned(s, x, y, 0)
		case len(lines) > 1:
			d.aligned(lines[0], x, y-12, 0)
			d.aligned(d.tx.ellipsize(face, strings.Join(lines[1:], " "), width), x, y+12, 0)
		}
	}

	// Evolution stacks and Colony Goals.
	for k, sg := range p.Segments {
		bx, by, bw, bh := cardSlot(k, y0)
		d.evoBox(bx, by, bw, bh, sg)
	}
	for k := 0; k < 2; k++ {
		var g *march.CardView
		if k < len(p.Goals) {
			g = &p.Goals[k]
		}
		bx, by, bw, bh := cardSlot(3+k, y0)
		d.goalBox(bx, by, bw, bh, g)
	}
}

// pending reports whether seat must answer a prompt now.
func (d *drawer) pending(seat int) bool {
	for _, p := range d.v.Pending {
		if p.Seat == seat {
			return true
		}
	}
	return false
}

// awards lists a seat's end-of-game score categories with points.
func (d *drawer) awards(seat int) []string {
	var out []string
	for _, s := range d.v.Result.Detail {
		if int(s.Seat) != seat || s.Points == 0 {
			continue
		}
		name := d.tx.msg(s.Category)
		if name == "" {
			name = s.Category
		}
		out = append(out, fmt.Sprintf("%s +%d", name, s.Points))
	}
	return out
}

// evoBox draws one segment's Evolution stack: the covered cards as edges
// behind, the active card's name on top, and the stack's size (every card
// counts for the caste bonus, MOA1-CARD-11).
func (d *drawer) evoBox(x, y, w, h float64, sg march.SegmentView) {
	n := len(sg.Cards)
	off := 5.0
	w -= 2 * off
	h -= 2 * off
	for k := min(n-1, 2); k >= 1; k-- {
		o := off * float64(k)
		d.fillRound(x+o, y+o, w, h, 10, segFill(sg.Segment).Mix(render.White, 0.55))
		d.strokeRound(x+o, y+o, w, h, 10, 1.5, segFill(sg.Segment))
	}
	title := strings.ToUpper(d.tx.segment(sg.Segment))
	var name, code string
	if sg.Active != nil {
		name, code = d.tx.cardName(sg.Active), sg.Active.Code
	}
	d.cardBox(x, y, w, h, segFill(sg.Segment), title, countLabel(n), name, code, n == 0)
}

func countLabel(n int) string {
	if n == 0 {
		return ""
	}
	return "×" + strconv.Itoa(n)
}

// goalBox draws a Colony Goal in play, or an empty goal place.
func (d *drawer) goalBox(x, y, w, h float64, g *march.CardView) {
	title := d.tx.t("goal")
	if g == nil {
		d.cardBox(x, y, w-10, h-10, goalFill, title, "", "", "", true)
		return
	}
	d.cardBox(x, y, w-10, h-10, goalFill, title, d.tx.f("cp.n", "n", strconv.Itoa(g.CP)), d.tx.cardName(g), g.Code, false)
}

// cardBox draws a small card: a coloured band with a title and a count,
// the card name wrapped on two lines, and its code.
func (d *drawer) cardBox(x, y, w, h float64, band render.RGB, title, right, name, code string, empty bool) {
	dc := d.dc
	if empty {
		d.fillRound(x, y, w, h, 10, render.Paper)
		dc.SetDash(8, 6)
		d.strokeRound(x, y, w, h, 10, 2, band.Mix(render.White, 0.4))
		dc.SetDash()
		d.font(render.Bold, textMin)
		d.setColor(band.Mix(render.White, 0.3))
		d.aligned(title, x+w/2, y+h/2-13, 0.5)
		d.font(render.Regular, textMin)
		d.setColor(render.Muted)
		d.aligned(d.tx.t("empty"), x+w/2, y+h/2+13, 0.5)
		return
	}
	d.fillRound(x, y, w, h, 10, render.White)
	bandH := 30.0
	d.fillRound(x, y, w, bandH+10, 10, band)
	d.fillRound(x, y+bandH, w, 10, 0, render.White)
	d.strokeRound(x, y, w, h, 10, 2.5, band)
	d.font(render.Bold, textMin)
	d.setColor(render.White)
	d.aligned(title, x+8, y+bandH/2, 0)
	if right != "" {
		d.aligned(right, x+w-8, y+bandH/2, 1)
	}
	// Long one-word names (Russian "Первопроходцы") shrink to textMin,
	// then to the regular face, before anything is shortened.
	face := d.fs.Get(render.Bold, textMin+2)
	lines := render.Wrap(face, name, w-14)
	for _, f := range []font.Face{d.fs.Get(render.Bold, textMin), d.fs.Get(render.Regular, textMin)} {
		if fitsLines(face, lines, w-14, 2) {
			break
		}
		face = f
		lines = render.Wrap(face, name, w-14)
	}
	if len(lines) > 2 {
		lines = []string{lines[0], d.tx.ellipsize(face, strings.Join(lines[1:], " "), w-14)}
	}
	d.setFace(face)
	d.setColor(render.Ink)
	for k, ln := range lines {
		d.aligned(d.tx.ellipsize(face, ln, w-14), x+7, y+bandH+18+float64(k)*24, 0)
	}
	if code != "" {
		d.font(render.Bold, textMin)
		d.setColor(render.Muted)
		d.aligned(code, x+w-8, y+h-14, 1)
	}
}

// legend explains the glyphs and shows the edge codes players type.
func (d *drawer) legend() {
	dc, l := d.dc, d.l
	glyph := func(f func(x, y, s float64)) render.Icon {
		return func(_ render.Painter, x, y, size float64, _ render.RGB) { f(x, y, size) }
	}
	var items []render.LegendItem
	for _, r := range []string{"f", "l", "l2", "c", "p"} {
		items = append(items, render.LegendItem{Icon: glyph(func(x, y, s float64) { resIcon(dc, r, x, y, s) }), Label: d.tx.t("res." + r)})
	}
	items = append(items,
		render.LegendItem{Icon: glyph(func(x, y, s float64) {
			dc.DrawCircle(x, y, s*0.5)
			d.setColor(render.Gold)
			dc.Fill()
			render.Crown(dc, x, y, s*0.5, render.White)
		}), Label: d.tx.t("legend.control")},
		render.LegendItem{Icon: egg, Label: d.tx.t("legend.eggs")},
		render.LegendItem{Icon: cardBack, Label: d.tx.t("legend.hand")},
		render.LegendItem{Icon: ant, Label: d.tx.t("legend.ants")},
		render.LegendItem{Icon: centipede, Label: d.tx.t("legend.centipede")},
		render.LegendItem{Icon: wormhole, Label: d.tx.t("legend.wormhole")},
		render.LegendItem{Icon: glyph(func(x, y, s float64) {
			dc.DrawRectangle(x-s*0.3, y-s*0.2, s*0.6, s*0.4)
			d.setColor(passage)
			dc.Fill()
			d.setColor(render.Danger)
			dc.SetLineWidth(4)
			dc.DrawLine(x+s*0.3, y-s*0.35, x+s*0.3, y+s*0.35)
			dc.Stroke()
		}), Label: d.tx.t("legend.blocked")},
		render.LegendItem{Icon: glyph(func(x, y, s float64) {
			dc.DrawRectangle(x-s*0.45, y-s*0.35, s*0.9, s*0.7)
			d.setColor(render.Danger)
			dc.SetLineWidth(3)
			dc.SetDash(6, 4)
			dc.Stroke()
			dc.SetDash()
		}), Label: d.tx.t("legend.contested")},
		render.LegendItem{Icon: glyph(func(x, y, s float64) {
			render.Polygon(dc, render.RegularPolygon(x, y, s*0.5, 6, -1.5707963))
			d.setColor(hexFill)
			dc.FillPreserve()
			d.setColor(startEdge)
			dc.SetLineWidth(4)
			dc.Stroke()
		}), Label: d.tx.t("legend.start")},
	)
	cw := 150.0 // compass
	width := Width - 2*margin - 16 - cw
	face := d.fs.Get(render.Regular, textMin)
	if render.LegendRows(face, width, items) > legendRows {
		d.tx.clipped(items[len(items)-1].Label)
	}
	render.DrawLegend(dc, face, margin+8, l.legendY+4, width, items)
	d.compass(Width-margin-cw/2, l.legendY+legendH/2-2)
}

// compass shows which edge code is which direction.
func (d *drawer) compass(x, y float64) {
	dc := d.dc
	r := 22.0
	render.Polygon(dc, render.RegularPolygon(x, y, r, 6, -1.5707963))
	d.setColor(hexFill)
	dc.FillPreserve()
	d.setColor(stdEdge)
	dc.SetLineWidth(2)
	dc.Stroke()
	d.font(render.Bold, textMin)
	for i, code := range []string{"e", "ne", "nw", "w", "sw", "se"} {
		a := edgeAngle(i)
		dx, dy := math.Cos(a), math.Sin(a)
		rx := 52.0
		ry := 36.0
		d.setColor(passage)
		d.aligned(code, x+dx*rx, y+dy*ry, 0.5)
	}
}

// fitsLines reports whether lines are at most max and each fits width.
func fitsLines(face font.Face, lines []string, width float64, max int) bool {
	if len(lines) > max {
		return false
	}
	for _, l := range lines {
		if font.MeasureString(face, l).Ceil() > int(width) {
			return false
		}
	}
	return true
}
