package march_test

import (
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/march"
	rmarch "formica/render/march"
)

// TestHandText: the hand in words names every card by the code players
// type, its name and the text its picture shows, in the player's language.
func TestHandText(t *testing.T) {
	st := play(t, 3, 4, 20, nil)
	v := *st.View(engine.Seat(0)).(*march.View)
	if len(v.Hand) == 0 {
		t.Fatal("seat 0 holds no cards to describe")
	}
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := march.Messages()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "ru"} {
		got, err := r.HandText(lang, v)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(got, "\n")
		if len(lines) != len(v.Hand) {
			t.Fatalf("%s: %d lines for %d cards:\n%s", lang, len(lines), len(v.Hand), got)
		}
		for i, c := range v.Hand {
			text := msgs.T(lang, c.TextKey, nil)
			if !strings.HasPrefix(lines[i], "`"+c.Code+"` ") || text == "" || !strings.HasSuffix(lines[i], ": "+text) {
				t.Errorf("%s card %s: %q, want its code and text %q", lang, c.Code, lines[i], text)
			}
		}
	}
	if _, err := r.HandText("en", spectator(st)); err == nil {
		t.Error("a spectator's view was described as a hand")
	}
}
