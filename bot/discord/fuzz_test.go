package discord

import (
	"strconv"
	"testing"
)

// FuzzCustomID reads arbitrary component custom_ids the way a press is
// routed: a "more" page id names a page from 1 and a key that round-trip,
// and nothing panics.
func FuzzCustomID(f *testing.F) {
	for _, s := range []string{idMore + " 2 k1", idMore + " 0 k", idMore + " -1 k", idMore + " 2", idMore + "  2 k", idMenu + " 1",
		"s12 take 3", "c0 join", "", idMore + " 99999999999999999999 k", idMore + " +2 k", idMore + " 02 k"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		page, key, ok := parseMore(id)
		if !ok {
			return
		}
		if page < 1 || key == "" {
			t.Fatalf("%q parsed as page %d key %q", id, page, key)
		}
		// The page found again by its canonical id is the same page.
		if p2, k2, ok := parseMore(idMore + " " + strconv.Itoa(page) + " " + key); !ok || p2 != page || k2 != key {
			t.Fatalf("%q: page %d key %q do not round-trip", id, page, key)
		}
	})
}
