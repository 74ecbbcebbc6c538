package micropolis_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	mic "formica/engine/micropolis"
	"formica/internal/testscale"
	"formica/render/micropolis"
	"formica/render/rendertest"
)

// views returns the spectator's view after every answer of a random game,
// from answer from on, at most n of them (all to the end: n < 0).
func views(t testing.TB, players int, variant string, seed uint64, from, n int) []mic.View {
	t.Helper()
	setup := engine.Setup{Game: mic.Game.ID, Seats: players, Seed: seed, Options: map[string]string{mic.OptVariant: variant}}
	var vs []mic.View
	i := 0
	m, err := enginetest.PlayRandom(mic.Game, setup, rand.New(rand.NewPCG(seed, 2)), 5000, func(m *engine.Match) {
		if i >= from && (n < 0 || len(vs) < n) {
			vs = append(vs, m.State.View(engine.NoSeat).(mic.View))
		}
		i++
	})
	if err != nil {
		t.Fatalf("random %d-player game (seed %d): %v", players, seed, err)
	}
	if n < 0 {
		vs = append(vs, m.State.View(engine.NoSeat).(mic.View))
	}
	return vs
}

// TestKeptBoardIsFreshBoard checks the kept boards: a board drawn over the
// one before it (its unchanged regions kept) is pixel for pixel the board
// drawn from scratch, turn after turn of random games; two games of the
// same shape drawn in turn, as the bot draws the games of two channels;
// another language of the same board; the end of a game, with its score
// table; more games than boards kept. Its PNG, re-encoded only where regions were drawn again, maps
// every colour of the fresh board as the encoder does, one palette colour
// to a colour bucket (rendertest.KeptPNG): a region drawn again that the
// encoder was not told of breaks that.
func TestKeptBoardIsFreshBoard(t *testing.T) {
	testscale.SkipRace(t, "TestRendersConcurrently draws kept boards under -race")
	n := 30
	if testing.Short() {
		// Two turns of each game still draw one over the other; the
		// long run's 30 meet every kind of step (-race makes each ~1 s).
		n = 2
	}
	type turn struct {
		game, lang string
		v          mic.View
	}
	var turns []turn
	a, b := views(t, 6, mic.Classic, 21, 40, n), views(t, 6, mic.Classic, 22, 40, n)
	for i := range a {
		turns = append(turns, turn{"a", "en", a[i]})
		if i%3 == 0 && i < len(b) {
			turns = append(turns, turn{"b", "en", b[i]})
		}
		if i == n/2 {
			turns = append(turns, turn{"a in Russian", "ru", a[i]})
		}
	}
	for _, v := range views(t, 3, mic.TwoHills, 23, 0, n) {
		turns = append(turns, turn{"two hills", "pl", v})
	}
	end := views(t, 2, mic.Classic, 24, 0, -1)
	for _, v := range end[max(0, len(end)-n/2):] {
		turns = append(turns, turn{"end", "en", v})
	}
	if end[len(end)-1].Final == nil {
		t.Fatal("the 2-player game did not end")
	}
	// More games of a's shape than the Renderer keeps boards: a new one
	// takes the encoder frame of the board it evicts, then a comes back.
	for k, seed := range []uint64{25, 26, 27, 28} {
		for _, v := range views(t, 6, mic.Classic, seed, 50, max(1, n/4)) {
			turns = append(turns, turn{fmt.Sprint("more ", k), "en", v})
		}
	}
	turns = append(turns, turn{"a", "en", a[len(a)-1]})
	r, err := micropolis.New()
	if err != nil {
		t.Fatal(err)
	}
	for i, tn := range turns {
		img, out, err := micropolis.RenderKept(r, tn.lang, tn.v)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := r.ImageIn(tn.lang, tn.v)
		if err != nil {
			t.Fatal(err)
		}
		rendertest.KeptIsFresh(t, fmt.Sprintf("board %d (game %s, round %d)", i, tn.game, tn.v.Round), img, out, fresh)
	}
}
