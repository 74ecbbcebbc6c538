package march

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// TestEvolvedScripts runs the worked examples of the Polish Evolved
// rulebook (testdata/evolved/MOAE-*_example_*.txt), each named after the
// rule IDs it fixes, with the same fixture as TestScripts.
func TestEvolvedScripts(t *testing.T) {
	sc := &scenario{faces: map[*engine.Match]map[int]HexData{}}
	enginetest.RunScripts(t, Game, "testdata/evolved/*.txt", sc.fix)
}
