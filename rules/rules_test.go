package rules

import (
	"strings"
	"testing"
)

// Each reference's rules are found by ID, with the rule's own words and
// its continuation lines, and nothing of the next rule.
func TestText(t *testing.T) {
	ref, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ id, has, not string }{
		{"MIC-TURN-1", "Place the tile in their anthill", "MIC-TURN-2"},
		{"FUN-HIRE-2", "5 workers and 3 soldiers per colour", "FUN-HIRE-3"},
		{"MOA1-2P-2", "draws at random 2 of the unused", "MOA1-2P-3"},
		{"moae-ovr-1", "MOAE-OVR-1", "MOAE-OVR-2"},
		{"FUN-AMB-1", "Hiring rule", "FUN-AMB-2"},
	} {
		t.Run(c.id, func(t *testing.T) {
			s, ok := ref.Text(c.id)
			if !ok {
				t.Fatalf("%s not found", c.id)
			}
			if !strings.Contains(s, c.has) || strings.Contains(s, c.not) || strings.Contains(s, "**") {
				t.Fatalf("%s text:\n%s", c.id, s)
			}
		})
	}
	if _, ok := ref.Text("MIC-NOPE-1"); ok {
		t.Fatal("an unknown ID was found")
	}
	if len(ref) < 900 {
		t.Fatalf("only %d rules parsed", len(ref))
	}
}
