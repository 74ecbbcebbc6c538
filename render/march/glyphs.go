package march

import (
	"math"

	"formica/render"
)

// Colours of the game's pieces. Resources differ by shape as well as
// colour (seed, grub, card, star), so they never rely on colour alone.
const (
	meadowBG   render.RGB = 0xDDE7C7 // grass around the Anthill
	hexFill    render.RGB = 0xEAD9B8 // earth of a hex
	gtFill     render.RGB = 0xC9A27A // the Great Tunnel
	startEdge  render.RGB = 0xE0A800 // starting hexes have a yellow border (MOA1-HEX)
	stdEdge    render.RGB = 0x3B2F25 // standard hexes a black one
	passage    render.RGB = 0x5C4330 // tunnel interior
	foodFill   render.RGB = 0xD9A35B
	larvaFill  render.RGB = 0xFBF3DF
	eggFill    render.RGB = 0xFFFDF2
	cardFill   render.RGB = 0x6B4E9B
	centiFill  render.RGB = 0xA8432A
	wormFill   render.RGB = 0x3D2E6B
	headFill   render.RGB = 0x9A4A2E // Evolution segment bands
	thoraxFill render.RGB = 0x4E7A34
	abdoFill   render.RGB = 0x2F5E8C
	goalFill   render.RGB = 0x6F4A8E
	eventFill  render.RGB = 0xA8742A
)

// segFill is the band colour of an Evolution segment.
func segFill(seg string) render.RGB {
	switch seg {
	case "head":
		return headFill
	case "thorax":
		return thoraxFill
	}
	return abdoFill
}

// typeFill is the band colour of a card by type and segment.
func typeFill(typ, seg string) render.RGB {
	switch typ {
	case "evo":
		return segFill(seg)
	case "goal":
		return goalFill
	}
	return eventFill
}

// larva draws a curled grub (a larva in the Larvae Chamber, or a larva
// collection site).
func larva(dc render.Painter, x, y, size float64, _ render.RGB) {
	r := size * 0.3
	dc.SetLineCapRound()
	dc.NewSubPath()
	dc.DrawArc(x, y, r, math.Pi*0.75, math.Pi*2.2)
	dc.SetColor(render.SoilDark)
	dc.SetLineWidth(size * 0.42)
	dc.Stroke()
	dc.NewSubPath()
	dc.DrawArc(x, y, r, math.Pi*0.75, math.Pi*2.2)
	dc.SetColor(larvaFill)
	dc.SetLineWidth(size * 0.3)
	dc.Stroke()
	// Body rings and the head.
	dc.SetColor(render.SoilDark.Alpha(0.6))
	dc.SetLineWidth(math.Max(1, size/20))
	for _, a := range []float64{1.1, 1.45, 1.8} {
		ca, sa := math.Cos(a*math.Pi), math.Sin(a*math.Pi)
		dc.DrawLine(x+ca*(r-size*0.13), y+sa*(r-size*0.13), x+ca*(r+size*0.13), y+sa*(r+size*0.13))
	}
	dc.Stroke()
	a := math.Pi * 2.2
	dc.DrawCircle(x+math.Cos(a)*r, y+math.Sin(a)*r, size*0.1)
	dc.SetColor(render.SoilDark)
	dc.Fill()
}

// larvae2 draws two grubs: a two-larvae site.
func larvae2(dc render.Painter, x, y, size float64, c render.RGB) {
	larva(dc, x-size*0.22, y-size*0.12, size*0.72, c)
	larva(dc, x+size*0.22, y+size*0.16, size*0.72, c)
}

// egg draws an egg: a token in the player's supply.
func egg(dc render.Painter, x, y, size float64, _ render.RGB) {
	dc.DrawEllipse(x, y+size*0.04, size*0.32, size*0.42)
	dc.SetColor(eggFill)
	dc.FillPreserve()
	dc.SetColor(render.SoilDark)
	dc.SetLineWidth(math.Max(1.2, size/14))
	dc.Stroke()
}

// cardBack draws a face-down card: a hand, the deck, a card site.
func cardBack(dc render.Painter, x, y, size float64, _ render.RGB) {
	w, h := size*0.7, size*0.96
	dc.DrawRoundedRectangle(x-w/2, y-h/2, w, h, size*0.1)
	dc.SetColor(cardFill)
	dc.FillPreserve()
	dc.SetColor(render.Ink)
	dc.SetLineWidth(math.Max(1, size/18))
	dc.Stroke()
	dc.DrawRoundedRectangle(x-w/2+size*0.1, y-h/2+size*0.1, w-size*0.2, h-size*0.2, size*0.05)
	dc.SetColor(render.White.Alpha(0.7))
	dc.SetLineWidth(math.Max(1, size/24))
	dc.Stroke()
}

// food draws a food token (a seed).
func food(dc render.Painter, x, y, size float64, _ render.RGB) {
	render.Food(dc, x, y, size, foodFill)
}

// cp draws a colony point (a star).
func cp(dc render.Painter, x, y, size float64, _ render.RGB) {
	render.Star(dc, x, y, size, render.Gold)
}

// ant draws a worker ant in a neutral colour, for counts of ants.
func ant(dc render.Painter, x, y, size float64, _ render.RGB) {
	render.Ant(dc, x, y, size, 0x4A3526)
}

// centipede draws a live centipede marker.
func centipede(dc render.Painter, x, y, size float64, _ render.RGB) {
	render.Centipede(dc, x, y, size, centiFill)
}

// hexStack draws the face-down hex stack.
func hexStack(dc render.Painter, x, y, size float64, _ render.RGB) {
	for i := 2; i >= 0; i-- {
		o := float64(i) * size * 0.08
		render.Polygon(dc, render.RegularPolygon(x+o, y-o, size*0.46, 6, -math.Pi/2))
		dc.SetColor(hexFill)
		dc.FillPreserve()
		dc.SetColor(stdEdge)
		dc.SetLineWidth(math.Max(1, size/18))
		dc.Stroke()
	}
}

// wormhole draws a spiral on a dark disc.
func wormhole(dc render.Painter, x, y, size float64, _ render.RGB) {
	r := size / 2
	dc.DrawCircle(x, y, r)
	dc.SetColor(wormFill)
	dc.FillPreserve()
	dc.SetColor(render.Ink)
	dc.SetLineWidth(math.Max(1, size/18))
	dc.Stroke()
	dc.NewSubPath()
	for i := 0; i <= 40; i++ {
		t := float64(i) / 40
		a := t * 4.2 * math.Pi
		rr := r * 0.82 * (1 - t)
		px, py := x+rr*math.Cos(a), y+rr*math.Sin(a)
		if i == 0 {
			dc.MoveTo(px, py)
		} else {
			dc.LineTo(px, py)
		}
	}
	dc.SetColor(render.RGB(0xC9B8F0))
	dc.SetLineWidth(math.Max(1.2, size/10))
	dc.SetLineCapRound()
	dc.Stroke()
}

// sun and moon are the two sides of the active player marker (MOA1-WORKER-2).
func sun(dc render.Painter, x, y, size float64, _ render.RGB) {
	r := size * 0.28
	dc.SetColor(render.RGB(0xC98A00))
	dc.SetLineWidth(math.Max(1.5, size/12))
	dc.SetLineCapRound()
	for i := 0; i < 8; i++ {
		a := float64(i) * math.Pi / 4
		dc.DrawLine(x+math.Cos(a)*r*1.3, y+math.Sin(a)*r*1.3, x+math.Cos(a)*r*1.75, y+math.Sin(a)*r*1.75)
	}
	dc.Stroke()
	dc.DrawCircle(x, y, r)
	dc.SetColor(render.Gold)
	dc.FillPreserve()
	dc.SetColor(render.RGB(0xA06A00))
	dc.SetLineWidth(math.Max(1, size/18))
	dc.Stroke()
}

func moon(dc render.Painter, x, y, size float64, _ render.RGB) {
	r := size * 0.42
	// A crescent: the outer arc of one circle and the inner arc of an
	// offset one, as one path.
	off := r * 0.55
	a := math.Acos(off / (2 * r))
	dc.NewSubPath()
	dc.DrawArc(x, y, r, a, 2*math.Pi-a)
	dc.DrawArc(x+off, y, r, math.Pi+a, math.Pi-a)
	dc.ClosePath()
	dc.SetColor(render.RGB(0x8FA6CC))
	dc.FillPreserve()
	dc.SetColor(render.RGB(0x3D4F73))
	dc.SetLineWidth(math.Max(1, size/18))
	dc.Stroke()
}

// resIcon draws the icon of a collection site's resource (MOA1-HEX-7).
func resIcon(dc render.Painter, res string, x, y, size float64) {
	switch res {
	case "f":
		food(dc, x, y, size, 0)
	case "l":
		larva(dc, x, y, size, 0)
	case "l2":
		larvae2(dc, x, y, size, 0)
	case "c":
		cardBack(dc, x, y, size*0.9, 0)
	case "p":
		cp(dc, x, y, size*0.95, 0)
	}
}
