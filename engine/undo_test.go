package engine_test

import (
	"testing"

	"formica/engine"
)

// hiding is a state that only lists its secrets (engine.Revealed reads no
// more).
type hiding struct {
	engine.State
	h []engine.Secret
}

func (s hiding) Hidden() []engine.Secret { return s.h }

func card(owner engine.Seat, name string) engine.Secret {
	return engine.Secret{Owner: owner, What: "card", Forms: []string{name}}
}

func TestRevealed(t *testing.T) {
	p1, p2 := engine.Seat(0), engine.Seat(1)
	order := engine.Secret{Owner: engine.NoSeat, What: "stack"}
	cases := []struct {
		name          string
		before, after []engine.Secret
		want          bool
	}{
		{"nothing changes", []engine.Secret{card(p1, "ant")}, []engine.Secret{card(p1, "ant")}, false},
		{"a card played face up", []engine.Secret{card(p1, "ant"), card(p1, "bee")}, []engine.Secret{card(p1, "bee")}, true},
		{"a card drawn from the deck", []engine.Secret{card(engine.NoSeat, "ant")}, []engine.Secret{card(p1, "ant")}, true},
		{"the top of a stack no word names", []engine.Secret{order, order}, []engine.Secret{order}, true},
		{"cards passed between hands", []engine.Secret{card(p1, "ant"), card(p2, "bee")}, []engine.Secret{card(p1, "bee"), card(p2, "ant")}, true},
		{"a sealed pick", nil, []engine.Secret{card(p1, "soldier")}, false},
		{"a second pick changes the words", []engine.Secret{{Owner: p1, Forms: []string{"sealed: a", "a"}}}, []engine.Secret{{Owner: p1, Forms: []string{"sealed: a / b", "a", "b"}}}, false},
		{"the same pick as another", []engine.Secret{card(p1, "soldier")}, []engine.Secret{card(p1, "soldier"), card(p2, "soldier")}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := engine.Revealed(hiding{h: c.before}, hiding{h: c.after}, 2); got != c.want {
				t.Fatalf("Revealed = %v, want %v", got, c.want)
			}
		})
	}
}

func TestDrew(t *testing.T) {
	g := engine.NewRNG(5)
	c := g.Clone()
	if !g.Same(c) {
		t.Fatal("a clone is not the same generator")
	}
	c.IntN(6)
	if g.Same(c) {
		t.Fatal("a draw leaves the generator the same")
	}
	c.Reseed(5)
	if !g.Same(c) {
		t.Fatal("Reseed(5) is not NewRNG(5)")
	}
}
