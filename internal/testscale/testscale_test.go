package testscale

import (
	"slices"
	"testing"
)

func TestSpread(t *testing.T) {
	items := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	for _, c := range []struct {
		n    int
		want []int
	}{
		{0, []int{0}},
		{1, []int{0}},
		{2, []int{0, 9}},
		{3, []int{0, 4, 9}},
		{4, []int{0, 3, 6, 9}},
		{10, items},
	} {
		if got := spread(items, c.n); !slices.Equal(got, c.want) {
			t.Errorf("spread(0..9, %d) = %v, want %v", c.n, got, c.want)
		}
	}
}

func TestPickWholeWithoutRace(t *testing.T) {
	items := []string{"en", "ru", "uk", "pl"}
	got := Pick(items, 2)
	want := items
	if Race {
		want = []string{"en", "pl"}
	}
	if !slices.Equal(got, want) {
		t.Errorf("Pick(%v, 2) = %v, want %v (race %v)", items, got, want, Race)
	}
	if got := Pick(items, 9); !slices.Equal(got, items) {
		t.Errorf("Pick(%v, 9) = %v, want all", items, got)
	}
}

func TestSkipRace(t *testing.T) {
	ran := false
	t.Run("inner", func(t *testing.T) {
		SkipRace(t, "")
		ran = true
	})
	if ran == Race {
		t.Errorf("SkipRace let the test run: %v, want %v (race %v)", ran, !Race, Race)
	}
}

func TestOnce(t *testing.T) {
	var o Once[int]
	calls := 0
	f := func(testing.TB) int { calls++; return 7 }
	if a, b := o.Get(t, f), o.Get(t, f); a != 7 || b != 7 || calls != 1 {
		t.Errorf("Get, Get = %d, %d with %d calls, want 7, 7 with 1", a, b, calls)
	}
}
