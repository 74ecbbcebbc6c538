// Package render is the drawing toolkit shared by the game renderers
// (render/micropolis, render/funants, render/march). Each renderer turns a
// game's View into PNG bytes; this package holds what they have in common so
// every board looks like part of one product and reads well on a phone.
//
// # What is here
//
//   - Colours (palette.go): RGB is an immutable colour constant type. Seat(i)
//     gives player i a Style: an Okabe–Ito colour (safe for the common forms
//     of colour blindness) plus a Marker shape, so colour is never the only
//     cue. Always draw the marker next to a player's name, pieces or tokens
//     (DrawMarker). UI colours (Paper, Ink, Muted, Panel, ...) are named
//     constants.
//   - Fonts (fonts.go): NewFonts parses the embedded Go fonts (Latin and
//     Cyrillic) once; Fonts.Face makes a face of a given size. A Fonts value
//     is immutable and safe to share; a font.Face is not (its glyph cache
//     mutates), so make faces per render, or keep them in a Faces set per
//     goroutine.
//   - Text (text.go): DrawCentered, DrawLabel (text on a rounded plate),
//     Fit (the largest size at which a string fits a width), Ellipsize,
//     Wrap.
//   - Geometry (geom.go): Hex layouts (pointy or flat, axial <-> pixel),
//     Ring (N slots around a regular N-gon base: slot trapezoids and ring
//     sectors, slot centres and angles), Polygon path helpers.
//   - Icons (icons.go): vector icons drawn centred at (x, y) with a size
//     (the icon's height in pixels): Ant, Worker, Soldier, Queen crown,
//     Fruit, Food, Barracks, Star, Token, Centipede. Each has the Icon
//     signature so legends can take them.
//   - Legend (legend.go): DrawLegend lays out icon + label entries in rows.
//   - PNG (png.go): EncodePNG, with the compression level chosen by
//     measurement (see the comment there and BenchmarkEncode); a kept
//     PNGEncoder keeps each board size's palette and deflated bands, so
//     the next turn's board re-encodes only the bands that changed.
//   - Kept boards (kept.go, pngboard.go): KeptBoards keeps a renderer's
//     last boards; the next turn's board is drawn over the most alike,
//     only its regions whose inputs changed drawn again, and
//     PNGEncoder.EncodeBoard re-maps and deflates only what they cover.
//
// # Conventions for renderers
//
//   - A renderer is a value (Renderer) holding Fonts and any cached static
//     layers; Render(view) is safe for concurrent use and never panics on a
//     well-formed view; it returns an error for a view it cannot draw.
//   - Labels printed on the board match exactly what players type (row
//     positions, slot codes), so a player can read a move off the image.
//   - About 1400 px wide; text at least 22 px; the image is scaled down by
//     Discord and Telegram to roughly a third on phones.
//   - Golden tests use render/rendertest.Golden, which compares decoded
//     pixels and writes a diff image on mismatch (go test -update rewrites).
package render
