//go:build unix

package rendertest

import (
	"syscall"
	"time"
)

// CPUTime returns the process's user+system CPU time. Benchmarks report it
// per op (ReportCPU) because CI machines are shared: wall time (ns/op)
// swings with load, CPU time much less.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
