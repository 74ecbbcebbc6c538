package engine_test

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// ruleGames maps each game package to its rules reference (a copy of the
// team's shared/rules kept in docs/rules) and its rule-ID prefix.
var ruleGames = []struct {
	dir, rules, prefix string
	// unenforced lists rule IDs deliberately not cited in the package, each
	// with the reason.
	unenforced map[string]string
}{
	{"micropolis", "micropolis.md", "MIC", nil},
	{"march", "march-of-the-ants-1e.md", "MOA1", map[string]string{
		"MOA1-2P-7":   "a recommendation (no Special Species with 2 players) for whoever opens the lobby; the engine allows species at every count",
		"MOA1-SPEC-3": "the same recommendation for solo, 2 and 5 players; not a rule of play",
	}},
	{"funants", "fun-ants.md", "FUN", nil},
	{"myrmes", "myrmes.md", "MYR", map[string]string{
		"MYR-SETUP-1": "puts the board in the middle of the table; in chat every player sees the posted board",
	}},
}

// TestEveryRuleCited fails when a rule ID of a game's rules reference is
// cited nowhere in that game's package (code, tests, scenario scripts), so
// a rule cannot silently go unimplemented and untested. Deliberate
// exceptions are listed above with their reason.
func TestEveryRuleCited(t *testing.T) {
	for _, g := range ruleGames {
		t.Run(g.dir, func(t *testing.T) {
			id := regexp.MustCompile(`\b` + g.prefix + `-[A-Z0-9]+(?:-[A-Z0-9]+)*-[0-9]+\b`)
			ref, err := os.ReadFile(filepath.Join("..", "docs", "rules", g.rules))
			if err != nil {
				t.Fatalf("rules reference: %v", err)
			}
			defined := map[string]bool{}
			for _, m := range id.FindAllString(string(ref), -1) {
				defined[m] = true
			}
			if len(defined) < 50 {
				t.Fatalf("only %d rule IDs found in %s", len(defined), g.rules)
			}
			cited := map[string]bool{}
			err = filepath.WalkDir(g.dir, func(path string, d os.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				if ext := filepath.Ext(path); ext != ".go" && ext != ".txt" && ext != ".md" && ext != ".json" {
					return nil
				}
				b, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				for _, m := range id.FindAllString(string(b), -1) {
					cited[m] = true
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			var missing []string
			for r := range defined {
				if !cited[r] && g.unenforced[r] == "" {
					missing = append(missing, r)
				}
			}
			for r := range g.unenforced {
				if !defined[r] {
					t.Errorf("exception %s is not a rule of %s", r, g.rules)
				}
				if cited[r] {
					t.Errorf("exception %s is cited after all: drop it from the list", r)
				}
			}
			sort.Strings(missing)
			if len(missing) > 0 {
				t.Errorf("%d rule IDs of %s are cited nowhere in engine/%s: %s", len(missing), g.rules, g.dir, strings.Join(missing, " "))
			}
		})
	}
}
