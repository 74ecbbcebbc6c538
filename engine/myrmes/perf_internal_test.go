package myrmes

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// TestAnswersCopyOnlyWhatChanges: clones share the players and the sortie
// until Apply changes them, and an answer copies only what it changes. In
// every position of random games, a player the answer left as it was
// (every field, compared in JSON) is still the one the state before
// holds, and so is an unchanged sortie: phase changes (MYR-STRUCT-4) copy
// only the players they prompt or clear. That sharing them is safe is
// enginetest's checkClone (TestAcceptance) and TestCloneSharesTilesSafely.
func TestAnswersCopyOnlyWhatChanges(t *testing.T) {
	shared, sortieShared := 0, 0
	su := engine.Setup{Game: Game.ID, Seats: 4}
	eachAnswer(t, su, enginetest.RandomGames(11, enginetest.Games(4, 2)), func(x answered) {
		old, next := x.old, x.next
		for i := range old.Players {
			a, _ := json.Marshal(old.Players[i])
			b, _ := json.Marshal(next.Players[i])
			if string(a) != string(b) {
				continue
			}
			if next.Players[i] != old.Players[i] {
				t.Fatalf("%s, after %d answers: %s %q left player %d as it was but copied it (%v to %v)", x.g, x.n, x.a.Seat, x.a.Path, i+1, old.Phase, next.Phase)
			}
			shared++
		}
		if old.Sortie != nil && next.Sortie != nil && *old.Sortie == *next.Sortie {
			if old.Sortie != next.Sortie {
				t.Fatalf("%s, after %d answers: %s %q left the sortie as it was but copied it", x.g, x.n, x.a.Seat, x.a.Path)
			}
			sortieShared++
		}
	})
	if shared == 0 || sortieShared == 0 {
		t.Fatalf("%d players and %d sorties shared: want some of each", shared, sortieShared)
	}
}

// TestSharedListsCapped: the default answers of prompts and the options
// of steps that never vary are shared by every state (board tables), each
// capped so that a caller appending to one copies it. In every position of
// random games, two callers appending to the same list (every prompt's
// default answer, the first steps of every seat) must each keep what they
// appended, and the next Pending and Choices list what they did before.
func TestSharedListsCapped(t *testing.T) {
	for _, g := range enginetest.RandomGames(13, enginetest.Games(3, 1)) {
		su := engine.Setup{Game: Game.ID, Seats: 3, Seed: g.Seed}
		_, err := enginetest.PlayRandom(Game, su, g.Rand(), 5000, func(m *engine.Match) {
			s := m.State
			want := s.Pending()
			for i := range want {
				want[i].Default = slices.Clone(want[i].Default)
			}
			p1, p2 := s.Pending(), s.Pending()
			for i := range p1 {
				a := append(p1[i].Default, "x")
				b := append(p2[i].Default, "y")
				if a[len(a)-1] != "x" || b[len(b)-1] != "y" {
					t.Fatalf("%s, after %d answers: two appends to %s's default answer share it", g, len(m.Log), p1[i].Seat)
				}
			}
			if got := s.Pending(); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, after %d answers: appending to a default answer changed Pending:\n%v\nnot\n%v", g, len(m.Log), got, want)
			}
			for seat := range engine.Seat(3) {
				for _, prefix := range []engine.Path{nil, {"pref"}, {"pref", "keep-food"}} {
					st1, err := s.Choices(seat, prefix)
					if err != nil {
						continue
					}
					opts := slices.Clone(st1.Options)
					st2, _ := s.Choices(seat, prefix)
					a := append(st1.Options, engine.Option{Code: "x"})
					b := append(st2.Options, engine.Option{Code: "y"})
					if a[len(a)-1].Code != "x" || b[len(b)-1].Code != "y" {
						t.Fatalf("%s, after %d answers: two appends to %s's options after %q share them", g, len(m.Log), seat, prefix)
					}
					if again, _ := s.Choices(seat, prefix); !reflect.DeepEqual(again.Options, opts) {
						t.Fatalf("%s, after %d answers: appending to %s's options after %q changed them", g, len(m.Log), seat, prefix)
					}
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestPrefEvents: setting a standing preference (keep the event,
// MYR-EVT-2; keep food, MYR-EOS-3; never trade, MYR-WIN-4) tells its
// player alone which one and whether on or off, also when it was set so
// already.
func TestPrefEvents(t *testing.T) {
	m, err := engine.Start(Game, engine.Setup{Game: Game.ID, Seats: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range prefNames {
		for _, v := range []string{"on", "on", "off", "off"} {
			ev, err := m.Answer(engine.Answer{Seat: 2, Path: engine.Path{"pref", name, v}})
			if err != nil {
				t.Fatal(err)
			}
			want := []engine.Event{{Key: "myr.pref." + name + "." + v, To: 2}}
			if !reflect.DeepEqual(ev, want) {
				t.Fatalf("pref %s %s: events %v, want %v", name, v, ev, want)
			}
			if got := m.State.(*state).Players[2].pref(name); got != (v == "on") {
				t.Fatalf("pref %s %s: set %v", name, v, got)
			}
		}
	}
}

// TestAxialGrid: the dense table cover reads (a shape's hexes on the
// garden, MYR-PHER-3) names the same space as byAxial for every axial
// coordinate on the board and around it, and none off it.
func TestAxialGrid(t *testing.T) {
	b, err := defaultBoard()
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for q := b.minQ - 3; q < b.minQ+b.gq+3; q++ {
		for r := b.minR - 3; r < b.minR+b.gr+3; r++ {
			want, wok := b.byAxial[[2]int{q, r}]
			got, ok := b.axial(q, r)
			if ok != wok || (ok && got != want) {
				t.Fatalf("axial(%d, %d) = %d, %v; byAxial has %d, %v", q, r, got, ok, want, wok)
			}
			if ok {
				found++
			}
		}
	}
	if found != len(b.cells) {
		t.Fatalf("found %d spaces, the board has %d", found, len(b.cells))
	}
}

// TestEventKeys: the events whose keys Apply takes from tables name what
// happened. In random games: a worker placed in a colony room
// (MYR-COL-1) tells that room, and for the quarry the cube taken; an
// event chosen in secret (MYR-EVT-3) is told, when phase 1 is revealed,
// by its own key for its own player; a new season (MYR-STRUCT-3) tells
// its name.
func TestEventKeys(t *testing.T) {
	rooms, events, seasons, quarry := 0, 0, 0, map[string]int{}
	// Level 2 from the start opens the quarry (room 2) at once.
	su := engine.Setup{Game: Game.ID, Seats: 3, Options: map[string]string{"give": "P1:level=2;P2:level=2;P3:level=2"}}
	chosen := map[string]string{} // player -> event code sealed this season
	eachAnswer(t, su, enginetest.RandomGames(17, enginetest.Games(20, 10)), func(x answered) {
		g, n, p, path, old, next, ev := x.g, x.n, x.a, x.a.Path, x.old, x.next, x.ev
		if n == 0 {
			clear(chosen) // a new game
		}
		kind := old.kindFor(int(p.Seat))
		has := func(key, player string) bool {
			return slices.ContainsFunc(ev, func(e engine.Event) bool {
				return e.Key == key && (player == "" || e.Args["player"] == player)
			})
		}
		if kind == kWorker && path[0][0] == 'r' {
			want := "myr.room" + path[0][1:]
			if path[0] == "r2" {
				want += "." + path[1]
				quarry[path[1]]++
			}
			if !has(want, p.Seat.String()) {
				t.Fatalf("%s, after %d answers: %s %q told %v, not %s", g, n, p.Seat, path, ev, want)
			}
			rooms++
		}
		if kind == kEvent && path[0] != "pref" {
			chosen[p.Seat.String()] = path[0]
		}
		for _, e := range ev {
			if code, ok := strings.CutPrefix(e.Key, "myr.event_set."); ok {
				if want := chosen[e.Args["player"]]; code != want {
					t.Fatalf("%s, after %d answers: %s told for %s, who chose %q", g, n, e.Key, e.Args["player"], want)
				}
				events++
			}
		}
		if next.Phase != old.Phase && next.Phase == PhaseBirths {
			clear(chosen)
		}
		if next.Season != old.Season && next.Season < 3 && next.Res == nil {
			if want := "myr.season." + [3]string{"spring", "summer", "autumn"}[next.Season]; !has(want, "") {
				t.Fatalf("%s, after %d answers: a new season told %v, not %s", g, n, ev, want)
			}
			seasons++
		}
	})
	if rooms == 0 || events == 0 || seasons == 0 || quarry["earth"] == 0 || quarry["stone"] == 0 {
		t.Fatalf("checked %d rooms (quarry %v), %d events, %d seasons: want some of each", rooms, quarry, events, seasons)
	}
}

// TestPromptRules: every prompt cites the rule of its decision (events
// MYR-EVT-2, births MYR-BIRTH-1, the cap MYR-CAP-1, workers MYR-WRK-1,
// sorties MYR-SORT-3, harvest MYR-HARV-2, the atelier MYR-ATL-2, the
// storeroom MYR-EOS-3, winter MYR-WIN-1), in every position of random
// games.
func TestPromptRules(t *testing.T) {
	want := map[string]string{
		kEvent: "MYR-EVT-2", kBirths: "MYR-BIRTH-1", kCap: "MYR-CAP-1", kWorker: "MYR-WRK-1",
		kSortie: "MYR-SORT-3", kHarvest: "MYR-HARV-2", kAtelier: "MYR-ATL-2", kKeep: "MYR-EOS-3", kWinter: "MYR-WIN-1",
	}
	seen := map[string]bool{}
	for _, g := range enginetest.RandomGames(19, enginetest.Games(6, 3)) {
		su := engine.Setup{Game: Game.ID, Seats: 4, Seed: g.Seed}
		_, err := enginetest.PlayRandom(Game, su, g.Rand(), 5000, func(m *engine.Match) {
			for _, p := range m.State.Pending() {
				if p.Rule != want[p.Kind] {
					t.Fatalf("%s, after %d answers: a %s prompt cites %q, want %q", g, len(m.Log), p.Kind, p.Rule, want[p.Kind])
				}
				seen[p.Kind] = true
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range []string{kEvent, kBirths, kWorker, kSortie, kHarvest, kAtelier, kKeep, kWinter} {
		if !seen[k] {
			t.Errorf("no %s prompt in the games: its rule went unchecked", k)
		}
	}
}

// TestAnyTunnelSpace: the root of the atelier step asks whether the
// player has any space for a new tunnel exit (MYR-TUN-1: a free space next
// to one of its pieces) by looking next to its pieces, not at every space.
// In every position of random games, for every seat, the answer must be
// what the list of spaces says, and so on a copy of the garden without the
// seat's tunnel exits (its tiles alone) and on one where no space is free.
func TestAnyTunnelSpace(t *testing.T) {
	var tunnels, byTiles int
	for _, g := range enginetest.RandomGames(23, enginetest.Games(6, 3)) {
		su := engine.Setup{Game: Game.ID, Seats: 4, Seed: g.Seed}
		_, err := enginetest.PlayRandom(Game, su, g.Rand(), 5000, func(m *engine.Match) {
			s := m.State.(*state)
			for seat := range s.Players {
				bare := *s
				bare.Cells = slices.Clone(s.Cells)
				for i := range bare.Cells {
					if int(bare.Cells[i].Tunnel) == seat {
						bare.Cells[i].Tunnel = -1
					}
				}
				// And with every empty space holding prey: none is free.
				full := *s
				full.Cells = slices.Clone(s.Cells)
				for i, c := range full.Cells {
					if c.Tile < 0 && c.Tunnel < 0 {
						full.Cells[i].Prey = 0
					}
				}
				if n := len(full.tunnelSpaces(seat)); n != 0 || full.anyTunnelSpace(seat) {
					t.Fatalf("%s, after %d answers, P%d: with no free space, any tunnel space %v, the list has %d", g, len(m.Log), seat+1, full.anyTunnelSpace(seat), n)
				}
				for _, x := range []*state{s, &bare} {
					n := len(x.tunnelSpaces(seat))
					if any := x.anyTunnelSpace(seat); any != (n > 0) {
						t.Fatalf("%s, after %d answers, P%d (exits taken off: %v): any tunnel space %v, the list has %d", g, len(m.Log), seat+1, x == &bare, any, n)
					}
					if x == s {
						tunnels += n
					} else {
						byTiles += n
					}
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if tunnels == 0 || byTiles == 0 {
		t.Fatalf("saw %d tunnel spaces, %d next to tiles alone: want some of each", tunnels, byTiles)
	}
}
