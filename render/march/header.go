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

// hasExtraLine reports whether the header has a third line (battle,
// revealed cards or the Centipede Horde).
func hasExtraLine(v *march.View) bool {
	return v.Battle != nil || len(v.Revealed) > 0 || v.Uprising != nil
}

// extraLine is the third header line: the battle being fought, the cards
// revealed, or the Centipede Horde; "" when there is none.
func (x *texts) extraLine(v *march.View) string {
	var parts []string
	if b := v.Battle; b != nil {
		hex, def := strconv.Itoa(b.Hex), seatName(b.Defender)
		switch {
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
		parts = append(parts, x.f("horde", "cp", strconv.Itoa(h.CP), "deck", strconv.Itoa(h.Deck), "difficulty", h.Difficulty))
	}
	return strings.Join(parts, " – ")
}

// header draws the title, round and phase, supplies, the active player
// marker, whose decision is awaited, and the battle line.
func (d *drawer) header() {
	dc, v := d.dc, d.v
	y := 16 + headRow/2
	tx := d.tx
	title, _ := render.Fit(d.fs, render.Bold, tx.t("title"), 360-margin-4-12, 26, 34)
	d.setFace(title)
	d.setColor(render.Ink)
	d.aligned(tx.t("title"), margin+4, y, 0)
	round := tx.f("round", "round", strconv.Itoa(v.Round), "rounds", strconv.Itoa(v.Rounds), "phase", tx.phaseName(v.Phase))
	if v.Phase == "setup" {
		round = tx.t("setup")
	}
	// The counters take about 420 px at the right.
	face, _ := render.Fit(d.fs, render.Bold, round, Width-margin-420-360, 24, 30)
	d.setFace(face)
	d.aligned(d.tx.ellipsize(face, round, Width-margin-420-360), 360, y, 0)

	// Right: hex stack, deck, food supply, centipede/wormhole counters.
	x := Width - margin - 4
	d.font(render.Bold, 28)
	for _, it := range []struct {
		icon render.Icon
		n    int
	}{{centipede, v.Counters}, {food, v.FoodSupply}, {cardBack, v.Deck}, {hexStack, v.HexStack}} {
		s := strconv.Itoa(it.n)
		w, _ := dc.MeasureString(s)
		d.setColor(render.Ink)
		d.aligned(s, x, y, 1)
		x -= w + 8
		size := 36.0
		if it.icon == nil {
			continue
		}
		it.icon(dc, x-size/2, y, size, 0)
		x -= size + 26
	}

	// Second line: the active player marker, then who must decide.
	y += headRow
	x = margin
	if v.Active >= 0 && v.Active < v.Players && v.Phase != "setup" && v.Phase != "over" && v.Result == nil {
		st := render.Seat(v.Active)
		d.font(render.Bold, 28)
		label := tx.f("active", "seat", seatName(v.Active))
		tw, _ := dc.MeasureString(label)
		w := 40 + 36 + 8 + tw + 16
		dc.DrawRoundedRectangle(x, y-22, w, 44, 22)
		d.setColor(render.Highlight)
		dc.Fill()
		if v.Marker == "moon" {
			moon(dc, x+24, y, 34, 0)
		} else {
			sun(dc, x+24, y, 38, 0)
		}
		render.DrawMarker(dc, st.Marker, x+60, y, 28, st.Color)
		d.setColor(render.Ink)
		d.aligned(label, x+82, y, 0)
		x += w + 20
	}
	if v.Result != nil || v.Phase == "over" {
		d.gameOver(x, y)
	} else {
		d.waiting(x, y)
	}
	if s := tx.extraLine(v); s != "" {
		y += headRow
		face, _ := render.Fit(d.fs, render.Bold, s, Width-2*margin-8, 20, 26)
		d.setFace(face)
		d.setColor(render.Ink)
		if v.Battle != nil {
			d.setColor(render.Danger)
		}
		d.aligned(d.tx.ellipsize(face, s, Width-2*margin-8), margin+4, y, 0)
	}
	if evolvedRow(v) {
		d.evolvedHeader(y + headRow)
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
	d.font(render.Regular, 26)
	d.setColor(render.Muted)
	waiting := d.tx.t("waiting")
	d.aligned(waiting, x, y, 0)
	w, _ := dc.MeasureString(waiting)
	x += w + 14
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
			render.DrawMarker(dc, st.Marker, x+13, y, 26, st.Color)
			d.font(render.Bold, 28)
			d.setColor(st.Dark)
			d.aligned(seatName(s), x+30, y, 0)
			w, _ := dc.MeasureString(seatName(s))
			x += 30 + w + 10
		}
		kind, sealed := strings.CutSuffix(g.kind, sealedMark)
		text := d.tx.promptText(kind)
		if sealed {
			text += " " + d.tx.t("sealed")
		}
		face := d.fs.Get(render.Regular, 26)
		d.setFace(face)
		d.setColor(render.Ink)
		text = d.tx.ellipsize(face, "— "+text, right-x)
		d.aligned(text, x, y, 0)
		tw, _ := dc.MeasureString(text)
		x += tw
		if x > right-120 {
			return
		}
	}
}

// gameOver names the winners with their colony points (MOA1-END).
func (d *drawer) gameOver(x, y float64) {
	dc, v := d.dc, d.v
	d.font(render.Bold, 28)
	d.setColor(render.Ink)
	tx := d.tx
	if v.Result == nil {
		d.aligned(tx.t("gameover"), x, y, 0)
		return
	}
	render.Crown(dc, x+18, y, 32, render.Gold)
	d.setColor(render.Ink)
	x += 44
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
			x += 30
		}
		st := render.Seat(s)
		render.DrawMarker(dc, st.Marker, x+13, y, 26, st.Color)
		d.setColor(st.Dark)
		d.aligned(seatName(s), x+30, y, 0)
		w, _ := dc.MeasureString(seatName(s))
		x += 30 + w + 6
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
