package micropolis_test

import (
	"testing"

	mic "formica/engine/micropolis"
	"formica/internal/testscale"
	rmicropolis "formica/render/micropolis"
	"formica/render/rendertest"
)

// A late board as a phone shows it, scaled to 400 px wide: the golden is
// the scaled image (what a player sees), and every text the board draws,
// in all four languages, on the late six-player board and on a finished
// one with its score table, is measured at that scale. Each must be at
// least 8 px high (em), readable without zooming (the image keeps its full
// size for a player who zooms): player names, round, title, whose turn,
// the slot and row numbers players type, costs, the legend and the
// scores. The classes make sure the key texts are drawn at all.
func TestReadableAtPhoneWidth(t *testing.T) {
	testscale.SkipRace(t, "")
	r, err := rmicropolis.New()
	if err != nil {
		t.Fatal(err)
	}
	var ts rendertest.Texts
	rmicropolis.SetSeen(r, ts.Add)
	width := 0
	late, final := play(t, 6, "classic", 3, 60), play(t, 5, mic.Classic, 14, -1)
	for _, lang := range []string{"en", "ru", "uk", "pl"} {
		for i, v := range []mic.View{late, final} {
			if lang != "en" || i > 0 {
				// Measured by the texts drawn: no PNG to encode.
				img, err := r.ImageIn(lang, v)
				if err != nil {
					t.Fatal(err)
				}
				width = img.Bounds().Dx()
				continue
			}
			board, err := r.RenderIn(lang, v) // the PNG a player gets, for the phone golden
			if err != nil {
				t.Fatal(err)
			}
			width = rendertest.Width(t, board)
			phone, err := rendertest.Phone(board)
			if err != nil {
				t.Fatal(err)
			}
			rendertest.Golden(t, "late_phone", phone)
		}
	}
	ts.AllLegible(t, width, rendertest.PhoneMinPx, "")
	ts.Legible(t, width, rendertest.PhoneMinPx, map[string]string{
		"player": `^P[1-6]$`,
		"round":  `^Round \d+/\d+$`,
		"title":  `^Micropolis$`,
		"number": `^[0-9]+$`,
		"legend": `^(queen|nurse|architect|recruiter|centurion|worker|soldier|barracks|fig|gift)$`,
		"cost":   `^(free|[−+][0-9]+)$`,
		"score":  `^(Final score|Total)$`,
	})
}
