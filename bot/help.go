package bot

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"formica/bot/i18n"
	"formica/engine"
	"formica/engine/locale"
	"formica/storage"
)

// cmdHelp lists the commands, or describes one game.
func cmdHelp(ctx context.Context, r *request) ([]Message, error) {
	if len(r.args) > 0 {
		return cmdRules(ctx, r)
	}
	lines := r.moveHelp()
	lines = append(lines, r.t("help.title", map[string]string{"games": r.s.gameIDs()}))
	for _, rt := range r.s.router.routes {
		usage := rt.name
		if rt.args != "" {
			// The argument placeholders in the reader's words; the command
			// and the codes it takes stay as typed.
			usage += " " + r.t("args."+rt.name, nil)
		}
		lines = append(lines, "`"+r.ref(usage)+"` — "+r.t("cmd."+rt.name, nil))
	}
	lines = append(lines, r.ts("help.moves", nil))
	return []Message{reply(r.cmd, r.withNote(strings.Join(lines, "\n"), r.lang))}, nil
}

// moveHelp tells the caller how to type a move for their prompt now, with
// an example that is legal now; or whose turn it is.
func (r *request) moveHelp() []string {
	if r.match == nil || r.match.Status != storage.StatusActive || r.game == nil {
		return nil
	}
	st, err := r.state()
	if err != nil || st.Result() != nil {
		return nil
	}
	seat, seated := r.seat()
	p, mine := engine.PromptFor(st, seat)
	if !seated || !mine {
		return []string{r.ts("help.waiting", map[string]string{"waiting": r.waitingFor(st), "rules_cmd": r.ref("rules " + r.game.ID)})}
	}
	step, err := st.Choices(seat, nil)
	if err != nil {
		return nil
	}
	lines := []string{r.t("help.your_turn", map[string]string{"prompt": r.promptLabel(r.lang, p.Kind), "step": r.t(step.Name, nil)})}
	if ex := example(st, seat); len(ex) > 0 {
		lines = append(lines, r.t("help.example", map[string]string{"example": r.ref(ex.String())}))
	}
	return append(lines, r.ts("help.more", map[string]string{"rules_cmd": r.ref("rules " + r.game.ID)}))
}

// example is a complete answer legal for seat now: the first choice at
// every step. Nil when none is found within a few steps.
func example(st engine.State, seat engine.Seat) engine.Path {
	var path engine.Path
	for range 16 {
		step, err := st.Choices(seat, path)
		if err != nil {
			return nil
		}
		if step.Done && len(path) > 0 || len(step.Options) == 0 {
			break
		}
		path = append(path, step.Options[0].Code)
	}
	if engine.Check(st, seat, path) != nil {
		return nil
	}
	return path
}

// topics are the teaching pages a game may have, in reading order. Each
// is the game catalog key "<game id>.rules.<topic>"; a game lacking one
// skips it. "options" (the setup switches) is built from the descriptor.
func topics() []string {
	return []string{"goal", "setup", "turn", "actions", "battles", "scoring", "end"}
}

// cmdRules teaches a game: without a topic, its contents; with one, that
// page; "options" explains each setup switch. Without a game: the
// channel's game, else the list of games.
func cmdRules(ctx context.Context, r *request) ([]Message, error) {
	g := r.game
	args := r.args
	if len(args) > 0 {
		if named := r.s.game(strings.ToLower(args[0])); named != nil {
			g, args = named, args[1:]
		} else if r.game == nil {
			return nil, refuse("err.unknown_game", map[string]string{"game": args[0], "games": r.s.gameIDs()})
		}
	}
	if g == nil {
		return cmdHelp(ctx, &request{s: r.s, cmd: r.cmd, key: r.key, lang: r.lang, user: r.user})
	}
	b := r.s.bundle(g)
	if len(args) == 0 {
		return []Message{reply(r.cmd, r.rulesContents(g))}, nil
	}
	topic := strings.ToLower(args[0])
	if topic == "options" {
		return []Message{reply(r.cmd, r.page(r.rulesOptions(g), "rules "+g.ID+" options", args[1:]))}, nil
	}
	if slices.Contains(g.RuleSets, topic) && b.Has(g.ID+".ruleset."+topic) { // rules march evolved [page]
		return r.rulesetPages(g, topic, args[1:])
	}
	if k := g.ID + ".topic." + topic; b.Has(k) { // a game's own further topics (Myrmes: births, winter…)
		return []Message{reply(r.cmd, b.T(r.lang, k, nil))}, nil
	}
	if !slices.Contains(topics(), topic) || !b.Has(g.ID+".rules."+topic) {
		return nil, refuse("err.unknown_topic", map[string]string{"topic": args[0], "game": g.ID, "topics": strings.Join(r.gameTopics(g), ", ")})
	}
	title := b.T(r.lang, "rules.topic."+topic, nil)
	return []Message{reply(r.cmd, "**"+g.Name+": "+title+"**\n"+b.T(r.lang, g.ID+".rules."+topic, nil))}, nil
}

// gameTopics lists the topics g teaches: the shared ones it has, its own
// further topics (Myrmes: births, winter…) in its catalog's order, options
// last.
func (r *request) gameTopics(g *Game) []string {
	b := r.s.bundle(g)
	var out []string
	for _, t := range topics() {
		if b.Has(g.ID + ".rules." + t) {
			out = append(out, t)
		}
	}
	out = append(out, ownTopics(g)...)
	for _, rs := range g.RuleSets { // a rule set's own pages: rules march evolved
		if b.Has(g.ID + ".ruleset." + rs) {
			out = append(out, rs)
		}
	}
	return append(out, "options")
}

// ownTopics are the topics of g beyond the shared ones: its catalog's
// "<game>.topic.<name>" keys.
func ownTopics(g *Game) []string {
	if g.Messages == nil {
		return nil
	}
	var out []string
	for _, k := range g.Messages.Keys(locale.Fallback) {
		if t, ok := strings.CutPrefix(k, g.ID+".topic."); ok {
			out = append(out, t)
		}
	}
	return out
}

// topicTitle is the contents line's title of topic t of g: a shared
// topic's title, or the words before the colon that opens an own topic's
// page ("Births: place nurses…").
func (r *request) topicTitle(g *Game, t string) string {
	b := r.s.bundle(g)
	if slices.Contains(g.RuleSets, t) {
		// a rule set is a name ("Evolved edition"): its capital stays
		return r.ruleSetTitle(g, t, r.lang)
	}
	k := g.ID + ".topic." + t
	if b.Has(k) && !slices.Contains(topics(), t) {
		return pageTitle(b.T(r.lang, k, nil), t)
	}
	return b.T(r.lang, "rules.topic."+t, nil)
}

// ruleSetTitle names a rule set as its teaching page does ("Evolved
// edition"), else by its id.
func (r *request) ruleSetTitle(g *Game, id, lang string) string {
	if k := g.ID + ".ruleset." + id; r.s.bundle(g).Has(k) {
		if title := headline(r.s.bundle(g).T(lang, k, nil)); title != "" {
			return title
		}
	}
	return id
}

// rulesContents is a game's title page: players, rule sets and the topics
// with what to type for each.
func (r *request) rulesContents(g *Game) string {
	b := r.s.bundle(g)
	lo, hi := g.Seats(g.defaults())
	lines := []string{b.T(r.lang, "rules.title", map[string]string{"game": g.Name, "id": g.ID, "min": itoa(lo), "max": itoa(hi)})}
	if b.Has(g.ID + ".summary") {
		lines = append(lines, b.T(r.lang, g.ID+".summary", nil))
	}
	if len(g.RuleSets) > 0 {
		// rule set ids are typed as they are (`new march evolved`)
		lines = append(lines, b.T(r.lang, "rules.rulesets", map[string]string{"rulesets": "`" + strings.Join(g.RuleSets, "`, `") + "`"}))
	}
	lines = append(lines, b.T(r.lang, "rules.contents", nil))
	for _, t := range r.gameTopics(g) {
		lines = append(lines, "`"+r.ref("rules "+g.ID+" "+t)+"` — "+r.topicTitle(g, t))
	}
	lines = append(lines, b.T(r.lang, "rules.new", map[string]string{"id": g.ID}))
	return strings.Join(lines, "\n")
}

// maxPage is the longest text one reply carries: Discord allows 2000
// characters a message (Telegram 4096), less room for a page footer.
const maxPage = 1800

// page cuts lines into chat-sized pages and returns the one args names
// (the first by default) with a footer saying how to read the next.
func (r *request) page(lines []string, cmd string, args []string) string {
	var pages []string
	cur := ""
	for _, l := range lines {
		if cur != "" && len([]rune(cur))+1+len([]rune(l)) > maxPage {
			pages = append(pages, cur)
			cur = ""
		}
		if cur != "" {
			cur += "\n"
		}
		cur += l
	}
	pages = append(pages, cur)
	n := 1
	if len(args) > 0 {
		if v, err := strconv.Atoi(args[0]); err == nil && v >= 1 && v <= len(pages) {
			n = v
		}
	}
	out := pages[n-1]
	if len(pages) > 1 {
		next := ""
		if n < len(pages) {
			next = r.t("page.next", map[string]string{"cmd": r.ref(cmd + " " + itoa(n+1))})
		}
		out += "\n" + strings.TrimSpace(r.t("page.footer", map[string]string{"n": itoa(n), "of": itoa(len(pages)), "next": next}))
	}
	return out
}

// rulesOptions explains each setup switch in a sentence, with its values.
func (r *request) rulesOptions(g *Game) []string {
	b := r.s.bundle(g)
	lines := []string{"**" + g.Name + ": " + b.T(r.lang, "rules.topic.options", nil) + "**"}
	if len(g.RuleSets) > 1 && b.Has(g.ID+".rulesets") { // the rule set is named after the game: new march evolved
		lines = append(lines, "`"+strings.Join(g.RuleSets, " | ")+"` — "+b.T(r.lang, g.ID+".rulesets", nil))
	}
	if len(g.Options) == 0 {
		lines = append(lines, b.T(r.lang, "rules.no_options", nil))
	}
	for _, o := range g.Options {
		vals := strings.Join(o.Values, " | ")
		if vals == "" {
			vals = b.T(r.lang, "rules.free_text", nil)
		}
		// Option names and values are typed as they are; rule IDs are for
		// the rules reference, not for players.
		line := "`" + o.Name + "=` " + vals
		if k := g.ID + ".option." + o.Name; b.Has(k) {
			line += " — " + b.T(r.lang, k, nil)
		}
		lines = append(lines, line)
	}
	return append(lines, b.T(r.lang, "rules.options_how", map[string]string{"id": g.ID}))
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
