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
	if r.match == nil {
		if r.cmd.Channel == "" {
			return nil, refuse("err.private_chat", nil)
		}
		return nil, refuse("err.unknown_command", map[string]string{"cmd": path.String()})
	}
	if r.match.Status == storage.StatusLobby {
		return nil, refuse("err.unknown_lobby", map[string]string{"cmd": path.String()})
	}
	seat, ok := r.seat()
	if !ok {
		return nil, refuse("err.not_player", nil)
	}
	st, err := r.state()
	if err != nil {
		return nil, err
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
	em := &engine.Match{Setup: r.match.Setup, State: st}
	prompt, _ := engine.PromptFor(st, seat)
	events, err := em.Answer(engine.Answer{Seat: seat, Path: path})
	switch {
	case errors.Is(err, engine.ErrNotYourTurn):
		return nil, refuse("err.not_your_turn", map[string]string{"waiting": r.waitingFor(st)})
	case err != nil:
		return nil, err
	}
	m := r.match
	m.Seq++
	if err := setSnapshot(m, em.State); err != nil {
		return nil, err
	}
	entry := storage.LogEntry{Seq: m.Seq, Seat: seat, Path: path, User: r.cmd.User.ID, At: r.s.clock()}
	acted := r.ct("turn.acted", map[string]string{"player": r.seatName(seat), "move": path.String()})
	if prompt.Secret {
		acted = r.ct("turn.acted_secret", map[string]string{"player": r.seatName(seat)})
	}
	change := storage.Change{Match: m, Log: []storage.LogEntry{entry}, Cancel: []engine.Seat{seat}}
	if res := em.State.Result(); res != nil {
		m.Status = storage.StatusFinished
		change.Stats = r.stats(res)
	}
	change.Outbox = r.queue(r.turnMessages(ctx, st, em.State, seat, events, acted)...)
	if err := r.save(ctx, change); err != nil {
		return nil, err
	}
	return r.say("ok.move", map[string]string{"move": path.String()}), nil
}

// handlePress runs a button: a lobby command, one more step of an answer,
// or a complete answer.
func handlePress(ctx context.Context, r *request) ([]Message, error) {
	p, err := DecodePress(r.cmd.Press)
	if err != nil {
		return nil, refuse("err.bad_press", nil)
	}
	if p.Kind == PressCommand {
		if len(p.Path) == 0 || !slices.Contains([]string{"join", "start", "options", "hand", "board", "status"}, p.Path[0]) {
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
	if uint64(p.Version) != r.match.Seq {
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
		return nil, err
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
	path := engine.ParsePath(strings.Join(r.args, " "))
	step, err := checkPrefix(st, seat, path)
	if err != nil {
		return nil, err
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
			return step, &engine.RuleError{Step: i, Got: path[i], Key: "err.not_an_option",
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
	return []Message{msg}
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
