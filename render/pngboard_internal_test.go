package render

import (
	"hash/adler32"
	"math/rand/v2"
	"testing"
)

// TestAdlerUpdate checks a band's Adler-32 followed through its changed
// bytes (countIdx's sums, adlerUpdate) against the sum of the whole band:
// runs and single bytes changed anywhere, bands long enough that the
// sums pass the modulus many times.
func TestAdlerUpdate(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, l := range []int{1, 9, 1401 * 32, 4001 * 32} {
		band := make([]byte, l)
		for i := range band {
			band[i] = byte(rng.IntN(256))
		}
		sum := adler32.Checksum(band)
		for range 50 {
			var was, now bandSums
			for range 1 + rng.IntN(5) {
				p := rng.IntN(l)
				k := 1 + rng.IntN(min(l-p, 3000))
				span := band[p : p+k]
				countIdx(nil, &was, span, p, l)
				v := byte(rng.IntN(256))
				for i := range span {
					if rng.IntN(4) > 0 {
						span[i] = v
					}
				}
				countIdx(nil, &now, span, p, l)
			}
			sum = adlerUpdate(sum, was, now)
			if want := adler32.Checksum(band); sum != want {
				t.Fatalf("band of %d bytes: Adler-32 followed %08x, want %08x", l, sum, want)
			}
		}
	}
}
