// Package funants implements Fun Ants (Agames, 2023) for 2-4 players: the
// four scenarios (classic, classic-teams, pyramids, pyramids-teams), hiring
// with the push, movement, tunnels, cards, building and battles with Ant Rage
// played by both sides at once. Rule IDs (FUN-...) refer to
// shared/rules/fun-ants.md; the board and the 40 cards are the project's own
// design (data/*.json, DESIGN.md).
//
// Cells are named like chess squares on a 7x7 grid, column a-g and row 1-7
// from the top; the anthills nw, ne, se, sw sit on the corners and are not
// cells. Commands, as players type them:
//
//	hire w b1            hire a worker (s: soldier) onto a cell next to your anthill
//	hire w b1 c1         ...and push the ant already on b1 forward to c1
//	hire w b1 c1 s       ...pushing the soldier when b1 holds a worker and a soldier
//	hire ww b1           hire two ants (ww, ss, ws) onto an empty anthill cell as a group
//	move c1 d1           move one ant one cell (add w or s when both kinds are there)
//	move c1 d1 2         move both ants of c1 together as a group
//	tunnel c1            place a tunnel entrance on your worker's cell (1 cake)
//	build                build the next anthill level (5, 4, 3 cakes)
//	play dash c1 d1      play a card: rage (battles only), ambush <cell>,
//	                     dash <from> <to>, retreat <from> <to>, recruit <cell>,
//	                     forage, harvest, supplies, sabotage <cell>, engineer <cell>
//	swap rage            discard a card and draw one (first thing in the turn)
//	sell rage dash       no ants, no cakes: discard two cards for one cake
//	pass                 end the turn
//
// In a battle the two sides play in turn, the active player first:
// `play rage` (naming the ant when the player's ants there differ: `w`,
// `s`, or `w+1` for a worker that already has one Ant Rage) or `pass`; it
// resolves when both have passed in a row (FUN-BATTLE-7).
// When one step starts several battles the active player picks the order
// with `fight 2`.
//
// Invariants: at most two ants of one player per cell, one ant on a cake
// cell, two on a centre cell; no negative cakes; hands are visible only to
// their owner (Secrets lists "card:NN" tokens); the deck order is never shown.
package funants
