package schedule

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Player holds one player's reminder preferences.
type Player struct {
	DM bool // reminders by private message at all
	// Zone is the player's time zone; nil means UTC.
	Zone *time.Location
	// QuietFrom and QuietTo are minutes after local midnight; no reminder is
	// sent from QuietFrom up to QuietTo (wrapping past midnight). Equal values
	// mean no quiet hours.
	QuietFrom, QuietTo int
	// VacationUntil pauses the player's deadlines and reminders until then.
	VacationUntil time.Time
}

// Quiet reports whether t falls inside the player's quiet hours.
func (p Player) Quiet(t time.Time) bool {
	if p.QuietFrom == p.QuietTo {
		return false
	}
	lt := t.In(p.zone())
	m := lt.Hour()*60 + lt.Minute()
	if p.QuietFrom < p.QuietTo {
		return m >= p.QuietFrom && m < p.QuietTo
	}
	return m >= p.QuietFrom || m < p.QuietTo
}

// Deliverable returns the earliest time at or after t when a reminder may be
// sent: after a vacation and outside quiet hours.
func (p Player) Deliverable(t time.Time) time.Time {
	if t.Before(p.VacationUntil) {
		t = p.VacationUntil
	}
	if !p.Quiet(t) {
		return t
	}
	lt := t.In(p.zone())
	end := time.Date(lt.Year(), lt.Month(), lt.Day(), p.QuietTo/60, p.QuietTo%60, 0, 0, p.zone())
	if !end.After(lt) {
		end = end.AddDate(0, 0, 1)
	}
	return end
}

// OnVacation reports whether the player's deadlines are paused at t.
func (p Player) OnVacation(t time.Time) bool { return t.Before(p.VacationUntil) }

func (p Player) zone() *time.Location {
	if p.Zone == nil {
		return time.UTC
	}
	return p.Zone
}

// Languages are the languages a player may choose; the bot passes the
// languages its catalogs ship.
type Languages []string

// ParseLang checks a language code against the shipped catalogs.
func (ls Languages) ParseLang(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if !slices.Contains(ls, s) {
		return "", fmt.Errorf("%w: lang=%q: want one of %s", ErrSetting, s, strings.Join(ls, ", "))
	}
	return s, nil
}

// ParseZone reads an IANA time zone name ("Europe/Kyiv") or "UTC".
func ParseZone(s string) (*time.Location, error) {
	s = strings.TrimSpace(s)
	if s == "" || strings.EqualFold(s, "utc") {
		return time.UTC, nil
	}
	loc, err := time.LoadLocation(s)
	if err != nil {
		return nil, fmt.Errorf("%w: tz=%q is not a known time zone (use a name like Europe/Kyiv)", ErrSetting, s)
	}
	return loc, nil
}

// ParseQuiet reads quiet hours "23:00-08:00" (or "off") as minutes after midnight.
func ParseQuiet(s string) (from, to int, err error) {
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "off" {
		return 0, 0, nil
	}
	a, b, ok := strings.Cut(s, "-")
	if ok {
		if from, err = clock(a); err == nil {
			to, err = clock(b)
		}
	}
	if !ok || err != nil {
		return 0, 0, fmt.Errorf("%w: quiet=%q: want HH:MM-HH:MM such as 23:00-08:00, or off", ErrSetting, s)
	}
	return from, to, nil
}

func clock(s string) (int, error) {
	h, m, _ := strings.Cut(strings.TrimSpace(s), ":")
	hh, err1 := strconv.Atoi(h)
	mm := 0
	var err2 error
	if m != "" {
		mm, err2 = strconv.Atoi(m)
	}
	if err1 != nil || err2 != nil || hh < 0 || hh > 23 || mm < 0 || mm > 59 {
		return 0, ErrSetting
	}
	return hh*60 + mm, nil
}

// ParseVacation reads "2026-12-24" (until the end of that day in zone) or "off".
func ParseVacation(s string, zone *time.Location, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "off" || s == "" {
		return time.Time{}, nil
	}
	if zone == nil {
		zone = time.UTC
	}
	d, err := time.ParseInLocation("2006-01-02", s, zone)
	if err != nil {
		return time.Time{}, fmt.Errorf("%w: vacation=%q: want a date YYYY-MM-DD, or off", ErrSetting, s)
	}
	until := d.AddDate(0, 0, 1)
	if !until.After(now) {
		return time.Time{}, fmt.Errorf("%w: vacation=%q is in the past", ErrSetting, s)
	}
	if until.Sub(now) > 60*24*time.Hour {
		return time.Time{}, fmt.Errorf("%w: vacation=%q: at most 60 days ahead", ErrSetting, s)
	}
	return until, nil
}
