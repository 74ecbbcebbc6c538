package bot

import (
	"context"
	"errors"
	"slices"
	"strings"

	"formica/engine"
	"formica/storage"
)

// handleMove applies typed text that is not a command as the caller's
// answer to their own prompt.
func handleMove(ctx context.Context, r *request, path engine.Path) ([]Message, error) {
	if len(path) > 0 && (r.match == nil || r.match.Status == storage.StatusLobby) {
		if s := closest(path[0], r.s.router.names()); s != "" {
			return nil, refuse("refuse.unknown_command", map[string]string{"word": path[0], "suggestion": s})
		}
	}
	if r.match == nil {
		if r.cmd.Channel == "" {
			return nil, refuse("err.private_chat", nil)
		}
		return nil, refuse("err.unknown_command", map[string]string{"cmd": path.String()})
	}
	if r.match.Status == storage.StatusLobby {
		return nil, refuse("err.unknown_lobby", map[string]string{"cmd": path.String(),
			"join": r.ref("join"), "leave": r.ref("leave"), "start": r.ref("start")})
	}
	seat, ok := r.seat()
	if !ok {
		return nil, refuse("err.not_player", nil)
	}
	st, err := r.state()
	if err != nil {
		return nil, err
	}
	path = r.resolveNames(st, seat, path)
	switch err := engine.Check(st, seat, path); {
	case errors.Is(err, engine.ErrNotYourTurn):
		if s := closest(path[0], r.s.router.names()); s != "" {
			return nil, refuse("refuse.unknown_command", map[string]string{"word": path[0], "suggestion": s})
		}
	case err != nil:
		return nil, r.refusal(st, seat, path, err)
	}
	return r.apply(ctx, st, seat, path)
}

// state decodes the match's snapshot.
func (r *request) state() (engine.State, error) {
	st, err := r.game.Decode(r.match.Snapshot)
	if err != nil {
		return nil, errors.Join(errors.New("bot: decoding snapshot of "+r.match.Key.String()), err)
	}
	return st, nil
}

// apply validates and applies seat's answer, then commits the new snapshot,
// the log entry and the messages for the channel and the players together.
func (r *request) apply(ctx context.Context, st engine.State, seat engine.Seat, path engine.Path) ([]Message, error) {
	if err := r.commit(ctx, st, move{seat: seat, path: path, user: r.cmd.User.ID}, ""); err != nil {
		return nil, err
	}
	return r.say("ok.move", map[string]string{"move": path.String()}), nil
}

// move is one answer to commit: the seat, the path, and who gave it (""
// when the service answered for the seat: a deadline, a vote, an absent seat).
type move struct {
	seat engine.Seat
	path engine.Path
	user string
}

// standing reports whether path is an answer seat may give at any time (a
// standing preference) rather than one to its prompt.
func standing(st engine.State, seat engine.Seat, path engine.Path) bool {
	a, ok := st.(engine.Anytime)
	return ok && len(path) > 0 && a.Anytime(seat, path[0])
}

// maxAuto bounds the default answers taken in one commit for absent seats.
const maxAuto = 200

// commit applies mv and then the default answers of seats voted absent,
// updates the seat clocks, and saves the snapshot, the log entries, the
// reminder changes and the messages in one transaction. header, when set,
// is posted first.
func (r *request) commit(ctx context.Context, st engine.State, mv move, header string) error {
	em := &engine.Match{Setup: r.match.Setup, State: st}
	prompt, _ := engine.PromptFor(st, mv.seat)
	events, err := em.Answer(engine.Answer{Seat: mv.seat, Path: mv.path})
	switch {
	case errors.Is(err, engine.ErrNotYourTurn):
		return refuse("err.not_your_turn", map[string]string{"waiting": r.waitingFor(st)})
	case err != nil:
		return err
	}
	m := r.match
	now := r.s.clock()
	ms := decodeSettings(m.Settings)
	if mv.user != "" && mv.user == r.seatUser(mv.seat) {
		ms.seat(mv.seat).Absent = false // back at the table
		ms.seat(mv.seat).AI = ""
	}
	m.Seq++
	log := []storage.LogEntry{{Seq: m.Seq, Seat: mv.seat, Path: mv.path, User: mv.user, At: now}}
	var lines []string
	if header != "" {
		lines = append(lines, header)
	}
	switch {
	case standing(st, mv.seat, mv.path):
		// A standing preference is the player's own business: it is
		// confirmed to them, and what it settles shows in the events.
	case prompt.Secret:
		lines = append(lines, r.ct("turn.acted_secret", map[string]string{"player": r.seatName(mv.seat)}))
	case engine.PrivatePath(st, mv.seat, mv.path):
		// The answer names a secret; its public events say what became
		// known, or, when there are none, only that the player chose.
		if !slices.ContainsFunc(events, func(e engine.Event) bool { return e.To == engine.NoSeat }) {
			lines = append(lines, r.ct("turn.acted_private", map[string]string{"player": r.seatName(mv.seat)}))
		}
	default:
		lines = append(lines, r.ct("turn.acted", map[string]string{"player": r.seatName(mv.seat), "move": mv.path.String()}))
	}
	answered := []engine.Seat{mv.seat}
	for range maxAuto {
		p, ok := absentPrompt(&ms, em.State)
		if !ok {
			break
		}
		autoKey := "turn.auto"
		if p.Secret || engine.PrivatePath(em.State, p.Seat, p.Default) {
			autoKey = "turn.auto_private"
		}
		evs, err := em.Answer(engine.Answer{Seat: p.Seat, Path: p.Default})
		if err != nil {
			r.s.log.Error("default answer refused", "match", m.ID, "seat", p.Seat, "answer", p.Default.String(), "err", err)
			break
		}
		events = append(events, evs...)
		m.Seq++
		log = append(log, storage.LogEntry{Seq: m.Seq, Seat: p.Seat, Path: p.Default, At: now})
		answered = append(answered, p.Seat)
		lines = append(lines, r.ct(autoKey, map[string]string{"player": r.seatName(p.Seat), "move": p.Default.String()}))
	}
	if err := setSnapshot(m, em.State); err != nil {
		return err
	}
	change := storage.Change{Match: m, Log: log}
	if res := em.State.Result(); res != nil {
		m.Status = storage.StatusFinished
		change.Stats = r.stats(res)
	} else {
		change.Cancel, change.Remind = r.track(ctx, &ms, st, em.State, answered, now)
	}
	m.Settings = ms.encode()
	change.Outbox = r.queue(r.turnMessages(ctx, st, em.State, mv.seat, events, strings.Join(lines, "\n"))...)
	return r.save(ctx, change)
}

// absentPrompt is a pending prompt of a seat voted absent that has a
// default answer (the seat takes it at once).
func absentPrompt(ms *MatchSettings, st engine.State) (engine.Prompt, bool) {
	if st.Result() != nil {
		return engine.Prompt{}, false
	}
	for _, p := range st.Pending() {
		if int(p.Seat) < len(ms.Seats) && ms.Seats[p.Seat].Absent && len(p.Default) > 0 {
			return p, true
		}
	}
	return engine.Prompt{}, false
}

// handlePress runs a button: a lobby command, one more step of an answer,
// or a complete answer.
func handlePress(ctx context.Context, r *request) ([]Message, error) {
	p, err := DecodePress(r.cmd.Press)
	if err != nil {
		return nil, refuse("err.bad_press", nil)
	}
	if p.Kind == PressCommand {
		if len(p.Path) == 0 || !slices.Contains([]string{"join", "start", "options", "hand", "board", "status", "vote", "undo"}, p.Path[0]) {
			return nil, refuse("err.bad_press", nil)
		}
		r.args = p.Path[1:]
		return r.s.router.find(p.Path[0]).run(ctx, r)
	}
	if r.match == nil {
		return nil, r.noMatch()
	}
	if r.match.Status != storage.StatusActive {
		return nil, refuse("err.stale", nil)
	}
	seat, ok := r.seat()
	if !ok {
		return nil, refuse("err.not_player", nil)
	}
	if uint64(p.Version) != r.match.Seq && !r.openedAt(seat, uint64(p.Version)) {
		return nil, refuse("err.stale", nil)
	}
	st, err := r.state()
	if err != nil {
		return nil, err
	}
	if _, ok := engine.PromptFor(st, seat); !ok {
		return nil, refuse("err.not_your_turn", map[string]string{"waiting": r.waitingFor(st)})
	}
	step, err := checkPrefix(st, seat, p.Path)
	if err != nil {
		return nil, r.refusal(st, seat, p.Path, err)
	}
	if p.Kind == PressSubmit || (step.Done && len(step.Options) == 0) {
		return r.apply(ctx, st, seat, p.Path)
	}
	return r.stepReply(st, seat, p.Path, step), nil
}

// cmdOptions lists the caller's legal next steps after a partial move, with
// buttons: options take
func cmdOptions(ctx context.Context, r *request) ([]Message, error) {
	st, err := r.state()
	if err != nil {
		return nil, err
	}
	seat, _ := r.seat()
	if _, ok := engine.PromptFor(st, seat); !ok {
		return nil, refuse("err.not_your_turn", map[string]string{"waiting": r.waitingFor(st)})
	}
	path := r.resolveNames(st, seat, engine.ParsePath(strings.Join(r.args, " ")))
	step, err := checkPrefix(st, seat, path)
	if err != nil {
		return nil, r.refusal(st, seat, path, err)
	}
	return r.stepReply(st, seat, path, step), nil
}

// checkPrefix validates a partial answer step by step and returns what may
// follow it.
func checkPrefix(st engine.State, seat engine.Seat, path engine.Path) (engine.Step, error) {
	for i := 0; ; i++ {
		step, err := st.Choices(seat, path[:i])
		if err != nil {
			return step, err
		}
		if i == len(path) {
			return step, nil
		}
		if !slices.ContainsFunc(step.Options, func(o engine.Option) bool { return o.Code == path[i] }) {
			codes := make([]string, len(step.Options))
			for j, o := range step.Options {
				codes[j] = o.Code
			}
			return step, &engine.RuleError{Step: i, Got: path[i], Key: engine.KeyNotAnOption,
				Args: map[string]string{"step": step.Name, "options": strings.Join(codes, ", ")}}
		}
	}
}

// stepReply shows the caller the next step of a partial answer as text and
// buttons (plus "done" when the prefix is already complete).
func (r *request) stepReply(st engine.State, seat engine.Seat, path engine.Path, step engine.Step) []Message {
	msg := reply(r.cmd, r.t("step.choose", map[string]string{
		"move": path.String(), "step": r.t(step.Name, nil), "options": r.optionList(step, path),
	}))
	msg.Buttons = r.stepButtons(step, path, r.lang)
	r.attachPreview(st, seat, path, &msg)
	return []Message{msg}
}

// attachPreview draws the board as the partial answer shows it (the
// chosen Myrmes pheromone's placements, labelled as typed) when the game
// has one (engine.Previewer). A failed drawing leaves the text, which
// lists the same choices.
func (r *request) attachPreview(st engine.State, seat engine.Seat, path engine.Path, msg *Message) {
	p, ok := st.(engine.Previewer)
	if !ok || r.game.Board == nil {
		return
	}
	v, ok := p.Preview(seat, path)
	if !ok {
		return
	}
	img, err := r.game.Board(v, r.lang)
	if err != nil {
		r.s.log.Warn("preview failed; sending text only", "match", r.match.ID, "err", err)
		return
	}
	msg.Image, msg.ImageName = img, r.game.ID+"-"+itoa(int(r.match.Seq))+"-preview.png"
}

// waitingFor names the seats with a pending prompt.
func (r *request) waitingFor(st engine.State) string {
	var names []string
	for _, p := range st.Pending() {
		names = append(names, r.seatName(p.Seat))
	}
	return strings.Join(names, ", ")
}

// seatName is "P2 Bob".
func (r *request) seatName(seat engine.Seat) string {
	for _, p := range r.match.Players {
		if p.Seat == seat {
			return seat.String() + " " + p.Name
		}
	}
	return seat.String()
}

// seatUser returns the user id sitting at seat.
func (r *request) seatUser(seat engine.Seat) string {
	for _, p := range r.match.Players {
		if p.Seat == seat {
			return p.User
		}
	}
	return ""
}

// openedAt reports whether seat's pending prompt opened at answer count
// version: buttons sent privately when it opened stay good while other
// seats answer (a simultaneous phase), and go stale once it closes.
func (r *request) openedAt(seat engine.Seat, version uint64) bool {
	ms := decodeSettings(r.match.Settings)
	c := ms.seat(seat)
	return !c.Opened.IsZero() && c.OpenSeq == version
}
