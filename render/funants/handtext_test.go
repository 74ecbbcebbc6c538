package funants_test

import (
	"testing"

	eng "formica/engine/funants"
	"formica/render/funants"
)

// TestHandText: the hand in words gives each card's code and its text, in
// the player's language.
func TestHandText(t *testing.T) {
	m := position(t)
	v := m.State.View(0).(eng.View)
	v.Hand = []eng.CardView{{Code: "rage"}, {Code: "dash"}}
	r, err := funants.New()
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := eng.Messages()
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.HandText("en", v)
	if err != nil {
		t.Fatal(err)
	}
	want := "`rage` " + msgs.T("en", "fun.card.rage", nil) + "\n`dash` " + msgs.T("en", "fun.card.dash", nil)
	if got != want {
		t.Errorf("hand in words:\n%s\nwant\n%s", got, want)
	}
	ru, err := r.HandText("ru", v)
	if err != nil || ru == got || ru == "" {
		t.Errorf("ru hand %q (%v) is not in Russian", ru, err)
	}
}
