package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
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

// BenchmarkStartup is a fresh console game in process, from opening a new
// database (fsync on) through the lobby and the first prompt to quitting
// there, with the first board drawn and written (ns/op, cpu-ms/op).
// prompt-ms and prompt-cpu-ms are the wall time (median) and the process's
// CPU time (mean) until the prompt is printed; the board is drawn beside
// the prompt, so a little of it may count in the latter. Process start and
// package initialisation come on top (measure those with scripts/bench).
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	start := cpuTime()
	var prompt []time.Duration
	var promptCPU time.Duration
	i := 0
	for b.Loop() {
		i++
		var errb bytes.Buffer
		out := &promptClock{want: "P1 (Alice) > ", t0: time.Now(), cpu0: cpuTime()}
		d := filepath.Join(dir, strconv.Itoa(i))
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.Fatal(err)
		}
		m := &Main{Args: []string{"play", "--db", filepath.Join(d, "f.db"), "--out", filepath.Join(d, "boards"), "--seed", "5"},
			Stdin: strings.NewReader("quit\n"), Stdout: out, Stderr: &errb, Getenv: func(string) string { return "" }}
		err := m.Run(context.Background())
		if cerr := m.Close(); err == nil {
			err = cerr
		}
		if err != nil || out.wall == 0 {
			b.Fatalf("%v\n%s\n%s", err, out.b.String(), errb.String())
		}
		prompt = append(prompt, out.wall)
		promptCPU += out.cpu
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
	slices.Sort(prompt)
	b.ReportMetric(float64(prompt[len(prompt)/2])/1e6, "prompt-ms")
	b.ReportMetric(float64(promptCPU)/float64(b.N)/1e6, "prompt-cpu-ms")
}

// promptClock is a console's output that notes the wall and CPU time since
// t0 and cpu0 when want is first printed.
type promptClock struct {
	want      string
	t0        time.Time
	cpu0      time.Duration
	mu        sync.Mutex
	b         bytes.Buffer
	wall, cpu time.Duration
}

func (p *promptClock) Write(s []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.b.Write(s)
	if p.wall == 0 && strings.Contains(p.b.String(), p.want) {
		p.wall, p.cpu = time.Since(p.t0), cpuTime()-p.cpu0
	}
	return len(s), nil
}
