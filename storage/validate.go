package storage

import (
	"encoding/json"
	"time"
)

// The checks every Store implementation makes before writing, exported so
// another back-end (storage/postgres) rejects exactly what this one does,
// with the same errors (ErrInvalid).

// Validate checks the key names a platform and a channel.
func (k MatchKey) Validate() error { return k.validate() }

// Validate checks the key names a platform and a user.
func (k UserKey) Validate() error { return k.validate() }

// Validate checks the record can be stored: key, id, status, settings.
func (m *Match) Validate() error { return m.validate() }

// ValidTime reports whether t can be stored as a time: not zero, and within
// the years a time index can order (1678-2261).
func ValidTime(t time.Time) bool { return validTime(t) }

// Validate checks the user can be stored: key, quiet hours, prefs.
func (u User) Validate() error {
	if err := u.Key().validate(); err != nil {
		return err
	}
	if u.QuietFrom < 0 || u.QuietFrom >= 24*60 || u.QuietTo < 0 || u.QuietTo >= 24*60 {
		return invalid("user %s quiet hours %d-%d are not minutes of a day (0..1439)", u.Key(), u.QuietFrom, u.QuietTo)
	}
	if len(u.Prefs) > 0 && !json.Valid(u.Prefs) {
		return invalid("user %s prefs are not valid JSON", u.Key())
	}
	return nil
}

// Validate checks the reminder has a time and a match.
func (r Reminder) Validate() error {
	if !validTime(r.At) {
		return invalid("reminder %q for %s has no valid time (%v)", r.Kind, r.Match, r.At)
	}
	return r.Match.validate()
}

// Validate checks the message names a platform and a recipient.
func (m Message) Validate() error {
	if m.Platform == "" || m.To == "" {
		return invalid("message %q has no platform or recipient", m.Kind)
	}
	return nil
}
