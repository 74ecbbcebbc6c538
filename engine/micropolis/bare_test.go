package micropolis_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/micropolis"
)

// BareChoices lists what Choices lists, by code, at every step of every
// path of random games, including codes that are not options (MIC-TURN-1).
func TestBareChoicesAreChoices(t *testing.T) {
	codes := func(st engine.Step) []string {
		var cs []string
		for _, o := range st.Options {
			cs = append(cs, o.Code)
		}
		return cs
	}
	games := 6
	if testing.Short() {
		games = 2
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		rng := rand.New(rand.NewPCG(seed, 5))
		su := engine.Setup{Game: micropolis.Game.ID, Seats: 2 + int(seed)%5, Seed: seed}
		_, err := enginetest.PlayRandom(micropolis.Game, su, rand.New(rand.NewPCG(seed, 6)), 10000, func(m *engine.Match) {
			bc := m.State.(engine.BareChooser)
			for _, p := range m.State.Pending() {
				path, err := enginetest.RandomPath(m.State, p.Seat, rng)
				if err != nil {
					t.Fatal(err)
				}
				for i := 0; i <= len(path)+1; i++ {
					prefix := path[:min(i, len(path))]
					if i > len(path) {
						prefix = append(slices.Clone(path), "zz") // not an option
					}
					want, werr := m.State.Choices(p.Seat, prefix)
					got, gerr := bc.BareChoices(p.Seat, prefix)
					if !slices.Equal(codes(got), codes(want)) || got.Done != want.Done || got.Name != want.Name || got.Rule != want.Rule || (werr == nil) != (gerr == nil) || (werr != nil && werr.Error() != gerr.Error()) {
						t.Fatalf("seed %d, %v %q: BareChoices %v %v, Choices %v %v", seed, p.Seat, prefix, got, gerr, want, werr)
					}
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
