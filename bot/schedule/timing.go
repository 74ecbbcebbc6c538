package schedule

import (
	"fmt"
	"strings"
	"time"
)

// Bank is a Board Game Arena style time bank: each player starts with
// Initial, the time they take on a turn is spent from it, and each answered
// turn adds Increment, up to Cap (0: no cap).
type Bank struct {
	Initial   time.Duration `json:"initial"`
	Increment time.Duration `json:"increment"`
	Cap       time.Duration `json:"cap,omitempty"`
}

// On reports whether the bank is in use.
func (b Bank) On() bool { return b.Initial > 0 }

// ParseBank reads "72h+12h/168h" (the cap part is optional).
func ParseBank(s string) (Bank, error) {
	s, capText, _ := strings.Cut(s, "/")
	ini, inc, ok := strings.Cut(s, "+")
	var b Bank
	var err error
	if b.Initial, err = ParseDuration(ini); err != nil || !ok || b.Initial <= 0 {
		return Bank{}, fmt.Errorf("%w: bank %q", ErrSetting, s)
	}
	if b.Increment, err = ParseDuration(inc); err != nil {
		return Bank{}, err
	}
	if capText != "" {
		if b.Cap, err = ParseDuration(capText); err != nil || b.Cap < b.Initial {
			return Bank{}, fmt.Errorf("%w: bank cap %q below the initial time", ErrSetting, capText)
		}
	}
	return b, nil
}

// Spend returns what is left of remaining after a turn that took used,
// with the increment added and the cap applied. It may be negative when
// the player ran over; the deadline policy has then fired.
func (b Bank) Spend(remaining, used time.Duration) time.Duration {
	left := remaining - used
	if left < 0 {
		return left
	}
	left += b.Increment
	if b.Cap > 0 && left > b.Cap {
		left = b.Cap
	}
	return left
}

// DeadlineAt returns when a prompt opened at opened times out, given the
// player's bank balance, or the zero time when the game has no deadline.
// A vacation pushes it back by the vacation's remaining length.
func (g Game) DeadlineAt(opened time.Time, bank time.Duration, p Player) time.Time {
	var d time.Duration
	switch {
	case g.Bank.On():
		d = max(bank, 0)
	case g.Deadline > 0:
		d = g.Deadline
	default:
		return time.Time{}
	}
	at := opened.Add(d)
	if p.OnVacation(opened) {
		at = at.Add(p.VacationUntil.Sub(opened))
	}
	return at
}

// ReminderAt returns when reminder number n (0 = the first) for a prompt
// opened at opened goes out, deferred past quiet hours and vacations, or the
// zero time when reminders are off for this player.
func (g Game) ReminderAt(opened time.Time, n int, p Player) time.Time {
	if g.First <= 0 || !p.DM {
		return time.Time{}
	}
	at := opened.Add(g.First + time.Duration(n)*g.Every)
	return p.Deliverable(at)
}

// Level is how insistent reminder n is: 1 friendly, 2 firmer, 3 urgent. The
// bot picks the wording key ("remind.1"...) from it.
func Level(n int) int { return min(n+1, 3) }
