package storage

import (
	"cmp"
	"context"
	"encoding/binary"
	"encoding/json"
	"slices"

	bolt "go.etcd.io/bbolt"
)

// Dump is every record of a database, for copying it to another store
// (formica migrate) and checking the copy. Slices are in key order: matches
// by channel, finished matches and stats by id, users by key, reminders by
// id, messages by id.
type Dump struct {
	Matches   []*Match              `json:"matches"`
	Finished  []*Match              `json:"finished"`
	Stats     []Stats               `json:"stats"`
	Logs      map[string][]LogEntry `json:"logs"` // by match id; empty logs left out
	Users     []User                `json:"users"`
	Reminders []Reminder            `json:"reminders"`
	Outbox    []Message             `json:"outbox"`
}

// Sort puts every slice in the order Dump documents, so two dumps of equal
// content are equal.
func (d *Dump) Sort() {
	slices.SortFunc(d.Matches, func(a, b *Match) int { return cmp.Compare(a.Key.String(), b.Key.String()) })
	slices.SortFunc(d.Finished, func(a, b *Match) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortFunc(d.Stats, func(a, b Stats) int { return cmp.Compare(a.MatchID, b.MatchID) })
	slices.SortFunc(d.Users, func(a, b User) int { return cmp.Compare(a.Key().String(), b.Key().String()) })
	slices.SortFunc(d.Reminders, func(a, b Reminder) int { return cmp.Compare(a.ID, b.ID) })
	slices.SortFunc(d.Outbox, func(a, b Message) int { return cmp.Compare(a.ID, b.ID) })
}

// Counts is how many records of each kind the dump holds.
func (d *Dump) Counts() map[string]int {
	n := 0
	for _, l := range d.Logs {
		n += len(l)
	}
	return map[string]int{"matches": len(d.Matches), "finished": len(d.Finished), "stats": len(d.Stats),
		"answers": n, "users": len(d.Users), "reminders": len(d.Reminders), "outbox": len(d.Outbox)}
}

// Dump reads every record in one read transaction. A record that does not
// decode fails the dump, naming it: a copy must be whole.
func (db *DB) Dump(ctx context.Context) (*Dump, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	d := &Dump{Logs: map[string][]LogEntry{}}
	err := db.view(func(tx *bolt.Tx) error {
		each := func(name string, fn func(k, v []byte) error) error {
			b, err := bucket(tx, name)
			if err != nil {
				return err
			}
			return b.ForEach(func(k, v []byte) error {
				if v == nil {
					return nil // a nested bucket
				}
				return fn(k, v)
			})
		}
		err := each(bkMatches, func(k, v []byte) error {
			m, err := decodeMatch(k, v)
			d.Matches = append(d.Matches, m)
			return err
		})
		if err == nil {
			err = each(bkFinished, func(k, v []byte) error {
				var m Match
				d.Finished = append(d.Finished, &m)
				return decodeRecord(bkFinished, k, v, &m)
			})
		}
		if err == nil {
			err = each(bkStats, func(k, v []byte) error {
				var s Stats
				err := decodeRecord(bkStats, k, v, &s)
				d.Stats = append(d.Stats, s)
				return err
			})
		}
		if err == nil {
			err = each(bkUsers, func(k, v []byte) error {
				var u User
				err := decodeRecord(bkUsers, k, v, &u)
				d.Users = append(d.Users, u)
				return err
			})
		}
		if err == nil {
			err = each(bkDue, func(k, v []byte) error {
				r, err := decodeReminder(k, v)
				d.Reminders = append(d.Reminders, r)
				return err
			})
		}
		if err == nil {
			err = each(bkOutbox, func(k, v []byte) error {
				m, err := decodeMessage(k, v)
				d.Outbox = append(d.Outbox, m)
				return err
			})
		}
		if err != nil {
			return err
		}
		logs, err := bucket(tx, bkLogs)
		if err != nil {
			return err
		}
		return logs.ForEachBucket(func(id []byte) error {
			entries := []LogEntry{}
			err := logs.Bucket(id).ForEach(func(k, v []byte) error {
				var e LogEntry
				if err := decodeJSON(v, &e); err != nil {
					return &RecordError{Bucket: bkLogs, Key: string(id) + "/" + formatID(k), Err: err}
				}
				if len(k) != 8 || binary.BigEndian.Uint64(k) != e.Seq {
					return &RecordError{Bucket: bkLogs, Key: string(id) + "/" + formatID(k), Err: errSeqKey}
				}
				entries = append(entries, e)
				return nil
			})
			if len(entries) > 0 { // a lobby's empty log is no record
				d.Logs[string(id)] = entries
			}
			return err
		})
	})
	if err != nil {
		return nil, err
	}
	d.Sort()
	return d, nil
}

var errSeqKey = jsonError("entry's seq is not its key")

type jsonError string

func (e jsonError) Error() string { return string(e) }

func decodeRecord(bk string, k, v []byte, into any) error {
	if err := json.Unmarshal(v, into); err != nil {
		return &RecordError{Bucket: bk, Key: string(k), Err: err}
	}
	return nil
}
