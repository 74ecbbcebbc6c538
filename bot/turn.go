package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"formica/bot/i18n"
	"formica/engine"
	"formica/storage"
)

// maxButtons is the most options a step shows as a grid of buttons (rows of
// five; Discord shows at most five rows). A step with more puts all of its
// options in one long row, a list, which adapters show as select menus
// (Discord) or in pages (Telegram): every option stays one press away.
const maxButtons = 20

// turnMessages builds what an applied answer (or a start) posts: one
// channel message with the board, the public events, whose turn it is and
// buttons for the pending prompt; and one private message per seat that got
// a private event, plus the hand of the seat that acted (actor) and, at the
// start (prev nil), of every seat.
func (r *request) turnMessages(ctx context.Context, prev, st engine.State, actor engine.Seat, events []engine.Event, header string) []Message {
	lang := r.channelLang()
	b := r.bundle()
	var lines []string
	if header != "" {
		lines = append(lines, header)
	}
	private := map[engine.Seat][]engine.Event{}
	for _, e := range events {
		if e.To != engine.NoSeat {
			private[e.To] = append(private[e.To], e)
			continue
		}
		lines = append(lines, "• "+b.T(lang, e.Key, r.eventArgs(e.Args)))
	}
	ms := decodeSettings(r.match.Settings)
	if len(lines) == 0 && prev != nil && samePrompts(prev, st) {
		// Nothing public happened (a standing preference that settled
		// nothing): the channel hears nothing.
		return r.playerMessages(ctx, prev, st, actor, private, nil)
	}
	if continues(prev, st, actor) {
		// One post a turn: the channel hears of the sub-steps when the turn
		// passes; the player sees the board as it stands by DM meanwhile.
		ms.Held = append(ms.Held, lines...)
		for range lines {
			ms.HeldSeq = append(ms.HeldSeq, r.match.Seq)
		}
		r.match.Settings = ms.encode()
		return r.playerMessages(ctx, prev, st, actor, private, []Message{r.preview(ctx, st, actor)})
	}
	lines = append(ms.Held, lines...)
	if ms.Held != nil {
		ms.Held, ms.HeldSeq = nil, nil
		r.match.Settings = ms.encode()
	}
	post := r.post("")
	if res := st.Result(); res != nil {
		lines = append(lines, r.resultLines(lang, res)...)
	} else {
		pend := st.Pending()
		for _, p := range pend {
			key := "turn.prompt"
			if engine.PrivatePrompt(st, p) {
				key = "turn.prompt_private"
			}
			lines = append(lines, b.T(lang, key, map[string]string{
				"player": r.seatName(p.Seat), "prompt": r.promptLabel(lang, p.Kind),
			}))
			if u := r.seatUser(p.Seat); u != "" && !slices.Contains(post.Mentions, u) {
				post.Mentions = append(post.Mentions, u)
			}
		}
		post.Buttons = r.promptButtons(st, pend, lang)
	}
	post.Text = strings.Join(lines, "\n")
	if r.game.Board != nil {
		post.draw = r.drawing(engine.NoSeat, lang)
	}
	posts := append([]Message{post}, r.watcherCopies(ctx, lines, ms.Watchers)...)
	if res := st.Result(); res != nil {
		posts = append(posts, r.endMessages(lang, res)...)
		posts = append(posts, r.watcherEnd(ctx, res, ms.Watchers)...)
	}
	return r.playerMessages(ctx, prev, st, actor, private, posts)
}

// watcherCopies are the turn post for each watcher (`watch`), by DM: the
// channel's public lines under a heading in the watcher's language, and
// the public board; no buttons or mentions.
func (r *request) watcherCopies(ctx context.Context, lines []string, watchers []string) []Message {
	var out []Message
	b := r.bundle()
	args := map[string]string{"game": r.game.Name, "channel": r.s.styler(r.cmd.Platform).ChannelRef(r.cmd.Channel)}
	body := strings.Join(lines, "\n")
	for _, w := range watchers {
		lang := r.userLang(ctx, w)
		text := b.T(lang, "watch.post", args) + "\n" + body
		dm := r.direct(w, text)
		if r.game.Board != nil {
			dm.draw = r.drawing(engine.NoSeat, lang)
		}
		out = append(out, dm)
	}
	return out
}

// samePrompts reports whether a and b ask the same seats for the same kinds
// of decision.
func samePrompts(a, b engine.State) bool {
	if (a.Result() == nil) != (b.Result() == nil) {
		return false
	}
	return slices.EqualFunc(a.Pending(), b.Pending(), func(x, y engine.Prompt) bool {
		return x.Seat == y.Seat && x.Kind == y.Kind
	})
}

// continues reports whether the answer by actor was a sub-step of a turn
// that goes on (a Fun Ants hire before more plays): actor alone is asked
// again and the game says it is the same turn (engine.Turner). A new turn,
// even the same player's (Micropolis), is news.
func continues(prev, st engine.State, actor engine.Seat) bool {
	t, ok := st.(engine.Turner)
	if !ok || prev == nil || actor == engine.NoSeat || st.Result() != nil {
		return false
	}
	after := st.Pending()
	return len(after) == 1 && after[0].Seat == actor && t.Continues(actor)
}

// preview shows the player whose turn goes on the board as it stands and,
// unless they are private (then they come with the private options), the
// buttons of their next step.
func (r *request) preview(ctx context.Context, st engine.State, seat engine.Seat) Message {
	user := r.seatUser(seat)
	lang := r.userLang(ctx, user)
	b := r.bundle()
	p, _ := engine.PromptFor(st, seat)
	dm := r.direct(user, b.T(lang, "turn.continues", map[string]string{"game": r.game.Name, "prompt": r.promptLabel(lang, p.Kind)}))
	if !engine.PrivatePrompt(st, p) {
		dm.Buttons = r.promptButtons(st, []engine.Prompt{p}, lang)
	}
	if r.game.Board != nil {
		dm.draw = r.drawing(engine.NoSeat, lang)
	}
	return dm
}

// playerMessages adds to out what each player receives privately: their
// private events, their hand when it changed, and the options of a private
// prompt that opened now.
func (r *request) playerMessages(ctx context.Context, prev, st engine.State, actor engine.Seat, private map[engine.Seat][]engine.Event, out []Message) []Message {
	b := r.bundle()
	var asked []engine.Prompt // private prompts that opened now: their options go by DM
	if st.Result() == nil {
		opened := r.openedNow()
		for _, p := range st.Pending() {
			if opened[p.Seat] && engine.PrivatePrompt(st, p) {
				asked = append(asked, p)
			}
		}
	}
	for _, p := range r.match.Players {
		evs := private[p.Seat]
		changed := r.game.Private != nil && (prev == nil || len(evs) > 0 || p.Seat == actor) && viewChanged(prev, st, p.Seat)
		i := slices.IndexFunc(asked, func(a engine.Prompt) bool { return a.Seat == p.Seat })
		if len(evs) == 0 && !changed && i < 0 {
			continue
		}
		ulang := r.userLang(ctx, p.User)
		var text []string
		for _, e := range evs {
			text = append(text, "• "+b.T(ulang, e.Key, r.eventArgs(e.Args)))
		}
		dm := r.direct(p.User, "")
		if changed {
			dm.draw = r.drawing(p.Seat, ulang)
			if len(text) == 0 && i < 0 {
				text = append(text, b.T(ulang, "hand.title", map[string]string{"game": r.game.Name}))
			}
		}
		if i >= 0 {
			text = append(text, r.privateOptions(st, asked[i], ulang, &dm)...)
		}
		dm.Text = strings.Join(text, "\n")
		if dm.Text != "" || dm.draw != nil {
			out = append(out, dm)
		}
	}
	return out
}

// privateOptions are the lines and buttons that show seat the options of a
// private prompt in its own DM (the channel shows only that it chooses).
// The buttons carry the prompt's opening (SeatClock.OpenSeq) as their
// version, so they stay good while other seats answer in the meantime.
func (r *request) privateOptions(st engine.State, p engine.Prompt, lang string, dm *Message) []string {
	step, err := st.Choices(p.Seat, nil)
	if err != nil {
		return nil
	}
	b := r.bundle()
	lines := []string{
		b.T(lang, "prompt.private", map[string]string{"game": r.game.Name, "prompt": r.promptLabel(lang, p.Kind)}),
		b.T(lang, "prompt.options", map[string]string{"step": b.T(lang, step.Name, nil), "options": r.optionListIn(lang, step, nil)}),
	}
	dm.Buttons = r.stepButtonsAt(step, nil, lang, r.match.Seq)
	return lines
}

// openedNow is the set of seats whose prompt opened with this commit.
func (r *request) openedNow() map[engine.Seat]bool {
	ms := decodeSettings(r.match.Settings)
	out := map[engine.Seat]bool{}
	for seat, c := range ms.Seats {
		if !c.Opened.IsZero() && c.OpenSeq == r.match.Seq {
			out[engine.Seat(seat)] = true
		}
	}
	return out
}

// viewChanged reports whether what seat holds privately differs between
// prev and st: its secrets (its hand) for a game that lists them, else its
// whole view. A hand is re-sent only when it changed.
func viewChanged(prev, st engine.State, seat engine.Seat) bool {
	if prev == nil {
		return true
	}
	if a, ok := prev.(engine.Concealer); ok {
		if b, ok := st.(engine.Concealer); ok {
			return !slices.Equal(owned(a, seat), owned(b, seat))
		}
	}
	a, err1 := json.Marshal(prev.View(seat))
	b, err2 := json.Marshal(st.View(seat))
	return err1 != nil || err2 != nil || !bytes.Equal(a, b)
}

// eventArgs shows seats as players: an argument written as a seat of this
// match ("P2") becomes "P2 Bob", and a 0-based "seat" argument adds a
// "player" one.
func (r *request) eventArgs(args map[string]string) map[string]string {
	if args == nil {
		return nil
	}
	out := make(map[string]string, len(args)+1)
	for k, v := range args {
		out[k] = v
		if len(v) >= 2 && v[0] == 'P' {
			if seat, err := parseSeatArg(v); err == nil && int(seat) >= 0 && int(seat) < len(r.match.Players) {
				out[k] = r.seatName(seat)
			}
		}
	}
	if s, ok := args["seat"]; ok {
		if _, has := args["player"]; !has {
			if seat, err := parseSeatArg(s); err == nil {
				out["player"] = r.seatName(seat)
			}
		}
	}
	return out
}

// parseSeatArg reads a seat argument written as "P2" or "1" (0-based).
func parseSeatArg(s string) (engine.Seat, error) {
	if strings.HasPrefix(strings.ToUpper(s), "P") {
		n, err := strconv.Atoi(s[1:])
		return engine.Seat(n - 1), err
	}
	n, err := strconv.Atoi(s)
	return engine.Seat(n), err
}

// resultLines announce the end: scores by rank.
func (r *request) resultLines(lang string, res *engine.Result) []string {
	b := r.bundle()
	lines := []string{b.T(lang, "game.over", map[string]string{"game": r.game.Name})}
	for _, s := range rankOrder(res) {
		lines = append(lines, b.T(lang, "game.rank", map[string]string{
			"rank": itoa(seatRank(res, s)), "player": r.seatName(s), "score": itoa(res.Scores[s]),
		}))
	}
	return lines
}

// promptLabel localizes a prompt kind: the game's "<ns>.prompt.<kind>" key
// when it has one, else a generic "your move".
func (r *request) promptLabel(lang, kind string) string {
	b := r.bundle()
	for _, k := range r.game.promptKeys(kind) {
		if b.Has(k) {
			return b.T(lang, k, nil)
		}
	}
	return b.T(lang, "turn.default_prompt", nil)
}

// promptKeys lists candidate message keys for a prompt kind.
func (g *Game) promptKeys(kind string) []string {
	keys := []string{kind, "prompt." + kind}
	for _, k := range g.Messages.Keys(i18n.Fallback) {
		if strings.HasSuffix(k, ".prompt."+kind) || strings.HasSuffix(k, ".kind."+kind) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys[2:]) // map order must not pick the label
	return keys
}

// promptButtons are the first step's options when every prompted seat has
// the same ones; otherwise one "my options" button that answers privately.
func (r *request) promptButtons(st engine.State, pend []engine.Prompt, lang string) [][]Button {
	if len(pend) == 0 {
		return nil
	}
	var first engine.Step
	for i, p := range pend {
		step, err := st.Choices(p.Seat, nil)
		if err != nil {
			return nil
		}
		if p.Secret || step.Private || (i > 0 && !sameOptions(first, step)) {
			// Whose options are whose is for each seat alone (MOA1-ASYNC-2):
			// one button that answers every presser privately.
			first = engine.Step{}
			break
		}
		if i == 0 {
			first = step
		}
	}
	if len(first.Options) == 0 {
		data, err := EncodePress(Press{Kind: PressCommand, Path: engine.Path{"options"}})
		if err != nil {
			return nil
		}
		return [][]Button{{{Label: r.bundle().T(lang, "button.options", nil), Data: data}}}
	}
	return r.stepButtons(first, nil, lang)
}

func sameOptions(a, b engine.Step) bool {
	return a.Done == b.Done && slices.EqualFunc(a.Options, b.Options, func(x, y engine.Option) bool { return x.Code == y.Code })
}

// stepButtons are buttons for each option after path (rows of five), and a
// "done" button when path is already a complete answer.
func (r *request) stepButtons(step engine.Step, path engine.Path, lang string) [][]Button {
	return r.stepButtonsAt(step, path, lang, r.match.Seq)
}

// stepButtonsAt is stepButtons for presses valid at answer count version.
func (r *request) stepButtonsAt(step engine.Step, path engine.Path, lang string, version uint64) [][]Button {
	var all []Button
	for _, o := range step.Options {
		next := append(slices.Clone(path), o.Code)
		data, err := EncodePress(Press{Kind: PressStep, Version: int(version), Path: next})
		if err != nil {
			continue // too long for a button: it can still be typed
		}
		all = append(all, Button{Label: r.optionLabel(lang, o), Data: data})
	}
	var done []Button
	if step.Done && len(path) > 0 {
		if data, err := EncodePress(Press{Kind: PressSubmit, Version: int(version), Path: path}); err == nil {
			done = []Button{{Label: r.bundle().T(lang, "button.done", map[string]string{"move": path.String()}), Data: data}}
		}
	}
	if len(all) > maxButtons {
		// A list (see maxButtons), with "done" on a row of its own.
		rows := [][]Button{all}
		if done != nil {
			rows = append(rows, done)
		}
		return rows
	}
	all = append(all, done...)
	var rows [][]Button
	for len(all) > 0 {
		n := min(RowButtons, len(all))
		rows = append(rows, all[:n])
		all = all[n:]
	}
	return rows
}

// optionLabel is the option's localized label, or its code.
func (r *request) optionLabel(lang string, o engine.Option) string {
	if o.Key == "" {
		return o.Code
	}
	return r.bundle().T(lang, o.Key, r.eventArgs(o.Args))
}

// optionList is the typed form of each option: "take 1 | take 2".
func (r *request) optionList(step engine.Step, path engine.Path) string {
	return r.optionListIn(r.lang, step, path)
}

// optionListIn is optionList with labels in lang.
func (r *request) optionListIn(lang string, step engine.Step, path engine.Path) string {
	var parts []string
	for _, o := range step.Options {
		s := strings.TrimSpace(path.String() + " " + o.Code)
		// A label that only repeats the code ("d4-d5 (d4-d5)") says nothing.
		if l := r.optionLabel(lang, o); o.Key != "" && l != o.Code {
			s += " (" + l + ")"
		}
		parts = append(parts, "`"+s+"`")
	}
	if step.Done && len(path) > 0 {
		parts = append(parts, "`"+path.String()+"`")
	}
	return strings.Join(parts, " | ")
}

// userLang is the language of private messages to user: their setting,
// else the channel's.
func (r *request) userLang(ctx context.Context, user string) string {
	if user == r.cmd.User.ID {
		return r.lang
	}
	u, err := r.s.store.User(ctx, storage.UserKey{Platform: r.cmd.Platform, ID: user})
	if err == nil {
		if l := i18n.Lang(u.Lang); l != "" {
			return l
		}
		if l := langHint(u); l != "" {
			return l
		}
	}
	return r.channelLang()
}

// owned lists the first form of each secret seat holds, sorted.
func owned(c engine.Concealer, seat engine.Seat) []string {
	var out []string
	for _, sec := range c.Hidden() {
		if sec.Owner == seat && len(sec.Forms) > 0 {
			out = append(out, sec.Forms[0])
		}
	}
	slices.Sort(out)
	return out
}
