package bot

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"

	"formica/bot/i18n"
	"formica/engine"
	"formica/storage"
)

// route is one command: its name, usage, and what it does. Permission
// checks wrap run (see needCreator, needSeat, needMatch).
type route struct {
	name   string
	args   string // usage, e.g. "<game> [ruleset] [key=value...]"
	hidden bool   // not listed for platform registration
	run    func(ctx context.Context, r *request) ([]Message, error)
}

// router dispatches a command to its route by the first word; any other
// text is a game move. Buttons go to the press handler.
type router struct {
	s      *Service
	routes []route
}

func newRouter(s *Service) *router {
	rt := &router{s: s}
	rt.routes = []route{
		{name: "new", args: "<game> [ruleset] [key=value...]", run: cmdNew},
		{name: "join", run: needMatch(cmdJoin)},
		{name: "leave", run: needMatch(cmdLeave)},
		{name: "start", run: needMatch(needCreator(cmdStart))},
		{name: "abort", args: "[yes|no]", run: needMatch(needCreator(cmdAbort))},
		{name: "status", run: needMatch(cmdStatus)},
		{name: "mygames", run: cmdMyGames},
		{name: "stats", run: cmdStats},
		{name: "leaderboard", args: "[game]", run: cmdLeaderboard},
		{name: "watch", args: "[on|off]", run: needMatch(cmdWatch)},
		{name: "board", args: "[move]", run: needMatch(cmdBoard)},
		{name: "hand", run: needMatch(needSeat(cmdHand))},
		{name: "options", args: "[partial move]", run: needMatch(needSeat(cmdOptions))},
		{name: "log", args: "[n]", run: needMatch(cmdLog)},
		{name: "rules", args: "[game] [topic]", run: cmdRules},
		{name: "why", run: cmdWhy},
		{name: "card", args: "<name>", run: cmdCard},
		{name: "tile", args: "<name>", run: cmdTile},
		{name: "hex", args: "<name>", run: cmdHex},
		{name: "help", args: "[game]", run: cmdHelp},
		{name: "settings", args: "[key=value...]", run: cmdSettings},
		{name: "lang", args: "<en|ru|uk|pl>", run: cmdLang},
		{name: "remind", args: "<off|on>", run: needMatch(needSeat(cmdRemind))},
		{name: "vote", args: "<skip|remove|wait>", run: needMatch(needSeat(cmdVote))},
		{name: "undo", args: "[ask|yes|no] [n]", run: needMatch(needSeat(cmdUndo))},
		{name: "kick", args: "<player>", run: needMatch(needCreator(cmdKick))},
		{name: "end", args: "[yes|no]", run: needMatch(needCreator(cmdEnd))},
		{name: "games", run: cmdGames},
	}
	return rt
}

func (rt *router) find(name string) *route {
	for i := range rt.routes {
		if rt.routes[i].name == name {
			return &rt.routes[i]
		}
	}
	return nil
}

// names lists the commands players may type.
func (rt *router) names() []string {
	var out []string
	for _, r := range rt.routes {
		if !r.hidden {
			out = append(out, r.name)
		}
	}
	return out
}

// request is one command being handled: who, where, in which language, and
// the match in that channel (loaded once).
type request struct {
	s     *Service
	cmd   Command
	key   storage.MatchKey
	lang  string       // the caller's language
	user  storage.User // stored preferences; zero when none
	args  []string     // words after the command name
	match *storage.Match
	game  *Game // the match's game; nil without a match
}

// userError is a refusal the caller should read: a message key and args.
type userError struct {
	key  string
	args map[string]string
	// localize names args whose values are message keys to translate.
	localize []string
	// text, when set, is the refusal already in the caller's words.
	text string
}

func (e *userError) Error() string { return e.key }

func refuse(key string, args map[string]string) error { return &userError{key: key, args: args} }

// Handle implements Handler.
func (rt *router) Handle(ctx context.Context, c Command) []Message {
	r := &request{s: rt.s, cmd: c, key: storage.MatchKey{Platform: c.Platform, Channel: c.Channel}}
	out, err := rt.serve(ctx, r)
	if err != nil {
		m := reply(c, r.errorText(ctx, err))
		m.Refused = true
		out = append(out, m)
	}
	return out
}

func (rt *router) serve(ctx context.Context, r *request) ([]Message, error) {
	if err := r.load(ctx); err != nil {
		return nil, err
	}
	if r.cmd.ID != "" && r.match != nil && slices.Contains(decodeSettings(r.match.Settings).Recent, r.cmd.ID) {
		out := r.say("ok.duplicate", nil) // delivered twice: it was applied once
		for i := range out {
			out[i].Duplicate = true
		}
		return out, nil
	}
	if r.cmd.Press != "" {
		return handlePress(ctx, r)
	}
	text := strings.TrimSpace(r.cmd.Text)
	text = strings.TrimPrefix(text, "/")
	words := strings.Fields(text)
	if len(words) == 0 {
		return cmdHelp(ctx, r)
	}
	if rte := rt.find(strings.ToLower(words[0])); rte != nil && !r.legalMove(text) {
		r.args = words[1:]
		return rte.run(ctx, r)
	}
	if name, ok := strings.CutSuffix(words[0], ":"); ok && name != "" {
		// "Dan: take 4 7" typed for someone: a name is not a move.
		return nil, r.notAPlayer(name)
	}
	return handleMove(ctx, r, engine.ParsePath(text))
}

// legalMove reports that text is a move the caller may make now: a game's
// option may be spelled like a command (Myrmes' event "hex"), and then the
// move wins.
func (r *request) legalMove(text string) bool {
	if r.match == nil || r.game == nil || r.match.Status != storage.StatusActive {
		return false
	}
	seat, ok := r.seat()
	if !ok {
		return false
	}
	st, err := r.state()
	if err != nil {
		return false
	}
	return engine.Check(st, seat, engine.ParsePath(text)) == nil
}

// load reads the caller's preferences and the channel's match.
func (r *request) load(ctx context.Context) error {
	if r.cmd.Platform == "" || r.cmd.User.ID == "" {
		return refuse("err.no_user", nil)
	}
	u, err := r.s.prefs(ctx, r.cmd.Platform, r.cmd.User.ID)
	if err != nil {
		return err
	}
	if r.cmd.User.Lang != "" {
		r.s.rememberHint(ctx, &u, r.cmd.User.Lang)
	}
	r.user = u
	if r.cmd.Channel != "" {
		m, err := r.s.store.Match(ctx, r.key)
		switch {
		case errors.Is(err, storage.ErrNotFound):
		case err != nil:
			return err
		default:
			r.match = m
			r.game = r.s.game(m.Setup.Game)
			if r.game == nil {
				return refuse("err.game_gone", map[string]string{"game": m.Setup.Game})
			}
		}
	}
	r.lang = r.callerLang()
	return nil
}

// callerLang: the user's own setting, else the platform's hint, else the
// channel's language, else the service default.
func (r *request) callerLang() string {
	if l := i18n.Lang(r.user.Lang); l != "" {
		return l
	}
	if l := i18n.Lang(r.cmd.User.Lang); l != "" {
		return l
	}
	if l := langHint(r.user); l != "" { // a reminder: the user is not here
		return l
	}
	return r.channelLang()
}

// channelLang is the language of posts in the channel.
func (r *request) channelLang() string {
	if r.match != nil {
		if l := i18n.Lang(decodeSettings(r.match.Settings).Lang); l != "" {
			return l
		}
	}
	return r.s.lang
}

// bundle is the catalog stack for this request: the service's, then the game's.
func (r *request) bundle() i18n.Bundle {
	return r.s.bundle(r.game)
}

func (s *Service) bundle(g *Game) i18n.Bundle {
	if g == nil {
		return i18n.Bundle{s.catalog}
	}
	return i18n.Bundle{s.catalog, g.Messages}
}

// t localizes key for the caller.
func (r *request) t(key string, args map[string]string) string {
	return r.bundle().T(r.lang, key, args)
}

// say is a Caller reply localized for the caller.
func (r *request) say(key string, args map[string]string) []Message {
	return []Message{reply(r.cmd, r.t(key, args))}
}

// errorText localizes any error for the caller; unexpected errors are
// logged and shown as a generic failure that changed nothing.
func (r *request) errorText(ctx context.Context, err error) string {
	var ue *userError
	var re *engine.RuleError
	switch {
	case errors.As(err, &ue) && ue.text != "":
		return ue.text
	case errors.As(err, &ue):
		args := clipEchoes(ue.args)
		for _, k := range ue.localize {
			args[k] = r.t(args[k], nil)
		}
		return r.t(ue.key, r.withCommands(args))
	case errors.As(err, &re):
		return r.ruleErrorText(re)
	case errors.Is(err, engine.ErrGameOver):
		return r.t("err.game_over", nil)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return r.t("err.cancelled", nil)
	default:
		r.s.log.ErrorContext(ctx, "command failed",
			"user", r.cmd.User.ID, "text", clip(r.cmd.Text, maxEcho), "err", err)
		return r.t("err.storage", nil)
	}
}

// ruleErrorText is a refusal met without the state at hand: the game's
// reason only (the rule stays for `why`; no step numbers, no rule IDs).
func (r *request) ruleErrorText(re *engine.RuleError) string {
	return r.reason(re)
}

// maxEcho is how many characters of a player's input a reply or log line
// quotes back: enough to recognise it, never a flood.
const maxEcho = 64

// clipEchoes copies args with every quoted input cut to maxEcho characters
// and explanations (which may quote input too) to a few lines.
func clipEchoes(args map[string]string) map[string]string {
	out := maps.Clone(args)
	if out == nil {
		out = map[string]string{}
	}
	// The arguments that quote what a player typed.
	for _, k := range []string{"got", "cmd", "arg", "game", "key", "value"} {
		if v, ok := out[k]; ok {
			out[k] = clip(v, maxEcho)
		}
	}
	if v, ok := out["why"]; ok {
		out["why"] = clip(v, 4*maxEcho)
	}
	return out
}

// clip cuts s to n characters, marking the cut with an ellipsis.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := 0
	for j := range s {
		if i == n {
			return s[:j] + "…"
		}
		i++
	}
	return s
}
