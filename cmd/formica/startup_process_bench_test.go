package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkStartupProcess is what a player waits for: the real binary
// ($FORMICA_BIN; scripts/bench builds it) started as `formica play` on a
// fresh database, timed from exec to its first prompt on stdout, then told
// to quit. Its anchor in the same loop is the same binary printing --help
// (process start and package initialisation alone). It reports the median
// wall time of each (prompt-ms, help-ms), their ratio, and the CPU time of
// the whole play process (cpu-ms, to its exit).
func BenchmarkStartupProcess(b *testing.B) {
	bin := os.Getenv("FORMICA_BIN")
	if bin == "" {
		b.Skip("set FORMICA_BIN to a built formica binary (scripts/bench does)")
	}
	dir := b.TempDir()
	var prompt, help []time.Duration
	var cpu time.Duration
	i := 0
	for b.Loop() {
		i++
		d := filepath.Join(dir, strconv.Itoa(i))
		if err := os.MkdirAll(d, 0o755); err != nil {
			b.Fatal(err)
		}
		cmd := exec.Command(bin, "play", "--db", filepath.Join(d, "f.db"), "--out", filepath.Join(d, "boards"), "--seed", "5")
		stdin, err := cmd.StdinPipe()
		if err != nil {
			b.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			b.Fatal(err)
		}
		t0 := time.Now()
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		if err := waitFor(stdout, "P1 (Alice) > "); err != nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			b.Fatalf("no first prompt: %v", err)
		}
		prompt = append(prompt, time.Since(t0))
		if _, err := io.WriteString(stdin, "quit\n"); err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, stdout)
		if err := cmd.Wait(); err != nil {
			b.Fatal(err)
		}
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			cpu += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		}
		t0 = time.Now()
		if out, err := exec.Command(bin, "--help").CombinedOutput(); err != nil {
			b.Fatalf("--help: %v\n%s", err, out)
		}
		help = append(help, time.Since(t0))
	}
	slices.Sort(prompt)
	slices.Sort(help)
	p, h := prompt[len(prompt)/2], help[len(help)/2]
	b.ReportMetric(float64(p)/1e6, "prompt-ms")
	b.ReportMetric(float64(h)/1e6, "help-ms")
	b.ReportMetric(float64(p)/float64(h), "ratio")
	b.ReportMetric(float64(cpu)/float64(b.N)/1e6, "cpu-ms")
}

// waitFor reads r until it has seen s.
func waitFor(r io.Reader, s string) error {
	br := bufio.NewReader(r)
	var seen strings.Builder
	buf := make([]byte, 4096)
	for !strings.Contains(seen.String(), s) {
		n, err := br.Read(buf)
		seen.Write(buf[:n])
		if err != nil {
			return err
		}
	}
	return nil
}
