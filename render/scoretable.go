package render

import (
	"image"
	"strconv"
)

// ScoreRow is one player's line of a final score table.
type ScoreRow struct {
	Rank   int // 1 for the winner; ties share a rank
	Player string
	Score  int
}

// ScoreTable draws a game's final table: a title, column headings (rank,
// player, score) and one row a player in the order given, winners on a
// highlighted band. Words come translated; the table only lays them out.
func ScoreTable(title string, head [3]string, rows []ScoreRow) ([]byte, error) {
	fonts, err := NewFonts()
	if err != nil {
		return nil, err
	}
	fs := fonts.Faces()
	const w, pad, rowH = 720, 28.0, 54.0
	h := int(pad*2 + 64 + rowH*float64(len(rows)+1))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	dc := NewCanvas(img)
	dc.SetColor(Paper)
	dc.Clear()

	title2 := fs.Get(Bold, 30)
	dc.SetFontFace(title2)
	dc.SetColor(Ink)
	DrawAligned(dc, Ellipsize(title2, title, w-2*pad), pad, pad+22, 0)

	rankX, nameX, scoreX := pad+12, pad+90, float64(w)-pad-12
	nameW := scoreX - nameX - 120
	y := pad + 64
	dc.SetFontFace(fs.Get(Bold, 22))
	dc.SetColor(Muted)
	DrawAligned(dc, head[0], rankX, y+rowH/2, 0)
	DrawAligned(dc, head[1], nameX, y+rowH/2, 0)
	DrawAligned(dc, head[2], scoreX, y+rowH/2, 1)
	dc.SetColor(PanelEdge)
	dc.SetLineWidth(2)
	dc.DrawLine(pad, y+rowH-2, float64(w)-pad, y+rowH-2)
	dc.Stroke()
	y += rowH
	face := fs.Get(Regular, 26)
	bold := fs.Get(Bold, 26)
	for _, r := range rows {
		f := face
		if r.Rank == 1 {
			dc.SetColor(Highlight)
			dc.DrawRectangle(pad, y+4, float64(w)-2*pad, rowH-8)
			dc.Fill()
			f = bold
		}
		dc.SetFontFace(f)
		dc.SetColor(Ink)
		DrawAligned(dc, strconv.Itoa(r.Rank), rankX, y+rowH/2, 0)
		DrawAligned(dc, Ellipsize(f, r.Player, nameW), nameX, y+rowH/2, 0)
		DrawAligned(dc, strconv.Itoa(r.Score), scoreX, y+rowH/2, 1)
		y += rowH
	}
	return EncodePNG(img)
}
