package funants

import (
	"fmt"
	"image"
	"math"
	"strings"

	"github.com/fogleman/gg"

	"formica/engine/funants"
	"formica/render"
)

// The board of a scenario never changes: its paths and its cells (discs,
// cake and centre marks, names) are drawn once per board shape into two
// cached layers, and a board is the layer plus what lies on it now. The
// pixels stay exactly those of drawing everything in order (draw; checked
// against it by TestLayersDrawTheBoard): a cached cell is used only where
// nothing drawn before it in that order (tunnels, anthills, the pieces of
// earlier cells) reaches its footprint; such a cell is put back to the
// bare layer and drawn again in its turn.

// cellFoot is the half-size of the square a cell's static drawing stays in
// (disc radius cellR, its outline, the cake or star at its corner, with
// room for anti-aliasing); cells are step apart, so feet never meet.
const cellFoot = 64

// layers are the cached drawings of one board shape.
type layers struct {
	bare  *image.RGBA // paper and paths
	cells *image.RGBA // bare plus every cell's static drawing
}

// maxShapes bounds the layer cache (two boards of ~8 MB each per shape).
const maxShapes = 6

// shapeKey names a board shape: image height, cells and paths.
func shapeKey(v funants.View) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d|", boardHeight(v))
	for _, c := range v.Cells {
		fmt.Fprintf(&b, "%s,%d,%d,%s;", c.ID, c.X, c.Y, c.Kind)
	}
	b.WriteByte('|')
	for _, e := range v.Edges {
		fmt.Fprintf(&b, "%s,%s,%t;", e.A, e.B, e.Ring)
	}
	return b.String()
}

// layers returns the cached layers of v's board shape, drawing them on
// first use, and the shape's key.
func (r *Renderer) layers(v funants.View, fs *render.Faces) (*layers, string) {
	k := shapeKey(v)
	r.mu.Lock()
	l, ok := r.shapes[k]
	r.mu.Unlock()
	if ok {
		return l, k
	}
	rect := image.Rect(0, 0, width, boardHeight(v))
	l = &layers{bare: image.NewRGBA(rect), cells: image.NewRGBA(rect)}
	dc := r.observe(render.NewCanvas(l.bare), "")
	dc.SetColor(render.Paper)
	dc.Clear()
	pos := positions(v)
	paths(dc, v, pos)
	copy(l.cells.Pix, l.bare.Pix)
	dc = r.observe(render.NewCanvas(l.cells), "")
	for _, c := range v.Cells {
		cellStatic(dc, fs, c, pos[c.ID])
	}
	r.mu.Lock()
	if old, ok := r.shapes[k]; ok {
		l = old
	} else {
		if len(r.shapes) >= maxShapes {
			clear(r.shapes)
		}
		r.shapes[k] = l
	}
	r.mu.Unlock()
	return l, k
}

// drawLayered draws the board of v on img (its size) from the cached
// layers: the same pixels as draw.
func (r *Renderer) drawLayered(img *image.RGBA, fs *render.Faces, t texts, v funants.View) {
	l, _ := r.layers(v, fs)
	copy(img.Pix, l.cells.Pix)
	pos := positions(v)
	// What is drawn under the cells, and each cell's pieces, as boxes.
	var under []image.Rectangle
	for _, p := range v.Players {
		if len(p.Entrances) == 2 {
			under = append(under, tunnelBox(pos[p.Entrances[0]], pos[p.Entrances[1]]))
		}
	}
	for _, a := range v.Anthills {
		under = append(under, anthillBox(a))
	}
	redraw := make([]bool, len(v.Cells))
	for i, c := range v.Cells {
		foot := box(pos[c.ID], cellFoot, cellFoot, cellFoot)
		for _, u := range under {
			if u.Overlaps(foot) {
				redraw[i] = true
				break
			}
		}
		if redraw[i] { // back to the bare board under this cell
			draw(img, l.bare, foot)
		}
		if pb, ok := pieceBox(c, pos[c.ID]); ok {
			under = append(under, pb) // later cells are drawn over it
		}
	}
	dc := r.observe(render.NewCanvas(img), t.lang)
	dc.UseSpans(&r.spans)
	dc.SetColor(render.Paper) // draw's state after clearing
	r.header(dc, fs, t, v)
	// draw's paths leave no state the rest relies on (each part sets its
	// own colour, width and dash).
	tunnels(dc, v, pos)
	for _, a := range v.Anthills {
		r.anthill(dc, fs, v, a)
	}
	for i, c := range v.Cells {
		if redraw[i] {
			cellStatic(dc, fs, c, pos[c.ID])
		}
		cellPieces(dc, fs, c, pos[c.ID])
	}
	r.players(dc, fs, t, v, headerH+boardH)
	r.legend(dc, fs, t, headerH+boardH+float64(len(v.Players))*rowH+10)
}

// draw copies the pixels of src inside rect (clipped to dst) into dst.
func draw(dst, src *image.RGBA, rect image.Rectangle) {
	rect = rect.Intersect(dst.Rect)
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		i := dst.PixOffset(rect.Min.X, y)
		j := i + 4*rect.Dx()
		copy(dst.Pix[i:j], src.Pix[i:j])
	}
}

// box is the rectangle from x-left..x+right, y-up..y+down around p, rounded
// outwards.
func box(p gg.Point, left, right, vert float64) image.Rectangle {
	return image.Rect(int(math.Floor(p.X-left)), int(math.Floor(p.Y-vert)), int(math.Ceil(p.X+right))+1, int(math.Ceil(p.Y+vert))+1)
}

// tunnelBox bounds the dotted arc between two entrances: a quadratic curve
// stays inside the triangle of its points; 6 px wide with round caps.
func tunnelBox(a, b gg.Point) image.Rectangle {
	c := tunnelControl(a, b)
	const m = 6
	return image.Rect(int(math.Floor(min(a.X, b.X, c.X)-m)), int(math.Floor(min(a.Y, b.Y, c.Y)-m)),
		int(math.Ceil(max(a.X, b.X, c.X)+m)), int(math.Ceil(max(a.Y, b.Y, c.Y)+m)))
}

// anthillBox bounds an anthill: its disc and outline, and its name plate
// above or below (names are short: "P4 NE"; 160 px either side is ample).
func anthillBox(a funants.AnthillView) image.Rectangle {
	x, y := at(a.X, a.Y)
	r := box(gg.Point{X: x, Y: y}, hillR+8, hillR+8, hillR+8)
	ly := y + hillR + 22
	if a.Y > 3 {
		ly = y - hillR - 22
	}
	return r.Union(box(gg.Point{X: x, Y: ly}, 160, 160, 30))
}

// pieceBox bounds what cellPieces draws on c (false: nothing).
func pieceBox(c funants.CellView, p gg.Point) (image.Rectangle, bool) {
	var r image.Rectangle
	any := false
	add := func(b image.Rectangle) {
		if !any {
			r, any = b, true
			return
		}
		r = r.Union(b)
	}
	if c.Token {
		add(box(gg.Point{X: p.X, Y: p.Y + cellR*0.62}, 18, 18, 18))
	}
	for i := range c.Entrances {
		add(box(gg.Point{X: p.X - cellR*0.78 + float64(i)*18, Y: p.Y + cellR*0.45}, 22, 22, 22))
	}
	for i := range c.Ambush {
		add(box(gg.Point{X: p.X + cellR*0.75 - float64(i)*18, Y: p.Y + cellR*0.45}, 40, 40, 30))
	}
	n := len(c.Ants)
	for i := range c.Ants {
		ax := p.X + (float64(i)-float64(n-1)/2)*46
		add(box(gg.Point{X: ax, Y: p.Y + 8}, 40, 40, 60))
	}
	return r, any
}
