package storage

import (
	"context"
	"encoding/json"
	"time"

	bolt "go.etcd.io/bbolt"
)

// User is what the bot remembers about a player on one platform.
type User struct {
	Platform string `json:"platform"`
	ID       string `json:"id"`
	Name     string `json:"name,omitempty"`
	Lang     string `json:"lang,omitempty"` // "en", "ru", "uk", "pl"
	DM       bool   `json:"dm"`             // reminders by private message on/off
	TZ       string `json:"tz,omitempty"`   // IANA zone, e.g. "Europe/Warsaw"
	// QuietFrom and QuietTo are minutes after local midnight (0..1439)
	// between which no reminder is sent; equal values mean no quiet hours.
	QuietFrom     int       `json:"quiet_from,omitempty"`
	QuietTo       int       `json:"quiet_to,omitempty"`
	VacationUntil time.Time `json:"vacation_until,omitzero"`
	// PrivateChat is the Telegram chat id of the private chat with the bot,
	// empty until the user has started it.
	PrivateChat string          `json:"private_chat,omitempty"`
	Prefs       json.RawMessage `json:"prefs,omitempty"` // the bot's own, opaque here
}

// Key returns the user's key.
func (u User) Key() UserKey { return UserKey{Platform: u.Platform, ID: u.ID} }

// User returns a stored user or ErrNotFound.
func (db *DB) User(ctx context.Context, key UserKey) (User, error) {
	var u User
	if err := key.validate(); err != nil {
		return u, err
	}
	err := db.get(ctx, bkUsers, []byte(key.String()), &u)
	return u, err
}

// PutUser stores u, replacing any previous record.
func (db *DB) PutUser(ctx context.Context, u User) error {
	if err := u.Validate(); err != nil {
		return err
	}
	return db.write(ctx, func(tx *bolt.Tx) error {
		b, err := bucket(tx, bkUsers)
		if err != nil {
			return err
		}
		return putJSON(b, []byte(u.Key().String()), u)
	})
}
