package march_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/march"
	rmarch "formica/render/march"
)

// evolvedGame is March with the Evolved rule set listed. The rule set is
// not offered to players until the engine's gate opens
// (engine/march TestEvolvedNotOffered), so tests use this copy of the
// descriptor, as the engine's own tests do.
func evolvedGame() *engine.Descriptor {
	d := *march.Game
	d.RuleSets = []string{"1e", "evolved"}
	return &d
}

// evolvedExplore plays an Evolved game at random for stop answers, a
// player offered Explore taking it three times in four, so the meadow
// grows as in a real late game.
func evolvedExplore(t testing.TB, players int, seed uint64, stop int) engine.State {
	t.Helper()
	su := engine.Setup{Game: march.Game.ID, RuleSet: "evolved", Seats: players, Seed: seed}
	m, err := engine.Start(evolvedGame(), su)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for n := 0; m.State.Result() == nil && n != stop; n++ {
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
	for stop := 1; stop < 400; stop++ {
		v := spectator(evolvedExplore(t, 5, 8, stop))
		if ok(&v) {
			return v
		}
		if v.Phase == "over" {
			break
		}
	}
	t.Fatal("no such position in the game")
	return march.View{}
}

// restView is a Worker phase with rest tiles face up and taken and the
// Great Defender held.
func restView(t testing.TB) march.View {
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
	t.Run("MOAE-REST-3 MOAE-REST-8 rest tiles and the Great Defender", func(t *testing.T) {
		board(t, "evolved_p5_rest", restView(t))
	})
	t.Run("MOAE-CENT-7 the strength track in a centipede fight", func(t *testing.T) {
		board(t, "evolved_p5_centipede", evolvedAt(t, func(v *march.View) bool {
			return v.Battle != nil && len(v.Battle.Strength) > 0
		}))
	})
}

// The rest tiles are labelled with what players type after "rest", in
// every language, and each Nest names the tiles it took.
func TestEvolvedLabels(t *testing.T) {
	v := restView(t)
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range rmarch.Languages() {
		seen := map[string]bool{}
		rmarch.SetSeen(r, func(_, s string, _ float64) { seen[s] = true })
		if _, err := r.RenderIn(lang, v); err != nil {
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
