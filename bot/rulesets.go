package bot

import (
	"strings"
	"unicode"

	"formica/engine/locale"
)

// rulesetPages answers `rules <game> <rule set> [page]`: a rule set's own
// teaching pages, catalog keys <game>.<rule set>.<page> (March's Evolved
// edition: differences, setup, battles…). Without a page it is the rule
// set's contents: its introduction (<game>.ruleset.<rule set>) and what to
// type for each page.
func (r *request) rulesetPages(g *Game, rs string, args []string) ([]Message, error) {
	b := r.s.bundle(g)
	pages := rulesetPageNames(g, rs)
	heading := "**" + g.Name + ": " + r.topicTitle(g, rs) + "**\n"
	if len(args) == 0 {
		lines := []string{heading + b.T(r.lang, g.ID+".ruleset."+rs, nil)}
		for _, p := range pages {
			lines = append(lines, "`"+r.ref("rules "+g.ID+" "+rs+" "+p)+"` — "+pageTitle(b.T(r.lang, g.ID+"."+rs+"."+p, nil), p))
		}
		return []Message{reply(r.cmd, strings.Join(lines, "\n"))}, nil
	}
	page := strings.ToLower(args[0])
	k := g.ID + "." + rs + "." + page
	if !b.Has(k) {
		return nil, refuse("err.unknown_topic", map[string]string{"topic": args[0], "game": g.ID + " " + rs, "topics": strings.Join(pages, ", ")})
	}
	return []Message{reply(r.cmd, heading+b.T(r.lang, k, nil))}, nil
}

// rulesetPageNames lists a rule set's pages in its catalog's order.
func rulesetPageNames(g *Game, rs string) []string {
	if g.Messages == nil {
		return nil
	}
	var out []string
	for _, k := range g.Messages.Keys(locale.Fallback) {
		if p, ok := strings.CutPrefix(k, g.ID+"."+rs+"."); ok {
			out = append(out, p)
		}
	}
	return out
}

// pageTitle is the words before the colon that opens a page ("Battles:
// a tile is contested…" reads "battles"), else the page's name.
func pageTitle(page, name string) string {
	title := headline(page)
	if title == "" {
		return name
	}
	rs := []rune(title)
	rs[0] = unicode.ToLower(rs[0])
	return string(rs)
}

// headline is a page's opening words before its colon, as written
// ("Evolved edition"), or "" when the page opens with none.
func headline(page string) string {
	title, _, ok := strings.Cut(page, ":")
	if !ok || len([]rune(title)) > 40 {
		return ""
	}
	return strings.TrimSuffix(strings.TrimSpace(title), ".")
}
