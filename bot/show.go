package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"formica/bot/schedule"
	"formica/engine"
	"formica/storage"
)

// cmdStatus tells where the match is: lobby and players, or whose turn.
func cmdStatus(ctx context.Context, r *request) ([]Message, error) {
	m := r.match
	if m.Status == storage.StatusLobby {
		lo, hi := r.seatRange()
		return r.say("status.lobby", map[string]string{
			"game": r.game.Name, "players": r.playerList(), "min": itoa(lo), "max": itoa(hi),
		}), nil
	}
	st, err := r.state()
	if err != nil {
		return nil, err
	}
	lines := []string{r.t("status.active", map[string]string{
		"game": r.game.Name, "players": r.playerList(), "move": itoa(int(m.Seq)),
	})}
	lines = append(lines, r.standingLines(st)...)
	for _, p := range st.Pending() {
		lines = append(lines, r.t("turn.prompt", map[string]string{"player": r.seatName(p.Seat), "prompt": r.promptLabel(r.lang, p.Kind)}))
	}
	lines = append(lines, r.clockLines(ctx, st)...)
	return []Message{reply(r.cmd, strings.Join(lines, "\n"))}, nil
}

// standingLines say where the match stands, as far as the game tells:
// round and phase, and the scores so far or a projection.
func (r *request) standingLines(st engine.State) []string {
	p, ok := st.(engine.Progress)
	if !ok {
		return nil
	}
	sd := p.Standing()
	var lines []string
	var where []string
	if sd.Round > 0 && sd.Rounds > 0 {
		where = append(where, r.t("status.round", map[string]string{"round": itoa(sd.Round), "rounds": itoa(sd.Rounds)}))
	}
	if sd.Phase != "" {
		where = append(where, r.t("status.phase", map[string]string{"phase": r.t(sd.Phase, nil)}))
	}
	if len(where) > 0 {
		lines = append(lines, strings.Join(where, ", ")+".")
	}
	if len(sd.Scores) > 0 {
		var parts []string
		for seat, n := range sd.Scores {
			parts = append(parts, r.seatName(engine.Seat(seat))+" "+itoa(n))
		}
		key := "status.scores"
		if sd.Projected {
			key = "status.projected"
		}
		lines = append(lines, r.t(key, map[string]string{"scores": strings.Join(parts, ", ")}))
	}
	return lines
}

// clockLines show every player's remaining time (bank, deadline), who
// holds the game up and for how long, the timing settings and any vote.
func (r *request) clockLines(ctx context.Context, st engine.State) []string {
	ms := decodeSettings(r.match.Settings)
	g := ms.Timing()
	now := r.s.clock()
	pending := pendingSeats(st)
	var lines, holdup []string
	for _, pl := range r.match.Players {
		c := *ms.seat(pl.Seat)
		u, err := r.s.prefs(ctx, r.cmd.Platform, pl.User)
		if err != nil {
			u.DM = true
		}
		p := player(u)
		var parts []string
		if g.Bank.On() {
			left := c.Bank
			if pending[pl.Seat] && !c.Opened.IsZero() {
				left -= r.used(ctx, c, pl.User, now)
			}
			parts = append(parts, r.t("status.bank", map[string]string{"left": r.since(left)}))
		}
		if pending[pl.Seat] && !c.Opened.IsZero() {
			waited := now.Sub(c.Opened)
			parts = append(parts, r.t("status.waited", map[string]string{"time": r.since(waited)}))
			holdup = append(holdup, r.seatName(pl.Seat)+" ("+r.since(waited)+")")
			if at := deadlineAt(g, c, p); !at.IsZero() && !c.TimedOut {
				parts = append(parts, r.t("status.deadline", map[string]string{"time": r.since(at.Sub(now))}))
			} else if c.TimedOut {
				parts = append(parts, r.t("status.timed_out", nil))
			}
		}
		if p.OnVacation(now) {
			parts = append(parts, r.t("status.vacation", map[string]string{"date": playerValue(u, "vacation", now)}))
		}
		if c.Absent {
			parts = append(parts, r.t("status.absent", nil))
		}
		if c.Muted {
			parts = append(parts, r.t("status.muted", nil))
		}
		if len(parts) > 0 {
			lines = append(lines, r.seatName(pl.Seat)+": "+strings.Join(parts, ", "))
		}
	}
	if len(holdup) > 0 {
		lines = append(lines, r.t("status.holdup", map[string]string{"players": strings.Join(holdup, ", ")}))
	}
	lines = append(lines, r.t("status.timing", r.timingWords(g)))
	if g.Policy == schedule.AI && !r.aiCapable() {
		lines = append(lines, r.t("settings.ai_note", nil))
	}
	if v := ms.Vote; v != nil {
		lines = append(lines, r.t("status.vote", map[string]string{"player": r.seatName(v.Seat), "n": itoa(len(v.Ballots)), "voters": itoa(len(r.voters(&ms, v.Seat)))}))
	}
	return lines
}

// cmdBoard shows the caller the current board (spectator view) with the
// buttons of the pending prompt, or with a move number the board as it was
// after that move: the public view then, which showed only what was public
// then.
func cmdBoard(ctx context.Context, r *request) ([]Message, error) {
	if r.match.Status == storage.StatusLobby {
		return nil, refuse("err.not_started", nil)
	}
	if len(r.args) > 0 {
		return r.pastBoard(ctx, r.args[0])
	}
	st, err := r.state()
	if err != nil {
		return nil, err
	}
	msg := reply(r.cmd, r.t("board.title", map[string]string{"game": r.game.Name, "move": itoa(int(r.match.Seq))}))
	if r.game.Board != nil {
		img, err := r.game.Board(st.View(engine.NoSeat), r.lang)
		if err != nil {
			return nil, err
		}
		msg.Image, msg.ImageName = img, r.game.ID+"-"+itoa(int(r.match.Seq))+".png"
	}
	msg.Buttons = r.promptButtons(st, st.Pending(), r.lang)
	msg.Alt = strings.Join(r.promptLines(st, r.lang), "\n")
	return []Message{msg}, nil
}

// pastBoard is `board <n>`: the public board after move n (0: the set-up),
// replayed from the log. It carries no buttons: it is history.
func (r *request) pastBoard(ctx context.Context, arg string) ([]Message, error) {
	n, err := strconv.Atoi(arg)
	if err != nil || n < 0 || uint64(n) > r.match.Seq {
		return nil, refuse("err.board_move", map[string]string{"move": clip(arg, maxEcho), "last": itoa(int(r.match.Seq))})
	}
	st, err := r.s.stateAt(ctx, r.key, r.match.ID, uint64(n))
	if err != nil {
		return nil, err
	}
	msg := reply(r.cmd, r.t("board.title_at", map[string]string{"game": r.game.Name, "move": itoa(n), "last": itoa(int(r.match.Seq))}))
	if r.game.Board != nil {
		img, err := r.game.Board(st.View(engine.NoSeat), r.lang)
		if err != nil {
			return nil, err
		}
		msg.Image, msg.ImageName = img, r.game.ID+"-"+itoa(n)+".png"
	}
	return []Message{msg}, nil
}

// cmdHand shows the caller their private view, to them only.
func cmdHand(ctx context.Context, r *request) ([]Message, error) {
	st, err := r.state()
	if err != nil {
		return nil, err
	}
	seat, _ := r.seat()
	if r.game.Private == nil {
		return r.say("hand.none", map[string]string{"game": r.game.Name}), nil
	}
	img, err := r.game.Private(st.View(seat), r.lang)
	if err != nil {
		return nil, err
	}
	msg := reply(r.cmd, r.t("hand.title", map[string]string{"game": r.game.Name}))
	msg.Image, msg.ImageName = img, r.game.ID+"-"+seat.String()+".png"
	if r.game.PrivateText != nil {
		if msg.Alt, err = r.game.PrivateText(st.View(seat), r.lang); err != nil {
			return nil, err
		}
	}
	return []Message{msg}, nil
}

// cmdLog narrates the last n answers (default 10) in the reader's
// language: the public events each caused, else the move as typed, and a
// sealed move (a secret, a private pick) as hidden. Long narrations come in
// pages: `log n 2`.
func cmdLog(ctx context.Context, r *request) ([]Message, error) {
	n := 10
	if len(r.args) > 0 {
		v, err := strconv.Atoi(r.args[0])
		if err != nil || v < 1 {
			return nil, refuse("err.log_usage", nil)
		}
		n = v
	}
	if r.match.Status == storage.StatusLobby {
		return r.say("log.empty", nil), nil
	}
	stored, err := r.s.store.Log(ctx, r.match.ID)
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		return nil, err
	}
	log := liveLog(stored)
	if len(stored) == 0 {
		return r.say("log.empty", nil), nil
	}
	sealed, err := r.sealed(log)
	if err != nil {
		return nil, err
	}
	events, err := r.replayEvents(log)
	if err != nil {
		return nil, err
	}
	first := max(0, len(log)-n)
	lines := []string{r.t("log.title", map[string]string{"n": itoa(len(log) - first)})}
	for i := first; i < len(log); i++ {
		e := log[i]
		var told []string
		for _, ev := range events[i].events {
			if ev.To == engine.NoSeat {
				told = append(told, r.t(ev.Key, r.eventArgs(ev.Args)))
			}
		}
		line := "#" + strconv.FormatUint(e.Seq, 10) + " "
		switch {
		case sealed[i] && len(told) > 0:
			line += strings.Join(told, " ") // what became known, not the private pick
		case sealed[i]:
			line += r.seatName(e.Seat) + ": " + r.t("log.hidden", nil)
		case len(told) == 0 || events[i].secret:
			// no event tells what was chosen (or a secret pick, now revealed)
			line += strings.Join(append([]string{r.seatName(e.Seat) + ": " + e.Path.String()}, told...), " ")
		default:
			line += strings.Join(told, " ")
		}
		lines = append(lines, line)
	}
	from := uint64(0)
	if first < len(log) {
		from = log[first].Seq
	}
	lines = append(lines[:1], r.withUndos(stored, from, lines[1:])...)
	return []Message{reply(r.cmd, r.page(lines, "log "+itoa(n), r.args[min(1, len(r.args)):]))}, nil
}

// played is one answer of the log as replayed: the events it caused and
// whether it answered a secret prompt.
type played struct {
	events []engine.Event
	secret bool
}

// replayEvents replays the match's log (the engine is deterministic, so
// the events are those of play).
func (r *request) replayEvents(log []storage.LogEntry) ([]played, error) {
	m, err := engine.Start(r.game.Descriptor, r.match.Setup)
	if err != nil {
		return nil, err
	}
	out := make([]played, len(log))
	for i, e := range log {
		p, _ := engine.PromptFor(m.State, e.Seat)
		out[i].secret = p.Secret
		if out[i].events, err = m.Answer(e.Answer()); err != nil {
			return nil, fmt.Errorf("bot: replaying log of %s at answer %d: %w", r.match.ID, e.Seq, err)
		}
	}
	return out, nil
}

// sealed marks the log entries whose move may not be shown: answers that
// chose from a seat's private options (the public events of applying them
// tell what became known), and answers to a secret prompt whose decision is
// still open. A decision closes when no secret prompt is pending, so a
// standing preference answered between two sealed picks of one battle
// keeps both sealed. It replays the log to know the prompts.
func (r *request) sealed(log []storage.LogEntry) ([]bool, error) {
	m, err := engine.Start(r.game.Descriptor, r.match.Setup)
	if err != nil {
		return nil, err
	}
	sealed := make([]bool, len(log))
	var open []int // answers to the secret decision under way
	for i, e := range log {
		if p, ok := engine.PromptFor(m.State, e.Seat); ok && p.Secret {
			open = append(open, i)
		}
		sealed[i] = engine.PrivatePath(m.State, e.Seat, e.Path)
		if _, err := m.Answer(e.Answer()); err != nil {
			return nil, fmt.Errorf("bot: replaying log of %s at answer %d: %w", r.match.ID, e.Seq, err)
		}
		if !slices.ContainsFunc(m.State.Pending(), func(p engine.Prompt) bool { return p.Secret }) {
			open = open[:0] // revealed together
		}
	}
	for _, i := range open {
		sealed[i] = true
	}
	return sealed, nil
}

// promptLines say who must decide what now, as a turn post does: the
// board's content in words where its image cannot be shown.
func (r *request) promptLines(st engine.State, lang string) []string {
	var lines []string
	for _, p := range st.Pending() {
		lines = append(lines, r.bundle().T(lang, "turn.prompt", map[string]string{
			"player": r.seatName(p.Seat), "prompt": r.promptLabel(lang, p.Kind),
		}))
	}
	return lines
}
