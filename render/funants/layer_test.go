package funants_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	eng "formica/engine/funants"
	"formica/internal/testscale"
	"formica/render/funants"
)

// The layered drawing (cached paths and cells, cells drawn again where
// tunnels, anthills or pieces reach them) gives exactly the pixels of
// drawing everything in order, for boards all through random games of
// every scenario, one Renderer drawing them all in turn.
func TestLayersDrawTheBoard(t *testing.T) {
	testscale.SkipRace(t, "")
	setups := []engine.Setup{
		{Game: eng.Game.ID, Seats: 4, Seed: 11},
		{Game: eng.Game.ID, Seats: 2, Seed: 3, Options: map[string]string{"scenario": eng.Classic, "layout": "diagonal"}},
		{Game: eng.Game.ID, Seats: 3, Seed: 5, Options: map[string]string{"scenario": eng.Pyramids}},
		{Game: eng.Game.ID, Seats: 4, Seed: 8, Options: map[string]string{"scenario": eng.ClassicTeams, "allies": "adjacent"}},
	}
	every, most := 5, 40
	if testing.Short() {
		setups, most = setups[:1], 3
	}
	r, err := funants.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, su := range setups {
		var views []eng.View
		n := 0
		_, err := enginetest.PlayRandom(eng.Game, su, rand.New(rand.NewPCG(su.Seed, 3)), 400000, func(m *engine.Match) {
			if n%every == 0 {
				views = append(views, m.State.View(engine.NoSeat).(eng.View))
			}
			n++
		})
		if err != nil {
			t.Fatal(err)
		}
		views = views[max(0, len(views)-most):] // late boards: tunnels, battles, full cells
		for i, v := range views {
			got, err := r.Image(v)
			if err != nil {
				t.Fatal(err)
			}
			want := funants.DrawInOrder(r, v)
			if !bytes.Equal(got.Pix, want.Pix) {
				d := 0
				for j := range got.Pix {
					if got.Pix[j] != want.Pix[j] {
						d++
					}
				}
				t.Errorf("%d seats %v, view %d from the end: %d bytes differ from drawing in order", su.Seats, su.Options, len(views)-i, d)
			}
		}
	}
}
