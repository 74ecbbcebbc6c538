package funants_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	eng "formica/engine/funants"
	"formica/internal/testscale"
	"formica/render/funants"
)

// lateGame plays a seeded random game to its end (or stop answers) and returns
// the spectator view.
func lateGame(t *testing.T, seats int, seed uint64, stop int, opts map[string]string) eng.View {
	t.Helper()
	su := engine.Setup{Game: eng.Game.ID, Seats: seats, Seed: seed, Options: opts}
	var v any
	n := 0
	m, err := enginetest.PlayRandom(eng.Game, su, rand.New(rand.NewPCG(seed, 3)), 20000, func(m *engine.Match) {
		if n == stop {
			v = m.State.View(engine.NoSeat)
		}
		n++
	})
	if err != nil {
		t.Fatal(err)
	}
	if v == nil {
		v = m.State.View(engine.NoSeat)
	}
	return v.(eng.View)
}

// Busy boards of every scenario (their legend, player rows and header) and
// every card in a hand, in every language: no word is shortened or cut to
// fit (issue 14: no clipped text), the legend naming every symbol included.
func TestNothingClippedInAnyLanguage(t *testing.T) {
	testscale.SkipRace(t, "")
	r, err := funants.New()
	if err != nil {
		t.Fatal(err)
	}
	var clipped []string
	funants.SetClip(r, func(lang, s string) { clipped = append(clipped, lang+": "+s) })
	m := position(t)
	var boards []eng.View
	for _, board := range []func() eng.View{
		func() eng.View { return m.State.View(engine.NoSeat).(eng.View) },
		func() eng.View { return lateGame(t, 4, 7, 120, map[string]string{"scenario": "classic-teams"}) },
		func() eng.View { return lateGame(t, 4, 9, -1, map[string]string{"scenario": "pyramids-teams"}) },
	} {
		boards = append(boards, board())
	}
	hand := m.State.View(0).(eng.View)
	hand.Hand = nil
	for _, code := range []string{"rage", "ambush", "dash", "retreat", "recruit", "forage", "harvest", "supplies", "sabotage", "engineer"} {
		hand.Hand = append(hand.Hand, eng.CardView{Code: code})
	}
	for _, lang := range funants.Languages() {
		for _, v := range boards {
			if _, err := r.ImageIn(lang, v); err != nil { // drawn, not encoded: the clips are known
				t.Fatal(err)
			}
		}
		if _, err := r.RenderHandIn(lang, hand); err != nil {
			t.Fatal(err)
		}
	}
	if len(clipped) > 0 {
		t.Errorf("%d texts shortened to fit:\n%s", len(clipped), strings.Join(clipped, "\n"))
	}
}
