package march_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"formica/engine/march"
	"formica/internal/testscale"
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
// the legend, and on Evolved boards the strength track, every side's
// strength, the centipede size track and its reward, the Old Guard and the
// Great Tunnel's reward tile. The classes make sure the key texts are
// drawn at all.
func TestReadableAtPhoneWidth(t *testing.T) {
	testscale.SkipRace(t, "")
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	var ts rendertest.Texts
	rmarch.SetSeen(r, ts.Add)
	late, final := playAt(t, 5, 4, 300)
	// Evolved boards: a centipede fight, a tile battle, the 2-player Great
	// Tunnel battle with the Old Guard
	// (and an Ancient Species Worker phase, MOAE-ANC-4).
	evolved := []march.View{centipedeView(t), tileBattleView(t), oldGuardView(t), speciesView(t)}
	width := 0
	langs := []string{"en", "ru", "uk", "pl"}
	for _, lang := range langs {
		for i, v := range append([]march.View{late, final}, evolved...) {
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
	classes := map[string]string{
		"player":   `^P[1-5]$`,
		"round":    `^Round `,
		"score":    `^[0-9]{1,2}$`,
		"site":     `^s[1-4]$`,
		"edge":     `^(e|ne|nw|w|sw|se)$`,
		"card":     `^c[0-9]+$`,
		"hex name": `^(Great Tunnel|Aphid Farm|Stump)$`,
		"legend":   `^(food|larva|card|wormhole|contested|starting hex)$`,
	}
	evolvedClasses := map[string]string{
		"strength track":   `^Strength$`,
		"battle sides":     `^Battle on hex [0-9]+, strength before ferocity: P[1-5] [0-9]+, P[1-5] [0-9]+`,
		"old guard side":   `^Great Tunnel battle, .*, Old Guard [0-9]+$`,
		"centipede size":   `^Centipede size:$`,
		"centipede reward": `^reward:$`,
		"old guard":        `^Old Guard:$`,
		"reward tile":      `^Great Tunnel reward \((I-II|III\+)\):$`,
		"reward place":     `^(1st|2nd|3rd)$`,
		"reward stack":     `^[0-9] more in the stack$`,
		"pl size track":    `^Rozmiar skolopendry:$`,
		"pl old guard":     `^Stara gwardia:$`,
		// MOAE-ANC-4: the species and its unique action's marker
		"species ready":    `^(Egg Keepers|Horizon Explorers|Visionary Queen|Chaos Dancers|Fungus Farmers): action available`,
		"species used":     `^(Egg Keepers|Horizon Explorers|Visionary Queen|Chaos Dancers|Fungus Farmers): action used`,
		"ru species used":  `(^|: )действие использовано$`,
		"uk species ready": `: дія доступна$`,
		"pl species used":  `: akcja użyta$`,
	}
	if len(evolved) > 0 {
		maps.Copy(classes, evolvedClasses)
	}
	for name := range classes { // a language's own class only where it was drawn
		if l, _, _ := strings.Cut(name, " "); len(l) == 2 && !slices.Contains(langs, l) {
			delete(classes, name)
		}
	}
	ts.Legible(t, width, rendertest.PhoneMinPx, classes)
}
