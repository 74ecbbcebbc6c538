package micropolis_test

import (
	"strings"
	"testing"

	mic "formica/engine/micropolis"
	"formica/internal/testscale"
	"formica/render/micropolis"
)

// Busy boards (six players mid-game, a finished game's score pad, two
// anthills) in every language: no word is shortened to fit (issue 14).
func TestNothingClippedInAnyLanguage(t *testing.T) {
	testscale.SkipRace(t, "")
	r, err := micropolis.New()
	if err != nil {
		t.Fatal(err)
	}
	var clipped []string
	micropolis.SetClip(r, func(lang, s string) { clipped = append(clipped, lang+": "+s) })
	views := []mic.View{play(t, 6, mic.Classic, 6, 40), play(t, 5, mic.Classic, 5, -1), play(t, 3, mic.TwoHills, 15, 30)}
	for _, lang := range []string{"en", "ru", "uk", "pl"} {
		for _, v := range views {
			if _, err := r.ImageIn(lang, v); err != nil { // drawn, not encoded: the clips are known
				t.Fatal(err)
			}
		}
	}
	if len(clipped) > 0 {
		t.Errorf("%d texts shortened to fit:\n%s", len(clipped), strings.Join(clipped, "\n"))
	}
}
