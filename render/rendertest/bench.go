package rendertest

import (
	"testing"
	"time"
)

// ReportCPU adds a "cpu-ms/op" metric: the CPU time since start (from
// CPUTime) per benchmark iteration.
func ReportCPU(b *testing.B, start time.Duration) {
	if b.N > 0 && start > 0 {
		b.ReportMetric(float64(CPUTime()-start)/float64(b.N)/1e6, "cpu-ms/op")
	}
}
