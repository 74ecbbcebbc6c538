package march_test

import (
	"testing"

	"formica/engine/enginetest"
	"formica/engine/march"
)

// TestScripts runs the scenarios in testdata.
// worker_turns.txt: MOA1-WORKER-1 MOA1-WORKER-3 MOA1-WORKER-5 MOA1-REST-2
// MOA1-EXPLORE-2 MOA1-EXPLORE-8 MOA1-MARCH-2 MOA1-MARCH-3 MOA1-MARCH-8
// MOA1-REACT-2 MOA1-FORAGE-1 MOA1-FORAGE-2 MOA1-HEX-12 MOA1-HEX-16
// first_hexes.txt: MOA1-EXPLORE-7 MOA1-NF-1 MOA1-HEX-2 MOA1-EXPLORE-4
func TestScripts(t *testing.T) {
	enginetest.RunScripts(t, march.Game, "testdata/*.txt")
}
