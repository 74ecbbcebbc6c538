package myrmes

import (
	"testing"

	"formica/engine/enginetest"
)

// Rule scenarios, one file per rule ID or worked example, run by the shared
// script runner: `go test -run 'Scripts/MYR-HUNT-2'` finds one.
func TestScripts(t *testing.T) {
	enginetest.RunScripts(t, Game, "testdata/*.txt")
}
