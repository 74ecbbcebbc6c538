// Package micropolis draws a Micropolis board (engine/micropolis.View) as a
// PNG for the chat bot.
//
// The board, top to bottom: a header (round, whose turn or the winner,
// tiles left in the stack, soldiers and architect tokens in the supply);
// the face-up row with position labels 1..7 exactly as players type them
// (`take 3 ...`), the cost of each tile and the soldiers lying on it; one
// panel per player (seat marker and P1..P6, general token, architect
// tokens held, score when over) with each anthill as a ring of ten slots
// labelled 0..9 around the base showing the army (MIC-GEO-1); the legal
// open slots are yellow (MIC-PLACE-1, -2), the tile just placed is
// outlined; two-anthill games put anthill b under a, with the "a"/"b"
// labels in the bases. A finished game adds the score pad (MIC-SCORE-1..7)
// and the legend explains every glyph.
//
// Tile faces are drawn from the tile data: gallery segments run to their
// ports on the side edges (0 near the base, 1 middle, 2 outer), so tunnels
// joined across tiles read as one; each chamber holds its master badge,
// workers and fruit glyphs; barracks are a strip of places along the outer
// edge, red soldiers in the filled ones. Fruits and masters differ by shape
// as well as colour, and seats by marker as well as Okabe–Ito colour.
//
// Words on the board come from the catalog in labels.go in English,
// Russian, Ukrainian or Polish (RenderIn; Render is English); codes players
// type (1..7, 0..9, a/b, P1..P6) are the same in every language. Words are
// fitted to their space (shrunk, then ellipsized) since translations run
// longer than English.
//
// Keep one Renderer: it caches the static layer of each board shape and
// language, every tile it has drawn (as the pixels the drawing changed,
// sprites.go: a tile stays put once placed, so a re-render redraws only
// new ones) and its last boards (the next turn's board redraws only the
// regions whose inputs changed, kept.go), and encodes with a reused
// render.PNGEncoder. Render and RenderIn are safe for concurrent use.
package micropolis
