package march

import (
	"fmt"
	"image"
	"math"

	"github.com/fogleman/gg"

	"formica/engine/march"
	"formica/render"
)

// Single components for `card <name>` and `hex <name>`: one card face or
// one hex, drawn by the same code as the hand and the board, so the
// picture a player looks up is the piece they then see in play.

// piecePad is the margin around a single piece.
const piecePad = 16.0

// CardIn draws one card face as in a hand, in lang.
func (r *Renderer) CardIn(lang string, c march.CardView) ([]byte, error) {
	cw := (handW - 2*handPad - (handCols-1)*cardGap) / handCols
	img := image.NewRGBA(image.Rect(0, 0, int(math.Ceil(cw+2*piecePad)), int(cardH+2*piecePad)))
	fs := r.fonts.Borrow()
	defer r.fonts.Release(fs)
	d := &drawer{dc: render.NewCanvas(img), fs: fs, tx: r.textsFor(lang)}
	d.setColor(render.Paper)
	d.dc.Clear()
	d.cardFace(piecePad, piecePad, cw, cardH, c)
	return r.png.Encode(img)
}

// HexIn draws one hex on a patch of meadow at the board's largest hex
// size, unrotated: its number, name, sites with the codes players type,
// and its tunnel openings labelled with their edge codes.
func (r *Renderer) HexIn(lang string, h march.HexView) ([]byte, error) {
	if len(h.Tunnels) != 6 {
		return nil, fmt.Errorf("render/march: hex %s has %d edges, want 6", h.Code, len(h.Tunnels))
	}
	h.Q, h.R = 0, 0
	const R = maxHexR
	w, ht := math.Ceil(sqrt3*R+2*0.6*R), math.Ceil(2*R+2*0.6*R)
	img := image.NewRGBA(image.Rect(0, 0, int(w), int(ht)))
	fs := r.fonts.Borrow()
	defer r.fonts.Release(fs)
	l := &layout{grid: render.Hex{Size: R, Pointy: true, Origin: gg.Point{X: w / 2, Y: ht / 2}}}
	d := &drawer{dc: render.NewCanvas(img), fs: fs, l: l, tx: r.textsFor(lang)}
	d.dc.SetColor(meadowBG)
	d.dc.Clear()
	d.hexBody(&h)
	d.tunnels(&h, map[[2]int]bool{{0, 0}: true})
	d.hexContents(&h)
	return r.png.Encode(img)
}

// RestIn draws one Evolved rest tile as the board's header shows it face
// up: its plate with the code players type after "rest" and its name.
func (r *Renderer) RestIn(lang string, t march.RestTileView) ([]byte, error) {
	fs := r.fonts.Borrow()
	defer r.fonts.Release(fs)
	tx := r.textsFor(lang)
	probe := &drawer{dc: render.NewCanvas(image.NewRGBA(image.Rect(0, 0, 1, 1))), fs: fs, tx: tx}
	probe.font(render.Bold, textMin)
	cw, _ := probe.dc.MeasureString(t.Code)
	probe.font(render.Regular, textMin)
	nw, _ := probe.dc.MeasureString(tx.restName(&t))
	img := image.NewRGBA(image.Rect(0, 0, int(math.Ceil(cw+nw+24+2*piecePad)), int(textMin*1.5+2*piecePad)))
	d := &drawer{dc: render.NewCanvas(img), fs: fs, tx: tx}
	d.setColor(render.Paper)
	d.dc.Clear()
	d.restPlate(&t, piecePad, piecePad+textMin*0.75, cw, true)
	return r.png.Encode(img)
}

// RewardIn draws one Evolved reward tile as the board's header shows the
// one in the Great Tunnel: its level and the spoils of places 1 to 3.
func (r *Renderer) RewardIn(lang string, w march.RewardView) ([]byte, error) {
	fs := r.fonts.Borrow()
	defer r.fonts.Release(fs)
	w.Stack = -1
	img := image.NewRGBA(image.Rect(0, 0, Width, int(headRow+2*piecePad)))
	d := &drawer{dc: render.NewCanvas(img), fs: fs, tx: r.textsFor(lang), v: &march.View{Reward: &w}}
	d.setColor(render.Paper)
	d.dc.Clear()
	d.rewardRow(piecePad + headRow/2)
	return r.png.Encode(img)
}
