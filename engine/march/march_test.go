package march_test

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/march"
)

func setups() []engine.Setup {
	var out []engine.Setup
	for n := 2; n <= 5; n++ {
		out = append(out, engine.Setup{Game: "march", Seats: n, Seed: uint64(n)})
	}
	out = append(out,
		engine.Setup{Game: "march", Seats: 3, Seed: 11, Options: map[string]string{"length": "long", "rest-larva": "extra"}},
		engine.Setup{Game: "march", Seats: 4, Seed: 12, Options: map[string]string{"species": "on", "frontiers": "all",
			"head-bonus": "soldier", "barren-queen": "total", "mutation": "after", "dance-steps": "ants"}},
		engine.Setup{Game: "march", Seats: 1, Seed: 13, Options: map[string]string{"mode": "uprising", "solo-end": "two"}},
		engine.Setup{Game: "march", Seats: 1, Seed: 14, Options: map[string]string{"mode": "uprising", "difficulty": "easy"}},
		engine.Setup{Game: "march", Seats: 3, Seed: 15, Options: map[string]string{"mode": "uprising", "difficulty": "hard",
			"horde-reveal": "before", "centipede-explore": "match", "hunt": "any", "centipede-strength": "one"}},
		engine.Setup{Game: "march", Seats: 2, Seed: 16, Options: map[string]string{"species": "on", "frontiers": "none", "duo-central": "path"}},
		engine.Setup{Game: "march", Seats: 5, Seed: 17, Options: map[string]string{"species": "on", "length": "long"}},
		engine.Setup{Game: "march", Seats: 4, Seed: 18, Options: map[string]string{"fill": "first", "drawbacks": "phase", "species": "on",
			"centipede-tie": "centipede", "negative-cp": "yes", "zero-awards": "no", "explore-from": "adjacent",
			"explore-order": "fill-first", "dance-reshuffle": "no", "dance-react": "play", "food": "unlimited"}},
		engine.Setup{Game: "march", Seats: 2, Seed: 19, Options: map[string]string{"mode": "uprising", "frontiers": "all"}},
		engine.Setup{Game: "march", Seats: 5, Seed: 20, Options: map[string]string{"mode": "uprising", "length": "long", "long-decree": "last",
			"coop-battles": "no"}},
	)
	return out
}

// TestAcceptance: one game per setup under -short (fourteen setups, each
// its own seed: fourteen whole games with every contract checked), 20 in
// long mode.
func TestAcceptance(t *testing.T) {
	enginetest.Run(t, march.Game, enginetest.Config{Setups: setups(), Short: 1, Check: check})
}

func check(t testing.TB, s engine.State) {
	t.Helper()
	if err := march.CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
}
