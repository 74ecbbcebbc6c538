package myrmes_test

import (
	"testing"

	rmyrmes "formica/render/myrmes"
	"formica/render/rendertest"
)

// A late board as a phone shows it, 1080 px scaled to 400 px wide: the
// golden is the scaled image (what a player sees) and the texts the board
// draws are measured at that scale. Headline texts (player names, year, season and phase) must be at
// least 7 px high (em) there (14 device pixels on a 2x phone screen); the labels players type, garden labels, the legend and the player lines, at least
// 5 px: readable on a phone's dense screen, and sharp when the player zooms
// in (the image keeps its full 1080 px).
func TestReadableAtPhoneWidth(t *testing.T) {
	r, err := rmyrmes.New()
	if err != nil {
		t.Fatal(err)
	}
	var ts rendertest.Texts
	rmyrmes.SetSeen(r, ts.Add)
	board, err := r.RenderIn("en", late(t, 4))
	if err != nil {
		t.Fatal(err)
	}
	phone, err := rendertest.Phone(board)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Golden(t, "late_phone", phone)
	ts.Legible(t, 1080, 7, map[string]string{
		"player": `^P[1-4]$`,
		"season": `^Year [0-9]+ · `,
	})
	ts.Legible(t, 1080, 5, map[string]string{
		"cell":   `^[a-l][1-9]$`,
		"legend": `^(water|stone|earth|food|mushroom|tunnel exit)$`,
		"stock":  `^larvae [0-9]+ · workers`,
	})
}
