package march

import (
	"slices"
	"strconv"

	"formica/engine/march"
	"formica/render"
)

// The Evolved rule set's own parts of the board (rules reference §5.7,
// §6.2..6.5, §12.1): the rest tiles face up this round with the code
// players type after "rest", the holder of the Great Defender, each Nest's
// rest tiles taken this round, the strength track while a battle is on
// (every side's public strength), the centipede size track with its
// marker, the Old Guard of the 2-player game, and the Great Tunnel's
// reward tile with the reward stack.

// evolvedRow reports whether the header has the Evolved rows.
func evolvedRow(v *march.View) bool {
	return v.RuleSet == "evolved" && v.Result == nil && v.Phase != "over" && v.Phase != "setup"
}

// evolvedRows is the number of Evolved header rows: rest tiles, then the
// centipede size track, the reward tile and the Old Guard when the view
// has them.
func evolvedRows(v *march.View) int {
	if !evolvedRow(v) {
		return 0
	}
	n := 1
	if v.CentiTrack != nil {
		n++
	}
	if v.Reward != nil {
		n++
	}
	if v.OldGuard > 0 {
		n++
	}
	return n
}

// evolvedHeaders draws the Evolved rows, the first centred on y.
func (d *drawer) evolvedHeaders(y float64) {
	d.evolvedHeader(y)
	if d.v.CentiTrack != nil {
		y += headRow
		d.centipedeRow(y)
	}
	if d.v.Reward != nil {
		y += headRow
		d.rewardRow(y)
	}
	if d.v.OldGuard > 0 {
		y += headRow
		d.oldGuardRow(y)
	}
}

// restName is a rest tile's name in the language: the game's catalog
// (moa.restname.<code>), else the Polish rulebook's name for Polish, else
// English.
func (x *texts) restName(r *march.RestTileView) string {
	if k := "moa.restname." + r.Code; x.has(k) {
		return x.t(k)
	}
	if x.lang == "pl" && r.PL != "" {
		return r.PL
	}
	return r.Name
}

// evolvedHeader draws the Evolved row centred on y: "Rest tiles:" and a
// plate per face-up tile (its code bold, then its name; the codes alone
// when the names do not fit), and at the right the Great Defender's
// holder, or the strength track during a battle.
func (d *drawer) evolvedHeader(y float64) {
	dc, v, tx := d.dc, d.v, d.tx
	right := Width - margin - 4
	if b := v.Battle; b != nil && (len(b.Strength) > 0 || len(b.Sides) > 0) {
		right = d.strengthTrack(b, y)
	} else if v.Defender != nil && *v.Defender >= 0 && *v.Defender < v.Players {
		right = d.defenderBadge(*v.Defender, y)
	}
	x := d.lead(tx.t("evo.rest"), margin+4, y, 8)
	if len(v.RestTiles) == 0 {
		d.setColor(render.Ink)
		d.aligned(tx.t("evo.rest.none"), x, y, 0)
		return
	}
	codeFace, nameFace := d.fs.Get(render.Bold, textMin), d.fs.Get(render.Regular, textMin)
	const pad, gap = 8.0, 6.0
	plate := func(r *march.RestTileView, named bool) (cw, nw float64) {
		d.setFace(codeFace)
		cw, _ = dc.MeasureString(r.Code)
		if named {
			d.setFace(nameFace)
			nw, _ = dc.MeasureString(tx.restName(r))
			nw += pad
		}
		return cw, nw
	}
	named := true
	total := x
	for i := range v.RestTiles {
		cw, nw := plate(&v.RestTiles[i], true)
		total += cw + nw + 2*pad + gap
	}
	if total > right {
		named = false // the codes alone: what players type
	}
	for i := range v.RestTiles {
		r := &v.RestTiles[i]
		cw, nw := plate(r, named)
		pw := cw + nw + 2*pad
		if x+pw > right {
			tx.clipped(r.Code)
			return
		}
		d.restPlate(r, x, y, cw, named)
		x += pw + gap
	}
}

// restPlate draws rest tile r's plate from x centred on y: its code (cw
// wide) and, when named, its name; the Great Defender's in highlight.
func (d *drawer) restPlate(r *march.RestTileView, x, y, cw float64, named bool) {
	const pad = 8.0
	dc := d.dc
	codeFace, nameFace := d.fs.Get(render.Bold, textMin), d.fs.Get(render.Regular, textMin)
	pw := cw + 2*pad
	if named {
		d.setFace(nameFace)
		nw, _ := dc.MeasureString(d.tx.restName(r))
		pw += nw + pad
	}
	h := textMin * 1.5
	dc.DrawRoundedRectangle(x, y-h/2, pw, h, h/2)
	d.setColor(restPlate)
	if r.Code == defenderCode {
		d.setColor(render.Highlight)
	}
	dc.Fill()
	d.setFace(codeFace)
	d.setColor(render.Ink)
	d.aligned(r.Code, x+pad, y, 0)
	if named {
		d.setFace(nameFace)
		d.aligned(d.tx.restName(r), x+pad+cw+pad, y, 0)
	}
}

// defenderCode is the Great Defender rest tile's code (MOAE-REST-8).
const defenderCode = "defender"

// restPlate is the fill of a face-up rest tile's plate.
const restPlate render.RGB = 0xE7DCC4

// defenderBadge draws "Great Defender: ◆ P2" ending at the right margin
// and returns its left edge.
func (d *drawer) defenderBadge(seat int, y float64) float64 {
	dc := d.dc
	st := render.Seat(seat)
	d.font(render.Bold, textMin)
	name := seatName(seat)
	nw, _ := dc.MeasureString(name)
	x := Width - margin - 4 - nw
	d.setColor(st.Dark)
	d.aligned(name, x, y, 0)
	x -= textMin + 4
	render.DrawMarker(dc, st.Marker, x+textMin/2, y, textMin, st.Color)
	d.font(render.Regular, textMin)
	label := d.tx.t("evo.defender")
	lw, _ := dc.MeasureString(label)
	x -= lw + 6
	d.setColor(render.Muted)
	d.aligned(label, x, y, 0)
	return x - 16
}

// strengthTrack draws the battle's strengths on a track of numbered
// cells, each side's value filled in its colour (MOAE-BATTLE-3,
// MOAE-CENT-4, -7), ending at the right margin; it returns its left edge.
func (d *drawer) strengthTrack(b *march.BattleView, y float64) float64 {
	dc := d.dc
	sides := d.trackSides(b)
	top := 12
	for _, s := range sides {
		top = max(top, s.Strength)
	}
	cell := d.cellWidth(top)
	x1 := Width - margin - 4
	x0 := x1 - cell*float64(top+1)
	d.font(render.Regular, textMin)
	label := d.tx.t("evo.strength")
	lw, _ := dc.MeasureString(label)
	d.setColor(render.Muted)
	d.aligned(label, x0-lw-8, y, 0)
	// A side's value is its cell filled in its colour (the centipede's in
	// danger red, the Old Guard's grey), so the track reads without
	// markers over the digits; sides on one value share the cell in
	// stripes.
	fill := map[int][]render.RGB{}
	for _, s := range sides {
		if s.Strength >= 0 {
			fill[s.Strength] = append(fill[s.Strength], d.sideColour(s.Seat))
		}
	}
	d.font(render.Bold, textMin)
	h := headRow - 6
	for k := 0; k <= top; k++ {
		cx := x0 + cell*float64(k)
		cs := fill[k]
		if len(cs) == 0 {
			cs = []render.RGB{render.Panel}
		}
		sw := (cell - 2) / float64(len(cs))
		for i, c := range cs {
			dc.DrawRectangle(cx+1+sw*float64(i), y-h/2, sw, h)
			d.setColor(c)
			dc.Fill()
		}
		d.setColor(render.Muted)
		if len(fill[k]) > 0 {
			d.setColor(render.Paper)
		}
		d.centered(strconv.Itoa(k), cx+cell/2, y)
	}
	return x0 - lw - 24
}

// cellWidth is the width of a track's cell that holds numbers up to top:
// two digits get room apart from their neighbours.
func (d *drawer) cellWidth(top int) float64 {
	d.font(render.Bold, textMin)
	w, _ := d.dc.MeasureString(strconv.Itoa(top))
	return max(textMin*1.25, w+6)
}

// trackSides is the battle's sides: the view's, or the 1st edition's
// defender and invader (the centipede when the invader is -1).
func (d *drawer) trackSides(b *march.BattleView) []march.SideView {
	if len(b.Sides) > 0 {
		return b.Sides
	}
	var out []march.SideView
	for i, v := range b.Strength {
		seat := []int{b.Defender, b.Invader}[min(i, 1)]
		if seat < 0 || seat >= d.v.Players {
			seat = march.SideCentipede
		}
		out = append(out, march.SideView{Seat: seat, Strength: v})
	}
	return out
}

// oldGuardFill is the Old Guard's colour: a neutral grey, none of the
// players' (its ants are of an unused colour, MOAE-2P-3).
const oldGuardFill render.RGB = 0x8C8577

// sideColour is the colour of a battle side.
func (d *drawer) sideColour(seat int) render.RGB {
	switch {
	case seat == march.SideOldGuard:
		return oldGuardFill
	case seat < 0 || seat >= d.v.Players:
		return render.Danger
	}
	return render.Seat(seat).Color
}

// sideName names a battle side as the battle line reads it: P2, the
// centipede, the Old Guard.
func (x *texts) sideName(seat int) string {
	switch seat {
	case march.SideOldGuard:
		return x.t("evo.oldguard.name")
	case march.SideCentipede:
		return x.t("evo.centi.name")
	}
	return seatName(seat)
}

// centipedeRow draws the centipede size track (MOAE-CENT-1..3): every
// space's strength, a gap between sections, the marker's space filled in
// the centipede's colour, then the reward for defeating a centipede now.
func (d *drawer) centipedeRow(y float64) {
	dc, tr := d.dc, d.v.CentiTrack
	right := Width - margin - 4
	x := d.lead(d.tx.t("evo.centi"), margin+4, y, 8)
	cell, h := d.cellWidth(slices.Max(tr.Strength)), headRow-6
	d.font(render.Bold, textMin)
	for i, st := range tr.Strength {
		if i > 0 && i < len(tr.Section) && tr.Section[i] != tr.Section[i-1] {
			x += 8 // a new section: its reward is printed at its top
		}
		dc.DrawRectangle(x+1, y-h/2, cell-2, h)
		d.setColor(render.Panel)
		if i == tr.At {
			d.setColor(centiFill)
		}
		dc.Fill()
		d.setColor(render.Muted)
		if i == tr.At {
			d.setColor(render.Paper)
		}
		d.centered(strconv.Itoa(st), x+cell/2, y)
		x += cell
	}
	if tr.At < 0 || tr.At >= len(tr.Section) || tr.Section[tr.At] >= len(tr.Rewards) {
		return
	}
	reward := tr.Rewards[tr.Section[tr.At]]
	gw := gainWidth(d, reward)
	d.font(render.Regular, textMin)
	d.setColor(render.Muted)
	lead := d.tx.t("evo.centi.reward")
	lw, _ := dc.MeasureString(lead)
	if x+16+lw+8+gw > right {
		d.tx.clipped(lead)
		return
	}
	x += 16
	d.aligned(lead, x, y, 0)
	d.gain(reward, x+lw+8, y)
}

// oldGuardRow draws "Old Guard: ● 2", the Old Guard's ants in the Great
// Tunnel (MOAE-2P-6), from the left on its own row: the size track and
// its reward fill the row above in every language.
func (d *drawer) oldGuardRow(y float64) {
	dc := d.dc
	x := d.lead(d.tx.t("evo.oldguard"), margin+4, y, 8)
	dc.DrawCircle(x+textMin/2, y, textMin/2)
	d.setColor(oldGuardFill)
	dc.Fill()
	d.font(render.Bold, textMid)
	d.setColor(render.Ink)
	d.aligned(strconv.Itoa(d.v.OldGuard), x+textMin+6, y, 0)
}

// rewardRow draws the reward tile in the Great Tunnel (MOAE-GT-9,
// MOAE-PREP-3): its level and the spoils of places 1 to 3, then how many
// reward tiles are left face down (the Epic game's extra one among them,
// MOAE-EPIC-2).
func (d *drawer) rewardRow(y float64) {
	dc, w := d.dc, d.v.Reward
	d.font(render.Regular, textMin)
	d.setColor(render.Muted)
	right := Width - margin - 4
	if w.Stack >= 0 { // a tile looked up alone (RewardIn) has no stack
		stack := d.tx.plural(w.Stack, "evo.reward.stack")
		sw, _ := dc.MeasureString(stack)
		d.aligned(stack, right-sw, y, 0)
		right -= sw + 16
	}
	x := d.lead(d.tx.f("evo.reward", "level", w.Level), margin+4, y, 10)
	for i, g := range w.Places {
		gw := gainWidth(d, g)
		d.font(render.Bold, textMin)
		d.setColor(render.Ink)
		place := d.tx.t("evo.place" + strconv.Itoa(i+1))
		pw, _ := dc.MeasureString(place)
		if x+pw+8+gw > right {
			d.tx.clipped(place)
			return
		}
		d.aligned(place, x, y, 0)
		x = d.gain(g, x+pw+8, y) + 18
	}
}

// gainIcons lists a gain's parts in the order a reward is read: colony
// points, food, larvae, cards.
func gainIcons(g march.Gain) []struct {
	n    int
	icon render.Icon
} {
	var out []struct {
		n    int
		icon render.Icon
	}
	for _, it := range []struct {
		n    int
		icon render.Icon
	}{{g.CP, cp}, {g.Food, food}, {g.Larvae, larva}, {g.Cards, cardBack}} {
		if it.n > 0 {
			out = append(out, it)
		}
	}
	return out
}

// gainSize is the icon size of a gain's parts.
const gainSize = textMin * 1.3

// gainWidth is the width gain draws a gain at.
func gainWidth(d *drawer, g march.Gain) float64 {
	d.font(render.Bold, textMin)
	w := 0.0
	for _, it := range gainIcons(g) {
		nw, _ := d.dc.MeasureString(strconv.Itoa(it.n))
		w += nw + 2 + gainSize + 6
	}
	return w
}

// gain draws a reward as counts beside the legend's icons ("3★ 1 food")
// from x and returns where it ends.
func (d *drawer) gain(g march.Gain, x, y float64) float64 {
	d.font(render.Bold, textMin)
	for _, it := range gainIcons(g) {
		s := strconv.Itoa(it.n)
		d.setColor(render.Ink)
		d.aligned(s, x, y, 0)
		nw, _ := d.dc.MeasureString(s)
		x += nw + 2
		it.icon(d.dc, x+gainSize/2, y, gainSize, 0)
		x += gainSize + 6
	}
	return x
}

// restTaken lists the rest tiles a Nest took this round for its status
// line: "Rest: r6 Morning Errand", or only the codes ("Rest: r12, r1")
// when it took several, so the line stays one line in every language.
func (d *drawer) restTaken(p *march.PanelView) []string {
	if len(p.RestTiles) == 0 {
		return nil
	}
	s := p.RestTiles[0].Code + " " + d.tx.restName(&p.RestTiles[0])
	if len(p.RestTiles) > 1 {
		s = p.RestTiles[0].Code
		for _, rt := range p.RestTiles[1:] {
			s += ", " + rt.Code
		}
	}
	return []string{d.tx.f("evo.taken", "tiles", s)}
}

// lead draws a row's muted label at x and returns where what it
// introduces starts, gap after it.
func (d *drawer) lead(label string, x, y, gap float64) float64 {
	d.font(render.Regular, textMin)
	d.setColor(render.Muted)
	d.aligned(label, x, y, 0)
	w, _ := d.dc.MeasureString(label)
	return x + w + gap
}
