package bot

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"formica/bot/schedule"
	"formica/engine"
	"formica/storage"
)

// Reminder kinds in storage's time-ordered index.
const (
	kindRemind   = "remind"
	kindDeadline = "deadline"
)

// duePayload is what a reminder or deadline entry carries: the prompt it
// was scheduled for (match id and the seat's OpenSeq) and, for a reminder,
// its number. Fire acts only while that prompt is still open.
type duePayload struct {
	Match string `json:"match"`
	Seq   uint64 `json:"seq"`
	N     int    `json:"n,omitempty"`
}

// track updates the seat clocks after answers by the seats in answered
// moved the game from prev (nil at the start) to st, and returns the seats
// whose entries to cancel and the entries to schedule, for the same
// storage.Change. A prompt that opened gets its first reminder and its
// deadline; one that closed loses them; an answer spends time from the bank.
func (r *request) track(ctx context.Context, ms *MatchSettings, prev, st engine.State, answered []engine.Seat, now time.Time) ([]engine.Seat, []storage.Reminder) {
	g := ms.Timing()
	was, is := pendingSeats(prev), pendingSeats(st)
	var cancel []engine.Seat
	var remind []storage.Reminder
	for _, pl := range r.match.Players {
		seat := pl.Seat
		c := ms.seat(seat)
		if prev == nil && g.Bank.On() {
			c.Bank = g.Bank.Initial
		}
		acted := slices.Contains(answered, seat)
		if acted && !c.Opened.IsZero() && g.Bank.On() {
			c.Bank = g.Bank.Spend(c.Bank, r.used(ctx, *c, pl.User, now))
		}
		if acted || (was[seat] && !is[seat]) {
			cancel = append(cancel, seat)
			*c = SeatClock{Bank: c.Bank, Muted: c.Muted, Absent: c.Absent, AI: c.AI}
		}
		if is[seat] && (acted || !was[seat]) {
			c.Opened, c.OpenSeq = now, r.match.Seq
			remind = append(remind, r.entries(ctx, g, seat, *c, now)...)
		}
	}
	if v := ms.Vote; v != nil && (!is[v.Seat] || ms.seat(v.Seat).OpenSeq != v.Seq || ms.seat(v.Seat).Opened.IsZero()) {
		ms.Vote = nil // the absent player answered: the vote is moot
	}
	return cancel, remind
}

// pendingSeats is the set of seats st prompts (none for nil or a finished game).
func pendingSeats(st engine.State) map[engine.Seat]bool {
	out := map[engine.Seat]bool{}
	if st == nil || st.Result() != nil {
		return out
	}
	for _, p := range st.Pending() {
		out[p.Seat] = true
	}
	return out
}

// used is the time a turn took that counts against the bank: the time
// since the prompt opened, less grace given and the vacation it began in.
func (r *request) used(ctx context.Context, c SeatClock, user string, now time.Time) time.Duration {
	d := now.Sub(c.Opened) - c.Grace
	if u, err := r.s.prefs(ctx, r.cmd.Platform, user); err == nil {
		if p := player(u); p.OnVacation(c.Opened) {
			d -= minTime(now, p.VacationUntil).Sub(c.Opened)
		}
	}
	return max(d, 0)
}

// entries are the reminder and deadline of seat's open prompt, computed
// from the clock (so a change of settings mid-prompt reschedules them).
func (r *request) entries(ctx context.Context, g schedule.Game, seat engine.Seat, c SeatClock, now time.Time) []storage.Reminder {
	user := r.seatUser(seat)
	u, err := r.s.prefs(ctx, r.cmd.Platform, user)
	if err != nil {
		r.s.log.Error("reading player settings; using defaults", "user", user, "err", err)
		u = storage.User{DM: true}
	}
	p := player(u)
	if _, ok := r.aiPlays(c, user, p, now); ok {
		return []storage.Reminder{r.aiEntry(seat, user, c, now)} // no reminder: nobody waits for a person
	}
	var out []storage.Reminder
	if !c.Muted {
		if at := g.ReminderAt(c.Opened, c.Reminded, p); !at.IsZero() {
			out = append(out, r.entry(kindRemind, maxTime(at, now), seat, user, c.OpenSeq, c.Reminded))
		}
	}
	if at := deadlineAt(g, c, p); !at.IsZero() && !c.TimedOut {
		out = append(out, r.entry(kindDeadline, at, seat, user, c.OpenSeq, 0))
	}
	return out
}

// deadlineAt is when seat's open prompt times out, or zero.
func deadlineAt(g schedule.Game, c SeatClock, p schedule.Player) time.Time {
	at := g.DeadlineAt(c.Opened, c.Bank, p)
	if at.IsZero() {
		return at
	}
	return at.Add(c.Grace)
}

// turnTime is the extra time a "wait" vote or a vacation grants: the
// deadline, else the bank's increment, at least an hour.
func turnTime(g schedule.Game) time.Duration {
	if g.Deadline > 0 {
		return g.Deadline
	}
	return max(g.Bank.Increment, time.Hour)
}

func (r *request) entry(kind string, at time.Time, seat engine.Seat, user string, seq uint64, n int) storage.Reminder {
	b, _ := json.Marshal(duePayload{Match: r.match.ID, Seq: seq, N: n})
	return storage.Reminder{At: at, Kind: kind, Match: r.key, Seat: seat, User: user, Payload: b}
}

// reschedule replaces the entries of every open prompt after a timing
// setting changed (a bank change refills every bank).
func (r *request) reschedule(ctx context.Context, ms *MatchSettings, st engine.State, bankChanged bool, now time.Time) []storage.Reminder {
	g := ms.Timing()
	var out []storage.Reminder
	is := pendingSeats(st)
	for _, pl := range r.match.Players {
		c := ms.seat(pl.Seat)
		if bankChanged {
			c.Bank = g.Bank.Initial
		}
		if is[pl.Seat] && !c.Opened.IsZero() {
			out = append(out, r.entries(ctx, g, pl.Seat, *c, now)...)
		}
	}
	return out
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
