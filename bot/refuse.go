package bot

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/agnivade/levenshtein"

	"formica/engine"
	"formica/storage"
)

// maxListed caps the choices a refusal names; the rest are behind `options`.
const maxListed = 12

// ts localizes key with the commands a refusal may mention ({why},
// {help}, {options_cmd}, {join}, {suggestion_cmd}, {move_cmd}) written as
// the caller's platform sends them (Discord: "/ants why").
func (r *request) ts(key string, args map[string]string) string {
	return r.t(key, r.withCommands(args))
}

func (r *request) withCommands(args map[string]string) map[string]string {
	style := r.s.styler(r.cmd.Platform)
	out := maps.Clone(args)
	if out == nil {
		out = map[string]string{}
	}
	for k, cmd := range map[string]string{"why": "why", "help": "help", "options_cmd": "options", "join": "join"} {
		if _, ok := out[k]; !ok {
			out[k] = style.CommandRef(cmd)
		}
	}
	for _, k := range []string{"got", "word", "move", "extra", "name", "suggestion"} {
		if v, ok := out[k]; ok {
			out[k] = clip(v, maxEcho) // what a player typed is quoted short
		}
	}
	for _, k := range []string{"suggestion", "move"} {
		if v, ok := out[k]; ok {
			out[k+"_cmd"] = style.CommandRef(v)
		}
	}
	return out
}

// refusal turns the engine's refusal of seat's path into player words: what
// is wrong and what may be chosen now. The rule behind it is kept for `why`.
// Errors that are not rule errors pass through.
func (r *request) refusal(st engine.State, seat engine.Seat, path engine.Path, err error) error {
	var re *engine.RuleError
	if !errors.As(err, &re) {
		return err
	}
	r.s.refusals.put(r.noteKey(), refusalNote{game: r.game.ID, rule: re.Rule, move: path.String()})
	return &userError{text: r.refusalText(st, seat, path, re)}
}

// refusalText explains re, a refusal of path at step re.Step.
func (r *request) refusalText(st engine.State, seat engine.Seat, path engine.Path, re *engine.RuleError) string {
	i := re.Step
	if i < 0 || i > len(path) {
		return r.reason(re) + r.whyHint(re)
	}
	step, err := st.Choices(seat, path[:i])
	if err != nil {
		return r.reason(re) + r.whyHint(re)
	}
	prefix := path[:i]
	switch {
	case i == len(path):
		return r.ts("refuse.incomplete", map[string]string{
			"move": path.String(), "step": r.ts(step.Name, nil), "options": r.choiceList(step, prefix),
		})
	case step.Done && len(step.Options) == 0:
		return r.ts("refuse.complete", map[string]string{"move": prefix.String(), "extra": strings.Join(path[i:], " ")})
	case i == 0 && generic(re):
		return r.unknownText(st, seat, path, step)
	}
	options := r.choiceList(step, prefix)
	if generic(re) {
		return r.ts("refuse.not_option", map[string]string{"got": re.Got, "step": r.ts(step.Name, nil)}) + ": " +
			r.ts("refuse.choose", map[string]string{"options": options}) + r.whyHint(re)
	}
	return r.reason(re) + " " + r.ts("refuse.choose_from", map[string]string{"options": options}) + r.whyHint(re)
}

// generic reports a refusal that says no more than "not among the
// choices": the word may be no move of the game at all.
func generic(re *engine.RuleError) bool {
	return re.Key == "" || re.Key == engine.KeyNotAnOption
}

// reason is the game's own explanation of a refusal, or "«x» is not a
// choice for the step".
func (r *request) reason(re *engine.RuleError) string {
	if generic(re) {
		return r.ts("refuse.not_option", map[string]string{"got": re.Got, "step": r.t(re.Args["step"], nil)}) + "."
	}
	args := clipEchoes(re.Args)
	if step, ok := args["step"]; ok && step != "" {
		args["step"] = r.ts(step, nil)
	}
	args["got"] = re.Got
	return r.ts(re.Key, r.eventArgs(args))
}

// whyHint points at `why` when there is a rule to show.
func (r *request) whyHint(re *engine.RuleError) string {
	if re.Rule == "" {
		return ""
	}
	return " " + r.ts("refuse.why_hint", nil)
}

// unknownText answers a first word that is neither a command nor a move
// open now, with the closest command or move and the moves open now.
func (r *request) unknownText(st engine.State, seat engine.Seat, path engine.Path, step engine.Step) string {
	out := r.ts("refuse.unknown", map[string]string{"word": path[0]})
	if s := r.suggest(st, seat, path, step); s != "" {
		out += " " + r.ts("refuse.did_you_mean", map[string]string{"suggestion": s})
	}
	return out + " " + r.ts("refuse.moves_now", map[string]string{"options": r.choiceList(step, nil)})
}

// suggest is the command or move closest to what was typed: a near miss
// of a command name, or of a first word open now (with the rest of the
// move kept when the whole move is then legal).
func (r *request) suggest(st engine.State, seat engine.Seat, path engine.Path, step engine.Step) string {
	var words []string
	for _, o := range step.Options {
		words = append(words, o.Code)
	}
	words = append(words, r.s.router.names()...)
	best := closest(path[0], words)
	if best == "" {
		return ""
	}
	if st != nil && slices.ContainsFunc(step.Options, func(o engine.Option) bool { return o.Code == best }) {
		fixed := append(engine.Path{best}, path[1:]...)
		if engine.Check(st, seat, fixed) == nil {
			return fixed.String()
		}
	}
	return best
}

// closest is the word of words nearest to w by edit distance, if it is near
// enough to be a typo (one edit in three letters); "" otherwise.
func closest(w string, words []string) string {
	best, bestD := "", 0
	n := len([]rune(w))
	limit := max(1, n/3)
	for _, c := range words {
		// the distance is at least the difference in length: a word that
		// far off could never be suggested, so skip the costly comparison
		// (a pasted 900 KiB line against every option)
		if c == w || abs(len([]rune(c))-n) > limit {
			continue
		}
		d := levenshtein.ComputeDistance(w, c)
		if swapped(w, c) {
			d = 1 // two letters typed the wrong way round: one slip
		}
		// On a tie the word of nearer length wins ("stauts": status, not stats).
		if best == "" || d < bestD || d == bestD && abs(len(c)-len(w)) < abs(len(best)-len(w)) {
			best, bestD = c, d
		}
	}
	if best == "" || bestD > limit {
		return ""
	}
	return best
}

// swapped reports whether a and b differ only by two adjacent letters
// exchanged ("stauts", "status").
func swapped(a, b string) bool {
	x, y := []rune(a), []rune(b)
	if len(x) != len(y) {
		return false
	}
	i := 0
	for i < len(x) && x[i] == y[i] {
		i++
	}
	return i+1 < len(x) && x[i] == y[i+1] && x[i+1] == y[i] && string(x[i+2:]) == string(y[i+2:])
}

// choiceList names the choices of step for the caller: what to type and,
// where the game gives one, what it means. It is never empty.
func (r *request) choiceList(step engine.Step, prefix engine.Path) string {
	var parts []string
	for i, o := range step.Options {
		if i == maxListed {
			parts = append(parts, r.ts("refuse.more", map[string]string{"n": itoa(len(step.Options) - maxListed)}))
			break
		}
		s := "`" + o.Code + "`"
		if l := r.optionLabel(r.lang, o); !strings.EqualFold(l, o.Code) && !namesCode(l, o.Code) {
			s += " (" + l + ")"
		}
		parts = append(parts, s)
	}
	if step.Done && len(prefix) > 0 {
		parts = append(parts, r.ts("refuse.as_is", map[string]string{"move": prefix.String()}))
	}
	if len(parts) == 0 {
		return r.ts("refuse.see_options", nil)
	}
	return strings.Join(parts, ", ")
}

// cmdWhy shows the rule behind the caller's last refused move here.
func cmdWhy(ctx context.Context, r *request) ([]Message, error) {
	n, ok := r.s.refusals.get(r.noteKey())
	if !ok || n.rule == "" {
		return []Message{reply(r.cmd, r.ts("why.none", nil))}, nil
	}
	ref, err := r.s.rules()
	if err != nil {
		return nil, err
	}
	text, ok := ref.Text(n.rule)
	if !ok {
		text = r.ts("why.no_text", nil)
	}
	return r.say("why.rule", map[string]string{"move": n.move, "rule": n.rule, "text": text}), nil
}

// noteKey identifies the caller in this channel.
func (r *request) noteKey() string {
	return r.cmd.Platform + "\x00" + r.cmd.Channel + "\x00" + r.cmd.User.ID
}

// refusalNote is what `why` explains: the last refused move of one user
// in one channel.
type refusalNote struct {
	game, rule, move string
}

// maxNotes bounds the remembered refusals; past it the oldest are dropped
// wholesale (a `why` then says nothing was refused, which is harmless).
const maxNotes = 4096

// notes remembers the last refusal per user and channel, in memory: `why`
// is asked right after a refusal, and a restart forgetting it loses
// nothing of the game.
type notes struct {
	mu sync.Mutex
	m  map[string]refusalNote
}

func (n *notes) put(key string, v refusalNote) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.m == nil || len(n.m) >= maxNotes {
		n.m = map[string]refusalNote{}
	}
	n.m[key] = v
}

func (n *notes) get(key string) (refusalNote, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	v, ok := n.m[key]
	return v, ok
}

// notAPlayer refuses "Name: move" when Name sits at no seat here.
func (r *request) notAPlayer(name string) error {
	if r.match == nil || r.match.Status == storage.StatusLobby {
		return refuse("refuse.no_such_player_lobby", map[string]string{"name": name})
	}
	return refuse("refuse.no_such_player", map[string]string{"name": name, "players": r.playerList()})
}

// namesCode reports a label that only repeats the code ("slot 3" for 3).
func namesCode(label, code string) bool {
	f := strings.Fields(label)
	return len(f) == 2 && f[1] == code
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
