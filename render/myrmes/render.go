// Package myrmes draws Myrmes views as PNG images: the garden as a hex map
// (terrain, water, prey, pheromones in their owner's colour with their
// cubes, special tiles with ownership, tunnel exits, the worker on a sortie),
// every space labelled as players type it; the year, season, phase and
// season dice; the objectives with their completers; each colony's board and
// score; and a legend. RenderIn draws the words in English, Russian,
// Ukrainian or Polish.
package myrmes

import (
	"fmt"
	"image"
	"image/draw"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"formica/engine/locale"
	"formica/engine/myrmes"
	"formica/render"
)

// Layout in pixels, for a 12 × 9 garden: 1080 wide.
const (
	width   = 1080
	margin  = 22.0
	headerH = 112.0
	hexSize = 47.0
	playerH = 30 + 3*lineH // name line and two lines of stock
	// textMin is the smallest text: 8 px when a phone shows the board
	// 400 px wide.
	textMin float64 = (width*render.PhoneMinPx + render.PhoneWidth - 1) / render.PhoneWidth
	lineH           = textMin * 1.25 // one line of small text
	// legendH holds the legend's rows (DrawLegend's rows are 1.7 em).
	legendH    = legendRows*1.7*textMin + 16
	legendRows = 3
	goalH      = textMin * 1.9 // one objective's line
)

// Renderer holds the parsed fonts, a PNG encoder and the static layers
// (the bare garden and legend, by language and player count); safe to share.
type Renderer struct {
	msgs     *locale.Catalog // the game's words, for objective names
	fonts    *render.Fonts
	enc      render.PNGEncoder
	faces    sync.Pool // *render.Faces: glyph caches, one render at a time each
	canvases sync.Pool // *image.RGBA reused by RenderIn once encoded
	mu       sync.Mutex
	layer    map[string]*image.RGBA
	// spans keeps the rasterized shapes of earlier boards (see
	// render.SpanCache).
	spans render.SpanCache
	// clip, when set (tests), is told of every text shortened to fit.
	clip func(lang, text string)
	// seen, when set (tests), is told of every text drawn and its em
	// height in pixels.
	seen func(lang, text string, px float64)
}

// fit picks the largest face from max down to min at which s fits width,
// shortening s with an ellipsis (and telling clip) when none does.
func (r *Renderer) fit(fs *render.Faces, lang string, style render.FontStyle, s string, width, min, max float64) (font.Face, string) {
	face, ok := render.Fit(fs, style, s, width, min, max)
	if ok {
		return face, s
	}
	if r.clip != nil {
		r.clip(lang, s)
	}
	return face, render.Ellipsize(face, s, width)
}

// New parses the embedded fonts.
func New() (*Renderer, error) {
	f, err := render.NewFonts()
	if err != nil {
		return nil, err
	}
	msgs, err := myrmes.Messages()
	if err != nil {
		return nil, err
	}
	return &Renderer{fonts: f, msgs: msgs}, nil
}

// Render draws v in English.
func (r *Renderer) Render(v myrmes.View) ([]byte, error) { return r.RenderIn("en", v) }

// RenderIn draws v with its words in lang and encodes it as PNG.
func (r *Renderer) RenderIn(lang string, v myrmes.View) ([]byte, error) {
	img, _ := r.canvases.Get().(*image.RGBA)
	img, err := r.draw(img, lang, v)
	if err != nil {
		return nil, err
	}
	defer r.canvases.Put(img)
	return r.enc.Encode(img)
}

var terrainFill = map[string]render.RGB{
	"F": 0xBFDC8F, "E": 0xC9A47C, "S": 0xB9B9B4, "M": 0xE9CBE0, "W": 0x7FB6DF, "P": 0xF1E4C2,
}

var cubeFill = [3]render.RGB{0x3E8E2F, 0x8A5A2B, 0x6B6B6B}

// garden geometry: the hex layout and how many rows and columns.
type garden struct {
	hex        render.Hex
	rows, cols int
	top        float64
}

func axial(c myrmes.ViewCell) (int, int) { return c.Col - (c.Row-(c.Row&1))/2, c.Row }

func newGarden(v myrmes.View) garden {
	g := garden{top: headerH}
	for _, c := range v.Garden {
		g.rows = max(g.rows, c.Row+1)
		g.cols = max(g.cols, c.Col+1)
	}
	w := math.Sqrt(3) * hexSize
	g.hex = render.Hex{Size: hexSize, Pointy: true, Origin: gg.Point{X: margin + w/2, Y: g.top + hexSize}}
	return g
}

func (g garden) height() float64 { return hexSize*1.5*float64(g.rows-1) + 2*hexSize + 10 }

func (g garden) center(c myrmes.ViewCell) gg.Point {
	q, r := axial(c)
	return g.hex.Center(q, r)
}

// Image draws v without encoding it.
func (r *Renderer) Image(lang string, v myrmes.View) (image.Image, error) {
	return r.draw(nil, lang, v)
}

// draw draws v on img, or on a new image when img is nil or of another size.
func (r *Renderer) draw(img *image.RGBA, lang string, v myrmes.View) (*image.RGBA, error) {
	if len(v.Garden) == 0 || len(v.Players) == 0 {
		return nil, fmt.Errorf("render myrmes: empty view")
	}
	t := textsFor(lang)
	t.msgs = r.msgs
	fs, _ := r.faces.Get().(*render.Faces)
	if fs == nil {
		fs = r.fonts.Faces()
	}
	defer r.faces.Put(fs)
	g := newGarden(v)
	legendTop := g.top + g.height()
	placeLines := r.placementLines(fs, v)
	placeTop := legendTop + legendH
	goalsTop := placeTop
	switch {
	case v.Chosen != "" && len(v.Placements) == 1:
		placeLines = nil
		goalsTop += chosenHeight(len(v.Placements[0].Codes))
	case len(placeLines) > 0:
		goalsTop += 50 + lineH*float64(len(placeLines))
	}
	playersTop := goalsTop + 46 + goalH*float64(len(v.Goals))
	h := int(playersTop + playerH*float64(len(v.Players)) + margin)
	if img == nil || img.Bounds() != image.Rect(0, 0, width, h) {
		img = image.NewRGBA(image.Rect(0, 0, width, h))
	}
	static := r.static(fs, t, v, g, legendTop)
	draw.Draw(img, static.Bounds(), static, image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(0, static.Bounds().Dy(), width, h), image.NewUniform(render.Paper), image.Point{}, draw.Src)
	dc := r.observe(render.NewCanvas(img), lang)
	dc.UseSpans(&r.spans)
	r.header(dc, fs, t, v)
	byLabel := map[string]myrmes.ViewCell{}
	for _, c := range v.Garden {
		byLabel[c.Label] = c
	}
	for i, tl := range v.Tiles {
		if !tl.Gone {
			r.tile(dc, fs, g, byLabel, v, i, tl)
		}
	}
	for _, c := range v.Garden {
		r.contents(dc, fs, g, c)
	}
	if s := v.Sortie; s != nil {
		p := g.center(byLabel[s.At])
		st := render.Seat(s.Seat)
		render.Worker(dc, p.X, p.Y+4, 44, st.Color)
		dc.SetFontFace(fs.Get(render.Bold, textMin))
		render.DrawLabel(dc, strconv.Itoa(s.MP), p.X+hexSize*0.5, p.Y-hexSize*0.35, render.Plate{Fill: render.Highlight, Text: render.Ink, MinW: 24})
	}
	switch {
	case v.Chosen != "" && len(v.Placements) == 1:
		r.chosen(dc, fs, t, v, byLabel, placeTop)
	case len(placeLines) > 0:
		r.placements(dc, fs, t, v, placeLines, placeTop)
	}
	r.goals(dc, fs, t, v, goalsTop)
	r.players(dc, fs, t, v, playersTop)
	return img, nil
}

// static returns the bare garden (terrain, glyphs, labels, unused spaces)
// and the legend, drawn once per language and garden.
func (r *Renderer) static(fs *render.Faces, t texts, v myrmes.View, g garden, legendTop float64) *image.RGBA {
	key := t.lang
	for _, c := range v.Garden {
		if c.Used {
			key += "1"
		} else {
			key += "0"
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if img, ok := r.layer[key]; ok {
		return img
	}
	dc := r.observe(render.NewCanvas(image.NewRGBA(image.Rect(0, 0, width, int(legendTop+100)))), t.lang)
	dc.SetColor(render.Paper)
	dc.Clear()
	for _, c := range v.Garden {
		r.space(dc, fs, g, c)
	}
	r.legend(dc, fs, t, legendTop)
	img := dc.Image().(*image.RGBA)
	if r.layer == nil {
		r.layer = map[string]*image.RGBA{}
	}
	r.layer[key] = img
	return img
}

func (r *Renderer) header(dc *render.Canvas, fs *render.Faces, t texts, v myrmes.View) {
	title := t.fill("title", "year", itoa(v.Year), "season", t.get("season."+itoa(v.Season))) + " · " + t.get("phase."+v.Phase)
	var who string
	switch {
	case v.Over:
		var ws []string
		for _, w := range v.Winners {
			ws = append(ws, seatName(w))
		}
		who = t.fill("over", "players", strings.Join(ws, ", "))
	case v.Sortie != nil:
		who = t.fill("sortie", "player", seatName(v.Sortie.Seat), "cell", v.Sortie.At, "mp", itoa(v.Sortie.MP))
	case v.Current >= 0:
		who = t.fill("turn", "player", seatName(v.Current))
	default:
		var ws []string
		for i, p := range v.Players {
			if p.Waiting {
				ws = append(ws, seatName(i))
			}
		}
		if len(ws) > 0 {
			who = t.fill("secret", "players", strings.Join(ws, ", "))
		}
	}
	dc.SetFontFace(fs.Get(render.Bold, 30))
	dc.SetColor(render.Ink)
	render.DrawAligned(dc, title, margin, 28, 0)
	if who != "" {
		var face font.Face
		face, who = r.fit(fs, t.lang, render.Regular, who, width-2*margin, textMin, 24)
		dc.SetFontFace(face)
		render.DrawAligned(dc, who, margin, 62, 0)
	}
	// The three season dice: their event, struck off once played.
	dc.SetFontFace(fs.Get(render.Regular, textMin))
	x := width - margin
	for i := 2; i >= 0; i-- {
		s := t.get("season."+itoa(i)) + ": " + t.get("used")
		if v.DiceEv[i] != "" {
			s = t.get("season."+itoa(i)) + ": " + itoa(v.Dice[i]) + " " + t.get("ev."+v.DiceEv[i])
		}
		w, _ := dc.MeasureString(s)
		fill := render.Panel
		if i == v.Season && v.Season < 3 {
			fill = render.Highlight
		}
		render.DrawLabel(dc, s, x-w/2-8, headerH-26, render.Plate{Fill: fill, Text: render.Ink, Edge: render.PanelEdge, EdgeW: 1.5})
		x -= w + 26
	}
}

func (r *Renderer) space(dc *render.Canvas, fs *render.Faces, g garden, c myrmes.ViewCell) {
	q, rr := axial(c)
	render.Polygon(dc, g.hex.Corners(q, rr, 1.5))
	fill := terrainFill[c.Terrain]
	if !c.Used {
		fill = fill.Mix(render.Paper, 0.7)
	}
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(render.PanelEdge)
	dc.SetLineWidth(1.5)
	dc.Stroke()
	p := g.center(c)
	if !c.Used {
		// Hatching, so unused spaces read without colour.
		dc.SetColor(render.Muted.Alpha(0.5))
		dc.SetLineWidth(1.5)
		for k := -2; k <= 2; k++ {
			o := float64(k) * hexSize * 0.35
			dc.DrawLine(p.X+o-hexSize*0.3, p.Y+hexSize*0.4, p.X+o+hexSize*0.3, p.Y-hexSize*0.4)
		}
		dc.Stroke()
	}
	terrainGlyph(dc, c.Terrain, p.X, p.Y+hexSize*0.45, hexSize*0.34)
	dc.SetFontFace(fs.Get(render.Bold, textMin))
	dc.SetColor(render.Ink)
	if !c.Used {
		dc.SetColor(render.Muted)
	}
	render.DrawCentered(dc, c.Label, p.X, p.Y-hexSize*0.55)
}

// terrainGlyph is a small shape per terrain so colour is never the only cue.
func terrainGlyph(dc render.Painter, terrain string, x, y, s float64) {
	switch terrain {
	case "F":
		render.Food(dc, x, y, s, 0x5DA33B)
	case "E":
		dc.SetColor(render.SoilDark)
		for i := -1; i <= 1; i++ {
			dc.DrawCircle(x+float64(i)*s*0.35, y, s*0.13)
		}
		dc.Fill()
	case "S":
		render.Polygon(dc, render.RegularPolygon(x, y, s*0.32, 5, 0.3))
		dc.SetColor(render.RGB(0x5E5E5A))
		dc.Fill()
	case "M":
		dc.DrawArc(x, y, s*0.32, math.Pi, 2*math.Pi)
		dc.ClosePath()
		dc.SetColor(render.RGB(0xB0527E))
		dc.Fill()
		dc.DrawRectangle(x-s*0.07, y, s*0.14, s*0.25)
		dc.Fill()
	case "W":
		dc.SetColor(render.RGB(0x1F5E8C))
		dc.SetLineWidth(2)
		for i := 0; i < 2; i++ {
			yy := y - s*0.12 + float64(i)*s*0.22
			dc.MoveTo(x-s*0.4, yy)
			dc.QuadraticTo(x-s*0.2, yy-s*0.15, x, yy)
			dc.QuadraticTo(x+s*0.2, yy+s*0.15, x+s*0.4, yy)
		}
		dc.Stroke()
	}
}

// edge i of a pointy hex lies between corners i and i+1 and faces axial
// direction edgeDir[i].
var edgeDir = [6][2]int{{1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}}

func (r *Renderer) tile(dc *render.Canvas, fs *render.Faces, g garden, byLabel map[string]myrmes.ViewCell, v myrmes.View, idx int, tl myrmes.ViewTile) {
	st := render.Seat(tl.Owner)
	in := map[[2]int]bool{}
	for _, l := range tl.Cells {
		q, rr := axial(byLabel[l])
		in[[2]int{q, rr}] = true
	}
	for _, l := range tl.Cells {
		q, rr := axial(byLabel[l])
		pts := g.hex.Corners(q, rr, 1.5)
		render.Polygon(dc, pts)
		if tl.Special != "" {
			dc.SetColor(st.Light)
		} else {
			dc.SetColor(st.Color.Alpha(0.55))
		}
		dc.Fill()
		for i, d := range edgeDir {
			if !in[[2]int{q + d[0], rr + d[1]}] {
				a, b := pts[i], pts[(i+1)%6]
				dc.DrawLine(a.X, a.Y, b.X, b.Y)
			}
		}
		dc.SetColor(st.Dark)
		dc.SetLineWidth(4)
		dc.Stroke()
		p := g.center(byLabel[l])
		text(dc, fs.Get(render.Bold, textMin), render.Ink, l, p.X, p.Y-hexSize*0.55, 0.5)
	}
	p := g.center(byLabel[tl.Cells[0]])
	if tl.Special != "" {
		specialGlyph(dc, tl.Special, p.X, p.Y+4, hexSize*0.7, st.Color)
		if tl.Marked {
			render.DrawMarker(dc, st.Marker, p.X+hexSize*0.42, p.Y+hexSize*0.3, 16, st.Color)
		}
		return
	}
	render.DrawMarker(dc, st.Marker, p.X-hexSize*0.42, p.Y+hexSize*0.05, 16, st.Light)
	// Cubes: one square per kind present, with its count.
	n := 0
	for _, c := range tl.Cubes {
		if c > 0 {
			n++
		}
	}
	x := p.X - float64(n-1)*cubeStep/2
	dc.SetFontFace(fs.Get(render.Bold, textMin))
	for k, c := range tl.Cubes {
		if c == 0 {
			continue
		}
		dc.DrawRectangle(x-cube/2, p.Y+hexSize*0.18-cube/2, cube, cube)
		dc.SetColor(cubeFill[k])
		dc.FillPreserve()
		dc.SetColor(render.White)
		dc.SetLineWidth(1.5)
		dc.Stroke()
		render.DrawCentered(dc, itoa(c), x, p.Y+hexSize*0.18)
		x += cubeStep
	}
}

// A cube is a square as tall as its count's digits need.
const (
	cube     = textMin + 4
	cubeStep = cube + 4
)

func specialGlyph(dc render.Painter, id string, x, y, s float64, fill render.RGB) {
	switch id {
	case "farm":
		render.Fruit(dc, x, y, s*0.8, 0x6BAA3A)
	case "subcolony":
		render.Crown(dc, x, y, s*0.8, fill)
	default: // scavenging: a sieve
		dc.DrawCircle(x, y, s*0.32)
		dc.SetColor(render.Wood)
		dc.FillPreserve()
		dc.SetColor(render.Ink)
		dc.SetLineWidth(2)
		dc.Stroke()
		dc.DrawLine(x-s*0.25, y, x+s*0.25, y)
		dc.DrawLine(x, y-s*0.25, x, y+s*0.25)
		dc.Stroke()
	}
}

// contents draws what stands on a space: prey and tunnel exits.
func (r *Renderer) contents(dc *render.Canvas, fs *render.Faces, g garden, c myrmes.ViewCell) {
	p := g.center(c)
	if c.Prey != "" {
		preyGlyph(dc, c.Prey, p.X, p.Y+4, hexSize*0.62)
	}
	if c.Tunnel >= 0 {
		st := render.Seat(c.Tunnel)
		ex, ey := p.X, p.Y+hexSize*0.12
		dc.DrawArc(ex, ey, 17, math.Pi, 2*math.Pi)
		dc.ClosePath()
		dc.SetColor(render.Ink)
		dc.FillPreserve()
		dc.SetColor(st.Color)
		dc.SetLineWidth(6)
		dc.Stroke()
		render.DrawMarker(dc, st.Marker, ex, ey+12, 14, st.Color)
	}
}

func preyGlyph(dc render.Painter, kind string, x, y, s float64) {
	switch kind {
	case "ladybug":
		dc.DrawCircle(x, y, s*0.38)
		dc.SetColor(render.RGB(0xD0312D))
		dc.FillPreserve()
		dc.SetColor(render.Ink)
		dc.SetLineWidth(2)
		dc.Stroke()
		dc.DrawLine(x, y-s*0.38, x, y+s*0.38)
		dc.Stroke()
		for _, d := range [][2]float64{{-0.18, -0.1}, {0.18, -0.1}, {-0.16, 0.16}, {0.16, 0.16}} {
			dc.DrawCircle(x+d[0]*s, y+d[1]*s, s*0.07)
		}
		dc.Fill()
	case "termite":
		dc.DrawEllipse(x, y+s*0.08, s*0.2, s*0.34)
		dc.SetColor(render.RGB(0xE8D2A6))
		dc.FillPreserve()
		dc.SetColor(render.Ink)
		dc.SetLineWidth(2)
		dc.Stroke()
		dc.DrawCircle(x, y-s*0.32, s*0.13)
		dc.SetColor(render.RGB(0x8A4B1F))
		dc.Fill()
	default: // spider
		dc.SetColor(render.Ink)
		dc.SetLineWidth(2.5)
		for i := 0; i < 4; i++ {
			a := -0.9 + float64(i)*0.6
			for _, side := range []float64{-1, 1} {
				dc.MoveTo(x, y)
				dc.LineTo(x+side*s*0.45*math.Cos(a), y+s*0.45*math.Sin(a))
			}
		}
		dc.Stroke()
		dc.DrawCircle(x, y, s*0.2)
		dc.Fill()
	}
}

func (r *Renderer) legend(dc *render.Canvas, fs *render.Faces, t texts, top float64) {
	sw := func(code string) render.Icon {
		return func(dc render.Painter, x, y, size float64, _ render.RGB) {
			render.Polygon(dc, render.RegularPolygon(x, y, size*0.55, 6, -math.Pi/2))
			dc.SetColor(terrainFill[code])
			dc.FillPreserve()
			dc.SetColor(render.PanelEdge)
			dc.SetLineWidth(1)
			dc.Stroke()
			terrainGlyph(dc, code, x, y, size*0.8)
		}
	}
	items := []render.LegendItem{}
	for _, c := range []string{"F", "E", "S", "M", "W", "P"} {
		items = append(items, render.LegendItem{Icon: sw(c), Label: t.get("t." + c)})
	}
	for _, k := range []string{"ladybug", "termite", "spider"} {
		k := k
		items = append(items, render.LegendItem{Icon: func(dc render.Painter, x, y, size float64, _ render.RGB) { preyGlyph(dc, k, x, y, size) }, Label: t.get("prey." + k)})
	}
	for _, k := range []string{"scavenging", "farm", "subcolony"} {
		k := k
		items = append(items, render.LegendItem{Icon: func(dc render.Painter, x, y, size float64, _ render.RGB) {
			specialGlyph(dc, k, x, y, size, render.Gold)
		}, Label: t.get("sp." + k)})
	}
	items = append(items, render.LegendItem{Icon: func(dc render.Painter, x, y, size float64, _ render.RGB) {
		dc.DrawArc(x, y+size*0.2, size*0.4, math.Pi, 2*math.Pi)
		dc.ClosePath()
		dc.SetColor(render.Ink)
		dc.Fill()
	}, Label: t.get("exit")})
	render.DrawLegend(dc, fs.Get(render.Regular, textMin), margin, top+4, width-2*margin, items)
}

// placementLine is one wrapped line of the placements panel: the shape's
// name on its first line only.
type placementLine struct {
	shape string
	size  int
	codes string
}

const placeCodesX = 210.0

func (r *Renderer) placementLines(fs *render.Faces, v myrmes.View) []placementLine {
	var out []placementLine
	face := fs.Get(render.Regular, textMin)
	for _, p := range v.Placements {
		size := 0
		for _, sh := range v.Shapes {
			if sh.ID == p.Shape {
				size = len(sh.Hexes)
			}
		}
		for i, line := range render.Wrap(face, strings.Join(p.Codes, "  "), width-margin-placeCodesX-12) {
			pl := placementLine{codes: line}
			if i == 0 {
				pl.shape, pl.size = p.Shape, size
			}
			out = append(out, pl)
		}
	}
	return out
}

// placements lists where the worker may lay each pheromone, as typed.
func (r *Renderer) placements(dc *render.Canvas, fs *render.Faces, t texts, v myrmes.View, lines []placementLine, top float64) {
	st := render.Seat(v.Sortie.Seat)
	dc.DrawRoundedRectangle(margin, top, width-2*margin, 40+lineH*float64(len(lines)), 12)
	dc.SetColor(st.Light)
	dc.FillPreserve()
	dc.SetColor(st.Color)
	dc.SetLineWidth(3)
	dc.Stroke()
	head := t.fill("place", "player", seatName(v.Sortie.Seat), "cell", v.Sortie.At)
	var face font.Face
	face, head = r.fit(fs, t.lang, render.Bold, head, width-2*margin-24, textMin, 24)
	text(dc, face, render.Ink, head, margin+12, top+20, 0)
	for i, l := range lines {
		y := top + 48 + lineH*float64(i)
		if l.shape != "" {
			text(dc, fs.Get(render.Bold, textMin), st.Dark, l.shape, margin+12, y, 0)
			text(dc, fs.Get(render.Regular, textMin), render.Muted, t.fill("size", "n", itoa(l.size)), margin+100, y, 0)
		}
		text(dc, fs.Get(render.Regular, textMin), render.Ink, l.codes, placeCodesX, y, 0)
	}
}

func (r *Renderer) goals(dc *render.Canvas, fs *render.Faces, t texts, v myrmes.View, top float64) {
	dc.SetFontFace(fs.Get(render.Bold, 24))
	dc.SetColor(render.Ink)
	render.DrawAligned(dc, t.get("goals"), margin, top+16, 0)
	// One objective a line: at phone size two columns would cut the names.
	colW := width - 2*margin
	for i, g := range v.Goals {
		x := margin
		y := top + 50 + float64(i)*goalH
		dc.SetFontFace(fs.Get(render.Bold, textMin))
		render.DrawLabel(dc, g.ID, x+55, y, render.Plate{Fill: render.Panel, Text: render.Ink, Edge: render.PanelEdge, EdgeW: 1.5, MinW: 110})
		name := t.goal(g)
		var face font.Face
		face, name = r.fit(fs, t.lang, render.Regular, name, colW-124-30*float64(len(v.Players)), textMin, textMin)
		text(dc, face, render.Ink, name, x+124, y, 0)
		for j, s := range g.Done {
			st := render.Seat(s)
			render.DrawMarker(dc, st.Marker, x+colW-24-float64(len(g.Done)-1-j)*28, y, 22, st.Color)
		}
	}
}

func (r *Renderer) players(dc *render.Canvas, fs *render.Faces, t texts, v myrmes.View, top float64) {
	for i, p := range v.Players {
		y := top + float64(i)*playerH
		st := render.Seat(i)
		bg := render.Panel
		if i == v.Current || (v.Sortie != nil && v.Sortie.Seat == i) || p.Waiting {
			bg = st.Light
		}
		dc.DrawRoundedRectangle(margin, y+4, width-2*margin, playerH-8, 12)
		dc.SetColor(bg)
		dc.FillPreserve()
		dc.SetColor(st.Color)
		dc.SetLineWidth(3)
		dc.Stroke()
		cy := y + 30
		render.DrawMarker(dc, st.Marker, margin+26, cy, 26, st.Color)
		text(dc, fs.Get(render.Bold, 24), st.Dark, seatName(i), margin+50, cy, 0)
		if i == v.First { // the first-player token
			render.Star(dc, margin+108, cy, 22, render.Gold)
		}
		line := t.fill("vp", "n", itoa(p.Score)) + " · " + t.fill("level", "n", itoa(p.Level)) + " · " + t.fill("event", "event", t.get("ev."+p.Event))
		text(dc, fs.Get(render.Bold, 24), render.Ink, line, margin+130, cy, 0)
		rows := ""
		for l, used := range p.Rooms {
			if used {
				rows += "r" + itoa(l) + " "
			}
		}
		busy := ""
		if rows != "" {
			busy = t.fill("busy", "rooms", strings.TrimSpace(rows))
		}
		pher := 0
		for _, n := range p.Pher {
			pher += n
		}
		row := t.fill("row", "l", itoa(p.Larvae), "w", itoa(p.Workers), "s", itoa(p.Soldiers), "n", itoa(p.Nurses+p.Tracks[0]+p.Tracks[1]+p.Tracks[2]+p.Atelier+p.Board),
			"f", itoa(p.Store[0]), "e", itoa(p.Store[1]), "st", itoa(p.Store[2]))
		row2 := t.fill("row2", "prey", fmt.Sprintf("%d/%d/%d", p.Prey[0], p.Prey[1], p.Prey[2]), "t", itoa(p.Tunnels), "p", itoa(pher), "c", itoa(p.Cubes), "busy", busy)
		for k, s := range []string{row, row2} {
			var face font.Face
			face, s = r.fit(fs, t.lang, render.Regular, s, width-2*margin-30, textMin, textMin)
			text(dc, face, render.Ink, s, margin+16, cy+30+float64(k)*lineH, 0)
		}
	}
}

// text draws s like render.DrawAligned, but straight onto the image with a
// font.Drawer: gg draws every glyph through a bilinear transform, which
// costs more than the rest of a board's text.
func text(dc *render.Canvas, face font.Face, col render.RGB, s string, x, y, ax float64) {
	img, ok := dc.Image().(*image.RGBA)
	if !ok {
		dc.SetFontFace(face)
		dc.SetColor(col)
		render.DrawAligned(dc, s, x, y, ax)
		return
	}
	em := float64(face.Metrics().Height) / 64
	dc.Seen(s, em)
	w := float64(font.MeasureString(face, s)) / 64
	d := font.Drawer{Dst: img, Src: image.NewUniform(col), Face: face,
		Dot: fixed.P(int(math.Round(x-w*ax)), int(math.Round(y+em*0.688/2)))}
	d.DrawString(s)
}

func seatName(s int) string { return "P" + strconv.Itoa(s+1) }

func itoa(n int) string { return strconv.Itoa(n) }

// observe hands dc the text observer (tests), telling it lang.
func (r *Renderer) observe(dc *render.Canvas, lang string) *render.Canvas {
	if f := r.seen; f != nil {
		dc.Observe(func(s string, px float64) { f(lang, s, px) })
	}
	return dc
}
