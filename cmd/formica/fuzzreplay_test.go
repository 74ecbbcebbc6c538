package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"formica/bot/console"
)

// FuzzReplayScript replays arbitrary scripts: no panic; a script either
// plays through or stops with a *console.ScriptError naming a line of it.
func FuzzReplayScript(f *testing.F) {
	for _, name := range []string{"testdata/micropolis-opening.txt"} {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	for _, s := range []string{
		"new funants players=2 seed=5\nP1: pass\n",
		"new march players=3 seed=3\nP1: pref take-forage on\n! P9: x\n",
		"new micropolis players=3\nP1 take 1\n",
		"new micropolis players=2 names=A,B\nA: take 1 1\n! B: take 1 1\n",
		"# only a comment\n", "new\n", "new chess players=2\n", "new micropolis players=0\n",
		"new micropolis players=2\n!\n", "new micropolis players=2\n: take\n", "new micropolis players=2\nP1:\n",
		"new micropolis players=2\nP1: " + strings.Repeat("x", 70000) + "\n",
	} {
		f.Add(s)
	}
	svc, _, log := fuzzService(f)
	var n atomic.Int64
	f.Fuzz(func(t *testing.T, script string) {
		tbl := &console.Table{Service: svc, Sender: &console.Sender{W: io.Discard, Dir: t.TempDir()},
			Channel: fmt.Sprintf("replay%d", n.Add(1))}
		_, err := tbl.Replay(context.Background(), strings.NewReader(script))
		if strings.Contains(log.String(), "panic") {
			t.Fatalf("the script made the service panic:\n%s", log.String())
		}
		if err == nil {
			return
		}
		var se *console.ScriptError
		if !errors.As(err, &se) {
			t.Fatalf("error %v is not a *console.ScriptError", err)
		}
		if lines := strings.Count(script, "\n") + 2; se.Line < 0 || se.Line > lines {
			t.Fatalf("error names line %d of a %d-line script: %v", se.Line, lines, err)
		}
	})
}
