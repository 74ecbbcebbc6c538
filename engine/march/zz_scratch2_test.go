package march_test

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"formica/engine"
	"formica/engine/ai"
	"formica/engine/march"
)

func TestZZAI(t *testing.T) {
	d := *march.Game
	d.RuleSets = []string{"1e", "evolved"}
	for seats := 1; seats <= 4; seats++ {
		for _, diff := range []string{"normal"} {
			for seed := uint64(1); seed <= 4; seed++ {
				m, err := engine.Start(&d, engine.Setup{Game: "march", RuleSet: "evolved", Seats: seats, Seed: seed, Options: map[string]string{"mode": "uprising", "difficulty": diff}})
				if err != nil {
					t.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(seed, 1))
				gt, won, fights, cards := 0, 0, 0, 0
				for m.State.Result() == nil {
					p := m.State.Pending()[0]
					path, err := ai.Decide(m.State, p.Seat, ai.Config{Level: ai.Greedy}, rng.Uint64())
					if err != nil {
						t.Fatal(err)
					}
					ev, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path})
					if err != nil {
						t.Fatal(err)
					}
					for _, e := range ev {
						switch e.Key {
						case "moa.centipede_gt":
							n, _ := strconv.Atoi(e.Args["n"])
							gt += n
						case "moa.horde_won":
							won++
						case "moa.centi_result":
							fights++
						case "moa.horde_card":
							cards++
						}
					}
				}
				s := m.State.Result()
				fmt.Println(seats, diff, seed, "scores", s.Scores, "rank", s.Rank, "detail", s.Detail[len(s.Detail)-1].Points, "gt", gt, "won", won, "fights", fights, "cards", cards)
			}
		}
	}
}
