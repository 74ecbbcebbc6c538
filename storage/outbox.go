package storage

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"
)

// MessageID identifies a queued message; ids grow in commit order.
type MessageID uint64

// Message is an outbound chat message queued in the same transaction as the
// change it reports, so an acknowledged answer's messages survive a failed
// send or a crash. The bot owns To and Payload (a rendered reply spec).
type Message struct {
	ID       MessageID `json:"id"`
	Platform string    `json:"platform"`
	To       string    `json:"to"` // channel or private chat id on Platform
	Match    MatchKey  `json:"match,omitzero"`
	Kind     string    `json:"kind,omitempty"`
	Payload  []byte    `json:"payload,omitempty"`
	At       time.Time `json:"at"`
}

// Enqueue queues messages outside a Save (lobby notices, reminders sent).
func (db *DB) Enqueue(ctx context.Context, msgs ...Message) ([]MessageID, error) {
	var ids []MessageID
	err := db.write(ctx, func(tx *bolt.Tx) error {
		var err error
		ids, err = enqueue(tx, msgs)
		return err
	})
	return ids, err
}

// Pending returns up to limit queued messages (limit <= 0: all), oldest
// first. A sender delivers them in order and Acks each once sent.
func (db *DB) Pending(ctx context.Context, limit int) ([]Message, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var ms []Message
	err := db.view(func(tx *bolt.Tx) error {
		ms = nil
		b, err := bucket(tx, bkOutbox)
		if err != nil {
			return err
		}
		c := b.Cursor()
		for k, v := c.First(); k != nil && (limit <= 0 || len(ms) < limit); k, v = c.Next() {
			var m Message
			if err := json.Unmarshal(v, &m); err != nil {
				// The id is in the key: report it so the sender can Ack (drop) it.
				return &RecordError{Bucket: bkOutbox, Key: formatID(k), Err: err}
			}
			ms = append(ms, m)
		}
		return nil
	})
	return ms, err
}

// Ack removes sent messages. Acking a missing id is not an error.
func (db *DB) Ack(ctx context.Context, ids ...MessageID) error {
	return db.write(ctx, func(tx *bolt.Tx) error {
		b, err := bucket(tx, bkOutbox)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := b.Delete(u64(uint64(id))); err != nil {
				return err
			}
		}
		return nil
	})
}

func enqueue(tx *bolt.Tx, msgs []Message) ([]MessageID, error) {
	if len(msgs) == 0 {
		return nil, nil
	}
	b, err := bucket(tx, bkOutbox)
	if err != nil {
		return nil, err
	}
	ids := make([]MessageID, 0, len(msgs))
	for _, m := range msgs {
		if m.Platform == "" || m.To == "" {
			return nil, invalid("message %q has no platform or recipient", m.Kind)
		}
		n, err := b.NextSequence()
		if err != nil {
			return nil, err
		}
		m.ID = MessageID(n)
		if err := putJSON(b, u64(n), m); err != nil {
			return nil, err
		}
		ids = append(ids, m.ID)
	}
	return ids, nil
}

func formatID(k []byte) string {
	if len(k) != 8 {
		return string(k)
	}
	return strconv.FormatUint(binary.BigEndian.Uint64(k), 10)
}
