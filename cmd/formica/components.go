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
		comp := bot.Component{
			Kind: "hex", Code: v.Code, Names: names(msgs, "moa.hexname."+h.Name),
			Lines: []bot.Line{{Key: "moa.hexfacts." + h.Kind, Args: map[string]string{"edges": strings.Join(openEdges(v), ", ")},
				Lists: map[string][]bot.Line{"sites": hexSites(v)}}},
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

// marchEvolvedPieces lists the Evolved edition's pieces, rule set
// "evolved": its cards for `card <name>`, its meadow and beyond-the-meadow
// tiles for `tile <name>` (and `hex`, as in the 1st edition), its rest
// tiles by the code players type after "rest" and its reward tiles
// (`tile reward 2`): names in every language of the catalog (the Polish
// rulebook's from the component file where the catalog has none), facts
// from the component file, pictures drawn by pic (nil: none).
func marchEvolvedPieces(msgs *locale.Catalog, pic func() (*marchrender.Renderer, error)) ([]bot.Component, error) {
	d, err := march.Evolved().LoadData(march.Evolved().Data)
	if err != nil {
		return nil, err
	}
	draw := func(f func(r *marchrender.Renderer, lang string) ([]byte, error)) func(string) ([]byte, error) {
		if pic == nil {
			return nil
		}
		return func(lang string) ([]byte, error) {
			r, err := pic()
			if err != nil {
				return nil, err
			}
			return f(r, lang)
		}
	}
	withPL := func(n map[string]string, pl string) map[string]string {
		if n["pl"] == "" && pl != "" {
			n["pl"] = pl
		}
		return n
	}
	var out []bot.Component
	for _, c := range d.Cards {
		v := marchCardView(c)
		v.TextKey = march.Evolved().CardText + c.Effect
		out = append(out, bot.Component{
			Kind: "card", RuleSet: "evolved", Code: v.Code,
			Names: withPL(names(msgs, "moa.ename."+c.Effect), c.PL),
			Lines: []bot.Line{
				{Key: "moa.ecardfacts." + c.Type + "." + c.Pay, Args: map[string]string{"cost": strconv.Itoa(c.Cost), "fer": strconv.Itoa(c.Fer)}},
				{Key: v.TextKey},
			},
			Picture: draw(func(r *marchrender.Renderer, lang string) ([]byte, error) { return r.CardIn(lang, v) }),
		})
	}
	for i := range d.Hexes {
		h := &d.Hexes[i]
		v := marchHexView(h)
		comp := bot.Component{
			Kind: "tile", RuleSet: "evolved", Code: v.Code, Names: withPL(names(msgs, "moa.hexname."+h.Name), h.PL),
			Lines: []bot.Line{{Key: "moa.etilefacts." + h.Kind, Args: map[string]string{"edges": strings.Join(openEdges(v), ", ")},
				Lists: map[string][]bot.Line{"sites": hexSites(v)}}},
			Picture: draw(func(r *marchrender.Renderer, lang string) ([]byte, error) { return r.HexIn(lang, v) }),
		}
		if h.Effect != "" {
			comp.Lines = append(comp.Lines, bot.Line{Key: march.Evolved().CardText + h.Effect})
		}
		if h.Centi {
			comp.Lines = append(comp.Lines, bot.Line{Key: "moa.etilemark.centi"})
		}
		if h.Worm {
			comp.Lines = append(comp.Lines, bot.Line{Key: "moa.etilemark.worm"})
		}
		out = append(out, comp)
		hex := comp
		hex.Kind = "hex" // `hex 4` as in the 1st edition
		out = append(out, hex)
	}
	for _, rt := range d.Rest {
		v := march.RestTileView{Code: rt.ID, Name: rt.Name, PL: rt.PL}
		out = append(out, bot.Component{
			Kind: "tile", RuleSet: "evolved", Code: rt.ID, Names: withPL(names(msgs, "moa.restname."+rt.ID), rt.PL),
			Lines:   []bot.Line{restFacts(rt)},
			Picture: draw(func(r *marchrender.Renderer, lang string) ([]byte, error) { return r.RestIn(lang, v) }),
		})
	}
	for _, w := range d.Rewards {
		id := strconv.Itoa(w.ID)
		v := march.RewardView{Level: w.Level, Places: w.Places[:]}
		places := map[string][]bot.Line{}
		for i, g := range w.Places {
			places["p"+strconv.Itoa(i+1)] = gainLines(g)
		}
		out = append(out, bot.Component{
			Kind: "tile", RuleSet: "evolved", Code: "reward" + id, Names: names(msgs, "moa.rewardname", "n", id),
			Lines:   []bot.Line{{Key: "moa.rewardfacts", Args: map[string]string{"level": w.Level}, Lists: places}},
			Picture: draw(func(r *marchrender.Renderer, lang string) ([]byte, error) { return r.RewardIn(lang, v) }),
		})
	}
	return out, nil
}

// restFacts says what rest tile t does and when (§15.3 as our component
// file gives it).
func restFacts(t march.RestTile) bot.Line {
	n := func(k int) map[string]string { return map[string]string{"n": strconv.Itoa(k)} }
	gain := map[string][]bot.Line{"gain": gainLines(t.Gain)}
	switch {
	case t.Defender:
		return bot.Line{Key: "moa.restfacts.defender"}
	case t.Strength > 0:
		return bot.Line{Key: "moa.restfacts.strength", Args: n(t.Strength)}
	case t.Prevent > 0:
		return bot.Line{Key: "moa.restfacts.prevent", Args: n(t.Prevent)}
	case t.Feed > 0:
		return bot.Line{Key: "moa.restfacts.feed", Args: n(t.Feed)}
	case t.CPPer != "":
		return bot.Line{Key: "moa.restfacts.cpper." + t.CPPer, Args: map[string]string{"max": strconv.Itoa(t.Max)}}
	case t.When == "now" && t.Cost != (march.Gain{}):
		gain["cost"] = gainLines(t.Cost)
		return bot.Line{Key: "moa.restfacts.now.cost", Lists: gain}
	}
	return bot.Line{Key: "moa.restfacts." + string(t.When), Lists: gain}
}

// gainLines names the parts of a gain: colony points, food, larvae, cards.
func gainLines(g march.Gain) []bot.Line {
	var out []bot.Line
	for _, it := range []struct {
		key string
		n   int
	}{{"cp", g.CP}, {"food", g.Food}, {"larvae", g.Larvae}, {"cards", g.Cards}} {
		if it.n > 0 {
			out = append(out, bot.Line{Key: "moa.gain." + it.key, Args: map[string]string{"n": strconv.Itoa(it.n)}})
		}
	}
	if len(out) == 0 {
		out = append(out, bot.Line{Key: "moa.gain.none"})
	}
	return out
}

// hexSites names a hex's collection sites as printed.
func hexSites(v march.HexView) []bot.Line {
	var sites []bot.Line
	for _, s := range v.Sites {
		key := "moa.hexsite"
		if s.Control {
			key = "moa.hexsite.control"
		}
		sites = append(sites, bot.Line{Key: key, Args: map[string]string{"code": s.Code, "res": s.Res}})
	}
	return sites
}

// openEdges lists the edges a hex opens a tunnel to, unrotated.
func openEdges(v march.HexView) []string {
	var edges []string
	for _, t := range v.Tunnels {
		if t.Open {
			edges = append(edges, t.Edge)
		}
	}
	return edges
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

// names is key's text in every language of msgs that has it, with its
// arguments (name, value pairs).
func names(msgs *locale.Catalog, key string, kv ...string) map[string]string {
	var args map[string]string
	for i := 0; i+1 < len(kv); i += 2 {
		if args == nil {
			args = map[string]string{}
		}
		args[kv[i]] = kv[i+1]
	}
	out := map[string]string{}
	for _, lang := range msgs.Languages() {
		if n, ok := msgs.Lookup(lang, key, args); ok {
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
