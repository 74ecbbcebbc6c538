package engine_test

import (
	"os"
	"testing"

	"formica/engine/enginetest"
)

// TestMain lets -run name a rule ID (go test ./engine/... -run 'MOA1-BATTLE-4').
func TestMain(m *testing.M) { os.Exit(enginetest.RuleQuery(m)) }
