package funants_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	eng "formica/engine/funants"
	"formica/internal/testscale"
	"formica/render/funants"
	"formica/render/rendertest"
)

// gameViews is the spectator's views after each of the last n answers of
// a random game of su (n < 0: all), the last one its end.
func gameViews(t testing.TB, su engine.Setup, n int) []eng.View {
	t.Helper()
	var views []eng.View
	end, err := enginetest.PlayRandom(eng.Game, su, rand.New(rand.NewPCG(su.Seed, 3)), 400000, func(m *engine.Match) {
		views = append(views, m.State.View(engine.NoSeat).(eng.View))
	})
	if err != nil {
		t.Fatal(err)
	}
	views = append(views, end.State.View(engine.NoSeat).(eng.View))
	if n < 0 {
		return views
	}
	return views[max(0, len(views)-n):]
}

// TestKeptBoardIsFreshBoard checks the kept boards: a board drawn over the
// one before it (the bands whose parts are unchanged kept) is pixel for
// pixel the board drawn from scratch, answer after answer of random games
// to their end (tunnels, battles, full cells, the winners); two games of
// one shape drawn in turn, as the bot draws the games of two channels;
// another language of the same board; every scenario; more games than
// boards kept. Its PNG, re-encoded only where bands were drawn again, maps
// every colour of the fresh board as the encoder does
// (rendertest.KeptPNG): a band drawn again that the encoder was not told
// of breaks that.
func TestKeptBoardIsFreshBoard(t *testing.T) {
	testscale.SkipRace(t, "TestRendersConcurrently draws kept boards under -race")
	n := 60
	if testing.Short() {
		n = 4
	}
	type turn struct {
		game, lang string
		v          eng.View
	}
	var turns []turn
	a := gameViews(t, engine.Setup{Game: eng.Game.ID, Seats: 4, Seed: 11}, n)
	b := gameViews(t, engine.Setup{Game: eng.Game.ID, Seats: 4, Seed: 12}, n)
	for i := range a {
		turns = append(turns, turn{"a", "en", a[i]})
		if i%3 == 0 && i < len(b) {
			turns = append(turns, turn{"b", "en", b[i]})
		}
		if i == n/2 {
			turns = append(turns, turn{"a in Russian", "ru", a[i]})
		}
	}
	others := []engine.Setup{
		{Game: eng.Game.ID, Seats: 2, Seed: 3, Options: map[string]string{"scenario": eng.Classic, "layout": "diagonal"}},
		{Game: eng.Game.ID, Seats: 3, Seed: 5, Options: map[string]string{"scenario": eng.Pyramids}},
		{Game: eng.Game.ID, Seats: 4, Seed: 8, Options: map[string]string{"scenario": eng.ClassicTeams, "allies": "adjacent"}},
		{Game: eng.Game.ID, Seats: 4, Seed: 9, Options: map[string]string{"scenario": eng.PyramidsTeams}},
	}
	langs := []string{"pl", "uk", "en", "ru"}
	for k, su := range others {
		for _, v := range gameViews(t, su, max(2, n/3)) {
			turns = append(turns, turn{fmt.Sprint(su.Options["scenario"], " ", su.Seats), langs[k], v})
		}
	}
	turns = append(turns, turn{"a", "en", a[len(a)-1]})
	r, err := funants.New()
	if err != nil {
		t.Fatal(err)
	}
	for i, tn := range turns {
		img, out, err := funants.RenderKept(r, tn.lang, tn.v)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := r.ImageIn(tn.lang, tn.v)
		if err != nil {
			t.Fatal(err)
		}
		rendertest.KeptIsFresh(t, fmt.Sprintf("board %d (game %s, turn %d)", i, tn.game, tn.v.Turn), img, out, fresh)
	}
	if v := a[len(a)-1]; v.Phase != "over" {
		t.Errorf("game a ends in phase %q, want over", v.Phase)
	}
}
