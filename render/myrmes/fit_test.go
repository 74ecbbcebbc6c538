package myrmes_test

import (
	"strings"
	"testing"

	"formica/internal/testscale"
	"formica/render/myrmes"
)

// Every text on a late 4-player board fits in every language: nothing is
// shortened with an ellipsis (issue 14: no clipped text).
func TestNothingClippedInAnyLanguage(t *testing.T) {
	testscale.SkipRace(t, "")
	r, err := myrmes.New()
	if err != nil {
		t.Fatal(err)
	}
	var clipped []string
	myrmes.SetClip(r, func(lang, s string) { clipped = append(clipped, lang+": "+s) })
	v := late135(t)
	for _, lang := range []string{"en", "ru", "uk", "pl"} {
		if _, err := r.Image(lang, v); err != nil { // drawn, not encoded: the clips are known
			t.Fatal(err)
		}
	}
	if len(clipped) > 0 {
		t.Errorf("%d texts shortened to fit:\n%s", len(clipped), strings.Join(clipped, "\n"))
	}
}
