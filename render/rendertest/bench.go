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

// Bench runs draw in a benchmark loop and reports its CPU time per op and,
// when draw returns bytes (an encoded PNG), their size.
func Bench[T any](b *testing.B, draw func() (T, error)) {
	b.Helper()
	var last T
	start := CPUTime()
	for b.Loop() {
		out, err := draw()
		if err != nil {
			b.Fatal(err)
		}
		last = out
	}
	ReportCPU(b, start)
	if png, ok := any(last).([]byte); ok {
		b.ReportMetric(float64(len(png)), "bytes")
	}
}

// BenchAnchored runs ours and the naive anchor as sub-benchmarks "ours"
// and "naive" of one run, allocations reported, so their ratio is fair.
func BenchAnchored(b *testing.B, ours, naive func() ([]byte, error)) {
	b.Helper()
	for _, c := range []struct {
		name string
		draw func() ([]byte, error)
	}{{"ours", ours}, {"naive", naive}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			Bench(b, c.draw)
		})
	}
}

// BenchViews is BenchAnchored over views drawn in turn, as the bot draws
// consecutive boards: ours is warmed on the first view (a kept Renderer
// has its layers cached), then each loop draws the next view, forth to
// the last and back (a step back is an undo), so every board is one
// answer from the one drawn before it and what a Renderer remembers of
// one board helps the next only as far as they are alike. (Going round
// instead, the last board back to the first is a jump of as many answers
// as there are views, which the bot does not draw.) The naive anchor
// draws the same views.
func BenchViews[V any](b *testing.B, vs []V, ours, naive func(V) ([]byte, error)) {
	b.Helper()
	if _, err := ours(vs[0]); err != nil {
		b.Fatal(err)
	}
	var i, j int
	BenchAnchored(b,
		func() ([]byte, error) { i++; return ours(vs[forthAndBack(i, len(vs))]) },
		func() ([]byte, error) { j++; return naive(vs[forthAndBack(j, len(vs))]) })
}

// forthAndBack is the index of the i'th of n views walked 0, 1, ... n-1,
// n-2, ... 0, 1, ...
func forthAndBack(i, n int) int {
	if n < 2 {
		return 0
	}
	k := i % (2 * (n - 1))
	if k >= n {
		k = 2*(n-1) - k
	}
	return k
}
