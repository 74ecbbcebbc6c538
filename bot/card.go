package bot

import (
	"context"
	"slices"
	"strings"
)

// cmdCard shows one component's full text, found by its name in any
// language or by its code: `card trap`, `card c19`, `card funants rage`.
func cmdCard(ctx context.Context, r *request) ([]Message, error) {
	g, args := r.game, r.args
	if len(args) > 0 {
		if named := r.s.game(strings.ToLower(args[0])); named != nil {
			g, args = named, args[1:]
		}
	}
	if g == nil {
		return nil, refuse("err.card_game", map[string]string{"games": r.s.gameIDs()})
	}
	b := r.s.bundle(g)
	if len(g.Components) == 0 {
		return r.say("card.none", map[string]string{"game": g.Name}), nil
	}
	typed := normName(strings.Join(args, ""))
	if typed == "" {
		return nil, refuse("err.card_usage", map[string]string{"names": r.componentNames(g)})
	}
	var shown []string // copies that differ (two Traps of other ferocity) are all shown
	var texts []string
	for _, c := range g.Components {
		if c.Code != typed && !slices.ContainsFunc(namesOf(c), func(n string) bool { return normName(n) == typed }) {
			continue
		}
		var body []string
		for _, l := range c.Lines {
			body = append(body, b.T(r.lang, l.Key, l.Args))
		}
		if text := strings.Join(body, "\n"); !slices.Contains(texts, text) {
			name := c.Names[r.lang]
			if name == "" {
				name = c.Names["en"]
			}
			texts = append(texts, text)
			shown = append(shown, "**"+name+"** (`"+c.Code+"`)\n"+text)
		}
	}
	if len(shown) > 0 {
		return []Message{reply(r.cmd, strings.Join(shown, "\n\n"))}, nil
	}
	return nil, refuse("err.no_card", map[string]string{"name": strings.Join(args, " "), "game": g.Name, "names": r.componentNames(g)})
}

// namesOf lists a component's names in every language.
func namesOf(c Component) []string {
	out := make([]string, 0, len(c.Names))
	for _, n := range c.Names {
		out = append(out, n)
	}
	return out
}

// componentNames lists g's components once each by name, in the caller's
// language.
func (r *request) componentNames(g *Game) string {
	var names []string
	for _, c := range g.Components {
		n := c.Names[r.lang]
		if n == "" {
			n = c.Names["en"]
		}
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}
