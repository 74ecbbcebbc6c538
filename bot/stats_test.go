package bot_test

import (
	"testing"

	"formica/storage/storagetest"
)

// stats and leaderboard count finished games only: played, won (ties
// share a win) and the average score, exactly.
func TestStatsAndLeaderboard(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil))
	tb.want("Alice", "leaderboard", "No game has been finished in this channel yet.")
	tb.want("Alice", "stats", "You have not finished a game here yet.")
	// Alice 3, Bob 1.
	startPile(tb, "size=4")
	tb.ok("Alice", "take 3")
	tb.ok("Bob", "take 1")
	// Bob opens: Bob 3, Alice 0.
	tb.ok("Bob", "new pile size=3")
	tb.ok("Alice", "join")
	tb.ok("Bob", "start")
	tb.ok("Bob", "take 3")
	// Alice 2, Bob 0.
	startPile(tb, "size=2")
	tb.ok("Alice", "take 2")
	// An aborted game does not count.
	startPile(tb, "size=9")
	tb.ok("Alice", "abort yes")

	tb.want("Alice", "stats", "• Pile: 3 played, 2 won, 1.7 points on average")
	tb.want("Bob", "stats", "• Pile: 3 played, 1 won, 1.3 points on average")
	tb.want("Carol", "leaderboard pile", "Pile in this channel — wins, games, average score, rating:\n1. Alice: 2 of 3 won, 1.7 on average, rating ")
	tb.refused("Carol", "leaderboard chess", "chess")
}
