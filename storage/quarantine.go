package storage

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Quarantined is a record that failed to decode and was moved out of its
// bucket so the records after it keep flowing: Pending, Due, Peek and
// NextAfter skip such a record and move it here instead of failing. Its raw
// bytes are kept for repair.
type Quarantined struct {
	Bucket string    `json:"bucket"`          // where it was: "outbox", "due"
	Key    string    `json:"key"`             // its raw key in hex
	Err    string    `json:"error"`           // why it did not decode
	At     time.Time `json:"at"`              // when it was moved
	Value  []byte    `json:"value,omitempty"` // its raw bytes (none for a nested bucket)
}

// Quarantined lists the records moved aside so far, oldest first. Operators
// (and health checks) read it: a non-empty list means messages or reminders
// were lost to damaged records. A quarantine record that itself does not
// decode is listed with Bucket "quarantine" and the reason in Err.
func (db *DB) Quarantined(ctx context.Context) ([]Quarantined, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var qs []Quarantined
	err := db.view(func(tx *bolt.Tx) error {
		qs = nil
		b, err := bucket(tx, bkQuarantine)
		if err != nil {
			return err
		}
		return b.ForEach(func(k, v []byte) error {
			var q Quarantined
			if err := decodeJSON(v, &q); err != nil {
				q = Quarantined{Bucket: bkQuarantine, Key: hex.EncodeToString(k), Err: err.Error(), Value: bytes.Clone(v)}
			}
			qs = append(qs, q)
			return nil
		})
	})
	return qs, err
}

// badRecord is a record a read found undecodable, copied out of the read
// transaction (bbolt's slices die with it).
type badRecord struct {
	key, value []byte
	nested     bool // a bucket where a record belongs
	err        error
}

func newBad(k, v []byte, err error) badRecord {
	return badRecord{key: bytes.Clone(k), value: bytes.Clone(v), nested: v == nil, err: err}
}

// quarantineAll moves the bad records a read found out of bucket from, in
// one write. Reads stay read-only (and cheap) until they meet a bad record.
func (db *DB) quarantineAll(ctx context.Context, from string, bad []badRecord) error {
	if len(bad) == 0 {
		return nil
	}
	at := time.Now().UTC()
	err := db.write(ctx, func(tx *bolt.Tx) error {
		for _, r := range bad {
			if err := quarantine(tx, from, r, at); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("storage: moving %d undecodable %s records to %s: %w (the records returned are valid)", len(bad), from, bkQuarantine, err)
	}
	return nil
}

// quarantine moves one record unless it changed since it was read (a
// concurrent Ack or delete, or a batch retry that already moved it). A
// reminder also leaves the due.id and due.match indexes.
func quarantine(tx *bolt.Tx, from string, r badRecord, at time.Time) error {
	src, err := bucket(tx, from)
	if err != nil {
		return err
	}
	q, err := bucket(tx, bkQuarantine)
	if err != nil {
		return err
	}
	if r.nested {
		if src.Bucket(r.key) == nil {
			return nil
		}
	} else if cur := src.Get(r.key); cur == nil || !bytes.Equal(cur, r.value) {
		return nil
	}
	n, err := q.NextSequence()
	if err != nil {
		return err
	}
	rec := Quarantined{Bucket: from, Key: hex.EncodeToString(r.key), Err: r.err.Error(), At: at, Value: r.value}
	if err := putJSON(q, u64(n), rec); err != nil {
		return err
	}
	if r.nested {
		err = src.DeleteBucket(r.key)
	} else {
		err = src.Delete(r.key)
	}
	if err != nil {
		return err
	}
	if from == bkDue {
		return unindexReminder(tx, r.key)
	}
	return nil
}

// errNested is the decoding error of a nested bucket found among records.
var errNested = errors.New("a nested bucket where a record belongs")

// decodeJSON decodes one record value; a nil value is a nested bucket.
func decodeJSON(v []byte, into any) error {
	if v == nil {
		return errNested
	}
	return json.Unmarshal(v, into)
}
