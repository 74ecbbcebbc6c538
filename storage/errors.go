package storage

import (
	"errors"
	"fmt"
)

// Errors callers branch on with errors.Is. Every error returned by this
// package wraps one of them or an error of the operating system.
var (
	// ErrNotFound: no record under that key.
	ErrNotFound = errors.New("storage: not found")
	// ErrCorrupt: the file is not a bbolt database, or is damaged (bad meta
	// page checksum, truncated, inconsistent pages). Restore a backup; the
	// file is left untouched.
	ErrCorrupt = errors.New("storage: database file is corrupt")
	// ErrForeign: the file is a valid bbolt database written by another
	// application. Check the configured path.
	ErrForeign = errors.New("storage: database file belongs to another application")
	// ErrSchema: the file was written with a schema version this build cannot
	// read. Upgrade Formica (newer file) or migrate it (older file).
	ErrSchema = errors.New("storage: unsupported schema version")
	// ErrLocked: another process holds the database open; it was not released
	// within Options.Timeout.
	ErrLocked = errors.New("storage: database file is locked by another process")
	// ErrClosed: the DB was closed.
	ErrClosed = errors.New("storage: database is closed")
	// ErrConflict: a change does not follow the stored state (stale log
	// sequence, another match in the channel, a finished match written
	// again). Reload and retry.
	ErrConflict = errors.New("storage: conflicting change")
	// ErrInvalid: a record or argument is malformed (empty key, zero time,
	// bad status). Nothing was written.
	ErrInvalid = errors.New("storage: invalid argument")
	// ErrDecode: one stored record could not be decoded. It is reported as a
	// *RecordError naming the record; the others are unaffected.
	ErrDecode = errors.New("storage: undecodable record")
)

// RecordError reports one stored record that failed to decode.
type RecordError struct {
	Bucket string // bucket name, e.g. "matches"
	Key    string // the record's key in readable form
	Err    error  // the decoding error
}

func (e *RecordError) Error() string {
	return fmt.Sprintf("storage: %s record %q cannot be decoded: %v (repair or delete that record; others are unaffected)", e.Bucket, e.Key, e.Err)
}

// Unwrap makes errors.Is(err, ErrDecode) true and exposes the cause.
func (e *RecordError) Unwrap() []error { return []error{ErrDecode, e.Err} }

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, args...)...)
}
