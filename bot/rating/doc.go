// Package rating rates players of multiplayer games by Elo, the pairwise
// generalization used for more than two players: a game of n players is
// scored as the n(n-1)/2 duels its ranking implies, each weighted by
// 1/(n-1) so one game moves a rating as much as one two-player game.
//
// Why our own: no maintained Elo or Glicko-2 module is served by the Go
// module proxy this project may use (github.com/zelenin/go-glicko2 and
// github.com/kortemy/elo-go answer 403, as two other names did before).
// The arithmetic is small and fully tested here; if a library becomes
// available, Table is the one place to swap it in.
package rating
