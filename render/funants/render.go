// Package funants draws Fun Ants views as PNG images: the board with every
// cell (labelled as players type it), anthills with their levels, ants
// (worker and soldier icons in the owner's colour and marker), tunnel
// entrances, board cakes and ambushes, plus a panel with whose turn it is and
// each player's cakes, hand size, levels and pieces. RenderHand draws one
// player's private hand. RenderIn and RenderHandIn draw the words in
// English, Russian, Ukrainian or Polish (labels.go); codes players type
// (cells, anthills, P1..P4, card codes, w/s) stay as typed.
package funants

import (
	"fmt"
	"image"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/fogleman/gg"

	"formica/engine/funants"
	"formica/engine/locale"
	"formica/render"
)

// Layout in pixels: a 7x7 grid of cells, ~1200 px wide.
const (
	width   = 1200
	margin  = 90.0
	step    = 170.0 // grid spacing
	cellR   = 58.0
	hillR   = 70.0
	boardH  = 2*margin + 6*step
	headerH = 70.0
	rowH    = 74.0
	// textMin is the smallest text: 8 px when a phone shows the board
	// 400 px wide.
	textMin float64 = (width*render.PhoneMinPx + render.PhoneWidth - 1) / render.PhoneWidth
)

// Renderer holds the parsed fonts and recycles what a board needs (font
// faces, the PNG encoder's buffers, the layers of each board shape, the
// last boards drawn); it is safe for concurrent use.
type Renderer struct {
	fonts  *render.Fonts
	words  locale.Bundle // the images' labels over the game's catalog
	png    render.PNGEncoder
	kept   render.KeptBoards[keptKey]
	mu     sync.Mutex
	shapes map[string]*layers // by shapeKey; never written after stored
	// spans keeps the rasterized shapes of earlier boards: pieces of a
	// kind look alike and the next turn's board redraws most of them.
	spans render.SpanCache
	// clip, when set (tests), is told of every text shortened to fit.
	clip func(lang, text string)
	// seen, when set (tests), is told of every text drawn and its em
	// height in pixels.
	seen func(lang, text string, px float64)
}

// New parses the embedded fonts.
func New() (*Renderer, error) {
	f, err := render.NewFonts()
	if err != nil {
		return nil, err
	}
	w, err := words()
	if err != nil {
		return nil, err
	}
	return &Renderer{fonts: f, words: w, shapes: map[string]*layers{}}, nil
}

// Render draws the board view v as PNG bytes, in English.
func Render(v funants.View) ([]byte, error) {
	r, err := New()
	if err != nil {
		return nil, err
	}
	return r.Render(v)
}

// RenderHand draws the viewer's own hand as PNG bytes, in English.
func RenderHand(v funants.View) ([]byte, error) {
	r, err := New()
	if err != nil {
		return nil, err
	}
	return r.RenderHand(v)
}

func at(x, y int) (float64, float64) {
	return margin + float64(x)*step, headerH + margin + float64(y)*step
}

// Render draws the board view v in English.
func (r *Renderer) Render(v funants.View) ([]byte, error) { return r.RenderIn("en", v) }

// RenderIn draws the board view v with its words in lang (en, ru, uk, pl;
// a region suffix such as "ru-RU" is ignored, anything else is English).
// Cell names, anthill names, P1..P4 and the w/s ant kinds are drawn as
// players type them in every language.
func (r *Renderer) RenderIn(lang string, v funants.View) ([]byte, error) {
	if len(v.Cells) == 0 || len(v.Players) == 0 {
		return nil, fmt.Errorf("render funants: empty view (no cells or players)")
	}
	_, out, err := r.renderKept(lang, v)
	return out, err
}

// Image draws the board view v in English and returns it before encoding.
func (r *Renderer) Image(v funants.View) (*image.RGBA, error) {
	if len(v.Cells) == 0 || len(v.Players) == 0 {
		return nil, fmt.Errorf("render funants: empty view (no cells or players)")
	}
	img := image.NewRGBA(image.Rect(0, 0, width, boardHeight(v)))
	fs := r.fonts.Borrow()
	defer r.fonts.Release(fs)
	r.drawLayered(img, fs, r.textsFor("en"), v)
	return img, nil
}

// boardHeight is the height of v's board image: a row per player.
func boardHeight(v funants.View) int {
	return int(headerH + boardH + float64(len(v.Players))*rowH + 20 + legendH)
}

// draw draws the whole board on dc, everything in order: what the
// layered drawing (drawLayered) must equal, and the benchmarks' anchor.
func (r *Renderer) draw(dc *render.Canvas, fs *render.Faces, t texts, v funants.View) {
	dc.SetColor(render.Paper)
	dc.Clear()
	pos := positions(v)
	r.header(dc, fs, t, v)
	paths(dc, v, pos)
	tunnels(dc, v, pos)
	for _, a := range v.Anthills {
		r.anthill(dc, fs, v, a)
	}
	for _, c := range v.Cells {
		r.cell(dc, fs, v, c, pos[c.ID])
	}
	r.players(dc, fs, t, v, headerH+boardH)
	r.legend(dc, fs, t, headerH+boardH+float64(len(v.Players))*rowH+10)
}

// positions maps each cell to its centre.
func positions(v funants.View) map[string]gg.Point {
	pos := make(map[string]gg.Point, len(v.Cells))
	for _, c := range v.Cells {
		x, y := at(c.X, c.Y)
		pos[c.ID] = gg.Point{X: x, Y: y}
	}
	return pos
}

// paths draws the paths between cells; the movement-only links around an
// anthill are dashed.
func paths(dc *render.Canvas, v funants.View, pos map[string]gg.Point) {
	for _, e := range v.Edges {
		a, b := pos[e.A], pos[e.B]
		dc.SetColor(render.SoilDark)
		dc.SetLineWidth(10)
		if e.Ring {
			dc.SetColor(render.PanelEdge)
			dc.SetLineWidth(5)
			dc.SetDash(12, 10)
		}
		dc.DrawLine(a.X, a.Y, b.X, b.Y)
		dc.Stroke()
		dc.SetDash()
	}
}

// tunnels draws each player's tunnel: a dotted arc between its two
// entrances.
func tunnels(dc *render.Canvas, v funants.View, pos map[string]gg.Point) {
	for _, p := range v.Players {
		if len(p.Entrances) == 2 {
			a, b := pos[p.Entrances[0]], pos[p.Entrances[1]]
			tunnel(dc, p.Seat, a, b, tunnelControl(a, b))
		}
	}
}

// tunnel draws seat's tunnel from a to b, its arc's control point c.
func tunnel(dc *render.Canvas, seat int, a, b, c gg.Point) {
	dc.SetColor(render.Seat(seat).Color.Alpha(0.7))
	dc.SetLineWidth(6)
	dc.SetDash(4, 10)
	dc.MoveTo(a.X, a.Y)
	dc.QuadraticTo(c.X, c.Y, b.X, b.Y)
	dc.Stroke()
	dc.SetDash()
}

// tunnelControl is the control point of the arc from a to b.
func tunnelControl(a, b gg.Point) gg.Point {
	mx, my := (a.X+b.X)/2, (a.Y+b.Y)/2
	dx, dy := b.X-a.X, b.Y-a.Y
	return gg.Point{X: mx - dy*0.2, Y: my + dx*0.2}
}

func (r *Renderer) header(dc *render.Canvas, fs *render.Faces, t texts, v funants.View) {
	dc.SetFontFace(fs.Get(render.Bold, 32))
	var msg string
	switch {
	case v.Phase == "over":
		var ws []string
		for _, w := range v.Winners {
			ws = append(ws, fmt.Sprintf("P%d", w+1))
		}
		msg = t.fill("over", "winners", strings.Join(ws, " + "))
	case v.Battle != nil:
		b := v.Battle
		msg = t.fill("battle", "a", itoa(b.A+1), "cell_a", b.CellA, "b", itoa(b.B+1), "cell_b", b.CellB)
	default:
		msg = t.fill("turn", "turn", itoa(v.Turn), "player", itoa(v.Active+1))
		if v.Mode != "" {
			msg += " (" + t.orCode("mode."+v.Mode, v.Mode) + ")"
		}
	}
	st := render.Seat(v.Active)
	render.DrawMarker(dc, st.Marker, 40, headerH/2, 30, st.Color)
	dc.SetColor(render.Ink)
	render.DrawAligned(dc, msg, 70, headerH/2, 0)
	// The deck line takes what room the message leaves, shrinking first.
	msgW, _ := dc.MeasureString(msg)
	info := strings.Join([]string{t.orCode("scenario."+v.Scenario, v.Scenario),
		t.fill("deck", "n", itoa(v.DeckSize)), t.fill("discard", "n", itoa(len(v.Discard)))}, " · ")
	room := width - 20 - (70 + msgW + 30)
	face, ok := render.Fit(fs, render.Regular, info, room, textMin, textMin)
	if !ok {
		t.clipped(info)
		info = render.Ellipsize(face, info, room)
	}
	dc.SetFontFace(face)
	dc.SetColor(render.Muted)
	render.DrawAligned(dc, info, width-20, headerH/2, 1)
}

// levelRadius: large, medium, small discs.
var levelRadius = [3]float64{56, 42, 28}

func (r *Renderer) anthill(dc *render.Canvas, fs *render.Faces, v funants.View, a funants.AnthillView) {
	x, y := at(a.X, a.Y)
	edge := render.PanelEdge
	if a.Owner >= 0 {
		edge = render.Seat(a.Owner).Color
	}
	dc.DrawCircle(x, y, hillR)
	dc.SetColor(render.Soil)
	dc.FillPreserve()
	dc.SetColor(edge)
	dc.SetLineWidth(8)
	dc.Stroke()
	if a.Owner >= 0 {
		for _, lv := range v.Players[a.Owner].Levels {
			st := render.Seat(lv.Colour)
			dc.DrawCircle(x, y, levelRadius[lv.Size%3])
			dc.SetColor(st.Color)
			dc.FillPreserve()
			dc.SetColor(st.Dark)
			dc.SetLineWidth(3)
			dc.Stroke()
		}
		st := render.Seat(a.Owner)
		render.DrawMarker(dc, st.Marker, x, y, 22, st.Light)
	}
	dc.SetFontFace(fs.Get(render.Bold, textMin))
	label := strings.ToUpper(a.ID)
	if a.Owner >= 0 {
		label = fmt.Sprintf("P%d %s", a.Owner+1, label)
	}
	ly := y + hillR + 22
	if a.Y > 3 {
		ly = y - hillR - 22
	}
	render.DrawLabel(dc, label, x, ly, render.Plate{Fill: render.Panel, Text: render.Ink, Edge: edge, EdgeW: 2})
}

func (r *Renderer) cell(dc *render.Canvas, fs *render.Faces, v funants.View, c funants.CellView, p gg.Point) {
	cellStatic(dc, fs, c, p)
	cellPieces(dc, fs, c, p)
}

// cellStatic draws what a cell shows whatever happens on it: its disc,
// cake or centre mark and its name. Everything it draws lies within
// cellFoot of the cell's centre.
func cellStatic(dc *render.Canvas, fs *render.Faces, c funants.CellView, p gg.Point) {
	fill := render.Panel
	switch c.Kind {
	case funants.KindCake:
		fill = cakeCellFill
	case funants.KindCentre:
		fill = centreCellFill
	}
	dc.DrawCircle(p.X, p.Y, cellR)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(render.SoilDark)
	dc.SetLineWidth(3)
	dc.Stroke()
	if c.Kind == funants.KindCake {
		drawCake(dc, p.X+cellR*0.62, p.Y-cellR*0.62, 26)
	}
	if c.Kind == funants.KindCentre {
		render.Star(dc, p.X+cellR*0.62, p.Y-cellR*0.62, 24, render.Gold)
	}
	// The label players type, top-left inside the cell.
	dc.SetFontFace(fs.Get(render.Bold, textMin))
	dc.SetColor(render.Ink)
	render.DrawCentered(dc, c.ID, p.X-cellR*0.3, p.Y-cellR*0.55)
}

// cellPieces draws what lies on a cell now: its token, tunnel entrances,
// ambushes and ants (within pieceBox).
func cellPieces(dc *render.Canvas, fs *render.Faces, c funants.CellView, p gg.Point) {
	if c.Token {
		render.Token(dc, p.X, p.Y+cellR*0.62, 24, render.Gold)
	}
	// Tunnel entrances: a dark arch with the owner's colour.
	for i, o := range c.Entrances {
		st := render.Seat(o)
		ex, ey := p.X-cellR*0.78+float64(i)*18, p.Y+cellR*0.45
		dc.DrawArc(ex, ey, 13, math.Pi, 2*math.Pi)
		dc.ClosePath()
		dc.SetColor(render.Ink)
		dc.FillPreserve()
		dc.SetColor(st.Color)
		dc.SetLineWidth(5)
		dc.Stroke()
	}
	for i, o := range c.Ambush {
		st := render.Seat(o)
		ax, ay := p.X+cellR*0.75-float64(i)*18, p.Y+cellR*0.45
		dc.SetFontFace(fs.Get(render.Bold, 26))
		render.DrawLabel(dc, "!", ax, ay, render.Plate{Fill: st.Color, Text: render.InkOn(st.Color), MinW: 26})
	}
	n := len(c.Ants)
	for i, a := range c.Ants {
		ax := p.X + (float64(i)-float64(n-1)/2)*46
		ay := p.Y + 8
		st := render.Seat(a.Owner)
		if a.Kind == funants.Soldier {
			render.Soldier(dc, ax, ay, 52, st.Color)
		} else {
			render.Worker(dc, ax, ay, 42, st.Color)
		}
		render.DrawMarker(dc, st.Marker, ax+15, ay+20, 15, st.Color)
		if a.Rage > 0 {
			dc.SetFontFace(fs.Get(render.Bold, textMin))
			dc.SetColor(render.Danger)
			// Under the ant: above it, at phone size, it would run into
			// the cell's name.
			render.DrawCentered(dc, fmt.Sprintf("+%d", a.Rage), ax, p.Y+cellR*0.72)
		}
	}
}

// drawCake is a cake slice: a wedge with a cream layer.
func drawCake(dc *render.Canvas, x, y, size float64) {
	r := size / 2
	render.Polygon(dc, []gg.Point{{X: x - r, Y: y + r*0.7}, {X: x + r, Y: y + r*0.7}, {X: x + r, Y: y - r*0.2}, {X: x - r, Y: y - r*0.7}})
	dc.SetColor(render.RGB(0xC97B5A))
	dc.FillPreserve()
	dc.SetColor(render.Ink)
	dc.SetLineWidth(1.5)
	dc.Stroke()
	dc.DrawLine(x-r, y, x+r, y+r*0.25)
	dc.SetColor(render.White)
	dc.SetLineWidth(3)
	dc.Stroke()
}

// Columns of a player row: the name ends clear of the cake icon (which
// reaches 15 px left of cakesX), the info text runs to the row's right edge.
const (
	nameX  = 70.0
	cakesX = 330.0
	infoX  = 500.0
)

func (r *Renderer) players(dc *render.Canvas, fs *render.Faces, t texts, v funants.View, top float64) {
	for i := range v.Players {
		r.player(dc, fs, t, v, top, i)
	}
}

// player draws the row of v.Players[i], the rows starting at top.
func (r *Renderer) player(dc *render.Canvas, fs *render.Faces, t texts, v funants.View, top float64, i int) {
	p := v.Players[i]
	y := top + float64(i)*rowH
	st := render.Seat(p.Seat)
	bg := render.Panel
	if p.Seat == v.Active && v.Phase != "over" {
		bg = st.Light
	}
	dc.DrawRoundedRectangle(16, y+4, width-32, rowH-8, 12)
	dc.SetColor(bg)
	dc.FillPreserve()
	dc.SetColor(st.Color)
	dc.SetLineWidth(3)
	dc.Stroke()
	cy := y + rowH/2
	render.DrawMarker(dc, st.Marker, 44, cy, 28, st.Color)
	name := fmt.Sprintf("P%d %s", p.Seat+1, strings.ToUpper(p.Anthill))
	if strings.HasSuffix(v.Scenario, "teams") {
		name += " " + t.fill("team", "team", itoa(p.Team+1))
	}
	nameFace, ok := render.Fit(fs, render.Bold, name, cakesX-32-nameX, textMin, 28)
	if !ok {
		t.clipped(name)
		name = render.Ellipsize(nameFace, name, cakesX-32-nameX)
	}
	dc.SetFontFace(nameFace)
	dc.SetColor(st.Dark)
	render.DrawAligned(dc, name, nameX, cy, 0)
	dc.SetFontFace(fs.Get(render.Bold, 28))
	x := cakesX
	drawCake(dc, x, cy, 30)
	dc.SetColor(render.Ink)
	render.DrawAligned(dc, fmt.Sprintf("%d", p.Tokens), x+24, cy, 0)
	x += 90
	// Hand size as a little card.
	dc.DrawRoundedRectangle(x-11, cy-15, 22, 30, 4)
	dc.SetColor(render.White)
	dc.FillPreserve()
	dc.SetColor(render.Ink)
	dc.SetLineWidth(2)
	dc.Stroke()
	render.DrawAligned(dc, fmt.Sprintf("%d", p.HandSize), x+20, cy, 0)
	var lv []string
	for _, l := range p.Levels {
		lv = append(lv, t.get(fmt.Sprintf("size.%d", l.Size%3)))
	}
	parts := []string{t.fill("levels", "levels", orDash(strings.Join(lv, "")))}
	if len(p.Captured) > 0 || strings.HasPrefix(v.Scenario, "pyramids") {
		parts = append(parts, t.fill("captured", "n", itoa(len(p.Captured))))
	}
	parts = append(parts, t.fill("off_board", "w", itoa(p.Workers), "s", itoa(p.Soldiers)),
		t.fill("tunnels", "tunnels", orDash(strings.Join(p.Entrances, ","))))
	info := strings.Join(parts, " · ")
	room := width - 32 - 12 - infoX
	infoFace, ok := render.Fit(fs, render.Regular, info, room, textMin, textMin)
	if !ok {
		t.clipped(info)
		info = render.Ellipsize(infoFace, info, room)
	}
	dc.SetFontFace(infoFace)
	dc.SetColor(render.Ink)
	render.DrawAligned(dc, info, infoX, cy, 0)
}

func itoa(n int) string { return strconv.Itoa(n) }

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// observe hands dc the text observer (tests), telling it lang.
func (r *Renderer) observe(dc *render.Canvas, lang string) *render.Canvas {
	if f := r.seen; f != nil {
		dc.Observe(func(s string, px float64) { f(lang, s, px) })
	}
	return dc
}
