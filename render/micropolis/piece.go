package micropolis

import (
	"image"
	"math"

	"formica/engine/micropolis"
	"formica/render"
)

// TileIn draws one row tile alone for `tile <position>`, as the board's
// row draws it (rowTile): the position label players type, the tile with
// its tunnels, ants, fruits and barracks, and its cost and the soldiers
// lying on it, with its words in lang.
func (r *Renderer) TileIn(lang string, rt micropolis.RowTile) ([]byte, error) {
	const w = 300.0
	outer := rowTileHeight / (1 - innerRatio)
	cos := math.Cos(math.Pi / 10)
	h := 52 + (outer-outer*innerRatio)*cos + 24 + 30
	img := image.NewRGBA(image.Rect(0, 0, int(w), int(math.Ceil(h))))
	fs := r.fonts.Borrow()
	defer r.fonts.Release(fs)
	_, wd := r.wordsFor(lang)
	d := &drawer{dc: render.NewCanvas(img), fs: fs, w: wd, img: img}
	d.dc.SetColor(render.Paper)
	d.dc.Clear()
	if rt.Pos == 0 {
		rt.Pos = 1
	}
	d.rowTile(w/2, 0, w, rt)
	return r.png.Encode(img)
}
