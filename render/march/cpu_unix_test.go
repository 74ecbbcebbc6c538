//go:build unix

package march_test

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the process's user+system CPU time. Benchmarks report it
// per op ("cpu-ms/op") because CI machines are shared: wall time (ns/op)
// swings with load, CPU time much less.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, start time.Duration) {
	if b.N > 0 {
		b.ReportMetric(float64(cpuTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
	}
}
