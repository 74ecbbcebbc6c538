package enginetest

import (
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// ruleQueryEnv carries a rule-ID query from TestMain to RunScripts, which
// then runs only the scenario files citing the rule.
const ruleQueryEnv = "FORMICA_RULE_QUERY"

// RuleQuery runs a package's tests (call it from TestMain) so that
// `go test ./engine/... -run 'MOA1-BATTLE-4'` runs the tests of that rule.
//
// Go matches -run against top-level test names level by level (split at
// '/'), and a top-level name is a Go identifier, which cannot contain '-':
// a pattern with '-' and no '/' can never select a top-level test, so such
// a pattern is read as a rule-ID query instead. It selects the top-level
// tests whose doc comment or body cites a matching rule ID, and the
// scenario files (testdata/*.txt) whose name or text cites it; every other
// pattern is left as it is.
func RuleQuery(m *testing.M) int {
	flag.Parse()
	f := flag.Lookup("test.run")
	if f == nil {
		return m.Run()
	}
	pat := f.Value.String()
	if pat == "" || !strings.Contains(pat, "-") || strings.Contains(pat, "/") {
		return m.Run()
	}
	re, err := regexp.Compile(pat)
	if err != nil {
		return m.Run()
	}
	names := citingTests(re)
	os.Setenv(ruleQueryEnv, pat)
	run := "^$" // nothing cites the rule here
	if len(names) > 0 {
		run = "^(" + strings.Join(names, "|") + ")$"
	}
	if err := f.Value.Set(run); err != nil {
		panic(err)
	}
	return m.Run()
}

// citingTests lists the top-level tests of the package in the working
// directory that cite re, plus the script runners when a scenario file
// cites it.
func citingTests(re *regexp.Regexp) []string {
	scripts := false
	files, _ := filepath.Glob("testdata/*.txt")
	more, _ := filepath.Glob("testdata/*/*.txt") // a rule set's own scripts (march: testdata/evolved)
	for _, f := range append(files, more...) {
		if cites(re, f) {
			scripts = true
			break
		}
	}
	set := map[string]bool{}
	srcs, _ := filepath.Glob("*_test.go")
	for _, path := range srcs {
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		fs := token.NewFileSet()
		af, err := parser.ParseFile(fs, path, src, parser.ParseComments)
		if err != nil {
			continue
		}
		for _, d := range af.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Test") || fn.Name.Name == "TestMain" {
				continue
			}
			from := fn.Pos()
			if fn.Doc != nil {
				from = fn.Doc.Pos()
			}
			text := src[fs.Position(from).Offset:fs.Position(fn.End()).Offset]
			if re.Match(text) || scripts && strings.Contains(string(text), "RunScripts(") {
				set[fn.Name.Name] = true
			}
		}
	}
	var names []string
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// citesQueried reports whether a scenario file should run under the
// current rule query (always, without one).
func citesQueried(file string) bool {
	pat := os.Getenv(ruleQueryEnv)
	if pat == "" {
		return true
	}
	re, err := regexp.Compile(pat)
	return err != nil || cites(re, file)
}

func cites(re *regexp.Regexp, file string) bool {
	if re.MatchString(filepath.Base(file)) {
		return true
	}
	b, err := os.ReadFile(file)
	return err == nil && re.Match(b)
}
