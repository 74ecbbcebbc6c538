package march

import (
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
)

// TestEvolvedScripts runs the worked examples of the Polish Evolved
// rulebook (testdata/evolved/MOAE-*_example_*.txt), each named after the
// rule IDs it fixes, with the same fixture as TestScripts. The rule set
// is not offered to players yet (TestEvolvedNotOffered), so the scripts
// start on a copy of the descriptor that lists it, as newEvolved does.
func TestEvolvedScripts(t *testing.T) {
	d := *Game
	d.RuleSets = []string{"1e", "evolved"}
	sc := &scenario{faces: map[*engine.Match]map[int]HexData{}}
	enginetest.RunScripts(t, &d, "testdata/evolved/*.txt", sc.fix)
}
