package storage

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
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
// first. A sender delivers them in order and Acks each once sent. A record
// that does not decode is skipped and moved to the quarantine (see
// Quarantined), so one damaged message never stops delivery; err is for
// failures of the whole read (or of that move: the messages returned are
// still valid then).
func (db *DB) Pending(ctx context.Context, limit int) ([]Message, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var ms []Message
	var bad []badRecord
	err := db.view(func(tx *bolt.Tx) error {
		ms, bad = nil, nil
		b, err := bucket(tx, bkOutbox)
		if err != nil {
			return err
		}
		c := b.Cursor()
		for k, v := c.First(); k != nil && (limit <= 0 || len(ms) < limit); k, v = c.Next() {
			m, err := decodeMessage(k, v)
			if err != nil {
				bad = append(bad, newBad(k, v, err))
				continue
			}
			ms = append(ms, m)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ms, db.quarantineAll(ctx, bkOutbox, bad)
}

// decodeMessage decodes an outbox record and checks it is one Ack can
// remove: a record whose id is not its key would be delivered forever.
func decodeMessage(k, v []byte) (Message, error) {
	var m Message
	err := decodeJSON(v, &m)
	switch {
	case err != nil:
	case len(k) != 8 || uint64(m.ID) != binary.BigEndian.Uint64(k):
		err = fmt.Errorf("record has id %d but its key is %s", m.ID, formatID(k))
	case m.Platform == "" || m.To == "":
		err = errors.New("record has no platform or recipient")
	}
	if err != nil {
		return m, &RecordError{Bucket: bkOutbox, Key: formatID(k), Err: err}
	}
	return m, nil
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
		if err := m.Validate(); err != nil {
			return nil, err
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

// formatID shows an 8-byte sequence key as its number.
func formatID(k []byte) string {
	if len(k) != 8 {
		return "0x" + hex.EncodeToString(k) // not one of our keys
	}
	return strconv.FormatUint(binary.BigEndian.Uint64(k), 10)
}

// QueueDepth counts the queued messages by platform (metrics, shutdown).
func (db *DB) QueueDepth(ctx context.Context) (map[string]int, error) {
	msgs, err := db.Pending(ctx, 0)
	if err != nil {
		return nil, err
	}
	n := map[string]int{}
	for _, m := range msgs {
		n[m.Platform]++
	}
	return n, nil
}
