package main

import (
	"sort"
	"strconv"
	"strings"

	"formica/bot"
	"formica/engine/locale"
	"formica/engine/march"
	"formica/engine/micropolis"
	"formica/engine/myrmes"
	funrender "formica/render/funants"
	marchrender "formica/render/march"
	micrender "formica/render/micropolis"
	myrrender "formica/render/myrmes"
)

// marchCards lists the 1st edition's cards for `card <name>` and its hexes
// for `hex <name>`: names in every language of the game's catalog, facts
// from the component file, text from the catalog, pictures drawn by pic
// (nil: none).
func marchCards(msgs *locale.Catalog, pic func() (*marchrender.Renderer, error)) ([]bot.Component, error) {
	d, err := march.LoadData(march.Edition1().Data)
	if err != nil {
		return nil, err
	}
	var out []bot.Component
	for _, c := range d.Cards {
		facts := "moa.cardfacts." + c.Type
		if c.Pay == "larvae" { // MOA1-CARD: ants may not pay
			facts += ".larvae"
		}
		comp := bot.Component{
			Kind: "card", Code: "c" + strconv.Itoa(c.ID),
			Names: names(msgs, "moa.name."+c.Effect),
			Lines: []bot.Line{
				{Key: facts, Args: map[string]string{"cost": strconv.Itoa(c.Cost), "fer": strconv.Itoa(c.Fer)}},
				{Key: "moa.card." + c.Effect},
			},
		}
		if pic != nil {
			v := marchCardView(c)
			comp.Picture = func(lang string) ([]byte, error) {
				r, err := pic()
				if err != nil {
					return nil, err
				}
				return r.CardIn(lang, v)
			}
		}
		out = append(out, comp)
	}
	for i := range d.Hexes {
		h := &d.Hexes[i]
		v := marchHexView(h)
		var sites []bot.Line
		for _, s := range v.Sites {
			key := "moa.hexsite"
			if s.Control {
				key = "moa.hexsite.control"
			}
			sites = append(sites, bot.Line{Key: key, Args: map[string]string{"code": s.Code, "res": s.Res}})
		}
		var edges []string
		for _, t := range v.Tunnels {
			if t.Open {
				edges = append(edges, t.Edge)
			}
		}
		comp := bot.Component{
			Kind: "hex", Code: v.Code, Names: names(msgs, "moa.hexname."+h.Name),
			Lines: []bot.Line{{Key: "moa.hexfacts." + h.Kind, Args: map[string]string{"edges": strings.Join(edges, ", ")},
				Lists: map[string][]bot.Line{"sites": sites}}},
		}
		if h.Effect != "" {
			comp.Lines = append(comp.Lines, bot.Line{Key: "moa.card." + h.Effect})
		}
		if h.Worm {
			comp.Lines = append(comp.Lines, bot.Line{Key: "moa.hexmark.worm"})
		}
		if h.Centi {
			comp.Lines = append(comp.Lines, bot.Line{Key: "moa.hexmark.centi"})
		}
		if pic != nil {
			comp.Picture = func(lang string) ([]byte, error) {
				r, err := pic()
				if err != nil {
					return nil, err
				}
				return r.HexIn(lang, v)
			}
		}
		out = append(out, comp)
	}
	return out, nil
}

// marchCardView is card c's face as a player's view shows it.
func marchCardView(c march.CardData) march.CardView {
	return march.CardView{ID: c.ID, Code: "c" + strconv.Itoa(c.ID), Name: c.Name, NameRU: c.RU, Type: c.Type,
		Segment: c.Seg, Effect: c.Effect, TextKey: "moa.card." + c.Effect, Cost: c.Cost, Pay: c.Pay,
		Ferocity: c.Fer, CP: c.CP, Centi: c.Solo}
}

// marchHexView is hex h as printed, unrotated and empty: free sites, its
// openings, its printed wormhole.
func marchHexView(h *march.HexData) march.HexView {
	v := march.HexView{Num: h.Num, Code: strconv.Itoa(h.Num), Name: h.Name, NameRU: h.RU, Kind: h.Kind,
		Effect: h.Effect, CentipedeIcon: h.Centi, Wormhole: h.Worm, WormholeMarker: false, Controller: -1}
	for i, s := range h.Sites {
		amt := 1
		if s.Res == march.ResLarva2 {
			amt = 2
		}
		v.Sites = append(v.Sites, march.SiteView{Code: "s" + strconv.Itoa(i+1), Res: s.Res, Amount: amt, Control: s.Control, Owner: -1})
	}
	for e, open := range h.TunnelSet {
		v.Tunnels = append(v.Tunnels, march.TunnelView{Edge: [6]string{"e", "ne", "nw", "w", "sw", "se"}[e], Open: open})
	}
	return v
}

// micropolisRow lists the face-up row of a Micropolis view for `tile
// <position>`: each tile under its position, with its cost, the soldiers on
// it, its tunnels' contents and barracks, and its picture drawn by pic (nil:
// none).
func micropolisRow(msgs *locale.Catalog, pic func() (*micrender.Renderer, error)) func(view any) []bot.Component {
	return func(view any) []bot.Component {
		var v micropolis.View
		switch x := view.(type) {
		case micropolis.View:
			v = x
		case *micropolis.View:
			if x == nil {
				return nil
			}
			v = *x
		default:
			return nil
		}
		var out []bot.Component
		for i, rt := range v.Row {
			if rt.Pos == 0 {
				rt.Pos = i + 1
			}
			pos := strconv.Itoa(rt.Pos)
			c := bot.Component{Kind: "tile", Code: pos, Names: map[string]string{}}
			for _, lang := range msgs.Languages() {
				c.Names[lang] = msgs.T(lang, "mic.tile.title", map[string]string{"pos": pos})
			}
			if rt.Cost == 0 {
				c.Lines = append(c.Lines, bot.Line{Key: "mic.tile.free"})
			} else {
				c.Lines = append(c.Lines, bot.Line{Key: "mic.tile.cost", Args: map[string]string{"n": strconv.Itoa(rt.Cost)}})
			}
			if rt.Soldiers > 0 {
				c.Lines = append(c.Lines, bot.Line{Key: "mic.tile.lying", Args: map[string]string{"n": strconv.Itoa(rt.Soldiers)}})
			}
			for _, s := range rt.Tile.Segments {
				c.Lines = append(c.Lines, bot.Line{Key: "mic.tile.segment", Lists: map[string][]bot.Line{"contents": segmentParts(s)}})
			}
			if b := rt.Tile.Barracks; b > 0 {
				c.Lines = append(c.Lines, bot.Line{Key: "mic.tile.barracks", Args: map[string]string{"n": strconv.Itoa(b)}})
			}
			if pic != nil {
				rt := rt
				c.Picture = func(lang string) ([]byte, error) {
					r, err := pic()
					if err != nil {
						return nil, err
					}
					return r.TileIn(lang, rt)
				}
			}
			out = append(out, c)
		}
		return out
	}
}

// segmentParts names what one tunnel of a tile holds.
func segmentParts(s micropolis.Segment) []bot.Line {
	var out []bot.Line
	if s.Workers > 0 {
		out = append(out, bot.Line{Key: "mic.tile.workers", Args: map[string]string{"n": strconv.Itoa(s.Workers)}})
	}
	if s.Master != "" {
		out = append(out, bot.Line{Key: "mic.tile.master", Args: map[string]string{"master": s.Master}})
	}
	if s.Eggs > 0 {
		out = append(out, bot.Line{Key: "mic.tile.eggs", Args: map[string]string{"n": strconv.Itoa(s.Eggs)}})
	}
	for _, f := range s.Fruits {
		out = append(out, bot.Line{Key: "mic.tile.fruit", Args: map[string]string{"fruit": f}})
	}
	if len(out) == 0 {
		out = append(out, bot.Line{Key: "mic.tile.empty"})
	}
	return out
}

// funantsCards lists Fun Ants' cards: each "fun.cardname.<code>" of the
// catalog, with its text "fun.card.<code>" and its picture drawn by pic
// (nil: none).
func funantsCards(msgs *locale.Catalog, pic func() (*funrender.Renderer, error)) []bot.Component {
	var out []bot.Component
	for _, k := range msgs.Keys(locale.Fallback) {
		code, ok := strings.CutPrefix(k, "fun.cardname.")
		if !ok {
			continue
		}
		c := bot.Component{Kind: "card", Code: code, Names: names(msgs, k), Lines: []bot.Line{{Key: "fun.card." + code}}}
		if pic != nil {
			c.Picture = func(lang string) ([]byte, error) {
				r, err := pic()
				if err != nil {
					return nil, err
				}
				return r.CardIn(lang, code)
			}
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// names is key's text in every language of msgs that has it.
func names(msgs *locale.Catalog, key string) map[string]string {
	out := map[string]string{}
	for _, lang := range msgs.Languages() {
		if n, ok := msgs.Lookup(lang, key, nil); ok {
			out[lang] = n
		}
	}
	return out
}

// myrmesTiles lists Myrmes' pheromone and special tiles for `tile <name>`,
// by the id players type (`place line3 …`, `special farm`), with their
// facts from the components file and pictures drawn by pic (nil: none).
func myrmesTiles(msgs *locale.Catalog, pic func() (*myrrender.Renderer, error)) ([]bot.Component, error) {
	shapes, specials, err := myrmes.Tiles()
	if err != nil {
		return nil, err
	}
	var out []bot.Component
	for _, s := range shapes {
		c := bot.Component{Kind: "tile", Code: s.ID, Names: map[string]string{},
			Lines: []bot.Line{{Key: "myr.tilefacts.shape", Args: map[string]string{
				"size": strconv.Itoa(len(s.Hexes)), "vp": strconv.Itoa(s.VP), "count": strconv.Itoa(s.Count)}}}}
		for _, lang := range msgs.Languages() {
			c.Names[lang] = msgs.T(lang, "myr.tilename.shape", map[string]string{"id": s.ID})
		}
		if pic != nil {
			c.Picture = func(lang string) ([]byte, error) {
				r, err := pic()
				if err != nil {
					return nil, err
				}
				return r.ShapeIn(lang, s)
			}
		}
		out = append(out, c)
	}
	for _, s := range specials {
		c := bot.Component{Kind: "tile", Code: s.ID, Names: names(msgs, "myr.tilename."+s.ID),
			Lines: []bot.Line{{Key: "myr.tilefacts.special", Args: map[string]string{
				"level": strconv.Itoa(s.Level), "food": strconv.Itoa(s.Cost[0]), "earth": strconv.Itoa(s.Cost[1]),
				"stone": strconv.Itoa(s.Cost[2]), "vp": strconv.Itoa(s.VP), "count": strconv.Itoa(s.Count)}}}}
		if pic != nil {
			c.Picture = func(lang string) ([]byte, error) {
				r, err := pic()
				if err != nil {
					return nil, err
				}
				return r.SpecialIn(lang, s)
			}
		}
		out = append(out, c)
	}
	return out, nil
}
