package march

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	"formica/internal/testscale"
)

// canStep is len(stepTargets) > 0 and offersStep is a code among
// antStepCodes without the lists (MOA1-MARCH-2, MOAE-STEP-1, -4): for every
// seat, ant and tile of random games of both rule sets, with the Evolutions
// that change a step (Digger, Winged Thorax, Weaver) and wormholes.
func TestCanStepAgreesWithStepTargets(t *testing.T) {
	testscale.SkipRace(t, "")
	for si, su := range offerSetups {
		t.Run(fmt.Sprintf("%s-%dp-%v", su.RuleSet, su.Seats, su.Options), func(t *testing.T) {
			yes, no := 0, 0
			enginetest.EachPosition(t, Game, su, uint64(7800+si), enginetest.Games(12, 4), func(g enginetest.RandomGame, m *engine.Match) {
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
					// offersStep: where each of seat's ants may step
					for _, ant := range s.antOptions(seat, nil) {
						steps := s.antStepCodes(seat, ant)
						for i := range s.Tiles {
							c := hexCode(s.Tiles[i].Num)
							if got, want := s.offersStep(seat, ant, c), slices.Contains(steps, c); got != want {
								t.Fatalf("%s, after %d answers: seat %d's ant %s to %s: offersStep %v, the steps %v", g, len(m.Log), seat, ant, c, got, steps)
							}
						}
					}
				}
			})
			if yes == 0 || no == 0 {
				t.Fatalf("%d tiles to step from, %d without: not checked both ways", yes, no)
			}
		})
	}
}

// marchGoesOn is whether a March's root offers more than "done"
// (MOA1-MARCH-2, -3): marchAnswer ends the March on it after each step.
func TestMarchGoesOnAgreesWithNode(t *testing.T) {
	testscale.SkipRace(t, "")
	yes, no := 0, 0 // over all setups: the 1-player and Evolved games rarely stop a March early
	for si, su := range offerSetups {
		t.Run(fmt.Sprintf("%s-%dp-%v", su.RuleSet, su.Seats, su.Options), func(t *testing.T) {
			enginetest.EachPosition(t, Game, su, uint64(7900+si), enginetest.Games(12, 4), func(g enginetest.RandomGame, m *engine.Match) {
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
		})
	}
	if yes == 0 || no == 0 {
		t.Fatalf("%d marches go on, %d do not: not checked both ways", yes, no)
	}
}

// subPaths lists the paths below prefix, depth steps deep, following at
// most four options of each step (the first ones and the last).
func subPaths(s *State, tk *Task, seat int, prefix []string, depth int) [][]string {
	if depth == 0 {
		return nil
	}
	st, _ := s.node(tk, seat, prefix)
	opts := st.Options
	if len(opts) > 4 {
		opts = append(opts[:3:3], opts[len(opts)-1])
	}
	var out [][]string
	for _, o := range opts {
		p := append(slices.Clip(prefix), o.Code)
		out = append(out, p)
		out = append(out, subPaths(s, tk, seat, p, depth-1)...)
	}
	return out
}

var offerSetups = []engine.Setup{
	{RuleSet: "1e", Seats: 5, Options: map[string]string{"species": "on"}},
	{RuleSet: "1e", Seats: 2, Options: map[string]string{"species": "on", "frontiers": "all"}},
	{RuleSet: "1e", Seats: 1, Options: map[string]string{"mode": "uprising"}},
	{RuleSet: "evolved", Seats: 4, Options: map[string]string{"species": "on", "draft": "on"}},
	{RuleSet: "evolved", Seats: 2},
}

// offers answers for the first step of an action, a March, an Explore and
// the common reaction windows, for the card of "play" and its payment, an
// Explore's edge, rotation and ants and a March's step, without listing
// them (offersAction, offersCard, offersPayment, offersAnt, offersReaction,
// offersExploreFrom, offersDeeper, offersStep): it must agree with the
// lists every player sees (MOA1-WORKER-3, MOA1-CARD-1, -2, MOA1-MARCH-2,
// MOA1-EXPLORE-2, -4, -5, MOA1-REACT-6), for every code they could hold, legal or not, in random
// games of both rule sets with the species and the Uprising.
func TestOffersAgreesWithNodes(t *testing.T) {
	testscale.SkipRace(t, "")
	codes := []string{"explore", "march", "forage", "play", "dance", "journey", "genome", "raid", "rest",
		actBrood, actExpansion, actVision, actChaos, actCultivate, "pref", "pass", "take", "skip", "done", "larva",
		"none", "l", "c0", "c07", "x", "gt", "gto", "gts1", "03", "1o", "3s1", "3s9", "5s", "",
		"e", "ne", "nw", "w", "sw", "se", "n", "s", "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r", "0", "1", "2", "3", "4", "5", "6", "7", "9", "10", "+1", "01"}
	for id := 1; id <= 66; id++ {
		codes = append(codes, cardCode(id))
	}
	// below the root: edges, rotations, numbers and hexes
	deeper := []string{"pass", "done", "x", "", "gt", "e", "ne", "nw", "w", "sw", "se", "n", "s",
		"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r", "0", "1", "2", "3", "4", "5", "6", "7", "9", "10", "+1", "01"}
	for num := 1; num <= maxTiles; num++ {
		codes = append(codes, hexCode(num), hexCode(num)+"o", hexCode(num)+"s1", hexCode(num)+"s2", hexCode(num)+"s3", hexCode(num)+"s4")
		deeper = append(deeper, hexCode(num))
	}
	for si, su := range offerSetups {
		t.Run(fmt.Sprintf("%s-%dp-%v", su.RuleSet, su.Seats, su.Options), func(t *testing.T) {
			offered := map[TaskKind]int{}
			refused := map[TaskKind]int{}
			actions := map[string]int{}
			enginetest.EachPosition(t, Game, su, uint64(7700+si), enginetest.Games(8, 3), func(g enginetest.RandomGame, m *engine.Match) {
				s := m.State.(*State)
				tk := s.top()
				if s.Res != nil || tk == nil {
					return
				}
				for _, seat := range s.prompted(tk) {
					paths := [][]string{nil}
					if tk.K == kTurn && s.offersAction(tk, seat, "play") {
						// the card and its payment
						paths = append(paths, []string{"play"})
						paths = append(paths, subPaths(s, tk, seat, []string{"play"}, 3)...)
					}
					if tk.K == kExplore || tk.K == kMarch || tk.K == kReact {
						// and the paths below the root, three steps deep
						paths = append(paths, subPaths(s, tk, seat, nil, 3)...)
					}
					for _, path := range paths {
						st, _ := s.nodeAll(tk, seat, path)
						cs := codes
						if len(path) > 0 && tk.K != kTurn {
							cs = deeper
						}
						for _, c := range cs {
							want := hasOption(st, c)
							if got := s.offers(tk, seat, path, c); got != want {
								t.Fatalf("%s, after %d answers: %s %s, %q then %q: offers says %v, the options %v", g, len(m.Log), tk.K, tk.React.Action, path, c, got, optionList(st))
							}
							if want {
								offered[tk.K]++
								if tk.K == kTurn && path == nil {
									actions[c]++
								}
							} else {
								refused[tk.K]++
							}
						}
					}
				}
			})
			for _, k := range []TaskKind{kTurn, kMarch, kReact, kExplore} {
				if k == kReact && su.Seats == 1 {
					continue // alone: nobody reacts
				}
				if offered[k] == 0 || refused[k] == 0 {
					t.Errorf("%s: %d codes offered, %d refused: not checked both ways", k, offered[k], refused[k])
				}
			}
			for _, c := range []string{"explore", "march", "forage", "play", "rest"} {
				if actions[c] == 0 {
					t.Errorf("the action %s was never offered: not checked", c)
				}
			}
		})
	}
}

// Clones share their Fixed (rule set and options): no answer may change
// it, or a change would show in every clone of the match. Random games of
// both rule sets with the species, the draft and the Uprising.
func TestFixedNeverChanges(t *testing.T) {
	testscale.SkipRace(t, "")
	for si, su := range offerSetups {
		t.Run(fmt.Sprintf("%s-%dp-%v", su.RuleSet, su.Seats, su.Options), func(t *testing.T) {
			var want Fixed // each game's, from its start
			enginetest.EachPosition(t, Game, su, uint64(8100+si), enginetest.Games(8, 3), func(g enginetest.RandomGame, m *engine.Match) {
				s := m.State.(*State)
				if len(m.Log) == 0 {
					want = *s.Fixed
				}
				if *s.Fixed != want {
					t.Fatalf("%s, after %d answers: the rule set or options changed: %+v, were %+v", g, len(m.Log), *s.Fixed, want)
				}
			})
		})
	}
}

// Two clones of one state share its players' lists (player caps them,
// playerLists copies a seat's): a clone playing on must change neither
// the state it came from nor another clone that has already answered,
// whatever either appends to a hand, goal row or Evolution column, or
// takes from one. Random games of both rule sets with the species.
func TestClonesPlayApart(t *testing.T) {
	testscale.SkipRace(t, "TestCloneSharesPlayersSafely")
	setups := []engine.Setup{
		{RuleSet: "1e", Seats: 5, Options: map[string]string{"species": "on"}},
		{RuleSet: "1e", Seats: 2, Options: map[string]string{"frontiers": "all"}},
		{RuleSet: "evolved", Seats: 4, Options: map[string]string{"species": "on", "draft": "on"}},
	}
	for si, su := range setups {
		t.Run(fmt.Sprintf("%s-%dp-%v", su.RuleSet, su.Seats, su.Options), func(t *testing.T) {
			var rng *rand.Rand // each game's second stream, for the clones' answers
			enginetest.EachPosition(t, Game, su, uint64(8200+si), enginetest.Games(8, 3), func(g enginetest.RandomGame, m *engine.Match) {
				if len(m.Log) == 0 {
					rng = g.Rand()
				}
				want, _ := engine.Hash(m.State)
				x := &engine.Match{Setup: m.Setup, State: m.State.Clone()}
				if x.State.Result() != nil || enginetest.RandomAnswer(x, rng) != nil {
					return
				}
				hx, _ := engine.Hash(x.State)
				y := &engine.Match{Setup: m.Setup, State: m.State.Clone()}
				for i := 0; i < 3 && y.State.Result() == nil; i++ {
					if err := enginetest.RandomAnswer(y, rng); err != nil {
						t.Fatal(err)
					}
				}
				if got, _ := engine.Hash(m.State); got != want {
					t.Fatalf("%s, after %d answers: a clone's answers changed the state it came from", g, len(m.Log))
				}
				if got, _ := engine.Hash(x.State); got != hx {
					t.Fatalf("%s, after %d answers: a clone's answers changed another clone", g, len(m.Log))
				}
			})
		})
	}
}

// autoReact answers for a reactor whose preference covers the window or
// who may only pass (MOA1-REACT-1, MOA1-REACT-6), working out without the
// list whether there is anything else (reactionChoice, prefPass): the
// same as the rule's own reading, for every seat of every window of
// random games with the species.
func TestAutoReactAgreesWithNodes(t *testing.T) {
	testscale.SkipRace(t, "")
	yes, no := 0, 0
	for si, su := range offerSetups {
		t.Run(fmt.Sprintf("%s-%dp-%v", su.RuleSet, su.Seats, su.Options), func(t *testing.T) {
			enginetest.EachPosition(t, Game, su, uint64(8300+si), enginetest.Games(8, 3), func(g enginetest.RandomGame, m *engine.Match) {
				s := m.State.(*State)
				tk := s.top()
				if s.Res != nil || tk == nil || tk.K != kReact {
					return
				}
				for seat := range s.Players {
					// the rule as written: a preference, or pass the only option
					a := tk.React.Action
					st, _ := s.node(tk, seat, nil)
					wantAns, wantOK := "", false
					switch {
					case a == "forage" && s.pref(seat, "take-forage"):
						wantAns, wantOK = "take", true
					case s.pref(seat, "pass-"+a) || s.pref(seat, "pass-species") && isSpeciesAction(a) || len(st.Options) <= 1:
						wantAns, wantOK = "pass", true
					}
					if ans, ok := s.autoReact(tk, seat); ans != wantAns || ok != wantOK {
						t.Fatalf("%s, after %d answers: %s window, seat %d (prefs %v, options %v): autoReact %q %v, want %q %v", g, len(m.Log), a, seat, s.Players[seat].Prefs, optionList(st), ans, ok, wantAns, wantOK)
					}
					if wantOK {
						yes++
					} else {
						no++
					}
				}
			})
		})
	}
	if yes == 0 || no == 0 {
		t.Fatalf("%d reactors answered at once, %d asked: not checked both ways", yes, no)
	}
}

// advance does not own the task stack when the top task only waits
// (waitsAsIs): run must then say it waits and change nothing. Every state
// of random games of both rule sets, the Uprising included.
func TestWaitsAsIsChangesNothing(t *testing.T) {
	testscale.SkipRace(t, "")
	checked := 0
	for si, su := range offerSetups {
		t.Run(fmt.Sprintf("%s-%dp-%v", su.RuleSet, su.Seats, su.Options), func(t *testing.T) {
			enginetest.EachPosition(t, Game, su, uint64(8400+si), enginetest.Games(8, 3), func(g enginetest.RandomGame, m *engine.Match) {
				s := m.State.(*State)
				tk := s.top()
				if s.Res != nil || tk == nil || tk.Who != nil || !s.waitsAsIs(tk) {
					return
				}
				want, _ := engine.Hash(s)
				x := s.Clone().(*State)
				x.ownTasks()
				if !x.run(x.top()) {
					t.Fatalf("%s, after %d answers: %s: run went on where waitsAsIs said it waits", g, len(m.Log), tk.K)
				}
				if got, _ := engine.Hash(x); got != want || len(x.ev) > 0 {
					t.Fatalf("%s, after %d answers: %s: run changed the state where waitsAsIs said it waits", g, len(m.Log), tk.K)
				}
				checked++
			})
		})
	}
	if checked == 0 {
		t.Fatal("no task waited: the test checked nothing")
	}
}
