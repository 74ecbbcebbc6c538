package myrmes_test

import (
	"testing"

	"formica/internal/testscale"
	rmyrmes "formica/render/myrmes"
	"formica/render/rendertest"
)

// A late board as a phone shows it, scaled to 400 px wide: the golden is
// the scaled image (what a player sees), and every text the board draws,
// in all four languages, is measured at that scale. Each must be at least
// 8 px high (em), readable without zooming (the image keeps its full size
// for a player who zooms): player names, year, season and phase, the
// garden's cell labels players type, the season dice, objectives, the
// legend and the player lines, and the chosen shape's placement maps with
// the codes to type (MYR-PHER-3). The classes make sure the key texts are
// drawn at all.
func TestReadableAtPhoneWidth(t *testing.T) {
	testscale.SkipRace(t, "")
	r, err := rmyrmes.New()
	if err != nil {
		t.Fatal(err)
	}
	v := late(t, 4)
	preview := previewLine4(t)
	var ts rendertest.Texts
	rmyrmes.SetSeen(r, ts.Add)
	width := 0
	for _, lang := range []string{"en", "ru", "uk", "pl"} {
		// Measured by the texts drawn (no PNG to encode), but for the
		// English board a phone golden is made of.
		img, err := r.Image(lang, v)
		if err != nil {
			t.Fatal(err)
		}
		width = img.Bounds().Dx()
		pb, err := r.Image(lang, preview)
		if err != nil {
			t.Fatal(err)
		}
		if w := pb.Bounds().Dx(); w != width {
			t.Fatalf("the preview board is %d px wide, the board %d", w, width)
		}
		if lang != "en" {
			continue
		}
		board, err := r.RenderIn(lang, v)
		if err != nil {
			t.Fatal(err)
		}
		phone, err := rendertest.Phone(board)
		if err != nil {
			t.Fatal(err)
		}
		rendertest.Golden(t, "late_phone", phone)
	}
	ts.AllLegible(t, width, rendertest.PhoneMinPx, "")
	ts.Legible(t, width, rendertest.PhoneMinPx, map[string]string{
		"player":    `^P[1-4]$`,
		"season":    `^Year [0-9]+ · `,
		"cell":      `^[a-l][1-9]$`,
		"legend":    `^(water|stone|earth|food|mushroom|tunnel exit)$`,
		"stock":     `^larvae [0-9]+ · workers`,
		"goal":      `^(larvae|nurses|food|colony|pher)[0-9]+b?$`,
		"placement": `^[a-l][1-9](-[a-l][1-9]){3}$`,
	})
}
