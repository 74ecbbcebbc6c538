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
	got, err := funants.HandText("en", v)
	if err != nil {
		t.Fatal(err)
	}
	want := "`rage` " + eng.Messages["en"]["fun.card.rage"] + "\n`dash` " + eng.Messages["en"]["fun.card.dash"]
	if got != want {
		t.Errorf("hand in words:\n%s\nwant\n%s", got, want)
	}
	ru, err := funants.HandText("ru", v)
	if err != nil || ru == got || ru == "" {
		t.Errorf("ru hand %q (%v) is not in Russian", ru, err)
	}
}
