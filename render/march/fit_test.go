package march_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/march"
	"formica/internal/testscale"
	rmarch "formica/render/march"
)

// deckHand is a hand of every card of the deck, as the engine describes
// cards to views (components_1e.json).
func deckHand(t *testing.T) []march.CardView {
	t.Helper()
	b, err := os.ReadFile("../../engine/march/components_1e.json")
	if err != nil {
		t.Fatal(err)
	}
	var data struct {
		Cards []struct {
			ID                 int
			Type, Effect, Name string
			Seg, Pay           string
			Cost, Fer, CP      int
		}
	}
	if err := json.Unmarshal(b, &data); err != nil {
		t.Fatal(err)
	}
	var hand []march.CardView
	for _, c := range data.Cards {
		hand = append(hand, march.CardView{ID: c.ID, Code: fmt.Sprintf("c%d", c.ID), Name: c.Name, Type: c.Type,
			Segment: c.Seg, Effect: c.Effect, TextKey: "moa.card." + c.Effect, Cost: c.Cost, Pay: c.Pay, Ferocity: c.Fer, CP: c.CP})
	}
	return hand
}

// Every card of the deck in a hand, and busy boards, drawn in every
// language: no word is shortened or cut to fit (issue 14: no clipped text).
func TestNothingClippedInAnyLanguage(t *testing.T) {
	testscale.SkipRace(t, "")
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	var clipped []string
	rmarch.SetClip(r, func(lang, s string) { clipped = append(clipped, lang+": "+s) })
	mid := midSpecies(t)
	hv := *mid.View(engine.Seat(0)).(*march.View)
	hv.Hand = deckHand(t)
	boards := []march.View{spectator(mid), spectator(twoFinished(t))}
	if !testing.Short() {
		boards = append(boards, spectator(explore(t, 5, 8, 200)))
	}
	for _, lang := range rmarch.Languages() {
		if _, err := r.RenderHandIn(lang, hv); err != nil {
			t.Fatal(err)
		}
		for _, v := range boards {
			if _, err := r.ImageIn(lang, v); err != nil { // drawn, not encoded: the clips are known
				t.Fatal(err)
			}
		}
	}
	if len(clipped) > 0 {
		t.Errorf("%d texts shortened to fit:\n%s", len(clipped), strings.Join(clipped, "\n"))
	}
}
