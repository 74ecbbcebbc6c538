package discord

import (
	"testing"

	"formica/engine/enginetest"
)

// The adapter's own texts come from its locale files like every other
// text: each key in en, ru, uk and pl with the same placeholders, and no
// Ukrainian or Polish text left in English.
func TestCatalog(t *testing.T) {
	c, err := newCatalog()
	if err != nil {
		t.Fatal(err)
	}
	enginetest.CheckCatalog(t, c, func(string) bool { return false })
}
