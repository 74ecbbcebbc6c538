package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// The Evolved edition's pieces are looked up by naming the rule set
// outside an Evolved match (`card evolved …`, `tile evolved …`), by name
// in any language or by code, each with its text and picture; an unknown
// name is refused with the nearest names.
func TestEvolvedPieces(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"FORMICA_DB": filepath.Join(dir, "f.db"), "FORMICA_BOARDS": filepath.Join(dir, "boards")}
	in := strings.Join([]string{
		"card evolved surprise attack", "card march evolved c31", "tile evolved centipede nest", "hex evolved 14",
		"tile evolved nocna warta", "tile evolved defender", "tile evolved reward 6", "tile evolved r11",
		"tile evolved rewrd 9", "card evolved głowa akrobaty", "card trap",
		"lang ru", "tile evolved тихая камера", "lang uk", "tile evolved гніздо багатоніжок", "quit", ""}, "\n")
	out, stderr, err := runGames(t, games, in, env, "play", "march", "--players", "2", "--seed", "42")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for _, c := range []struct{ name, want, picture string }{
		{"MOAE-CARD-1 card by name", "**Surprise Attack** (`c1`)\nEvent. Cost 2, paid in ants only; ferocity 3.\n" +
			"Choose a contested tile (not in the first round): its battles are fought now, as in the Soldier phase; a centipede fights until it is beaten or no ant is left.", "**Surprise Attack** (`c1`)"},
		{"card by code after the game", "**Acrobat Head** (`c31`)\nEvolution. Cost 1, paid in larvae or ants; ferocity 1.\nHead. Start of the Soldier phase: take up to 2 ant steps.", "**Acrobat Head** (`c31`)"},
		{"MOAE-TILE-4 beyond the meadow", "**Centipede Nest** (`24`)\nTile beyond the meadow. Sites: s1 1 larva (control site), s2 1 colony point. Tunnels open to the e, nw, w, se edges (unrotated).\n" +
			"Placement: a centipede appears on every adjacent tile without one.", "**Centipede Nest** (`24`)"},
		{"MOAE-TILE-3 meadow tile with the centipede symbol", "**High Sands** (`14`)\nStandard tile. Sites: s1 food (control site), s2 1 colony point. Tunnels open to the e, w, se edges (unrotated).\n" +
			"Centipede symbol: when the tile is placed, a centipede comes onto it and the centipede size grows by 1.", "**High Sands** (`14`)"},
		{"MOAE-REST-3 rest tile by its Polish name", "**Night Watch** (`r5`)\nWhen you take it: pay 1 food to gain 1 CP, 1 larva.", "**Night Watch** (`r5`)"},
		{"MOAE-REST-8 the Great Defender", "**Great Defender** (`defender`)\nIts holder defends in this round's Great Tunnel battle, even with no ant there.", "**Great Defender** (`defender`)"},
		{"MOAE-GT-9 reward tile", "**Reward tile 6** (`reward6`)\nGreat Tunnel reward for rounds III+: 1st place 4 CP, 1 card; 2nd place 2 CP, 1 food; 3rd place 2 larvae.", "**Reward tile 6** (`reward6`)"},
		{"rest tile scored in the Slumber phase", "**Proud Territory** (`r11`)\nIn this round's Slumber phase: 1 CP per tile next to the Great Tunnel you occupy, at most 2.", ""},
		{"unknown name", "March of the Ants has no tile «rewrd 9». Closest: Reward tile 1, Reward tile 2, Reward tile 3.", ""},
		{"Polish card name", "**Acrobat Head** (`c31`)\nEvolution.", ""},
		{"the 1st edition without the rule set", "**Trap** (`c", ""},
		{"Russian", "**Тихая камера** (`r1`)\nКогда вы берёте его: получите личинки: 2.", "**Тихая камера** (`r1`)"},
		{"Ukrainian", "**Гніздо багатоніжок** (`24`)\nТайл за лукою. Точки: s1 1 личинка (точка контролю), s2 1 очко колонії. Тунелі виходять до країв e, nw, w, se (без повороту).\n" +
			"Розміщення: на кожному сусідньому тайлі без багатоніжки з'являється багатоніжка.", "**Гніздо багатоніжок** (`24`)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(out, c.want) {
				t.Fatalf("want %q in:\n%s", c.want, out)
			}
			if c.picture != "" {
				if n := colours(piecePicture(t, out, c.picture)); n < 5 {
					t.Errorf("%s: picture has %d colours: blank", c.picture, n)
				}
			}
		})
	}
}

// In an Evolved game (`play march --ruleset evolved`) the lookups find the
// Evolved pieces without naming the rule set.
func TestEvolvedPiecesInAGame(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"FORMICA_DB": filepath.Join(dir, "f.db"), "FORMICA_BOARDS": filepath.Join(dir, "boards")}
	out, stderr, err := runGames(t, games, "card c31\ntile defender\nhex 14\ncard trap\nquit\n", env, "play", "march", "--ruleset", "evolved", "--players", "2", "--seed", "42")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for _, want := range []string{
		"**Acrobat Head** (`c31`)\nEvolution. Cost 1, paid in larvae or ants; ferocity 1.",
		"**Great Defender** (`defender`)\nIts holder defends",
		"**High Sands** (`14`)\nStandard tile.",
		"March of the Ants has no card «trap». Closest: Trap Head, Acrobat Head, Adaptive Radiation.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("want %q in:\n%s", want, out)
		}
	}
}
