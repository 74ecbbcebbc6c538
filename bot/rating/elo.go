package rating

import "math"

// Defaults: every player starts at Initial; K is the most one game moves a
// rating.
const (
	Initial = 1500.0
	K       = 32.0
)

// Table holds the ratings of one game's players, by user.
type Table struct {
	ratings map[string]float64
	games   map[string]int
}

// New returns an empty table.
func New() *Table { return &Table{ratings: map[string]float64{}, games: map[string]int{}} }

// Rating returns user's rating (Initial before their first game) and how
// many games it rests on.
func (t *Table) Rating(user string) (float64, int) {
	r, ok := t.ratings[user]
	if !ok {
		r = Initial
	}
	return r, t.games[user]
}

// Expected is the share of a duel a player rated a expects against b.
func Expected(a, b float64) float64 { return 1 / (1 + math.Pow(10, (b-a)/400)) }

// Game records one finished game: users and their ranks (1 best; ties
// share a rank), in the same order. The changes sum to zero. A game of
// fewer than two players, or of mismatched lists, changes nothing.
func (t *Table) Game(users []string, ranks []int) {
	n := len(users)
	if n < 2 || len(ranks) != n {
		return
	}
	before := make([]float64, n)
	for i, u := range users {
		before[i], _ = t.Rating(u)
	}
	for i, u := range users {
		d := 0.0
		for j := range users {
			if i == j {
				continue
			}
			s := 0.5
			switch {
			case ranks[i] < ranks[j]:
				s = 1
			case ranks[i] > ranks[j]:
				s = 0
			}
			d += s - Expected(before[i], before[j])
		}
		t.ratings[u] = before[i] + K*d/float64(n-1)
		t.games[u]++
	}
}
