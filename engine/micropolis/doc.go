// Package micropolis is the rules engine of Micropolis (Bruno Cathala,
// Charles Chevallier), following shared/rules/micropolis.md; code comments
// name the rule IDs (MIC-...) they implement.
//
// # Setup options
//
//	variant=classic|twohills   twohills: two anthills per player, 2-3 players (§11)
//	general=literal|largest    who contends for the general token (MIC-AMB-8); literal is the default
//	first=2 | first=2b         first player (1-based) and, in twohills, the anthill of the general token
//	tiles=12,5,7,...           scenario: these tile ids are drawn first (row positions 1..7, then the
//	                           stack); the others follow shuffled
//
// # Labels
//
// Row positions are 1..7 (1 is the free first tile). Ring slots are 0..9;
// slot i touches slots i-1 and i+1 (mod 10), and slot i's right edge meets
// slot i+1's left edge. Anthills are "a" and "b" (twohills only). Players
// are "p1".."p6".
//
// # Answers
//
// A turn is one answer, typed as space-separated codes:
//
//		take <pos> [<hill>] <slot> [<order>] [<centurion>...] [fill|leave]
//		arch <pos> [<hill>] <slot> ...
//
//	  - take 3 ...: take the tile at position 3, putting one army soldier on
//	    each of positions 1 and 2 (MIC-CHOOSE-3). arch 3 ...: hand in an
//	    architect token instead and pay nothing (MIC-ARCH-2).
//	  - <hill> (twohills only, when both anthills are unfinished): a or b, the
//	    anthill that pays and receives the tile (MIC-ADV-7).
//	  - <slot>: 0..9, any slot for an anthill's first tile, else a free slot
//	    next to its tiles (MIC-PLACE-1, MIC-PLACE-2).
//	  - <order>: only for a tile with both a master and a barracks: m (master
//	    first) or b (barracks first) (MIC-EFFECT-3).
//	  - <centurion>: after placing a Centurion, the slots of the barracks to
//	    toggle (fill an empty one or empty a full one), in increasing order;
//	    none is fine (MIC-CENT-1). Offered only while every barracks can still
//	    end empty or full with a non-negative army.
//	  - fill|leave: asked when the new tile's barracks can be filled from the
//	    army (MIC-BARR-2, MIC-BARR-3); skipped when it cannot.
//
// Nurse, Architect and Recruiter resolve without a choice. Examples:
// "take 1 4", "take 3 5 fill", "arch 6 b 2", "take 2 7 3 5" (Centurion: fill
// or empty the barracks in slots 3 and 5), "take 4 1 b fill 1".
//
// When the general token changes hands and several players qualify
// (MIC-GEN-3, MIC-ADV-16), the general answers a separate prompt:
//
//	p2        give it to player 2
//	p2 b      twohills: to player 2's anthill b
//
// # Invariants
//
// Everything is public except the stack order, which no view contains
// (§14.2). The state is a plain value; Apply validates its path itself.
package micropolis
