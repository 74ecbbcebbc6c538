package bottest

import (
	"flag"
	"strconv"
	"testing"
)

// RunWide runs m's tests with up to n parallel tests at once, unless
// -test.parallel was given. For the adapters' packages, whose parallel
// tests wait on their fake servers and timers far more than they compute:
// the default, GOMAXPROCS (two on a two-core machine), left most of their
// wall time idle.
func RunWide(m *testing.M, n int) int {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		_ = flag.Set("test.parallel", strconv.Itoa(n))
	}
	return m.Run()
}
