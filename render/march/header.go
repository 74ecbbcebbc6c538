package march

import (
	"strconv"
	"strings"

	"formica/engine/march"
	"formica/render"
)

// seatName is how the board names a player: what players type (p1..p5),
// capitalised as in the other games' boards.
func seatName(seat int) string { return "P" + strconv.Itoa(seat+1) }

// phaseName is the display name of a phase, as it reads after "Round 2 of
// 4 – ".
func (x *texts) phaseName(p string) string {
	if x.has("phase." + p) {
		return x.t("phase." + p)
	}
	return p
}

// promptText says what a pending prompt asks, short enough for the header:
// card prompts are "Name: text" in the catalog, of which the name is kept.
func (x *texts) promptText(kind string) string {
	s := x.msg("moa.prompt." + kind)
	if s == "" {
		return kind
	}
	// The board speaks to everyone: drop "Your turn: " (the catalog's
	// English when the language has no prompt text).
	s = strings.TrimPrefix(s, x.t("yourturn"))
	s = strings.TrimPrefix(s, x.b.T("en", "yourturn", nil))
	if strings.HasPrefix(kind, "card.") || strings.HasPrefix(kind, "head.") || strings.HasPrefix(kind, "abdomen.") {
		if i := strings.Index(s, ":"); i > 0 {
			return s[:i]
		}
	}
	return s
}

// maxExtraLines caps the header's extra lines; what does not fit is
// shortened.
const maxExtraLines = 2

// extraLines is the extra header line (battle, revealed cards, Centipede
// Horde) wrapped to the board's width at the phone size: none, one or two
// lines.
func extraLines(fs *render.Faces, tx *texts, v *march.View) []string {
	s := tx.extraLine(v)
	if s == "" {
		return nil
	}
	lines := render.Wrap(fs.Get(render.Bold, textMin), s, Width-2*margin-8)
	if len(lines) > maxExtraLines {
		lines = append(lines[:maxExtraLines-1], strings.Join(lines[maxExtraLines-1:], " "))
	}
	return lines
}

// extraLine is the third header line: the battle being fought, the cards
// revealed, or the Centipede Horde; "" when there is none.
func (x *texts) extraLine(v *march.View) string {
	var parts []string
	if b := v.Battle; b != nil {
		hex, def := strconv.Itoa(b.Hex), seatName(b.Defender)
		switch {
		case len(b.Sides) > 0 && !b.Centipede: // Evolved: every colony in one battle
			var sides []string
			for _, sd := range b.Sides {
				sides = append(sides, x.sideName(sd.Seat)+" "+strconv.Itoa(sd.Strength))
			}
			key := "battle.sides"
			if b.Hex == 0 {
				key = "battle.gt.sides"
			}
			parts = append(parts, x.f(key, "hex", hex, "sides", strings.Join(sides, ", ")))
		case b.Centipede || b.Invader < 0:
			if len(b.Strength) > 0 {
				parts = append(parts, x.f("battle.centi.str", "hex", hex, "def", def, "ds", strconv.Itoa(b.Strength[0])))
			} else {
				parts = append(parts, x.f("battle.centi", "hex", hex, "def", def))
			}
		case len(b.Strength) > 1:
			parts = append(parts, x.f("battle.str", "hex", hex, "def", def, "ds", strconv.Itoa(b.Strength[0]),
				"inv", seatName(b.Invader), "is", strconv.Itoa(b.Strength[1])))
		default:
			parts = append(parts, x.f("battle", "hex", hex, "def", def, "inv", seatName(b.Invader)))
		}
	}
	if len(v.Revealed) > 0 {
		var names []string
		for i := range v.Revealed {
			c := &v.Revealed[i]
			names = append(names, x.f("revealed.card", "name", x.cardName(c), "n", strconv.Itoa(c.Ferocity)))
		}
		parts = append(parts, x.f("revealed", "cards", strings.Join(names, ", ")))
	}
	if h := v.Uprising; h != nil {
		parts = append(parts, x.f("horde", "cp", strconv.Itoa(h.CP), "deck", strconv.Itoa(h.Deck), "difficulty", x.name("level.", h.Difficulty)))
	}
	return strings.Join(parts, " – ")
}

// header draws the title and supplies, the round and phase, the active
// player marker and whose decision is awaited, and the battle line: one
// line each, so each has the board's width at the phone size.
func (d *drawer) header() {
	dc, v := d.dc, d.v
	y := 12 + headRow/2
	tx := d.tx

	// Right: hex stack, deck, food supply, centipede/wormhole counters.
	x := Width - margin - 4
	d.font(render.Bold, textMid)
	for _, it := range []struct {
		icon render.Icon
		n    int
	}{{centipede, v.Counters}, {food, v.FoodSupply}, {cardBack, v.Deck}, {hexStack, v.HexStack}} {
		s := strconv.Itoa(it.n)
		w, _ := dc.MeasureString(s)
		d.setColor(render.Ink)
		d.aligned(s, x, y, 1)
		x -= w + 6
		size := 30.0
		if it.icon == nil {
			continue
		}
		it.icon(dc, x-size/2, y, size, 0)
		x -= size + 18
	}
	room := x - 12 - (margin + 4)
	title, _ := render.Fit(d.fs, render.Bold, tx.t("title"), room, textMin, textHead+2)
	d.setFace(title)
	d.setColor(render.Ink)
	d.aligned(d.tx.ellipsize(title, tx.t("title"), room), margin+4, y, 0)

	// Second line: round and phase.
	y += headRow
	round := tx.f("round", "round", strconv.Itoa(v.Round), "rounds", strconv.Itoa(v.Rounds), "phase", tx.phaseName(v.Phase))
	if v.Phase == "setup" {
		round = tx.t("setup")
	}
	face, _ := render.Fit(d.fs, render.Bold, round, Width-2*margin-8, textMin, textMid)
	d.setFace(face)
	d.aligned(d.tx.ellipsize(face, round, Width-2*margin-8), margin+4, y, 0)

	// Third line: the active player marker, then who must decide.
	y += headRow
	x = margin
	if v.Active >= 0 && v.Active < v.Players && v.Phase != "setup" && v.Phase != "over" && v.Result == nil {
		st := render.Seat(v.Active)
		d.font(render.Bold, textMid)
		label := tx.f("active", "seat", seatName(v.Active))
		tw, _ := dc.MeasureString(label)
		w := 34 + 28 + 6 + tw + 14
		dc.DrawRoundedRectangle(x, y-18, w, 36, 18)
		d.setColor(render.Highlight)
		dc.Fill()
		if v.Marker == "moon" {
			moon(dc, x+20, y, 28, 0)
		} else {
			sun(dc, x+20, y, 32, 0)
		}
		render.DrawMarker(dc, st.Marker, x+50, y, 22, st.Color)
		d.setColor(render.Ink)
		d.aligned(label, x+68, y, 0)
		x += w + 14
	}
	if v.Result != nil || v.Phase == "over" {
		d.gameOver(x, y)
	} else {
		d.waiting(x, y)
	}
	for _, s := range extraLines(d.fs, tx, v) {
		y += headRow
		face := d.fs.Get(render.Bold, textMin)
		d.setFace(face)
		d.setColor(render.Ink)
		if v.Battle != nil {
			d.setColor(render.Danger)
		}
		d.aligned(d.tx.ellipsize(face, s, Width-2*margin-8), margin+4, y, 0)
	}
	if evolvedRow(v) {
		d.evolvedHeaders(y + headRow)
	}
}

// sealedMark tags a sealed prompt's kind while grouping (kinds are
// lowercase codes, so it cannot clash).
const sealedMark = " (sealed)"

// waiting lists the pending prompts, grouped by kind: "P2 P4: Royal
// Decree: 2 food or larvae".
func (d *drawer) waiting(x, y float64) {
	dc, v := d.dc, d.v
	type group struct {
		kind  string
		seats []int
	}
	var groups []group
	for _, p := range v.Pending {
		k := p.Kind
		if p.Secret {
			k += sealedMark
		}
		found := false
		for i := range groups {
			if groups[i].kind == k {
				groups[i].seats = append(groups[i].seats, p.Seat)
				found = true
			}
		}
		if !found {
			groups = append(groups, group{k, []int{p.Seat}})
		}
	}
	if len(groups) == 0 {
		return
	}
	x = d.lead(d.tx.t("waiting"), x, y, 10)
	right := Width - margin
	for gi, g := range groups {
		if gi > 0 {
			x += 18
		}
		for _, s := range g.seats {
			if s < 0 || s >= v.Players {
				continue
			}
			st := render.Seat(s)
			render.DrawMarker(dc, st.Marker, x+11, y, 22, st.Color)
			d.font(render.Bold, textMid)
			d.setColor(st.Dark)
			d.aligned(seatName(s), x+26, y, 0)
			w, _ := dc.MeasureString(seatName(s))
			x += 26 + w + 8
		}
		kind, sealed := strings.CutSuffix(g.kind, sealedMark)
		text := d.tx.promptText(kind)
		if sealed {
			text += " " + d.tx.t("sealed")
		}
		face := d.fs.Get(render.Regular, textMin)
		d.setFace(face)
		d.setColor(render.Ink)
		text = d.tx.ellipsize(face, "— "+text, right-x)
		d.aligned(text, x, y, 0)
		tw, _ := dc.MeasureString(text)
		x += tw
		if x > right-100 {
			return
		}
	}
}

// gameOver names the winners with their colony points (MOA1-END).
func (d *drawer) gameOver(x, y float64) {
	dc, v := d.dc, d.v
	d.font(render.Bold, textMid)
	d.setColor(render.Ink)
	tx := d.tx
	if v.Result == nil {
		d.aligned(tx.t("gameover"), x, y, 0)
		return
	}
	render.Crown(dc, x+16, y, 28, render.Gold)
	d.setColor(render.Ink)
	x += 38
	if v.Uprising != nil {
		// Uprising and Rise rank every colony alike: all first when they
		// win together, all second when the Horde wins (MOA1-SOLO-12,
		// RISE-12), so there is no seat to name.
		key := "gameover.horde"
		for _, r := range v.Result.Rank {
			if r == 1 {
				key = "gameover.colonies"
			}
		}
		s := tx.t("gameover") + " — " + tx.t(key)
		d.aligned(d.tx.ellipsize(d.face, s, Width-margin-x), x, y, 0)
		return
	}
	var win []int
	for s, r := range v.Result.Rank {
		if r == 1 {
			win = append(win, s)
		}
	}
	label := tx.t("gameover") + " — "
	d.aligned(label, x, y, 0)
	w, _ := dc.MeasureString(label)
	x += w
	for i, s := range win {
		if i > 0 {
			d.aligned("&", x+4, y, 0)
			x += 26
		}
		st := render.Seat(s)
		render.DrawMarker(dc, st.Marker, x+11, y, 22, st.Color)
		d.setColor(st.Dark)
		d.aligned(seatName(s), x+26, y, 0)
		w, _ := dc.MeasureString(seatName(s))
		x += 26 + w + 6
		d.setColor(render.Ink)
	}
	key := "win"
	if len(win) > 1 {
		key = "share"
	}
	verb := tx.t(key)
	if len(win) > 0 && win[0] < len(v.Result.Scores) {
		verb = tx.f(key+".cp", "cp", strconv.Itoa(v.Result.Scores[win[0]]))
	}
	d.aligned(d.tx.ellipsize(d.face, verb, Width-margin-x), x, y, 0)
}
