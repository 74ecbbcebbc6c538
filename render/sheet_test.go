package render_test

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/fogleman/gg"

	"formica/render"
	"formica/render/rendertest"
)

// sheet draws every toolkit element once: the golden image doubles as the
// toolkit's visual catalogue for other renderers' authors.
func sheet(t testing.TB) []byte {
	fonts, err := render.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	fs := fonts.Faces()
	dc := gg.NewContext(1000, 760)
	dc.SetColor(render.Paper)
	dc.Clear()

	// Row 1: icons.
	icons := []struct {
		name string
		icon render.Icon
		fill render.RGB
	}{
		{"Ant", render.Ant, render.Ink},
		{"Worker", render.Worker, 0x7A4A2A},
		{"Soldier", render.Soldier, 0xA0281E},
		{"Queen", render.Queen, 0x5B2C6F},
		{"Crown", render.Crown, render.Gold},
		{"Fruit", render.Fruit, 0xD1343A},
		{"Food", render.Food, 0xE8C66B},
		{"Barracks", render.Barracks, render.Wood},
		{"Star", render.Star, render.Gold},
		{"Token", render.Token, render.OkabeBlue},
		{"Centipede", render.Centipede, 0x6B8E23},
	}
	dc.SetFontFace(fs.Get(render.Regular, 16))
	for i, ic := range icons {
		x := 50 + float64(i)*88
		ic.icon(dc, x, 60, 64, ic.fill)
		dc.SetColor(render.Ink)
		render.DrawCentered(dc, ic.name, x, 118)
	}

	// Row 2: seat styles with markers and labels.
	dc.SetFontFace(fs.Get(render.Bold, 24))
	for i := 0; i < render.Seats; i++ {
		st := render.Seat(i)
		x := 60 + float64(i)*115
		dc.DrawRoundedRectangle(x-50, 150, 100, 80, 12)
		dc.SetColor(st.Light)
		dc.Fill()
		render.DrawMarker(dc, st.Marker, x-22, 190, 34, st.Color)
		dc.SetColor(st.Dark)
		render.DrawCentered(dc, "P"+strconv.Itoa(i+1), x+22, 190)
	}

	// Row 3: a ten-slot ring with labels, and a hex patch.
	ring := render.Ring{Center: gg.Point{X: 190, Y: 450}, Inner: 70, Outer: 170, N: 10, Start: render.DefaultStart(10)}
	render.Polygon(dc, ring.Base())
	dc.SetColor(render.Soil)
	dc.Fill()
	dc.SetFontFace(fs.Get(render.Bold, 22))
	for i := 0; i < 10; i++ {
		render.Polygon(dc, ring.Slot(i, 3))
		dc.SetColor(render.Tunnel)
		dc.FillPreserve()
		dc.SetColor(render.SoilDark)
		dc.SetLineWidth(2)
		dc.Stroke()
		c := ring.Point(i, 0.5, 0.75)
		render.DrawLabel(dc, strconv.Itoa(i), c.X, c.Y, render.Plate{Fill: render.Ink, Text: render.White})
	}
	ring2 := ring
	ring2.Center = gg.Point{X: 190, Y: 450}
	ring2.Inner, ring2.Outer = 20, 60
	for i := 0; i < 10; i += 2 {
		ring2.Sector(dc, i, 1)
		dc.SetColor(render.Seat(i / 2).Color)
		dc.Fill()
	}

	hex := render.Hex{Size: 34, Pointy: true, Origin: gg.Point{X: 520, Y: 340}}
	dc.SetFontFace(fs.Get(render.Mono, 14))
	for r := 0; r < 4; r++ {
		for q := -r / 2; q < 5-r/2; q++ {
			render.Polygon(dc, hex.Corners(q, r, 2))
			dc.SetColor(render.Grass.Mix(render.White, float64((q+r)%3)*0.2))
			dc.Fill()
			c := hex.Center(q, r)
			dc.SetColor(render.Ink)
			render.DrawCentered(dc, fmt.Sprintf("%d,%d", q, r), c.X, c.Y)
		}
	}
	flat := render.Hex{Size: 30, Pointy: false, Origin: gg.Point{X: 820, Y: 330}}
	for q := 0; q < 3; q++ {
		for r := 0; r < 3; r++ {
			render.Polygon(dc, flat.Corners(q, r, 2))
			dc.SetColor(render.Soil)
			dc.Fill()
		}
	}

	// Text helpers and the legend.
	face, _ := render.Fit(fs, render.Bold, "Fits in 300 px", 300, 10, 60)
	dc.SetFontFace(face)
	dc.SetColor(render.Ink)
	dc.DrawRoundedRectangle(400, 520, 300, 50, 8)
	dc.SetColor(render.Panel)
	dc.Fill()
	dc.SetColor(render.Ink)
	render.DrawCentered(dc, "Fits in 300 px", 550, 545)
	small := fs.Get(render.Regular, 20)
	dc.SetFontFace(small)
	dc.DrawString(render.Ellipsize(small, "Муравейник очень длинное имя игрока", 260), 720, 550)
	for i, line := range render.Wrap(small, "Кириллица и латиница: łódź, їжак, ёж — wrapped to 260 px.", 260) {
		dc.DrawString(line, 720, 590+float64(i)*26)
	}
	items := []render.LegendItem{
		{Icon: render.Worker, Fill: 0x7A4A2A, Label: "worker"},
		{Icon: render.Soldier, Fill: 0xA0281E, Label: "soldier"},
		{Icon: render.Fruit, Fill: 0xD1343A, Label: "fruit"},
		{Icon: render.MarkerIcon(render.Triangle), Fill: render.OkabeGreen, Label: "P3"},
		{Icon: render.Barracks, Fill: render.Wood, Label: "barracks"},
	}
	render.DrawLegend(dc, fs.Get(render.Regular, 22), 400, 640, 560, items)
	dc.SetColor(render.Danger)
	dc.DrawCircle(950, 720, 10*math.Sqrt2)
	dc.Fill()
	png, err := render.EncodePNG(dc.Image())
	if err != nil {
		t.Fatal(err)
	}
	return png
}

func TestSheetGolden(t *testing.T) {
	rendertest.Golden(t, "sheet", sheet(t))
}
