package march_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
)

// TestBareChoices holds BareChoices (engine.BareChooser, which Check and
// the AI read) to Choices in random 1st edition and Evolved games: at
// every step of a random answer of every prompted seat, and of a waiting
// seat's standing preference (MOA1-REACT-1), the same codes, Done, Name,
// Rule and error.
func TestBareChoices(t *testing.T) {
	for _, su := range []engine.Setup{
		{Game: "march", Seats: 4, Seed: 3, Options: map[string]string{"species": "on"}},
		{Game: "march", Seats: 1, Seed: 5, Options: map[string]string{"mode": "uprising"}},
		{Game: "march", RuleSet: "evolved", Seats: 3, Seed: 4, Options: map[string]string{"species": "on", "draft": "on"}},
	} {
		rng := rand.New(rand.NewPCG(su.Seed, 0xba4e))
		_, err := enginetest.PlayRandom(march.Game, su, rand.New(rand.NewPCG(su.Seed, 9)), 20000, func(m *engine.Match) {
			for seat := engine.Seat(0); int(seat) < su.Seats; seat++ {
				path, err := enginetest.RandomPath(m.State, seat, rng)
				if err != nil {
					path = engine.Path{"pref", "pass-march", "on"} // not prompted
				}
				for i := 0; i <= len(path); i++ {
					sameBare(t, m, seat, path[:i])
				}
				sameBare(t, m, seat, append(slices.Clone(path), "zz-junk"))
			}
		})
		if err != nil {
			t.Fatalf("%s %v: %v", su.RuleSet, su.Options, err)
		}
	}
}

func sameBare(t *testing.T, m *engine.Match, seat engine.Seat, prefix engine.Path) {
	t.Helper()
	want, werr := m.State.Choices(seat, prefix)
	got, gerr := m.State.(engine.BareChooser).BareChoices(seat, prefix)
	if fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Fatalf("after %d answers, %s %q: BareChoices error %v, Choices %v", len(m.Log), seat, prefix, gerr, werr)
	}
	codes := func(st engine.Step) []string {
		var cs []string
		for _, o := range st.Options {
			cs = append(cs, o.Code)
		}
		return cs
	}
	if !slices.Equal(codes(got), codes(want)) || got.Done != want.Done || got.Name != want.Name || got.Rule != want.Rule {
		t.Fatalf("after %d answers, %s %q: BareChoices %s %v done=%v %s, Choices %s %v done=%v %s", len(m.Log), seat, prefix,
			got.Name, codes(got), got.Done, got.Rule, want.Name, codes(want), want.Done, want.Rule)
	}
}
