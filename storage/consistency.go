package storage

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// maxCheckErrs bounds the report of a badly damaged file.
const maxCheckErrs = 10

// checkQueues reports outbox and due records that do not decode (reads
// would quarantine them) and reminder index entries that disagree with the
// due bucket: due.id and due.match must name exactly the due records.
func checkQueues(tx *bolt.Tx) []error {
	var errs []error
	report := func(err error) error {
		errs = append(errs, err)
		if len(errs) >= maxCheckErrs {
			return errStopCheck
		}
		return nil
	}
	outbox, err := bucket(tx, bkOutbox)
	if err != nil {
		return []error{err}
	}
	due, err := bucket(tx, bkDue)
	if err != nil {
		return []error{err}
	}
	byID, err := bucket(tx, bkDueID)
	if err != nil {
		return []error{err}
	}
	byMatch, err := bucket(tx, bkDueMatch)
	if err != nil {
		return []error{err}
	}
	err = outbox.ForEach(func(k, v []byte) error {
		if _, err := decodeMessage(k, v); err != nil {
			return report(err)
		}
		return nil
	})
	if err == nil {
		err = due.ForEach(func(k, v []byte) error {
			r, err := decodeReminder(k, v)
			if err != nil {
				return report(err)
			}
			if !bytes.Equal(byID.Get(u64(uint64(r.ID))), k) {
				return report(fmt.Errorf("%w: reminder %d is missing from %s", ErrCorrupt, r.ID, bkDueID))
			}
			if !hasKey(byMatch, matchSeatKey(r.Match, r.Seat, uint64(r.ID))) {
				return report(fmt.Errorf("%w: reminder %d (%s seat %d) is missing from %s", ErrCorrupt, r.ID, r.Match, r.Seat, bkDueMatch))
			}
			return nil
		})
	}
	if err == nil {
		err = byID.ForEach(func(k, v []byte) error {
			if v == nil || due.Get(v) == nil {
				return report(fmt.Errorf("%w: %s entry %s names no reminder", ErrCorrupt, bkDueID, formatID(k)))
			}
			return nil
		})
	}
	if err == nil {
		err = byMatch.ForEach(func(k, _ []byte) error {
			if len(k) < 8 {
				return report(fmt.Errorf("%w: %s key %s is too short", ErrCorrupt, bkDueMatch, hex.EncodeToString(k)))
			}
			tk := byID.Get(k[len(k)-8:])
			if tk == nil {
				return report(fmt.Errorf("%w: %s entry %s names no reminder", ErrCorrupt, bkDueMatch, hex.EncodeToString(k)))
			}
			if r, err := decodeReminder(tk, due.Get(tk)); err == nil && !bytes.Equal(matchSeatKey(r.Match, r.Seat, uint64(r.ID)), k) {
				return report(fmt.Errorf("%w: %s entry %s does not match reminder %d (%s seat %d)", ErrCorrupt, bkDueMatch, hex.EncodeToString(k), r.ID, r.Match, r.Seat))
			}
			return nil
		})
	}
	if err != nil && !errors.Is(err, errStopCheck) {
		errs = append(errs, err)
	}
	return errs
}

// errStopCheck ends a check walk once enough errors are reported.
var errStopCheck = errors.New("storage: check stopped after too many problems")

// hasKey reports whether b holds k; unlike Get it is not fooled by the
// empty values of an index.
func hasKey(b *bolt.Bucket, k []byte) bool {
	got, _ := b.Cursor().Seek(k)
	return bytes.Equal(got, k)
}
