package bot

import (
	"context"
	"fmt"
	"strings"

	"formica/engine"
)

// maxSummary caps the "since your last turn" lines of one reminder.
const maxSummary = 12

// reminder is the DM to the player at prompt.Seat, in their language: who
// must act, in which game and channel, what is asked, how long is left,
// how to act, and what happened since their last turn. level (1..3) sets
// the wording; overdue says the deadline has passed.
func (r *request) reminder(ctx context.Context, st engine.State, ms *MatchSettings, prompt engine.Prompt, level int, overdue bool) Message {
	seat := prompt.Seat
	lang := r.lang // Fire loads the request as the reminded player
	b := r.bundle()
	style := r.s.styler(r.cmd.Platform)
	args := map[string]string{
		"player": r.seatName(seat), "game": r.game.Name, "channel": style.ChannelRef(r.cmd.Channel),
		"prompt":    r.promptLabel(lang, prompt.Kind),
		"options":   style.CommandRef("options"),
		"remindoff": style.CommandRef("remind off"),
		"dmoff":     style.CommandRef("settings dm=off"),
	}
	lines := []string{b.T(lang, fmt.Sprintf("remind.%d", min(max(level, 1), 3)), args)}
	now := r.s.clock()
	c := ms.seat(seat)
	switch at := deadlineAt(ms.Timing(), *c, player(r.user)); {
	case overdue:
		lines = append(lines, b.T(lang, "remind.overdue", nil))
	case !at.IsZero() && !c.TimedOut:
		lines = append(lines, b.T(lang, "remind.deadline", map[string]string{"left": since(b, lang, at.Sub(now)), "policy": string(ms.Timing().Policy)}))
	}
	args["example"] = style.CommandRef(exampleMove(st, seat))
	lines = append(lines, b.T(lang, "remind.act", args))
	if sum := r.summary(ctx, seat, lang); len(sum) > 0 {
		lines = append(lines, b.T(lang, "remind.summary", nil))
		lines = append(lines, sum...)
	}
	lines = append(lines, b.T(lang, "remind.hint", args))
	return r.direct(r.seatUser(seat), strings.Join(lines, "\n"))
}

// exampleMove is a legal first word for seat ("options" when none fits).
func exampleMove(st engine.State, seat engine.Seat) string {
	step, err := st.Choices(seat, nil)
	if err != nil || len(step.Options) == 0 {
		return "options"
	}
	return step.Options[0].Code
}

// summary lists, in lang, the events seat may see that happened since its
// last answer. The log is replayed: the engine is deterministic, so
// re-applying the answers regenerates their events; only public events and
// those addressed to seat are kept.
func (r *request) summary(ctx context.Context, seat engine.Seat, lang string) []string {
	log, err := r.standingLog(ctx)
	if err != nil || len(log) == 0 {
		return nil
	}
	last := -1
	for i, e := range log {
		if e.Seat == seat {
			last = i
		}
	}
	if last == len(log)-1 {
		return nil
	}
	em, err := engine.Start(r.game.Descriptor, r.match.Setup)
	if err != nil {
		r.s.log.Error("summary: starting replay", "match", r.match.ID, "err", err)
		return nil
	}
	b := r.bundle()
	var lines []string
	for i, e := range log {
		evs, err := em.Answer(e.Answer())
		if err != nil {
			r.s.log.Error("summary: replaying log", "match", r.match.ID, "seq", e.Seq, "err", err)
			return nil
		}
		if i <= last {
			continue
		}
		for _, ev := range evs {
			if ev.To == engine.NoSeat || ev.To == seat {
				lines = append(lines, "• "+b.T(lang, ev.Key, r.eventArgs(ev.Args)))
			}
		}
	}
	if n := len(lines) - maxSummary; n > 0 {
		lines = append([]string{b.T(lang, "remind.more", map[string]string{"n": itoa(n)})}, lines[n:]...)
	}
	return lines
}
