package march

import (
	"fmt"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// canStep is len(stepTargets) > 0 without the list (MOA1-MARCH-2): for
// every seat and tile of random games of both rule sets, with the
// Evolutions that change a step (Digger, Winged Thorax, Weaver) and
// wormholes.
func TestCanStepAgreesWithStepTargets(t *testing.T) {
	for si, su := range offerSetups {
		t.Run(fmt.Sprintf("%s-%dp-%v", su.RuleSet, su.Seats, su.Options), func(t *testing.T) {
			yes, no := 0, 0
			for _, g := range enginetest.RandomGames(uint64(7800+si), enginetest.Games(12, 4)) {
				su.Game, su.Seed = Game.ID, g.Seed
				_, err := enginetest.PlayRandom(Game, su, g.Rand(), 20000, func(m *engine.Match) {
					s := m.State.(*State)
					for seat := range s.Players {
						for i := range s.Tiles {
							tl := &s.Tiles[i]
							want := len(s.stepTargets(seat, tl)) > 0
							if got := s.canStep(seat, tl); got != want {
								t.Fatalf("%s, after %d answers: seat %d on %s: canStep %v, step targets %d", g, len(m.Log), seat, hexCode(tl.Num), got, len(s.stepTargets(seat, tl)))
							}
							if want {
								yes++
							} else {
								no++
							}
						}
					}
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			if yes == 0 || no == 0 {
				t.Fatalf("%d tiles to step from, %d without: not checked both ways", yes, no)
			}
		})
	}
}

// marchGoesOn is whether a March's root offers more than "done"
// (MOA1-MARCH-2, -3): marchAnswer ends the March on it after each step.
func TestMarchGoesOnAgreesWithNode(t *testing.T) {
	yes, no := 0, 0 // over all setups: the 1-player and Evolved games rarely stop a March early
	for si, su := range offerSetups {
		t.Run(fmt.Sprintf("%s-%dp-%v", su.RuleSet, su.Seats, su.Options), func(t *testing.T) {
			for _, g := range enginetest.RandomGames(uint64(7900+si), enginetest.Games(12, 4)) {
				su.Game, su.Seed = Game.ID, g.Seed
				_, err := enginetest.PlayRandom(Game, su, g.Rand(), 20000, func(m *engine.Match) {
					s := m.State.(*State)
					if tk := s.top(); tk != nil && tk.K == kMarch {
						for seat := range s.Players {
							want := len(s.marchNode(tk, seat, nil).Options) > 1
							if got := s.marchGoesOn(tk, seat); got != want {
								t.Fatalf("%s, after %d answers: seat %d: marchGoesOn %v, the options %v", g, len(m.Log), seat, got, optionList(s.marchNode(tk, seat, nil)))
							}
							if want {
								yes++
							} else {
								no++
							}
						}
					}
				})
				if err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	if yes == 0 || no == 0 {
		t.Fatalf("%d marches go on, %d do not: not checked both ways", yes, no)
	}
}

var offerSetups = []engine.Setup{
	{RuleSet: "1e", Seats: 5, Options: map[string]string{"species": "on"}},
	{RuleSet: "1e", Seats: 2, Options: map[string]string{"species": "on", "frontiers": "all"}},
	{RuleSet: "1e", Seats: 1, Options: map[string]string{"mode": "uprising"}},
	{RuleSet: "evolved", Seats: 4, Options: map[string]string{"species": "on", "draft": "on"}},
	{RuleSet: "evolved", Seats: 2},
}

// offers answers for the first two steps of an action without listing
// them (offersAction, offersCard): it must agree with the lists every
// player sees (MOA1-WORKER-3, MOA1-CARD-1), for every action and card,
// legal or not, in random games of both rule sets with the species and
// the Uprising.
func TestOffersAgreesWithNodes(t *testing.T) {
	codes := []string{"explore", "march", "forage", "play", "dance", "journey", "genome", "raid", "rest",
		actBrood, actExpansion, actVision, actChaos, actCultivate, "pref", "pass", "c0", "c07", "x"}
	for id := 1; id <= 66; id++ {
		codes = append(codes, cardCode(id))
	}
	for si, su := range offerSetups {
		t.Run(fmt.Sprintf("%s-%dp-%v", su.RuleSet, su.Seats, su.Options), func(t *testing.T) {
			offered := map[string]int{}
			refused := map[string]int{}
			for _, g := range enginetest.RandomGames(uint64(7700+si), enginetest.Games(12, 4)) {
				su.Game, su.Seed = Game.ID, g.Seed
				_, err := enginetest.PlayRandom(Game, su, g.Rand(), 20000, func(m *engine.Match) {
					s := m.State.(*State)
					tk := s.top()
					if s.Res != nil || tk == nil || tk.K != kTurn {
						return
					}
					for _, path := range [][]string{nil, {"play"}} {
						st, _ := s.nodeAll(tk, tk.Seat, path)
						for _, c := range codes {
							want := hasOption(st, c)
							if got := s.offers(tk, tk.Seat, path, c); got != want {
								t.Fatalf("%s, after %d answers: %q then %q: offers says %v, the options %v", g, len(m.Log), path, c, got, optionList(st))
							}
							if want {
								offered[c]++
							} else {
								refused[c]++
							}
						}
					}
				})
				if err != nil {
					t.Fatal(err)
				}
			}
			for _, c := range []string{"explore", "march", "forage", "play", "rest"} {
				if offered[c] == 0 || refused[c] == 0 {
					t.Errorf("%s offered %d times, refused %d: not checked both ways", c, offered[c], refused[c])
				}
			}
		})
	}
}
