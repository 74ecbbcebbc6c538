// Package testscale sizes the big tables of tests under -race. The race
// detector finds races between goroutines only, and under -race the same
// code costs ten times as much (render/march: 4.9 CPU-s of tests without
// -race, 56 with it). So under -race a test checks a sample of its table
// (random games, setups, languages), spread over it, and CI also runs
// every test whole without -race (.ci/run). The tests whose point is
// shared use stay whole under -race: a state read and cloned by several
// goroutines at once (enginetest.CheckShared), one renderer's caches and
// kept boards (rendertest.DrawConcurrently), the service's handlers.
package testscale

import (
	"sync"
	"testing"
)

// Race reports whether the test binary was built with -race.
const Race = race

// Pick returns items, or under -race n of them (at least one) spread
// evenly over them, the first and the last among them.
func Pick[T any](items []T, n int) []T {
	if !Race || n >= len(items) {
		return items
	}
	return spread(items, n)
}

func spread[T any](items []T, n int) []T {
	if n < 1 {
		n = 1
	}
	if n == 1 {
		return items[:1]
	}
	out := make([]T, 0, n)
	for i := range n {
		out = append(out, items[i*(len(items)-1)/(n-1)])
	}
	return out
}

// N returns full, or small under -race.
func N(full, small int) int {
	if Race {
		return small
	}
	return full
}

// SkipRace skips t under -race: for a test that is one deep check of pure
// code, which cannot check a sample sensibly. CI runs it whole without
// -race; covered, if not empty, says what checks its code under -race, for
// the skip message.
func SkipRace(t testing.TB, covered string) {
	t.Helper()
	if Race {
		msg := "skipped under -race (one deep check of code that starts no goroutine); it runs whole without -race"
		if covered != "" {
			msg += "; " + covered
		}
		t.Skip(msg)
	}
}

// Once is a value several tests of a package compute the same way (a view
// found by playing a random game, which costs seconds under -race),
// computed once per test binary. The zero value is ready; the value is
// shared, so tests must not change what it points to.
type Once[V any] struct {
	once sync.Once
	v    V
	ok   bool
}

// Get returns the value, computing it with f (which may fail t) the first
// time; a later test fails at once if f failed.
func (o *Once[V]) Get(t testing.TB, f func(testing.TB) V) V {
	t.Helper()
	o.once.Do(func() { o.v = f(t); o.ok = true })
	if !o.ok {
		t.Fatal("computing this value failed in an earlier test")
	}
	return o.v
}
