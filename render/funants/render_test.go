package funants_test

import (
	"bytes"
	"strings"
	"testing"

	"formica/engine"
	eng "formica/engine/funants"
	"formica/internal/testscale"
	"formica/render/funants"
	"formica/render/rendertest"
)

// position plays a short scripted game so the golden shows ants of both
// kinds, a tunnel, a battle in progress, levels and pickups.
func position(t *testing.T) *engine.Match {
	t.Helper()
	m, err := engine.Start(eng.Game, engine.Setup{Game: "funants", Seats: 3, Seed: 5, Options: map[string]string{
		"scenario": "classic", "tokens": "20,9,9", "deck": "1,2,11,15,3,4,5,6,20,21,22,23",
		"ants": "1w:c1,1w:c3,1s:c3,2w:f1,2s:e3,2w:g4,3w:d5,3s:f6"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"1:build", "1:move c1 d1", "1:tunnel c3", "1:move c3 c4 s", "1:play ambush c3", "1:pass",
		"2:move f1 e1", "2:play rage"} {
		seat := engine.Seat(cmd[0] - '1')
		if _, err := m.Answer(engine.Answer{Seat: seat, Path: engine.ParsePath(cmd[2:])}); err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
	}
	return m
}

func TestGoldenBoard(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	m := position(t)
	png, err := funants.Render(m.State.View(engine.NoSeat).(eng.View))
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Golden(t, "board", png)
	hand, err := funants.RenderHand(m.State.View(0).(eng.View))
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Golden(t, "hand", hand)
}

// The Ukrainian images: every word from the labels and the rulebook's
// terms, codes (cells, anthills, P1..P4, card codes, w/s) as typed.
func TestGoldenUkrainian(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	r, err := funants.New()
	if err != nil {
		t.Fatal(err)
	}
	m := position(t)
	png, err := r.RenderIn("uk", m.State.View(engine.NoSeat).(eng.View))
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Golden(t, "board_uk", png)
	hand, err := r.RenderHandIn("uk", m.State.View(0).(eng.View))
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Golden(t, "hand_uk", hand)
}

// RenderHand is the English version and an unknown language is drawn in
// English (the hand only: a board render costs ~1 s under -race, and the
// board's language lookup is the same textsFor).
func TestUnknownLanguageIsEnglish(t *testing.T) {
	r, err := funants.New()
	if err != nil {
		t.Fatal(err)
	}
	v := position(t).State.View(0).(eng.View)
	en, err := funants.RenderHand(v)
	if err != nil {
		t.Fatal(err)
	}
	xx, err := r.RenderHandIn("xx", v)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(en, xx) {
		t.Error("RenderHandIn(xx) differs from RenderHand")
	}
}

func TestRenderRejectsEmptyView(t *testing.T) {
	if _, err := funants.Render(eng.View{}); err == nil {
		t.Fatal("empty view rendered")
	}
	if _, err := funants.RenderHand(eng.View{Seat: -1}); err == nil {
		t.Fatal("spectator hand rendered")
	}
}

// Every language draws the longest rows (four players in teams, pyramids
// captures) and every card without error, and no text is shortened or cut
// to fit (issue 14).
func TestEveryLanguageRenders(t *testing.T) {
	testscale.SkipRace(t, "")
	m, err := engine.Start(eng.Game, engine.Setup{Game: "funants", Seats: 4, Seed: 5, Options: map[string]string{"scenario": "pyramids-teams"}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := funants.New()
	if err != nil {
		t.Fatal(err)
	}
	var clipped []string
	funants.SetClip(r, func(lang, s string) { clipped = append(clipped, lang+": "+s) })
	v := m.State.View(0).(eng.View)
	v.Hand = nil
	for _, c := range []string{"rage", "ambush", "dash", "retreat", "recruit", "forage", "harvest", "supplies", "sabotage", "engineer"} {
		v.Hand = append(v.Hand, eng.CardView{Code: c})
	}
	for _, lang := range funants.Languages() {
		if _, err := r.ImageIn(lang, v); err != nil { // drawn, not encoded: the clips are known
			t.Errorf("%s board: %v", lang, err)
		}
		if _, err := r.RenderHandIn(lang, v); err != nil {
			t.Errorf("%s hand: %v", lang, err)
		}
	}
	if len(clipped) > 0 {
		t.Errorf("%d texts shortened to fit:\n%s", len(clipped), strings.Join(clipped, "\n"))
	}
}

// goldenRace is why the goldens skip under -race (pixels are pure code).
const goldenRace = "TestRendersConcurrently draws this package's boards under -race"
