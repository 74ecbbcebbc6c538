package march

import (
	"strconv"

	"formica/engine/march"
	"formica/render"
)

// The Evolved rule set's own parts of the board (rules reference §5.7,
// §6.2, §6.3): the rest tiles face up this round with the code players
// type after "rest", the holder of the Great Defender, each Nest's rest
// tiles taken this round, and the strength track while a battle is on.
// The centipede size track, the reward tile and the Old Guard need values
// the view does not carry yet; they are drawn when it does.

// evolvedRow reports whether the header has the Evolved row.
func evolvedRow(v *march.View) bool {
	return v.RuleSet == "evolved" && v.Result == nil && v.Phase != "over" && v.Phase != "setup"
}

// restName is a rest tile's name in the language: the board's catalog
// (rest.<code>), else the Polish rulebook's name for Polish, else English.
func (x *texts) restName(r *march.RestTileView) string {
	if k := "rest." + r.Code; x.has(k) {
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
	if b := v.Battle; b != nil && len(b.Strength) > 0 {
		right = d.strengthTrack(b, y)
	} else if v.Defender != nil && *v.Defender >= 0 && *v.Defender < v.Players {
		right = d.defenderBadge(*v.Defender, y)
	}
	x := margin + 4
	d.font(render.Regular, textMin)
	d.setColor(render.Muted)
	lead := tx.t("evo.rest")
	d.aligned(lead, x, y, 0)
	w, _ := dc.MeasureString(lead)
	x += w + 8
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
	h := textMin * 1.5
	for i := range v.RestTiles {
		r := &v.RestTiles[i]
		cw, nw := plate(r, named)
		pw := cw + nw + 2*pad
		if x+pw > right {
			tx.clipped(r.Code)
			return
		}
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
			d.aligned(tx.restName(r), x+pad+cw+pad, y, 0)
		}
		x += pw + gap
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
// cells, each side's marker above its value (MOAE-BATTLE-3, MOAE-CENT-7),
// ending at the right margin; it returns its left edge.
func (d *drawer) strengthTrack(b *march.BattleView, y float64) float64 {
	dc := d.dc
	top := 12
	for _, s := range b.Strength {
		top = max(top, s)
	}
	cell := textMin * 1.25
	x1 := Width - margin - 4
	x0 := x1 - cell*float64(top+1)
	d.font(render.Regular, textMin)
	label := d.tx.t("evo.strength")
	lw, _ := dc.MeasureString(label)
	d.setColor(render.Muted)
	d.aligned(label, x0-lw-8, y, 0)
	// A side's value is its cell filled in its colour (the centipede's in
	// danger red), so the track reads without markers over the digits.
	fill := map[int]render.RGB{}
	seats := []int{b.Defender, b.Invader}
	for i, v := range b.Strength {
		if i >= len(seats) || v < 0 {
			continue
		}
		if seats[i] < 0 || seats[i] >= d.v.Players {
			fill[v] = render.Danger
		} else {
			fill[v] = render.Seat(seats[i]).Color
		}
	}
	d.font(render.Bold, textMin)
	h := headRow - 6
	for k := 0; k <= top; k++ {
		cx := x0 + cell*float64(k)
		dc.DrawRectangle(cx+1, y-h/2, cell-2, h)
		c, on := fill[k]
		if !on {
			c = render.Panel
		}
		d.setColor(c)
		dc.Fill()
		d.setColor(render.Muted)
		if on {
			d.setColor(render.Paper)
		}
		d.centered(strconv.Itoa(k), cx+cell/2, y)
	}
	return x0 - lw - 24
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
