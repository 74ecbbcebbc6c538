package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user+system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkStartup is a fresh console game up to its first prompt, in
// process: opening a new database (fsync on), the lobby, the first board
// drawn and written, the prompt printed. Process start and package
// initialisation come on top (measure those with scripts/bench).
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	start := cpuTime()
	i := 0
	for b.Loop() {
		i++
		var out, errb bytes.Buffer
		d := filepath.Join(dir, strconv.Itoa(i))
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.Fatal(err)
		}
		m := &Main{Args: []string{"play", "--db", filepath.Join(d, "f.db"), "--out", filepath.Join(d, "boards"), "--seed", "5"},
			Stdin: strings.NewReader("quit\n"), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
		err := m.Run(context.Background())
		if cerr := m.Close(); err == nil {
			err = cerr
		}
		if err != nil || !strings.Contains(out.String(), "P1 (Alice) > ") {
			b.Fatalf("%v\n%s\n%s", err, out.String(), errb.String())
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
}
