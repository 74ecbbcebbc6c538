package bot

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"formica/bot/i18n"
	"formica/bot/schedule"
	"formica/engine"
	"formica/storage"
)

// RunScheduler fires reminders and deadlines as they come due until ctx is
// cancelled (Run runs it too; run only one of them per database). Entries
// that came due while the bot was down fire at once, each once. fired, when
// not nil, is called after each entry that fired (the console flushes its
// outbox there).
func (s *Service) RunScheduler(ctx context.Context, fired func()) error {
	rn := s.runner(fired)
	s.mu.Lock()
	s.sched = rn
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		if s.sched == rn {
			s.sched = nil
		}
		s.mu.Unlock()
	}()
	return rn.Run(ctx)
}

// Tick fires every entry due now (by the service's clock) and reports how
// many fired. Tests with an injected clock call it instead of RunScheduler.
func (s *Service) Tick(ctx context.Context) (int, error) {
	return s.runner(nil).Tick(ctx)
}

func (s *Service) runner(fired func()) *schedule.Runner {
	return &schedule.Runner{Store: s.store, Now: s.clock, Log: s.log,
		Fire: func(ctx context.Context, e storage.Reminder) error {
			err := s.Fire(ctx, e)
			if err == nil && fired != nil {
				fired()
			}
			return err
		}}
}

// wakeScheduler tells a running scheduler that an entry was scheduled.
func (s *Service) wakeScheduler() {
	s.mu.Lock()
	rn := s.sched
	s.mu.Unlock()
	if rn != nil {
		rn.Wake()
	}
}

// Fire handles one due entry under its match's lock. It first checks that
// the prompt the entry was scheduled for is still open (the player may
// have answered a moment before); a stale entry does nothing. A reminder
// sends the DM and schedules the next one; a deadline applies the game's
// policy. A nil error lets the runner delete the entry.
func (s *Service) Fire(ctx context.Context, e storage.Reminder) error {
	ctx = WithLog(ctx, "platform", e.Match.Platform, "match", e.Match.String(), "reminder", uint64(e.ID))
	unlock, err := s.locks.Lock(ctx, e.Match.Platform+":"+e.Match.Channel)
	if err != nil {
		return err
	}
	defer unlock()
	var pl duePayload
	if err := json.Unmarshal(e.Payload, &pl); err != nil {
		s.log.ErrorContext(ctx, "undecodable reminder dropped", "id", e.ID, "err", err)
		return nil
	}
	r := &request{s: s, key: e.Match, cmd: Command{Platform: e.Match.Platform, Channel: e.Match.Channel,
		User: User{Platform: e.Match.Platform, ID: e.User}}}
	if err := r.load(ctx); err != nil {
		var ue *userError
		if errors.As(err, &ue) {
			return nil // the game is gone from this build, or the entry names nobody
		}
		return err
	}
	if r.match == nil || r.match.ID != pl.Match || r.match.Status != storage.StatusActive {
		return nil
	}
	st, err := r.state()
	if err != nil {
		return err
	}
	ms := decodeSettings(r.match.Settings)
	if ms.Away || int(e.Seat) < 0 || int(e.Seat) >= len(ms.Seats) {
		return nil // removed from the channel: nobody is reminded of it
	}
	c := ms.Seats[e.Seat]
	prompt, open := engine.PromptFor(st, e.Seat)
	if !open || c.Opened.IsZero() || c.OpenSeq != pl.Seq {
		return nil // answered meanwhile: this prompt is closed
	}
	switch e.Kind {
	case kindRemind:
		return r.fireRemind(ctx, st, &ms, prompt, pl.N)
	case kindDeadline:
		return r.fireDeadline(ctx, st, &ms, prompt)
	case kindAI:
		return r.fireAI(ctx, st, &ms, prompt)
	}
	s.log.WarnContext(ctx, "unknown reminder kind dropped", "kind", e.Kind)
	return nil
}

// fireRemind sends reminder n by DM (unless the player turned reminders off,
// or quiet hours or a vacation began since it was scheduled: then it waits
// for their end) and schedules the next one.
func (r *request) fireRemind(ctx context.Context, st engine.State, ms *MatchSettings, prompt engine.Prompt, n int) error {
	c := ms.seat(prompt.Seat)
	if n != c.Reminded || c.Muted || !r.user.DM || dmBlocked(r.user) {
		return nil // already sent (a crash before the entry was deleted), off, or blocked
	}
	now := r.s.clock()
	g := ms.Timing()
	p := player(r.user)
	if at := p.Deliverable(now); at.After(now) {
		return r.save(ctx, storage.Change{Match: r.match,
			Remind: []storage.Reminder{r.entry(kindRemind, at, prompt.Seat, r.cmd.User.ID, c.OpenSeq, n)}})
	}
	dm := r.reminder(ctx, st, ms, prompt, schedule.Level(n), false)
	c.Reminded++
	change := storage.Change{Match: r.match, Outbox: r.queue(dm)}
	if next := g.ReminderAt(c.Opened, c.Reminded, p); !next.IsZero() {
		// After downtime several reminders may be overdue: send one now and
		// the next a full interval later.
		next = maxTime(next, p.Deliverable(now.Add(g.Every)))
		change.Remind = []storage.Reminder{r.entry(kindRemind, next, prompt.Seat, r.cmd.User.ID, c.OpenSeq, c.Reminded)}
	}
	r.match.Settings = ms.encode()
	if err := r.save(ctx, change); err != nil {
		return err
	}
	r.s.obs.ReminderSent(r.key.Platform)
	return nil
}

// fireDeadline applies the game's policy to a prompt whose time is up.
// During the player's vacation the deadline moves to its end plus a turn.
//
//   - remind: an urgent DM and a channel post; the game waits.
//   - default: the prompt's default answer is taken through the normal
//     commit path (the board is posted).
//   - ai: an AI takes the seat until the player comes back (aiseat.go);
//     in a game without an AI it acts as default and says so.
//   - vote: the other players vote skip, remove or wait (see cmdVote).
//
// A prompt without a default answer falls back to remind.
func (r *request) fireDeadline(ctx context.Context, st engine.State, ms *MatchSettings, prompt engine.Prompt) error {
	seat := prompt.Seat
	c := ms.seat(seat)
	if c.TimedOut {
		// Already applied: this entry fired before but was not deleted (a
		// crash in between, or a second scheduler). Applying it again
		// would repeat the post or restart a vote.
		return nil
	}
	now := r.s.clock()
	g := ms.Timing()
	p := player(r.user)
	if p.OnVacation(now) {
		at := p.VacationUntil.Add(turnTime(g))
		c.Grace += at.Sub(deadlineAt(g, *c, p))
		r.match.Settings = ms.encode()
		return r.save(ctx, storage.Change{Match: r.match,
			Remind: []storage.Reminder{r.entry(kindDeadline, at, seat, r.cmd.User.ID, c.OpenSeq, 0)}})
	}
	c.TimedOut = true
	name := r.seatName(seat)
	policy := g.Policy
	if policy == schedule.AI {
		// An AI needs no default answer.
		args := map[string]string{"player": name}
		if ok, err := r.handToAI(ctx, st, ms, prompt, args); ok || err != nil {
			return err
		}
	}
	remindKey := "timeout.remind"
	if len(prompt.Default) == 0 && policy != schedule.Remind {
		policy, remindKey = schedule.Remind, "timeout.no_default"
	}
	move := map[string]string{"player": name, "move": prompt.Default.String(),
		"skip": r.ref("vote skip"), "remove": r.ref("vote remove"), "wait": r.ref("vote wait")}
	switch policy {
	case schedule.Default, schedule.AI:
		key := "timeout.default"
		if policy == schedule.AI {
			key = "timeout.ai"
		}
		r.match.Settings = ms.encode()
		return r.commit(ctx, st, moveFor(seat, prompt.Default), r.ct(key, move))
	case schedule.Vote:
		ms.Vote = &Vote{Seat: seat, Seq: c.OpenSeq, Ballots: map[string]string{}}
		r.match.Settings = ms.encode()
		post := r.post(r.ct("timeout.vote", move))
		post.Buttons = r.voteButtons()
		for _, pl := range r.match.Players {
			if pl.Seat != seat && !ms.seat(pl.Seat).Absent {
				post.Mentions = append(post.Mentions, pl.User)
			}
		}
		return r.save(ctx, storage.Change{Match: r.match, Outbox: r.queue(post)})
	}
	r.match.Settings = ms.encode()
	post := r.post(r.ct(remindKey, map[string]string{"player": name, "prompt": r.promptLabel(r.channelLang(), prompt.Kind)}))
	post.Mentions = []string{r.seatUser(seat)}
	out := []Message{post}
	if r.user.DM && !c.Muted && !dmBlocked(r.user) {
		out = append(out, r.reminder(ctx, st, ms, prompt, 3, true))
	}
	return r.save(ctx, storage.Change{Match: r.match, Outbox: r.queue(out...)})
}

// moveFor is an answer the service gives for a seat.
func moveFor(seat engine.Seat, path engine.Path) move { return move{seat: seat, path: path} }

// since is a duration shown in status lines and reminders, in lang's units
// ("1h30m", "1 год 30 хв"), rounded to the minute.
func since(b i18n.Bundle, lang string, d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	d = d.Round(time.Minute)
	days, d := d/(24*time.Hour), d%(24*time.Hour)
	h, m := d/time.Hour, (d%time.Hour)/time.Minute
	var parts []string
	add := func(key string, n time.Duration) {
		parts = append(parts, b.T(lang, key, map[string]string{"n": strconv.Itoa(int(n))}))
	}
	if days > 0 {
		add("unit.days", days)
	}
	if h > 0 {
		add("unit.hours", h)
	}
	if m > 0 || len(parts) == 0 {
		add("unit.minutes", m)
	}
	return sign + strings.Join(parts, b.T(lang, "unit.sep", nil))
}

// since is the duration in the caller's language.
func (r *request) since(d time.Duration) string { return since(r.bundle(), r.lang, d) }
