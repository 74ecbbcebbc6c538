package funants_test

import (
	"testing"

	rfunants "formica/render/funants"
	"formica/render/rendertest"
)

// A late board as a phone shows it, 1200 px scaled to 400 px wide: the
// golden is the scaled image (what a player sees) and the texts the board
// draws are measured at that scale. Headline texts (player rows, whose turn) must be at
// least 7 px high (em) there (14 device pixels on a 2x phone screen); the labels players type, cell names, the player info and the legend, at least
// 5 px: readable on a phone's dense screen, and sharp when the player zooms
// in (the image keeps its full 1200 px).
func TestReadableAtPhoneWidth(t *testing.T) {
	r, err := rfunants.New()
	if err != nil {
		t.Fatal(err)
	}
	var ts rendertest.Texts
	rfunants.SetSeen(r, ts.Add)
	board, err := r.RenderIn("en", late(t))
	if err != nil {
		t.Fatal(err)
	}
	phone, err := rendertest.Phone(board)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Golden(t, "late_phone", phone)
	ts.Legible(t, 1200, 7, map[string]string{
		"player": `^P[1-4] (NW|NE|SE|SW)$`,
		"turn":   `^(Turn|Battle|Game over)`,
	})
	ts.Legible(t, 1200, 5, map[string]string{
		"cell":   `^[a-g][1-7]$`,
		"info":   `^levels `,
		"legend": `^(worker \(w\)|soldier \(s\)|ambush|tunnel entrance|cake cell|centre cell)$`,
	})
}
