package render

import (
	"image/color"
)

// RGB is an opaque colour written as 0xRRGGBB. It is a constant type, so
// palettes are immutable package-level constants, not variables.
type RGB uint32

// RGBA implements color.Color.
func (c RGB) RGBA() (r, g, b, a uint32) {
	r = uint32(c>>16&0xff) * 0x101
	g = uint32(c>>8&0xff) * 0x101
	b = uint32(c&0xff) * 0x101
	return r, g, b, 0xffff
}

// Alpha returns the colour with opacity a (0..1), premultiplied as image/color expects.
func (c RGB) Alpha(a float64) color.Color {
	if a < 0 {
		a = 0
	}
	if a > 1 {
		a = 1
	}
	return color.NRGBA{R: uint8(c >> 16), G: uint8(c >> 8), B: uint8(c), A: uint8(a*255 + 0.5)}
}

// Mix blends c towards d by t (0 = c, 1 = d).
func (c RGB) Mix(d RGB, t float64) RGB {
	ch := func(sh uint) RGB {
		x := float64(c >> sh & 0xff)
		y := float64(d >> sh & 0xff)
		return RGB(x+(y-x)*t+0.5) & 0xff << sh
	}
	return ch(16) | ch(8) | ch(0)
}

// Luma is the perceived brightness 0..1, used to choose ink on a fill.
func (c RGB) Luma() float64 {
	r, g, b := float64(c>>16&0xff), float64(c>>8&0xff), float64(c&0xff)
	return (0.299*r + 0.587*g + 0.114*b) / 255
}

// InkOn returns a readable text colour (Ink or White) on top of c.
func InkOn(c RGB) RGB {
	if c.Luma() > 0.55 {
		return Ink
	}
	return White
}

// Okabe–Ito palette (Okabe & Ito 2008, "Color Universal Design"): eight
// colours that stay distinguishable under protanopia, deuteranopia and
// tritanopia.
const (
	OkabeOrange    RGB = 0xE69F00
	OkabeSkyBlue   RGB = 0x56B4E9
	OkabeGreen     RGB = 0x009E73
	OkabeYellow    RGB = 0xF0E442
	OkabeBlue      RGB = 0x0072B2
	OkabeVermilion RGB = 0xD55E00
	OkabePurple    RGB = 0xCC79A7
	OkabeBlack     RGB = 0x000000
)

// Named UI colours. Boards use a warm light background so the Okabe–Ito
// colours (including yellow) keep contrast.
const (
	Paper     RGB = 0xF6F1E7 // page background
	Panel     RGB = 0xFFFDF8 // cards and plates
	PanelEdge RGB = 0xCFC6B4 // card outlines
	Ink       RGB = 0x1F1B16 // main text
	Muted     RGB = 0x6E665A // secondary text
	White     RGB = 0xFFFFFF
	Highlight RGB = 0xFFD23F // whose turn, last move
	Danger    RGB = 0xB3261E // errors, losses
	Soil      RGB = 0xC9A27A // earth behind tunnels
	SoilDark  RGB = 0x8A6642 // earth outlines
	Tunnel    RGB = 0xF3E3C7 // gallery interior
	Grass     RGB = 0x8DB36B // surface
	Wood      RGB = 0x9C6B3C // barracks, boxes
	Gold      RGB = 0xE0B000 // crowns, tokens
)

// Marker is a shape drawn with a player's colour so that seats can be told
// apart without colour.
type Marker int

// Markers in seat order.
const (
	Circle Marker = iota
	Square
	Triangle
	Diamond
	Pentagon
	Cross
	Hexagon
	StarMarker
)

// Style is how one seat is drawn.
type Style struct {
	Color  RGB    // main fill
	Dark   RGB    // outlines and text in the seat colour
	Light  RGB    // tinted backgrounds (player panels)
	Marker Marker // shape cue; draw it wherever the colour identifies a seat
}

// Seats is how many distinct styles Seat provides before repeating.
const Seats = 8

// seatColor is in seat order: the first six are the most mutually distinct
// Okabe–Ito colours on a light background (yellow and black come last:
// yellow is weak on paper, black reads as ink).
func seatColor(i int) RGB {
	switch i % Seats {
	case 0:
		return OkabeBlue
	case 1:
		return OkabeOrange
	case 2:
		return OkabeGreen
	case 3:
		return OkabeVermilion
	case 4:
		return OkabePurple
	case 5:
		return OkabeSkyBlue
	case 6:
		return OkabeYellow
	default:
		return OkabeBlack
	}
}

// Seat returns the style of seat i (0-based). Beyond Seats the styles repeat.
func Seat(i int) Style {
	if i < 0 {
		i = -i
	}
	c := seatColor(i)
	return Style{
		Color:  c,
		Dark:   darkEnough(c),
		Light:  c.Mix(White, 0.82),
		Marker: Marker(i % Seats),
	}
}

// darkEnough darkens c until it reads as text on Paper and on its own
// Light tint (yellow needs much more darkening than blue).
func darkEnough(c RGB) RGB {
	t := 0.3
	d := c.Mix(Ink, t)
	for d.Luma() > 0.42 && t < 1 {
		t += 0.05
		d = c.Mix(Ink, t)
	}
	return d
}
