package march_test

import (
	"testing"

	"formica/engine/march"
	rmarch "formica/render/march"
	"formica/render/rendertest"
)

// A late five-player board as a phone shows it, scaled to 400 px wide: the
// golden is the scaled image (what a player sees), and every text the
// board draws, in all four languages, on the late board and on a finished
// one, is measured at that scale. Each must be at least 8 px high (em),
// readable without zooming (the image keeps its full size for a player who
// zooms): player names, round and phase, whose turn, hex numbers and
// names, sites, edge and card codes, card names, scores and counters and
// the legend. The classes make sure the key texts are drawn at all.
func TestReadableAtPhoneWidth(t *testing.T) {
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	var ts rendertest.Texts
	rmarch.SetSeen(r, ts.Add)
	late, final := spectator(play(t, 5, 4, 300, nil)), spectator(play(t, 5, 4, -1, nil))
	width := 0
	for _, lang := range []string{"en", "ru", "uk", "pl"} {
		for i, v := range []march.View{late, final} {
			board, err := r.RenderIn(lang, v)
			if err != nil {
				t.Fatal(err)
			}
			width = rendertest.Width(t, board)
			if lang != "en" || i > 0 {
				continue
			}
			phone, err := rendertest.Phone(board)
			if err != nil {
				t.Fatal(err)
			}
			rendertest.Golden(t, "late_phone", phone)
		}
	}
	ts.AllLegible(t, width, rendertest.PhoneMinPx, "")
	ts.Legible(t, width, rendertest.PhoneMinPx, map[string]string{
		"player":   `^P[1-5]$`,
		"round":    `^Round `,
		"score":    `^[0-9]{1,2}$`,
		"site":     `^s[1-4]$`,
		"edge":     `^(e|ne|nw|w|sw|se)$`,
		"card":     `^c[0-9]+$`,
		"hex name": `^(Great Tunnel|Aphid Farm|Stump)$`,
		"legend":   `^(food|larva|card|wormhole|contested|starting hex)$`,
	})
}
