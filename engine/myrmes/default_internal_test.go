package myrmes

import (
	"slices"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// TestDefaultIsFirstOptions: a prompt with no fixed default (harvest,
// keep, births over the cap...) defaults to the first option at every step
// of Choices, as a player pressing the first button each time would answer.
func TestDefaultIsFirstOptions(t *testing.T) {
	fixed := []string{kEvent, kBirths, kWorker, kSortie, kAtelier, kWinter}
	checked := 0
	for _, su := range []engine.Setup{{Game: "myrmes", Seats: 2, Seed: 11}, {Game: "myrmes", Seats: 4, Seed: 12}} {
		for _, g := range enginetest.RandomGames(su.Seed, enginetest.Games(4, 1)) {
			su.Seed = g.Seed
			_, err := enginetest.PlayRandom(Game, su, g.Rand(), 20000, func(m *engine.Match) {
				for _, p := range m.State.Pending() {
					if slices.Contains(fixed, p.Kind) {
						continue
					}
					var want engine.Path
					for range 32 {
						st, err := m.State.Choices(p.Seat, want)
						if err != nil || st.Done || len(st.Options) == 0 {
							break
						}
						want = append(want, st.Options[0].Code)
					}
					if !slices.Equal(p.Default, want) {
						t.Fatalf("%s, %s's %s prompt: default %q, first options %q", g, p.Seat, p.Kind, p.Default, want)
					}
					checked++
				}
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no prompt without a fixed default came up")
	}
}
