package storage_test

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"formica/engine"
	"formica/storage"
)

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func key(ch string) storage.MatchKey { return storage.MatchKey{Platform: "discord", Channel: ch} }

// newMatch is a started 3-seat match with a snapshot the size of a real one.
func newMatch(ch string) *storage.Match {
	return &storage.Match{
		Key:     key(ch),
		ID:      storage.NewID(),
		Setup:   engine.Setup{Game: "micropolis", Seats: 3, Seed: 42, Options: map[string]string{"b": "2", "a": "1"}},
		Creator: "u1",
		Players: []storage.Player{{User: "u1", Name: "Ann", Seat: 0}, {User: "u2", Name: "Bob", Seat: 1}, {User: "u3", Name: "Cyd", Seat: 2}},
		Status:  storage.StatusActive, CreatedAt: t0, UpdatedAt: t0,
		Settings: []byte(`{"deadline":"24h"}`),
		Snapshot: bytes.Repeat([]byte("s"), 2048),
		Hash:     "h0",
	}
}

// answer advances m by one answer and returns the change that stores it,
// as the bot's hot path does: log entry, reminder for the next seat,
// message to the channel.
func answer(m *storage.Match) storage.Change {
	m.Seq++
	seat := engine.Seat((m.Seq - 1) % 3)
	at := t0.Add(time.Duration(m.Seq) * time.Minute)
	m.UpdatedAt = at
	m.Hash = fmt.Sprintf("h%d", m.Seq)
	return storage.Change{
		Match:  m,
		Log:    []storage.LogEntry{{Seq: m.Seq, Seat: seat, Path: engine.Path{"take", "3"}, User: "u1", At: at}},
		Cancel: []engine.Seat{seat},
		Remind: []storage.Reminder{{At: at.Add(time.Hour), Kind: "remind", Seat: (seat + 1) % 3}},
		Outbox: []storage.Message{{Platform: "discord", To: m.Key.Channel, Match: m.Key, Kind: "board", Payload: []byte(`{"turn":1}`), At: at}},
	}
}

var ctx = context.Background()
