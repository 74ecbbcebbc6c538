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
// plate per face-up tile (its code bold, then its name), and at the right
// the Great Defender's holder, or the strength track during a battle.
func (d *drawer) evolvedHeader(y float64) {
	dc, v, tx := d.dc, d.v, d.tx
	right := Width - margin - 4
	if b := v.Battle; b != nil && len(b.Strength) > 0 {
		right = d.strengthTrack(b, y)
	} else if v.Defender != nil && *v.Defender >= 0 && *v.Defender < v.Players {
		right = d.defenderBadge(*v.Defender, y)
	}
	x := margin + 4
	d.font(render.Regular, 24)
	d.setColor(render.Muted)
	lead := tx.t("evo.rest")
	d.aligned(lead, x, y, 0)
	w, _ := dc.MeasureString(lead)
	x += w + 12
	if len(v.RestTiles) == 0 {
		d.setColor(render.Ink)
		d.aligned(tx.t("evo.rest.none"), x, y, 0)
		return
	}
	for i := range v.RestTiles {
		r := &v.RestTiles[i]
		d.font(render.Bold, 24)
		cw, _ := dc.MeasureString(r.Code)
		name := r.Code
		nameFace := d.fs.Get(render.Regular, 22)
		d.setFace(nameFace)
		room := right - 16 - x - cw - 30
		if room < 40 {
			tx.clipped(tx.restName(r))
			return
		}
		name = tx.ellipsize(nameFace, tx.restName(r), room)
		nw, _ := dc.MeasureString(name)
		pw := cw + nw + 30
		dc.DrawRoundedRectangle(x, y-19, pw, 38, 19)
		d.setColor(restPlate)
		if r.Code == defenderCode {
			d.setColor(render.Highlight)
		}
		dc.Fill()
		d.font(render.Bold, 24)
		d.setColor(render.Ink)
		d.aligned(r.Code, x+10, y, 0)
		d.setFace(nameFace)
		d.aligned(name, x+20+cw, y, 0)
		x += pw + 10
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
	d.font(render.Bold, 24)
	name := seatName(seat)
	nw, _ := dc.MeasureString(name)
	x := Width - margin - 4 - nw
	d.setColor(st.Dark)
	d.aligned(name, x, y, 0)
	x -= 30
	render.DrawMarker(dc, st.Marker, x+13, y, 26, st.Color)
	d.font(render.Regular, 24)
	label := d.tx.t("evo.defender")
	lw, _ := dc.MeasureString(label)
	x -= lw + 6
	d.setColor(render.Muted)
	d.aligned(label, x, y, 0)
	return x - 20
}

// strengthTrack draws the battle's strengths on a track of numbered
// cells, each side's marker on its value (MOAE-BATTLE-3, MOAE-CENT-7),
// ending at the right margin; it returns its left edge.
func (d *drawer) strengthTrack(b *march.BattleView, y float64) float64 {
	dc := d.dc
	top := 12
	for _, s := range b.Strength {
		top = max(top, s)
	}
	const cell = 30.0
	x1 := Width - margin - 4
	x0 := x1 - cell*float64(top+1)
	d.font(render.Regular, 24)
	label := d.tx.t("evo.strength")
	lw, _ := dc.MeasureString(label)
	d.setColor(render.Muted)
	d.aligned(label, x0-lw-10, y, 0)
	d.font(render.Bold, 17)
	for k := 0; k <= top; k++ {
		cx := x0 + cell*float64(k)
		dc.DrawRectangle(cx+1, y-17, cell-2, 34)
		d.setColor(render.Panel)
		dc.Fill()
		d.setColor(render.Muted)
		d.centered(strconv.Itoa(k), cx+cell/2, y+9)
	}
	seats := []int{b.Defender, b.Invader}
	for i, s := range b.Strength {
		if i >= len(seats) || s < 0 {
			continue
		}
		cx := x0 + cell*(float64(s)+0.5)
		if seats[i] < 0 || seats[i] >= d.v.Players { // the centipede
			centipede(dc, cx, y-6, 24, 0)
			continue
		}
		st := render.Seat(seats[i])
		render.DrawMarker(dc, st.Marker, cx, y-7, 18, st.Color)
	}
	return x0 - lw - 30
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
