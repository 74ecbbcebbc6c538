package march_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
	"formica/internal/testscale"
	rmarch "formica/render/march"
	"formica/render/rendertest"
)

// views returns the spectator's view after every answer of a random game
// of rule set rs, from answer from on, at most n of them (all to the
// end: n < 0).
func views(t testing.TB, rs string, players int, seed uint64, from, n int) []march.View {
	return viewsOf(t, rs, players, seed, from, n, engine.NoSeat)
}

// viewsOf is views as seat sees them (its hand in them).
func viewsOf(t testing.TB, rs string, players int, seed uint64, from, n int, seat engine.Seat) []march.View {
	t.Helper()
	su := engine.Setup{Game: march.Game.ID, RuleSet: rs, Seats: players, Seed: seed, Options: map[string]string{}}
	if rs == "" {
		su.Options["frontiers"] = "all"
	}
	var vs []march.View
	i := 0
	m, err := enginetest.PlayRandom(march.Game, su, rand.New(rand.NewPCG(seed, 7)), 20000, func(m *engine.Match) {
		if i >= from && (n < 0 || len(vs) < n) {
			vs = append(vs, *m.State.View(seat).(*march.View))
		}
		i++
	})
	if err != nil {
		t.Fatalf("random %d-player game (seed %d): %v", players, seed, err)
	}
	if n < 0 {
		vs = append(vs, *m.State.View(seat).(*march.View))
	}
	return vs
}

// TestKeptBoardIsFreshBoard checks the kept boards: a board drawn over the
// one before it (its unchanged regions kept) is pixel for pixel the board
// drawn from scratch, answer after answer of random games (1st edition
// and Evolved); a player's view with its hand and the spectator's in
// turn; two games of the same shape drawn in turn, as the bot
// draws the games of two channels; another language of the same board;
// the end of a game. Its PNG, re-encoded only where regions were drawn
// again, maps every colour of the fresh board as the encoder does, one
// palette colour to a colour bucket (rendertest.KeptPNG): a region drawn
// again that the encoder was not told of breaks that.
func TestKeptBoardIsFreshBoard(t *testing.T) {
	testscale.SkipRace(t, "TestRendersConcurrently draws kept boards under -race")
	n := 24
	if testing.Short() {
		// Two turns of each game still draw one over the other; the
		// long run's 24 meet every kind of step (-race makes each ~1 s).
		n = 2
	}
	type turn struct {
		game, lang string
		v          march.View
	}
	var turns []turn
	a, b := views(t, "", 5, 31, 60, n), views(t, "", 5, 32, 60, n)
	for i := range a {
		turns = append(turns, turn{"a", "en", a[i]})
		if i%3 == 0 && i < len(b) {
			turns = append(turns, turn{"b", "en", b[i]})
		}
		if i == n/2 {
			turns = append(turns, turn{"a in Polish", "pl", a[i]})
		}
	}
	// A seat's view (its hand in it; the board draws none of it) and the
	// spectator's of the same answers, in turn.
	own := viewsOf(t, "", 5, 31, 60+n, n/2, 1)
	for i, v := range views(t, "", 5, 31, 60+n, n/2) {
		turns = append(turns, turn{"a as P2", "en", own[i]}, turn{"a", "en", v})
	}
	if len(own[0].Hand) == 0 {
		t.Fatal("P2's view holds no hand")
	}
	for _, v := range views(t, "evolved", 4, 33, 40, n) {
		turns = append(turns, turn{"evolved", "ru", v})
	}
	end := views(t, "", 2, 34, 0, -1)
	for _, v := range end[max(0, len(end)-n/2):] {
		turns = append(turns, turn{"end", "en", v})
	}
	if end[len(end)-1].Result == nil {
		t.Fatal("the 2-player game did not end")
	}
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	for i, tn := range turns {
		img, out, err := rmarch.RenderKept(r, tn.lang, tn.v)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := r.ImageIn(tn.lang, tn.v)
		if err != nil {
			t.Fatal(err)
		}
		what := fmt.Sprintf("board %d (game %s, round %d, %s phase)", i, tn.game, tn.v.Round, tn.v.Phase)
		rendertest.KeptIsFresh(t, what, img, out, fresh)
	}
}
