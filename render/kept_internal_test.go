package render

import (
	"math/rand/v2"
	"testing"
)

// TestFirstLastDiff checks the word-at-a-time scans Changed narrows rows
// with against a byte-by-byte scan: one or two differing bytes anywhere
// in rows of every length around the 8- and 64-byte steps.
func TestFirstLastDiff(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 1; n < 200; n++ {
		for range 20 {
			a := make([]byte, n)
			for i := range a {
				a[i] = byte(rng.IntN(3))
			}
			b := append([]byte(nil), a...)
			for range 1 + rng.IntN(2) {
				b[rng.IntN(n)]++
			}
			first, last := -1, -1
			for i := range a {
				if a[i] != b[i] {
					if first < 0 {
						first = i
					}
					last = i
				}
			}
			if got := firstDiff(a, b); got != first {
				t.Fatalf("firstDiff of %d bytes = %d, want %d", n, got, first)
			}
			if got := lastDiff(a, b); got != last {
				t.Fatalf("lastDiff of %d bytes = %d, want %d", n, got, last)
			}
			if got := firstDiff(a, a); got != n {
				t.Fatalf("firstDiff of %d equal bytes = %d, want %d", n, got, n)
			}
		}
	}
}
