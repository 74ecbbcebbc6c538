// Package march draws March of the Ants views (engine/march.View) as PNG
// images for the chat bot: the board after every turn, and each player's
// private hand.
//
// The board, top to bottom: a header (round and phase, the hex stack, deck,
// food supply and centipede/wormhole counters; the active player marker on
// its Sun or Moon side; who must decide what now, from the engine's prompt
// texts; the battle being fought and revealed cards); the meadow with the
// Anthill; one Nest row per player; a legend with the edge-code compass.
//
// Every hex shows what players type: its number ("gt" for the Great
// Tunnel) on a dark plate and its collection sites s1, s2... left to right
// with their resource icons. An ant on a site is a ring and a marker in its
// owner's colour; the control site has a gold ring and a crown; ants on the
// outskirts (or in the Great Tunnel) are marker + count pills. Tunnels are
// dark passages across edges: openings that meet join into one passage, an
// opening against a wall gets a red bar (blocked), and an opening onto empty
// meadow carries its edge code (e, ne, nw, w, sw, se), the step players
// type to Explore. A hex is tinted by its controller, starting hexes have
// the printed yellow border, contested hexes a dashed red line, and the
// hex of the current battle a yellow glow. Seats are told apart by the
// toolkit's Okabe–Ito colour and marker shape, never by colour alone, and
// named P1..P5 as in the grammar (p1..p5).
//
// A Nest row shows colony points, larvae, food, eggs in supply, hand size,
// ants in the Anthill, the Rest zone, the three Evolution stacks (active
// card on top, stack size for the caste bonus) and the Colony Goals.
//
// Words are drawn in one of Languages (en, ru, uk, pl; RenderIn and
// RenderHandIn, English for any other): the board's own labels from
// labels.go, game content (hex and card names, card and prompt texts,
// award names) from the engine's catalog, in English where the engine has
// none in the language. Codes players type are never translated. Longer
// words wrap or shrink (Fit) before they are shortened (Ellipsize), never
// below textMin.
//
// The board is compact (Width 1000 px) and its type sized for a phone: a
// chat app shows it about 400 px wide, where every text a player reads is
// at least 8 px (textMin is 20 px here; textMid and textHead are the
// larger steps; new drawings take these sizes and the layout's panelTop
// and cardSlot rather than numbers of their own). The hex size adapts to
// the Anthill's extent and fills the width for 25 hexes. Keep one
// Renderer: it parses the fonts once and keeps its last boards (the next
// turn's redraws only the regions whose inputs changed). Render is safe
// for concurrent use.
package march
