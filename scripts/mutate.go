//go:build ignore

// Mutate is a small mutation-testing pass over engine rule code (not run in
// CI): it applies one-token mutations to the named files, one at a time,
// runs the package's short tests, and reports which mutants survived.
//
//	go run scripts/mutate.go -pkg ./engine/micropolis -files turn.go,score.go [-stride 3] [-only 12,40]
//
// Operators: comparison (< <= > >= == !=), logical (&& ||), arithmetic
// (+ -), increment (++ --), integer literals (n -> n+1) and booleans. A
// mutant that does not compile is not counted. Survivors are printed with
// file:line and the changed token, to be killed by a test or explained as
// equivalent.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

var swaps = map[token.Token]string{
	token.LSS: "<=", token.LEQ: "<", token.GTR: ">=", token.GEQ: ">",
	token.EQL: "!=", token.NEQ: "==", token.LAND: "||", token.LOR: "&&",
	token.ADD: "-", token.SUB: "+", token.INC: "--", token.DEC: "++",
}

type mutant struct {
	file      string
	off, end  int
	line, col int
	from, to  string
}

func main() {
	pkg := flag.String("pkg", "", "package directory, e.g. ./engine/micropolis")
	files := flag.String("files", "", "comma-separated rule files in the package")
	stride := flag.Int("stride", 1, "test every n-th mutant (sampling)")
	only := flag.String("only", "", "comma-separated mutant numbers to run")
	run := flag.String("run", "", "go test -run filter")
	skip := flag.String("skip", "", "go test -skip filter (e.g. the long random games)")
	timeout := flag.Duration("timeout", 3*time.Minute, "per-mutant test timeout")
	list := flag.Bool("list", false, "print every mutant (number, file:line:column, change) and run none")
	flag.Parse()
	var ms []mutant
	for _, f := range strings.Split(*files, ",") {
		path := filepath.Join(*pkg, f)
		src, err := os.ReadFile(path)
		if err != nil {
			fail(err)
		}
		fs := token.NewFileSet()
		tf := fs.AddFile(path, -1, len(src))
		var s scanner.Scanner
		s.Init(tf, src, nil, scanner.ScanComments)
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			off := tf.Offset(pos)
			line, col := tf.Line(pos), tf.Position(pos).Column
			switch {
			case swaps[tok] != "":
				ms = append(ms, mutant{path, off, off + len(tok.String()), line, col, tok.String(), swaps[tok]})
			case tok == token.INT:
				if n, err := strconv.Atoi(lit); err == nil {
					ms = append(ms, mutant{path, off, off + len(lit), line, col, lit, strconv.Itoa(n + 1)})
				}
			case tok == token.IDENT && (lit == "true" || lit == "false"):
				to := "true"
				if lit == "true" {
					to = "false"
				}
				ms = append(ms, mutant{path, off, off + len(lit), line, col, lit, to})
			}
		}
	}
	if *list {
		for i, m := range ms {
			fmt.Printf("#%d %s:%d:%d %s -> %s\n", i, m.file, m.line, m.col, m.from, m.to)
		}
		return
	}
	want := map[int]bool{}
	for _, s := range strings.Split(*only, ",") {
		if n, err := strconv.Atoi(s); err == nil {
			want[n] = true
		}
	}
	killed, lived, invalid := 0, 0, 0
	for i, m := range ms {
		if len(want) > 0 && !want[i] || len(want) == 0 && i%*stride != 0 {
			continue
		}
		orig, _ := os.ReadFile(m.file)
		mut := append(append(append([]byte{}, orig[:m.off]...), m.to...), orig[m.end:]...)
		if err := os.WriteFile(m.file, mut, 0o644); err != nil {
			fail(err)
		}
		if out, err := exec.Command("go", "vet", *pkg).CombinedOutput(); err != nil && bytes.Contains(out, []byte(filepath.Base(m.file))) {
			invalid++
			restore(m.file, orig)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		args := []string{"test", "-short", "-count=1", "-failfast"}
		if *run != "" {
			args = append(args, "-run", *run)
		}
		if *skip != "" {
			args = append(args, "-skip", *skip)
		}
		err := exec.CommandContext(ctx, "go", append(args, *pkg)...).Run()
		cancel()
		restore(m.file, orig)
		if err != nil {
			killed++
			continue
		}
		lived++
		fmt.Printf("LIVED #%d %s:%d:%d %s -> %s\n", i, m.file, m.line, m.col, m.from, m.to)
	}
	total := killed + lived
	score := 0.0
	if total > 0 {
		score = 100 * float64(killed) / float64(total)
	}
	fmt.Printf("mutants %d (of %d, stride %d), killed %d, lived %d, not compiling %d: score %.1f%%\n",
		total, len(ms), *stride, killed, lived, invalid, score)
}

func restore(path string, orig []byte) {
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
