package march_test

import (
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/march"
	"formica/internal/testscale"
	rmarch "formica/render/march"
	"formica/render/rendertest"
)

// evolvedExplore plays an Evolved game at random for stop answers, a
// player offered Explore taking it three times in four, so the meadow
// grows as in a real late game.
func evolvedExplore(t testing.TB, players int, seed uint64, stop int, opts ...string) engine.State {
	t.Helper()
	n := 0
	return evolvedWalk(t, players, seed, func(engine.State) bool { n++; return n > stop }, opts...)
}

// evolvedWalk plays an Evolved game at random as evolvedExplore does
// (options as "key=value"), asking done before each answer, and returns
// the state done accepted, or the final one.
func evolvedWalk(t testing.TB, players int, seed uint64, done func(engine.State) bool, opts ...string) engine.State {
	t.Helper()
	su := engine.Setup{Game: march.Game.ID, RuleSet: "evolved", Seats: players, Seed: seed, Options: map[string]string{}}
	for _, kv := range opts {
		k, v, _ := strings.Cut(kv, "=")
		su.Options[k] = v
	}
	m, err := engine.Start(march.Game, su)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for n := 0; m.State.Result() == nil && !done(m.State); n++ {
		pend := m.State.Pending()
		p := pend[rng.IntN(len(pend))]
		var path engine.Path
		for {
			step, err := m.State.Choices(p.Seat, path)
			if err != nil {
				t.Fatalf("seed %d answer %d: Choices(%v): %v", seed, n, path, err)
			}
			if step.Done && (len(step.Options) == 0 || rng.IntN(3) == 0) {
				break
			}
			code := step.Options[rng.IntN(len(step.Options))].Code
			for _, o := range step.Options {
				if len(path) == 0 && o.Code == "explore" && rng.IntN(4) > 0 {
					code = o.Code
				}
			}
			path = append(path, code)
		}
		if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
			t.Fatalf("seed %d answer %d: %v", seed, n, err)
		}
	}
	return m.State
}

// evolvedAt plays the 5-player Evolved game of seed 8 answer by answer
// and returns the first spectator view ok accepts: positions are chosen
// by what they show, not by an answer count the engine's changes move.
func evolvedAt(t testing.TB, ok func(v *march.View) bool) march.View {
	t.Helper()
	return evolvedFind(t, 5, 8, ok)
}

// evolvedFind is evolvedAt for a game of players and seed (and options).
func evolvedFind(t testing.TB, players int, seed uint64, ok func(v *march.View) bool, opts ...string) march.View {
	t.Helper()
	st := evolvedWalk(t, players, seed, func(st engine.State) bool {
		v := spectator(st)
		return ok(&v)
	}, opts...)
	v := spectator(st)
	if !ok(&v) {
		t.Fatal("no such position in the game")
	}
	return v
}

// restView is a Worker phase with rest tiles face up and taken and the
// Great Defender held.
func restView(t testing.TB) march.View { return restOnce.Get(t, findRest) }

// Each view of an Evolved game below is found once per test binary: they
// are found answer by answer, and several tests draw each.
var restOnce, speciesOnce, centipedeOnce, tileBattleOnce, oldGuardOnce, epicOnce testscale.Once[march.View]

func findRest(t testing.TB) march.View {
	return evolvedAt(t, func(v *march.View) bool {
		taken := 0
		for _, p := range v.Panels {
			taken += len(p.RestTiles)
		}
		return v.Phase == "worker" && v.Defender != nil && *v.Defender >= 0 && taken >= 2 && len(v.RestTiles) >= 2
	})
}

// Evolved boards from a real 5-player game: a Worker phase with rest
// tiles taken and the Great Defender held, and a centipede fight with the
// strength track.
func TestGoldenEvolved(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	cases := []struct {
		name, golden string
		view         func(testing.TB) march.View
	}{
		{"MOAE-REST-3 MOAE-REST-8 rest tiles and the Great Defender", "evolved_p5_rest", restView},
		{"MOAE-CENT-4 MOAE-CENT-7 MOAE-CENT-1 the strength track in a centipede fight, the size track", "evolved_p5_centipede", centipedeView},
		{"MOAE-BATTLE-3 every side's strength in a tile battle", "evolved_p5_tilebattle", tileBattleView},
		{"MOAE-2P-6 MOAE-2P-8 MOAE-GT-9 the Old Guard in the Great Tunnel battle, the reward tile", "evolved_p2_oldguard", oldGuardView},
		{"MOAE-EPIC-2 the Epic game's reward stack", "evolved_p3_epic", epicView},
		{"MOAE-ANC-4 the Ancient Species and their unique action's marker", "evolved_p4_species", speciesView},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { board(t, c.golden, c.view(t)) })
	}
}

// speciesView is an Ancient Species game mid Worker phase: one player has
// used their unique action (its marker returned), another has not.
func speciesView(t testing.TB) march.View { return speciesOnce.Get(t, findSpecies) }

func findSpecies(t testing.TB) march.View {
	return evolvedFind(t, 4, 2, func(v *march.View) bool {
		if v.Phase != "worker" {
			return false
		}
		used, ready := false, false
		for _, p := range v.Panels {
			used = used || p.Species != "" && !p.Marker
			ready = ready || p.Species != "" && p.Marker
		}
		return used && ready
	}, "species=on")
}

// centipedeView is a centipede fight: its strength track.
func centipedeView(t testing.TB) march.View {
	return centipedeOnce.Get(t, func(t testing.TB) march.View {
		return evolvedAt(t, func(v *march.View) bool { return v.Battle != nil && v.Battle.Centipede && len(v.Battle.Sides) > 0 })
	})
}

// tileBattleView is a tile battle before the ferocity cards are
// revealed (random games seldom bring three colonies to one tile).
func tileBattleView(t testing.TB) march.View {
	return tileBattleOnce.Get(t, func(t testing.TB) march.View {
		return evolvedFind(t, 5, 1, func(v *march.View) bool {
			b := v.Battle
			return b != nil && !b.Centipede && b.Hex != 0 && len(b.Sides) >= 2
		})
	})
}

// oldGuardView is a 2-player Great Tunnel battle with the Old Guard.
func oldGuardView(t testing.TB) march.View {
	return oldGuardOnce.Get(t, func(t testing.TB) march.View {
		return evolvedFind(t, 2, 3, func(v *march.View) bool {
			b := v.Battle
			return v.OldGuard > 0 && b != nil && b.Hex == 0 && len(b.Sides) == 3
		})
	})
}

// epicView is the first Worker phase of a 3-player Epic game: four reward
// tiles left under the face-up one.
func epicView(t testing.TB) march.View {
	return epicOnce.Get(t, func(t testing.TB) march.View {
		return evolvedFind(t, 3, 4, func(v *march.View) bool { return v.Phase == "worker" && v.Reward != nil }, "length=long")
	})
}

// The rest tiles are labelled with what players type after "rest", in
// every language, and each Nest names the tiles it took.
func TestEvolvedLabels(t *testing.T) {
	testscale.SkipRace(t, "")
	v := restView(t)
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range rmarch.Languages() {
		seen := map[string]bool{}
		rmarch.SetSeen(r, func(_, s string, _ float64) { seen[s] = true })
		if _, err := r.ImageIn(lang, v); err != nil { // the words drawn, not the PNG
			t.Fatal(err)
		}
		for _, rt := range v.RestTiles {
			if !seen[rt.Code] {
				t.Errorf("%s: face-up rest tile %s not labelled with its code", lang, rt.Code)
			}
		}
		for _, p := range v.Panels {
			for _, rt := range p.RestTiles {
				found := false
				for s := range seen {
					found = found || strings.Contains(s, " "+rt.Code+" ") || strings.Contains(s, " "+rt.Code+",") || strings.HasSuffix(s, " "+rt.Code)
				}
				if !found {
					t.Errorf("%s: P%d's rest tile %s not named in its Nest", lang, p.Seat+1, rt.Code)
				}
			}
		}
		if !seen["P"+strconv.Itoa(*v.Defender+1)] {
			t.Errorf("%s: the Great Defender's holder is not named", lang)
		}
	}
}

// An Evolved hand: the cards' Evolved names and texts (moa.ecard.*), no
// clipping in any language.
func TestGoldenEvolvedHand(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	var v march.View
	for stop := 1; len(v.Hand) < 3; stop++ {
		if stop > 300 {
			t.Fatal("no hand of 3 cards")
		}
		st := evolvedExplore(t, 3, 5, stop)
		for seat := range 3 {
			if w := *st.View(engine.Seat(seat)).(*march.View); len(w.Hand) > len(v.Hand) {
				v = w
			}
		}
	}
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	var clipped []string
	rmarch.SetClip(r, func(lang, s string) { clipped = append(clipped, lang+": "+s) })
	for _, lang := range rmarch.Languages() {
		png, err := r.RenderHandIn(lang, v)
		if err != nil {
			t.Fatal(err)
		}
		if lang == "en" || lang == "pl" {
			golden(t, "evolved_hand_"+lang, png)
		}
	}
	if len(clipped) > 0 {
		t.Errorf("clipped: %v", clipped)
	}
}

// The Evolved rows (rest tiles, strength track, centipede size track with
// its reward and the Old Guard, the reward tile) fit whole in every
// language: nothing is shortened.
func TestEvolvedRowsFit(t *testing.T) {
	testscale.SkipRace(t, "")
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	var clipped []string
	rmarch.SetClip(r, func(lang, s string) { clipped = append(clipped, lang+": "+s) })
	views := map[string]func(testing.TB) march.View{"centipede": centipedeView, "tile battle": tileBattleView,
		"old guard": oldGuardView, "epic": epicView}
	for _, name := range []string{"centipede", "tile battle", "old guard", "epic"} {
		v := views[name](t)
		for _, lang := range rmarch.Languages() {
			dir := os.Getenv("MOA_RENDER_OUT")
			if dir == "" {
				// What is shortened is known once drawn: no PNG.
				if _, err := r.ImageIn(lang, v); err != nil {
					t.Fatal(err)
				}
				continue
			}
			png, err := r.RenderIn(lang, v)
			if err != nil {
				t.Fatal(err)
			}
			rendertest.WriteFile(t, dir, strings.ReplaceAll(name, " ", "_")+"_"+lang, png)
		}
		for _, c := range clipped {
			if !strings.Contains(c, "— ") { // the prompt line may be long; the Evolved rows may not
				t.Errorf("%s: clipped %s", name, c)
			}
		}
		clipped = nil
	}
}
