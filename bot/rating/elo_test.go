package rating

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-9 {
		t.Fatalf("%s = %.10f, want %.10f", what, got, want)
	}
}

func TestTwoPlayers(t *testing.T) {
	tb := New()
	tb.Game([]string{"a", "b"}, []int{1, 2})
	a, na := tb.Rating("a")
	b, _ := tb.Rating("b")
	near(t, "winner", a, 1516) // equal ratings expect 0.5: +K/2
	near(t, "loser", b, 1484)
	if na != 1 {
		t.Fatalf("games %d", na)
	}
	tb.Game([]string{"a", "b"}, []int{1, 2})
	a, _ = tb.Rating("a")
	// 1516 vs 1484: expected 1/(1+10^(-32/400)) = 0.5459832...
	near(t, "second win", a, 1516+32*(1-Expected(1516, 1484)))
}

func TestTieBetweenEqualsChangesNothing(t *testing.T) {
	tb := New()
	tb.Game([]string{"a", "b", "c"}, []int{1, 1, 1})
	for _, u := range []string{"a", "b", "c"} {
		r, _ := tb.Rating(u)
		near(t, u, r, Initial)
	}
}

func TestThreePlayers(t *testing.T) {
	tb := New()
	tb.Game([]string{"a", "b", "c"}, []int{1, 2, 3})
	a, _ := tb.Rating("a")
	b, _ := tb.Rating("b")
	c, _ := tb.Rating("c")
	// Two duels each, weighted 1/2: the winner gains K/2 (two wins of
	// 0.5 over expectation), the middle nothing, the last loses K/2.
	near(t, "first", a, 1516)
	near(t, "middle", b, 1500)
	near(t, "last", c, 1484)
}

func TestZeroSum(t *testing.T) {
	tb := New()
	games := [][]int{{1, 2, 3, 4}, {4, 3, 2, 1}, {2, 2, 1, 3}, {1, 3, 3, 2}}
	users := []string{"a", "b", "c", "d"}
	for _, rk := range games {
		tb.Game(users, rk)
	}
	sum := 0.0
	for _, u := range users {
		r, n := tb.Rating(u)
		sum += r
		if n != len(games) {
			t.Fatalf("%s: %d games", u, n)
		}
	}
	near(t, "sum", sum, 4*Initial)
}

func TestIgnoresBadGames(t *testing.T) {
	tb := New()
	tb.Game([]string{"a"}, []int{1})
	tb.Game([]string{"a", "b"}, []int{1})
	if r, n := tb.Rating("a"); r != Initial || n != 0 {
		t.Fatalf("a = %v after %d games", r, n)
	}
}
