package micropolis_test

import (
	"testing"

	rmicropolis "formica/render/micropolis"
	"formica/render/rendertest"
)

// A late board as a phone shows it, 1400 px scaled to 400 px wide: the
// golden is the scaled image (what a player sees) and the texts the board
// draws are measured at that scale. Headline texts (player names, round, title) must be at
// least 7 px high (em) there (14 device pixels on a 2x phone screen); the labels players type, slot and position numbers, scores, the legend and costs, at least
// 5 px: readable on a phone's dense screen, and sharp when the player zooms
// in (the image keeps its full 1400 px).
func TestReadableAtPhoneWidth(t *testing.T) {
	r, err := rmicropolis.New()
	if err != nil {
		t.Fatal(err)
	}
	var ts rendertest.Texts
	rmicropolis.SetSeen(r, ts.Add)
	board, err := r.RenderIn("en", play(t, 6, "classic", 3, 60))
	if err != nil {
		t.Fatal(err)
	}
	phone, err := rendertest.Phone(board)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Golden(t, "late_phone", phone)
	ts.Legible(t, 1400, 7, map[string]string{
		"player": `^P[1-6]$`,
		"round":  `^Round \d+/\d+$`,
		"title":  `^Micropolis$`,
	})
	ts.Legible(t, 1400, 5, map[string]string{
		"number": `^[0-9]+$`,
		"legend": `^(queen|nurse|architect|recruiter|centurion|worker|soldier|barracks|fig|gift)$`,
		"cost":   `^(free|[−+][0-9]+)$`,
	})
}
