package render

import (
	"strings"

	"golang.org/x/image/font"
)

// capRatio is the Go fonts' cap height over em size (1409/2048). Centring
// on the cap height, not the line height, puts digits and capitals visually
// in the middle of a badge.
const capRatio = 0.688

// emSize returns the pixel em size of the context's current face.
func emSize(dc Painter) float64 { return dc.FontHeight() }

// DrawCentered draws s with its horizontal centre at x and its cap height
// centred on y, in the current face and colour.
func DrawCentered(dc Painter, s string, x, y float64) {
	w, _ := dc.MeasureString(s)
	dc.DrawString(s, x-w/2, y+emSize(dc)*capRatio/2)
}

// DrawAligned draws s with its cap height centred on y; ax is the
// horizontal anchor (0 left, 0.5 centre, 1 right).
func DrawAligned(dc Painter, s string, x, y, ax float64) {
	w, _ := dc.MeasureString(s)
	dc.DrawString(s, x-w*ax, y+emSize(dc)*capRatio/2)
}

// Plate describes a text label on a rounded background.
type Plate struct {
	Fill    RGB     // background
	Text    RGB     // text colour
	Edge    RGB     // outline colour; 0 with EdgeW 0 means none
	EdgeW   float64 // outline width
	PadX    float64 // horizontal padding; default 0.45 em
	Radius  float64 // corner radius; default half the height (a pill)
	MinW    float64 // minimum width, e.g. to make single digits round
	HeightK float64 // plate height in em; default 1.5
}

// DrawLabel draws s centred at (x, y) on a plate in the current face and
// returns the plate's width. Use it for coordinates players type (row
// positions, slot codes): they must stand out from the board.
func DrawLabel(dc Painter, s string, x, y float64, p Plate) float64 {
	em := emSize(dc)
	if p.PadX == 0 {
		p.PadX = 0.45 * em
	}
	if p.HeightK == 0 {
		p.HeightK = 1.5
	}
	h := em * p.HeightK
	tw, _ := dc.MeasureString(s)
	w := tw + 2*p.PadX
	if w < p.MinW {
		w = p.MinW
	}
	if w < h {
		w = h
	}
	r := p.Radius
	if r == 0 {
		r = h / 2
	}
	dc.DrawRoundedRectangle(x-w/2, y-h/2, w, h, r)
	dc.SetColor(p.Fill)
	if p.EdgeW > 0 {
		dc.FillPreserve()
		dc.SetColor(p.Edge)
		dc.SetLineWidth(p.EdgeW)
		dc.Stroke()
	} else {
		dc.Fill()
	}
	dc.SetColor(p.Text)
	DrawCentered(dc, s, x, y)
	return w
}

// Fit returns the face of style at the largest size in [minSize, maxSize]
// (in whole pixels) at which s is at most width wide, and whether s fits at
// all (false: the face is minSize and the caller should Ellipsize).
func Fit(fs *Faces, style FontStyle, s string, width, minSize, maxSize float64) (font.Face, bool) {
	for size := maxSize; size >= minSize; size-- {
		f := fs.Get(style, size)
		if font.MeasureString(f, s).Ceil() <= int(width) {
			return f, true
		}
	}
	return fs.Get(style, minSize), false
}

// Ellipsize shortens s with "…" until it is at most width wide in face.
func Ellipsize(face font.Face, s string, width float64) string {
	if font.MeasureString(face, s).Ceil() <= int(width) {
		return s
	}
	r := []rune(s)
	for n := len(r) - 1; n > 0; n-- {
		t := strings.TrimRight(string(r[:n]), " ") + "…"
		if font.MeasureString(face, t).Ceil() <= int(width) {
			return t
		}
	}
	return "…"
}

// Wrap splits s into lines at most width wide in face, breaking at spaces
// and at explicit newlines. A single word wider than width gets a line of
// its own (it is not split mid-word).
func Wrap(face font.Face, s string, width float64) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			lines = append(lines, "")
			continue
		}
		line := words[0]
		for _, w := range words[1:] {
			try := line + " " + w
			if font.MeasureString(face, try).Ceil() <= int(width) {
				line = try
				continue
			}
			lines = append(lines, line)
			line = w
		}
		lines = append(lines, line)
	}
	return lines
}
