package march

import (
	"fmt"
	"strconv"
	"strings"

	"formica/engine/march"
	"formica/render"
)

// seatName is how the board names a player: what players type (p1..p5),
// capitalised as in the other games' boards.
func seatName(seat int) string { return "P" + strconv.Itoa(seat+1) }

// msg returns the English text of a message key, or "" if it has none.
func msg(key string) string { return march.Messages["en"][key] }

// phaseName is the display name of a phase.
func phaseName(p string) string {
	if s := msg("moa.phase." + p); s != "" {
		return s + " phase"
	}
	switch p {
	case "over":
		return "final scores"
	case "setup":
		return "setup"
	}
	return p
}

// promptText says what a pending prompt asks, short enough for the header:
// card prompts are "Name: text" in the catalog, of which the name is kept.
func promptText(kind string) string {
	s := msg("moa.prompt." + kind)
	if s == "" {
		return kind
	}
	s = strings.TrimPrefix(s, "Your turn: ") // the board speaks to everyone
	if strings.HasPrefix(kind, "card.") || strings.HasPrefix(kind, "head.") || strings.HasPrefix(kind, "abdomen.") {
		if i := strings.Index(s, ":"); i > 0 {
			return s[:i]
		}
	}
	return s
}

// extraLine is the third header line: the battle being fought, the cards
// revealed, or the Centipede Horde; "" when there is none.
func extraLine(v *march.View) string {
	var parts []string
	if b := v.Battle; b != nil {
		switch {
		case b.Centipede || b.Invader < 0:
			s := fmt.Sprintf("Centipede battle on hex %d against %s", b.Hex, seatName(b.Defender))
			if len(b.Strength) > 0 {
				s += fmt.Sprintf(" (strength %d)", b.Strength[0])
			}
			parts = append(parts, s)
		default:
			s := fmt.Sprintf("Battle on hex %d: %s defends", b.Hex, seatName(b.Defender))
			if len(b.Strength) > 1 {
				s += fmt.Sprintf(" (strength %d) against %s (strength %d)", b.Strength[0], seatName(b.Invader), b.Strength[1])
			} else {
				s += " against " + seatName(b.Invader)
			}
			parts = append(parts, s)
		}
	}
	if len(v.Revealed) > 0 {
		var names []string
		for _, c := range v.Revealed {
			names = append(names, fmt.Sprintf("%s (ferocity %d)", c.Name, c.Ferocity))
		}
		parts = append(parts, "Revealed: "+strings.Join(names, ", "))
	}
	if h := v.Uprising; h != nil {
		parts = append(parts, fmt.Sprintf("Centipede Horde: %d CP, %d cards left (%s)", h.CP, h.Deck, h.Difficulty))
	}
	return strings.Join(parts, " – ")
}

// header draws the title, round and phase, supplies, the active player
// marker, whose decision is awaited, and the battle line.
func (d *drawer) header() {
	dc, v := d.dc, d.v
	y := 16 + headRow/2
	d.font(render.Bold, 34)
	d.setColor(render.Ink)
	d.aligned("March of the Ants", margin+4, y, 0)
	d.font(render.Bold, 30)
	round := fmt.Sprintf("Round %d of %d – %s", v.Round, v.Rounds, phaseName(v.Phase))
	if v.Phase == "setup" {
		round = "Setup"
	}
	d.aligned(round, 360, y, 0)

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
		label := seatName(v.Active) + " active"
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
	if s := extraLine(v); s != "" {
		y += headRow
		face, _ := render.Fit(d.fs, render.Bold, s, Width-2*margin-8, 20, 26)
		d.setFace(face)
		d.setColor(render.Ink)
		if v.Battle != nil {
			d.setColor(render.Danger)
		}
		d.aligned(render.Ellipsize(face, s, Width-2*margin-8), margin+4, y, 0)
	}
}

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
			k += " (sealed)"
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
	d.aligned("Waiting for", x, y, 0)
	w, _ := dc.MeasureString("Waiting for")
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
		kind, sealed := strings.CutSuffix(g.kind, " (sealed)")
		text := promptText(kind)
		if sealed {
			text += " (sealed)"
		}
		face := d.fs.Get(render.Regular, 26)
		d.setFace(face)
		d.setColor(render.Ink)
		text = render.Ellipsize(face, "— "+text, right-x)
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
	if v.Result == nil {
		d.aligned("Game over", x, y, 0)
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
	label := "Game over — "
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
	verb := "wins"
	if len(win) > 1 {
		verb = "share the win"
	}
	if len(win) > 0 && win[0] < len(v.Result.Scores) {
		verb += fmt.Sprintf(" with %d CP", v.Result.Scores[win[0]])
	}
	d.aligned(verb, x, y, 0)
}
