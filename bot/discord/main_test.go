package discord_test

import (
	"os"
	"testing"

	"formica/bot/bottest"
)

// TestMain runs eight parallel tests at once: they mostly wait.
func TestMain(m *testing.M) { os.Exit(bottest.RunWide(m, 8)) }
