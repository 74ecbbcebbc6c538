package march

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// evolvedUntested lists the MOAE rule IDs no test names yet, each with the
// reason. The list may only shrink: an ID that a test names must leave it.
var evolvedUntested = map[string]string{
	// not rules of play, or nothing to check in a program
	"MOAE-OVR-1":    "an overview of the game",
	"MOAE-OVR-3":    "the rulebook's advice on advanced modes; player counts are the descriptor's",
	"MOAE-SETUP-1":  "puts the Great Tunnel in the middle of the table",
	"MOAE-SETUP-5":  "puts the general supply beside the play area",
	"MOAE-PSETUP-1": "choosing a colour and a nest sheet: seats have colours",
	"MOAE-MEADOW-3": "a tile's name has no effect on play",
	"MOAE-CARD-1":   "card anatomy; the data check covers every field",
	"MOAE-EVO-8":    "segment icons carry no numbers",
	"MOAE-GEN-8":    "cards may break the rules: a principle, each card's own test checks it",
	"MOAE-SOLO-1":   "the solo sheet is not in the source: Rise of the Centipedes is our design (DESIGN.md, RISE-1..16)",
	"MOAE-SOLO-3":   "context only, not a rule of this edition",
}

// TestEvolvedRulesNamedInTests fails when a MOAE rule ID of the rules
// reference is named by no test or scenario script of this package and is
// not listed above, or when a listed ID is named after all.
func TestEvolvedRulesNamedInTests(t *testing.T) {
	id := regexp.MustCompile(`\bMOAE-[A-Z0-9]+(?:-[A-Z0-9]+)*-[0-9]+\b`)
	ref, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules", "march-of-the-ants-evolved.md"))
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, m := range id.FindAllString(string(ref), -1) {
		defined[m] = true
	}
	files, _ := filepath.Glob("*_test.go")
	// scripts live one folder down too (testdata/evolved, its disagree/)
	var more []string
	filepath.WalkDir("testdata", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			more = append(more, p)
		}
		return err
	})
	named := map[string]bool{}
	for _, f := range append(files, more...) {
		if f == "evolved_cite_test.go" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range id.FindAllString(string(b), -1) {
			named[m] = true
		}
	}
	var missing []string
	for r := range defined {
		if !named[r] && evolvedUntested[r] == "" {
			missing = append(missing, r)
		}
	}
	for r := range evolvedUntested {
		if !defined[r] {
			t.Errorf("%s is not a rule of the reference", r)
		}
		if named[r] {
			t.Errorf("%s is named in a test now: drop it from evolvedUntested", r)
		}
	}
	slices.Sort(missing)
	if len(missing) > 0 {
		t.Errorf("%d MOAE rule IDs are named in no test: %s", len(missing), strings.Join(missing, " "))
	}
	t.Logf("%d of %d MOAE rule IDs named in tests", len(defined)-len(evolvedUntested), len(defined))
}
