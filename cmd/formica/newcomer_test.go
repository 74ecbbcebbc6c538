package main

import (
	"path/filepath"
	"strings"
	"testing"

	"formica/bot"
	"formica/engine/funants"
	"formica/engine/march"
)

// cardGames offers March and Fun Ants with their card lists, as games()
// wires them, without the renderers.
func cardGames() ([]bot.Game, error) {
	moa, err := march.Messages()
	if err != nil {
		return nil, err
	}
	fun, err := funants.Messages()
	if err != nil {
		return nil, err
	}
	mc, err := marchCards(moa, nil)
	if err != nil {
		return nil, err
	}
	return []bot.Game{
		{Descriptor: march.Game, Messages: moa, Components: mc},
		{Descriptor: funants.Game, Messages: fun, Components: funantsCards(fun, nil)},
	}, nil
}

// `card <name>` shows a card's full text, by its name in any language or
// by its code; copies that differ (the two Traps' ferocity) are both shown.
func TestCardByName(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"FORMICA_DB": filepath.Join(dir, "f.db"), "FORMICA_BOARDS": filepath.Join(dir, "boards")}
	in := "card trap\ncard c18\ncard funants ant rage\nlang ru\ncard ловушка\ncard nothing\ncard ловушко\nquit\n"
	out, stderr, err := runGames(t, cardGames, in, env, "play", "march", "--players", "2", "--seed", "42")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	for _, want := range []string{
		"**Trap** (`c19`)\nEvent. Cost 1, paid in larvae or ants; ferocity 4.\nChoose a contested hex: its battles are fought now, as in the Soldier phase.\n**Trap** (`c20`)\nEvent. Cost 1, paid in larvae or ants; ferocity 3.",
		"**Royal Jelly** (`c18`)\nEvent. Cost 2, paid in larvae or ants; ferocity 1.\nChoose two different: 2 food, 3 larvae, 2 cards.",
		"**Ant Rage** (`rage`)\nAnt Rage: in a battle, +1 strength to one of your ants in it.",
		"**Ловушка** (`c19`)\nСобытие. Цена 1 — личинками или муравьями; свирепость 4.",
		"В игре March of the Ants нет карты «nothing». Ближайшие: ",
		"В игре March of the Ants нет карты «ловушко». Ближайшие: Ловушка, ",
	} {
		if !strings.Contains(out, want) {
			t.Fatalf("output lacks %q:\n%s", want, out)
		}
	}
}
