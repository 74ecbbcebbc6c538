package bottest

import (
	"testing"

	"formica/engine"
	"formica/engine/march"
)

// The position still is one: the engine accepts its answers and then offers
// P1 more than 20 cards to play, privately.
func TestMarchHand21(t *testing.T) {
	p := MarchHand21(t)
	m, err := engine.Start(march.Game, engine.Setup{Game: "march", Seats: 2, Seed: 3, Options: map[string]string{"length": "long"}})
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range p.Answers {
		if _, err := m.Answer(a); err != nil {
			t.Fatalf("answer %d %v: %v", i+1, a, err)
		}
	}
	st, err := m.State.Choices(0, engine.Path{"play"})
	if err != nil || len(st.Options) != 21 || !st.Private {
		t.Fatalf("P1 may play %d cards (private %v, %v), want 21, privately", len(st.Options), st.Private, err)
	}
}
