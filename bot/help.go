package bot

import (
	"context"
	"strings"

	"formica/bot/i18n"
	"formica/engine"
)

// cmdHelp lists the commands, or describes one game.
func cmdHelp(ctx context.Context, r *request) ([]Message, error) {
	if len(r.args) > 0 {
		return cmdRules(ctx, r)
	}
	lines := []string{r.t("help.title", map[string]string{"games": r.s.gameIDs()})}
	for _, rt := range r.s.router.routes {
		usage := rt.name
		if rt.args != "" {
			// The argument placeholders in the reader's words; the command
			// and the codes it takes stay as typed.
			usage += " " + r.t("args."+rt.name, nil)
		}
		lines = append(lines, "`"+r.ref(usage)+"` — "+r.t("cmd."+rt.name, nil))
	}
	lines = append(lines, r.t("help.moves", map[string]string{"example": r.ref("take 3")}))
	return []Message{reply(r.cmd, r.withNote(strings.Join(lines, "\n"), r.lang))}, nil
}

// cmdRules describes a game: player counts, rule sets, options, and where
// its rules reference lives. Without an argument: the channel's game.
func cmdRules(ctx context.Context, r *request) ([]Message, error) {
	g := r.game
	if len(r.args) > 0 {
		g = r.s.game(strings.ToLower(r.args[0]))
		if g == nil {
			return nil, refuse("err.unknown_game", map[string]string{"game": r.args[0], "games": r.s.gameIDs()})
		}
	}
	if g == nil {
		return cmdHelp(ctx, &request{s: r.s, cmd: r.cmd, key: r.key, lang: r.lang, user: r.user})
	}
	b := r.s.bundle(g)
	lo, hi := g.Seats(g.defaults())
	lines := []string{b.T(r.lang, "rules.title", map[string]string{"game": g.Name, "id": g.ID, "min": itoa(lo), "max": itoa(hi)})}
	if len(g.RuleSets) > 0 {
		lines = append(lines, b.T(r.lang, "rules.rulesets", map[string]string{"rulesets": strings.Join(g.RuleSets, ", ")}))
	}
	for _, o := range g.Options {
		vals := strings.Join(o.Values, " | ")
		if vals == "" {
			vals = b.T(r.lang, "rules.free_text", nil)
		}
		// Option names and values are typed as they are; rule IDs are for
		// the rules reference, not for players.
		lines = append(lines, "`"+o.Name+"=` "+vals)
	}
	for _, k := range []string{g.ID + ".rules", g.ID + ".summary"} {
		if b.Has(k) {
			lines = append(lines, b.T(r.lang, k, nil))
		}
	}
	lines = append(lines, b.T(r.lang, "rules.new", map[string]string{"id": g.ID}))
	return []Message{reply(r.cmd, strings.Join(lines, "\n"))}, nil
}

// defaults is the game's setup with default options, for seat ranges.
func (g *Game) defaults() engine.Setup {
	s := engine.Setup{Game: g.ID, Options: map[string]string{}}
	if len(g.RuleSets) > 0 {
		s.RuleSet = g.RuleSets[0]
	}
	for _, o := range g.Options {
		v := o.Default
		if v == "" && len(o.Values) > 0 {
			v = o.Values[0]
		}
		s.Options[o.Name] = v
	}
	return s
}

// Commands describes the commands for platform registration, with
// descriptions in every shipped language.
func (s *Service) Commands() []CommandInfo {
	b := s.bundle(nil)
	var out []CommandInfo
	for _, rt := range s.router.routes {
		if rt.hidden {
			continue
		}
		ci := CommandInfo{Name: rt.name, Args: rt.args, Description: map[string]string{}, Usage: map[string]string{}}
		for _, l := range i18n.Languages() {
			ci.Description[l] = b.T(l, "cmd."+rt.name, nil)
			if rt.args != "" {
				ci.Usage[l] = b.T(l, "args."+rt.name, nil)
			}
		}
		out = append(out, ci)
	}
	return out
}
