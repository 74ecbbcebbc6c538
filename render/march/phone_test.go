package march_test

import (
	"testing"

	rmarch "formica/render/march"
	"formica/render/rendertest"
)

// A late board as a phone shows it, 1500 px scaled to 400 px wide: the
// golden is the scaled image (what a player sees) and the texts the board
// draws are measured at that scale. Headline texts (player names, round and phase) must be at
// least 7 px high (em) there (14 device pixels on a 2x phone screen); the labels players type, hex numbers, sites, edge and card codes, hex names, scores and counters and the legend, at least
// 5 px: readable on a phone's dense screen, and sharp when the player zooms
// in (the image keeps its full 1500 px).
func TestReadableAtPhoneWidth(t *testing.T) {
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	var ts rendertest.Texts
	rmarch.SetSeen(r, ts.Add)
	board, err := r.RenderIn("en", spectator(play(t, 5, 4, 300, nil)))
	if err != nil {
		t.Fatal(err)
	}
	phone, err := rendertest.Phone(board)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Golden(t, "late_phone", phone)
	ts.Legible(t, 1500, 7, map[string]string{
		"player": `^P[1-5]$`,
		"round":  `^Round `,
		"score":  `^[0-9]{2}$`,
	})
	ts.Legible(t, 1500, 5, map[string]string{
		"site":     `^s[1-4]$`,
		"edge":     `^(e|ne|nw|w|sw|se)$`,
		"card":     `^c[0-9]+$`,
		"hex name": `^(Great Tunnel|Aphid Farm|Stump)$`,
		"legend":   `^(food|larva|card|wormhole|contested|starting hex)$`,
	})
}
