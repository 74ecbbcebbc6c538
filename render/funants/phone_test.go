package funants_test

import (
	"testing"

	"formica/internal/testscale"
	rfunants "formica/render/funants"
	"formica/render/rendertest"
)

// A late board as a phone shows it, scaled to 400 px wide: the golden is
// the scaled image (what a player sees), and every text the board draws,
// in all four languages, is measured at that scale. Each must be at least
// 8 px high (em), readable without zooming (the image keeps its full size
// for a player who zooms): player rows, whose turn, the cell names players
// type, the player info, the deck line and the legend. The classes make
// sure the key texts are drawn at all.
func TestReadableAtPhoneWidth(t *testing.T) {
	testscale.SkipRace(t, "")
	r, err := rfunants.New()
	if err != nil {
		t.Fatal(err)
	}
	v := late(t)
	var ts rendertest.Texts
	rfunants.SetSeen(r, ts.Add)
	width := 0
	for _, lang := range []string{"en", "ru", "uk", "pl"} {
		if lang != "en" {
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
	ts.AllLegible(t, width, rendertest.PhoneMinPx, "")
	ts.Legible(t, width, rendertest.PhoneMinPx, map[string]string{
		"player": `^P[1-4] (NW|NE|SE|SW)$`,
		"turn":   `^(Turn|Battle|Game over)`,
		"cell":   `^[a-g][1-7]$`,
		"info":   `^levels `,
		"legend": `^(worker \(w\)|soldier \(s\)|ambush|tunnel entrance|cake cell|centre cell)$`,
	})
}
