//go:build unix

package enginetest

import (
	"syscall"
	"time"
)

// CPUTime returns the process's user+system CPU time. Benchmarks report by it
// (BenchGames) because CI machines are shared: wall time (ns/op)
// swings with load, CPU time much less.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
