package march_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/march"
	"formica/internal/testscale"
	rmarch "formica/render/march"
	"formica/render/rendertest"
)

// hordeGameOver is the game-over line of a finished Uprising (1st edition)
// or Rise of the Centipedes (Evolved) game in every language, for the Horde
// winning and the colonies winning together. Every colony has the same
// rank there, so the line names no seat (MOA1-SOLO-12, RISE-12).
func TestHordeGameOver(t *testing.T) {
	testscale.SkipRace(t, "")
	want := map[string][2]string{ // lang: Horde wins, colonies win
		"en": {"Game over — the Horde wins", "Game over — the colonies win together"},
		"ru": {"Игра окончена — побеждает Орда", "Игра окончена — колонии побеждают вместе"},
		"uk": {"Гру завершено — перемагає Орда", "Гру завершено — колонії перемагають разом"},
		"pl": {"Koniec gry — wygrywa Horda", "Koniec gry — kolonie wygrywają razem"},
	}
	langs := slices.Sorted(maps.Keys(want))
	games := map[string]march.View{
		"MOA1-SOLO-12 Uprising":          spectator(play(t, 1, 3, -1, map[string]string{"mode": "uprising"})),
		"RISE-12 Rise of the Centipedes": spectator(evolvedWalk(t, 2, 3, func(engine.State) bool { return false }, "mode=uprising")),
	}
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range games {
		t.Run(name, func(t *testing.T) {
			if v.Result == nil || v.Uprising == nil {
				t.Fatal("the game did not finish as an Uprising game")
			}
			hordeWon := true
			for _, rk := range v.Result.Rank {
				hordeWon = hordeWon && rk == 2
			}
			// The colonies' win is the same finished board with the ranks
			// the engine gives when they beat the Horde.
			won := v
			won.Result = &engine.Result{Scores: v.Result.Scores, Rank: make([]int, len(v.Result.Rank)), Detail: v.Result.Detail}
			for i := range won.Result.Rank {
				won.Result.Rank[i] = 1
				if !hordeWon {
					won.Result.Rank[i] = 2
				}
			}
			lost, beat := v, won
			if !hordeWon {
				lost, beat = won, v
			}
			for _, lang := range langs {
				w := want[lang]
				for i, bv := range []march.View{lost, beat} {
					var ts rendertest.Texts
					rmarch.SetSeen(r, ts.Add)
					if _, err := r.ImageIn(lang, bv); err != nil { // the words drawn, not the PNG
						t.Fatal(err)
					}
					rmarch.SetSeen(r, nil)
					var over []string
					for _, x := range ts {
						if strings.HasPrefix(x.S, strings.SplitN(w[0], " — ", 2)[0]) {
							over = append(over, x.S)
						}
					}
					if len(over) != 1 || over[0] != w[i] {
						t.Errorf("%s: game-over line %q, want %q", lang, over, w[i])
					}
				}
			}
		})
	}
}

// TestHordeLevelInWords: the Horde's line names the difficulty in the
// board's language, not as the option's value (RISE-14, MOA1-SOLO-16).
func TestHordeLevelInWords(t *testing.T) {
	want := map[string]string{"en": "(hard)", "ru": "(трудный)", "uk": "(важкий)", "pl": "(trudny)"}
	v := spectator(evolvedWalk(t, 1, 3, func(engine.State) bool { return true }, "mode=uprising", "difficulty=hard"))
	if v.Uprising == nil || v.Uprising.Difficulty != "hard" {
		t.Fatalf("not a hard Rise game: %+v", v.Uprising)
	}
	r, err := rmarch.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range testscale.Pick(slices.Sorted(maps.Keys(want)), 2) {
		w := want[lang]
		var ts rendertest.Texts
		rmarch.SetSeen(r, ts.Add)
		if _, err := r.ImageIn(lang, v); err != nil { // the words drawn, not the PNG
			t.Fatal(err)
		}
		rmarch.SetSeen(r, nil)
		all := ""
		for _, x := range ts {
			all += x.S + "\n"
		}
		if !strings.Contains(all, w) || lang != "en" && strings.Contains(all, "(hard)") {
			t.Errorf("%s: the Horde's level is not %s on the board:\n%s", lang, w, all)
		}
	}
}
