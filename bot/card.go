package bot

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/agnivade/levenshtein"

	"formica/engine"
	"formica/storage"
)

// cmdCard shows one card's full text and picture, found by its name in any
// language or by its code: `card trap`, `card c19`, `card funants rage`,
// `card evolved trap` (a rule set names its game).
func cmdCard(ctx context.Context, r *request) ([]Message, error) { return lookup(ctx, r, "card") }

// cmdTile shows one tile: in Micropolis a tile of the row by its position
// (`tile 3`).
func cmdTile(ctx context.Context, r *request) ([]Message, error) { return lookup(ctx, r, "tile") }

// cmdHex shows one hex of March of the Ants by its name or number (`hex
// pond`, `hex 4`).
func cmdHex(ctx context.Context, r *request) ([]Message, error) { return lookup(ctx, r, "hex") }

// lookup answers `card`, `tile` and `hex`: one reply per piece of that kind
// whose name (in any language) or code is what the caller typed, each with
// its picture. Copies that differ (two Traps of other ferocity) are all
// shown. An unknown name is refused with the nearest names.
func lookup(ctx context.Context, r *request, kind string) ([]Message, error) {
	g, args := r.game, r.args
	rs := ""
	if g != nil && r.match != nil {
		rs = r.match.Setup.RuleSet
	}
	if len(args) > 0 {
		w := strings.ToLower(args[0])
		if named := r.s.game(w); named != nil {
			g, args, rs = named, args[1:], ""
		} else if named := r.s.gameOfRuleSet(w); named != nil && (g == nil || g == named) {
			g, args, rs = named, args[1:], w
		}
	}
	if g == nil {
		return nil, refuse("err."+kind+"_game", map[string]string{"games": r.s.gameIDs()})
	}
	if len(args) > 0 && ruleSetOf(g, strings.ToLower(args[0])) { // `card march evolved trap`
		rs, args = strings.ToLower(args[0]), args[1:]
	}
	comps := r.pieces(g, kind, rs)
	if len(comps) == 0 {
		return r.say(kind+".none", map[string]string{"game": g.Name}), nil
	}
	b := r.s.bundle(g)
	typed := normName(strings.Join(args, ""))
	if typed == "" {
		return nil, refuse("err."+kind+"_usage", map[string]string{"names": r.pieceNames(comps)})
	}
	var out []Message
	var texts []string
	for _, c := range comps {
		if c.Code != typed && !slices.ContainsFunc(namesOf(c), func(n string) bool { return normName(n) == typed }) {
			continue
		}
		var body []string
		for _, l := range c.Lines {
			body = append(body, localizeLine(b, r.lang, l))
		}
		text := strings.Join(body, "\n")
		if slices.Contains(texts, text) {
			continue
		}
		texts = append(texts, text)
		m := reply(r.cmd, "**"+r.pieceName(c)+"** (`"+c.Code+"`)\n"+text)
		if c.Picture != nil {
			img, err := c.Picture(r.lang)
			if err != nil {
				return nil, err
			}
			m.Image, m.ImageName, m.Alt = img, g.ID+"-"+kind+"-"+c.Code+".png", text
		}
		out = append(out, m)
	}
	if len(out) > 0 {
		return out, nil
	}
	return nil, refuse("err.no_"+kind, map[string]string{"name": strings.Join(args, " "), "game": g.Name, "names": r.nearestPieces(comps, typed)})
}

// pieces are g's components of kind in rule set rs ("": the first): its
// printed ones, and those on the board of the match here (when it is a
// match of g).
func (r *request) pieces(g *Game, kind, rs string) []Component {
	var out []Component
	for _, c := range g.components() {
		if c.Kind == kind && sameRuleSet(g, c.RuleSet, rs) {
			out = append(out, c)
		}
	}
	if g.Shown != nil && r.match != nil && r.game == g && r.match.Status != storage.StatusLobby {
		if st, err := r.state(); err == nil {
			for _, c := range g.Shown(st.View(engine.NoSeat)) {
				if c.Kind == kind {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// sameRuleSet reports whether rule sets a and b of g are one ("" is the
// first).
func sameRuleSet(g *Game, a, b string) bool {
	first := ""
	if len(g.RuleSets) > 0 {
		first = g.RuleSets[0]
	}
	return cmp.Or(a, first) == cmp.Or(b, first)
}

// ruleSetOf reports whether w names a rule set of g's pieces.
func ruleSetOf(g *Game, w string) bool {
	if len(g.RuleSets) > 0 && g.RuleSets[0] == w {
		return true
	}
	return slices.ContainsFunc(g.components(), func(c Component) bool { return c.RuleSet == w })
}

// gameOfRuleSet is the one game whose pieces have rule set w (`card
// evolved trap`), or nil.
func (s *Service) gameOfRuleSet(w string) *Game {
	var found *Game
	for _, g := range s.games {
		if ruleSetOf(g, w) {
			if found != nil {
				return nil
			}
			found = g
		}
	}
	return found
}

// localizeLine is l in lang, its list arguments localized and joined.
func localizeLine(b interface {
	T(lang, key string, args map[string]string) string
}, lang string, l Line) string {
	args := l.Args
	if len(l.Lists) > 0 {
		args = make(map[string]string, len(l.Args)+len(l.Lists))
		for k, v := range l.Args {
			args[k] = v
		}
		for k, ls := range l.Lists {
			parts := make([]string, len(ls))
			for i, p := range ls {
				parts[i] = localizeLine(b, lang, p)
			}
			args[k] = strings.Join(parts, ", ")
		}
	}
	return b.T(lang, l.Key, args)
}

// namesOf lists a component's names in every language.
func namesOf(c Component) []string {
	out := make([]string, 0, len(c.Names))
	for _, n := range c.Names {
		out = append(out, n)
	}
	return out
}

// pieceName is c's name in the caller's language (English, else its code).
func (r *request) pieceName(c Component) string {
	if n := c.Names[r.lang]; n != "" {
		return n
	}
	if n := c.Names["en"]; n != "" {
		return n
	}
	return c.Code
}

// pieceNames lists comps once each by name, in the caller's language.
func (r *request) pieceNames(comps []Component) string {
	var names []string
	for _, c := range comps {
		if n := r.pieceName(c); !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// maxNearest is how many names a refused lookup suggests.
const maxNearest = 3

// nearestPieces names the pieces whose name (in the caller's language) or
// code is nearest to what was typed: names starting with it or containing
// it first, then by edit distance.
func (r *request) nearestPieces(comps []Component, typed string) string {
	type cand struct {
		name string
		d    int
	}
	var cs []cand
	for _, c := range comps {
		name := r.pieceName(c)
		if slices.ContainsFunc(cs, func(x cand) bool { return x.name == name }) {
			continue
		}
		n := normName(name)
		d := levenshtein.ComputeDistance(typed, n)
		if cd := levenshtein.ComputeDistance(typed, c.Code); cd < d {
			d = cd
		}
		switch {
		case strings.HasPrefix(n, typed):
			d = -2
		case strings.Contains(n, typed):
			d = -1
		}
		cs = append(cs, cand{name, d})
	}
	slices.SortStableFunc(cs, func(a, b cand) int { return cmp.Or(cmp.Compare(a.d, b.d), cmp.Compare(a.name, b.name)) })
	var out []string
	for i := 0; i < len(cs) && i < maxNearest; i++ {
		out = append(out, cs[i].name)
	}
	return strings.Join(out, ", ")
}
