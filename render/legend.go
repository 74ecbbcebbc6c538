package render

import (
	"golang.org/x/image/font"
)

// LegendItem is one entry of a legend: an icon (or a seat marker) and its label.
type LegendItem struct {
	Icon  Icon
	Fill  RGB
	Label string
}

// DrawLegend lays out items left to right in face, wrapping to new rows
// within width, starting at the top-left (x, y). Icons are as tall as the
// face's em. It returns the height used.
func DrawLegend(dc Painter, face font.Face, x, y, width float64, items []LegendItem) float64 {
	dc.SetFontFace(face)
	em := dc.FontHeight()
	icon := em * 1.2
	gap := em * 0.9
	rowH := em * 1.7
	cx, cy := x, y+rowH/2
	for _, it := range items {
		tw, _ := dc.MeasureString(it.Label)
		w := icon + em*0.35 + tw
		if cx > x && cx+w > x+width {
			cx = x
			cy += rowH
		}
		if it.Icon != nil {
			it.Icon(dc, cx+icon/2, cy, icon, it.Fill)
		}
		dc.SetColor(Ink)
		DrawAligned(dc, it.Label, cx+icon+em*0.35, cy, 0)
		cx += w + gap
	}
	return cy + rowH/2 - y
}

// MarkerIcon adapts a seat marker to the Icon signature for legends.
func MarkerIcon(m Marker) Icon {
	return func(dc Painter, x, y, size float64, fill RGB) {
		DrawMarker(dc, m, x, y, size*0.8, fill)
	}
}

// LegendRows counts the rows DrawLegend lays items out in with face within
// width, so a renderer can size its legend band before drawing it.
func LegendRows(face font.Face, width float64, items []LegendItem) int {
	em := float64(face.Metrics().Height) / 64
	icon, gap := em*1.2, em*0.9
	rows, cx := 1, 0.0
	for _, it := range items {
		w := icon + em*0.35 + float64(font.MeasureString(face, it.Label))/64
		if cx > 0 && cx+w > width {
			cx = 0
			rows++
		}
		cx += w + gap
	}
	return rows
}
