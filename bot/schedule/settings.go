package schedule

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // time zones work on machines without a zoneinfo database
)

// Policy is what happens when a turn's deadline passes.
type Policy string

// Deadline policies.
const (
	Remind  Policy = "remind"  // only remind the player again
	Default Policy = "default" // take the prompt's legal default answer (pass, rest, skip)
	AI      Policy = "ai"      // hand the seat to the AI player
	Vote    Policy = "vote"    // the other players vote to skip or remove the absent player
)

// Policies lists every policy, for help texts and validation.
var Policies = []Policy{Remind, Default, AI, Vote}

// Game holds a match's timing settings.
type Game struct {
	// First is how long after a prompt opens the first reminder goes out;
	// Every is the interval between later ones. First 0 turns reminders off.
	First time.Duration `json:"first"`
	Every time.Duration `json:"every"`
	// Deadline is the time allowed per turn; 0 means no deadline (unless a bank is set).
	Deadline time.Duration `json:"deadline,omitempty"`
	// Bank, when Initial > 0, gives each player a time bank instead of a fixed deadline.
	Bank   Bank   `json:"bank,omitzero"`
	Policy Policy `json:"policy"`
}

// Defaults are the settings of a new match: remind after 1 hour, then every
// 12 hours; no deadline.
func Defaults() Game {
	return Game{First: time.Hour, Every: 12 * time.Hour, Policy: Remind}
}

// ErrSetting marks a bad setting value; the message says what is allowed.
var ErrSetting = errors.New("bad setting")

// Set changes one game setting from its typed form:
//
//	remind=1h,12h | remind=off
//	deadline=48h | deadline=2d | deadline=off
//	bank=72h+12h/168h | bank=off          (initial + increment per turn / cap)
//	ontimeout=remind|default|ai|vote
func (g *Game) Set(key, value string) error {
	value = strings.ToLower(strings.TrimSpace(value))
	switch key {
	case "remind":
		if value == "off" {
			g.First, g.Every = 0, 0
			return nil
		}
		first, every, _ := strings.Cut(value, ",")
		f, err := ParseDuration(first)
		if err != nil || f <= 0 {
			return settingErr(key, value, "a positive duration such as 1h, or 1h,12h, or off")
		}
		e := 12 * time.Hour
		if every != "" {
			if e, err = ParseDuration(every); err != nil || e < 10*time.Minute {
				return settingErr(key, value, "a repeat interval of at least 10m, such as 1h,12h")
			}
		}
		g.First, g.Every = f, e
	case "deadline":
		if value == "off" {
			g.Deadline = 0
			return nil
		}
		d, err := ParseDuration(value)
		if err != nil || d < 10*time.Minute {
			return settingErr(key, value, "a duration of at least 10m such as 24h or 2d, or off")
		}
		g.Deadline = d
	case "bank":
		if value == "off" {
			g.Bank = Bank{}
			return nil
		}
		b, err := ParseBank(value)
		if err != nil {
			return settingErr(key, value, "initial+increment/cap such as 72h+12h/168h, or off")
		}
		g.Bank = b
	case "ontimeout":
		if !slices.Contains(Policies, Policy(value)) {
			return settingErr(key, value, "remind, default, ai or vote")
		}
		g.Policy = Policy(value)
	default:
		return fmt.Errorf("%w: unknown game setting %q (remind, deadline, bank, ontimeout)", ErrSetting, key)
	}
	return nil
}

func settingErr(key, value, want string) error {
	return fmt.Errorf("%w: %s=%q: want %s", ErrSetting, key, value, want)
}

// ParseDuration reads a duration as players type it: Go durations (90m, 1h30m)
// plus days (2d, 1d12h). Negative durations are refused.
func ParseDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	var days int
	if d, rest, ok := strings.Cut(s, "d"); ok {
		n, err := strconv.Atoi(d)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%w: duration %q", ErrSetting, s)
		}
		days, s = n, rest
	}
	var dur time.Duration
	if s != "" {
		var err error
		if dur, err = time.ParseDuration(s); err != nil || dur < 0 {
			return 0, fmt.Errorf("%w: duration %q", ErrSetting, s)
		}
	}
	return time.Duration(days)*24*time.Hour + dur, nil
}

// FormatDuration writes d compactly ("2d4h", "45m") for status lines.
func FormatDuration(d time.Duration) string {
	if d < 0 {
		return "-" + FormatDuration(-d)
	}
	d = d.Round(time.Minute)
	days, d := d/(24*time.Hour), d%(24*time.Hour)
	h, m := d/time.Hour, (d%time.Hour)/time.Minute
	var b strings.Builder
	if days > 0 {
		fmt.Fprintf(&b, "%dd", days)
	}
	if h > 0 {
		fmt.Fprintf(&b, "%dh", h)
	}
	if m > 0 || b.Len() == 0 {
		fmt.Fprintf(&b, "%dm", m)
	}
	return b.String()
}
