package storage

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// App and Schema identify a Formica database; they are stored in the meta
// bucket when the file is created and checked on every Open.
const (
	App    = "formica"
	Schema = 1
)

// Bucket names: the file layout described in doc.go.
const (
	bkMeta     = "meta"
	bkMatches  = "matches"   // MatchKey -> Match (lobby or active)
	bkFinished = "finished"  // match id -> Match (finished or aborted)
	bkStats    = "stats"     // match id -> Stats
	bkLogs     = "logs"      // match id -> bucket: seq -> LogEntry
	bkUsers    = "users"     // UserKey -> User
	bkDue      = "due"       // time+id -> Reminder
	bkDueID    = "due.id"    // id -> time+id
	bkDueMatch = "due.match" // match+seat+id -> nothing
	bkOutbox   = "outbox"    // id -> Message
	// Added within schema 1: init creates it in older files, and older
	// builds open files that have it (they check only the meta bucket).
	bkQuarantine = "quarantine" // seq -> Quarantined
	metaApp      = "app"
	metaSchema   = "schema"
	defaultWait  = time.Second
)

func bucketNames() []string {
	return []string{bkMatches, bkFinished, bkStats, bkLogs, bkUsers, bkDue, bkDueID, bkDueMatch, bkOutbox, bkQuarantine}
}

// Options tune Open. The zero value (or nil) is the production default.
type Options struct {
	// Timeout bounds the wait for a file locked by another process; then
	// Open fails with ErrLocked. Zero means one second.
	Timeout time.Duration
	// NoSync skips fsync: faster, but a power loss may lose acknowledged
	// answers. For tests only.
	NoSync bool
	// NoBatch commits every change in its own transaction (db.Update),
	// one fsync each, even when others are waiting. By default a change
	// that finds no commit in flight commits at once and changes that
	// arrive during a commit share the next one (group commit): a lone
	// game pays for one Update, many games share fsyncs. See BenchmarkSave.
	NoBatch bool
	// BoltBatch commits through bbolt's own db.Batch, which waits up to
	// MaxBatchDelay for company before every commit. It is kept as the
	// benchmarks' anchor; the default group commit beats it at every load.
	BoltBatch bool
	// SkipCheck skips the full page consistency check at Open (it reads
	// every page once; keep it on unless the file is very large).
	SkipCheck bool
	// MaxBatchSize bounds the changes in one transaction (default 1000);
	// MaxBatchDelay is bbolt's wait for company under BoltBatch (10ms).
	MaxBatchSize  int
	MaxBatchDelay time.Duration
	// ReadOnly opens an existing database for reading only, under a shared
	// lock: a missing file is an error (nothing is created), a read-only
	// file opens, and every write fails.
	ReadOnly bool
}

// DB is an open Formica database. It is safe for concurrent use.
type DB struct {
	bolt      *bolt.DB
	path      string
	noBatch   bool
	boltBatch bool
	group     group
}

// Open opens or creates the database at path. nil opts means defaults.
// A damaged or non-bbolt file fails with ErrCorrupt, another application's
// bbolt file with ErrForeign, an unknown schema with ErrSchema, a file held
// by another process with ErrLocked; Open never panics on a bad file.
func Open(path string, opts *Options) (*DB, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Timeout <= 0 {
		o.Timeout = defaultWait
	}
	bdb, err := openBolt(path, &o)
	if err != nil {
		return nil, err
	}
	if o.MaxBatchSize > 0 {
		bdb.MaxBatchSize = o.MaxBatchSize
	}
	if o.MaxBatchDelay > 0 {
		bdb.MaxBatchDelay = o.MaxBatchDelay
	}
	db := &DB{bolt: bdb, path: path, noBatch: o.NoBatch, boltBatch: o.BoltBatch}
	db.group = group{db: bdb, max: bdb.MaxBatchSize}
	if db.group.max <= 0 {
		db.group.max = 1000 // bbolt's default MaxBatchSize
	}
	if err := db.init(!o.SkipCheck, o.ReadOnly); err != nil {
		_ = bdb.Close()
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	}
	return db, nil
}

// openBolt opens the file, turning bbolt's panics and memory faults on
// damaged pages into ErrCorrupt and releasing the file when that happens.
func openBolt(path string, o *Options) (bdb *bolt.DB, err error) {
	var file *os.File
	bo := &bolt.Options{
		Timeout:      o.Timeout,
		NoSync:       o.NoSync,
		ReadOnly:     o.ReadOnly,
		FreelistType: bolt.FreelistMapType,
		OpenFile: func(name string, flag int, perm os.FileMode) (*os.File, error) {
			f, err := os.OpenFile(name, flag, perm)
			file = f
			return f, err
		},
	}
	err = guard(func() error {
		var err error
		bdb, err = bolt.Open(path, 0o600, bo)
		return err
	})
	switch {
	case err == nil:
		return bdb, nil
	case errors.Is(err, ErrCorrupt):
		// bbolt panicked halfway through Open and still holds the file
		// (and its lock); closing it is all we can do.
		if file != nil {
			_ = file.Close()
		}
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	case errors.Is(err, berrors.ErrTimeout):
		return nil, fmt.Errorf("%w: %s (waited %v; is another formica running?)", ErrLocked, path, o.Timeout)
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum), errors.Is(err, berrors.ErrVersionMismatch):
		return nil, fmt.Errorf("%w: %s is not a bbolt database or its meta pages are damaged: %v", ErrCorrupt, path, err)
	default:
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("storage: open %s: %w", path, err) // permissions, missing directory
		}
		return nil, fmt.Errorf("%w: %s: %v", ErrCorrupt, path, err) // bbolt's other checks of the file
	}
}

// init checks the file belongs to us (creating the layout in an empty file
// unless readOnly) and, when check is set, that every page is consistent.
func (db *DB) init(check, readOnly bool) error {
	info, err := os.Stat(db.path)
	if err != nil {
		return err
	}
	if check {
		// Before bbolt follows any page pointer: see verifyFile.
		if err := verifyFile(db.path); err != nil {
			return err
		}
	}
	fresh := false
	err = db.view(func(tx *bolt.Tx) error {
		if tx.Size() > info.Size() {
			return fmt.Errorf("%w: file is %d bytes but its pages need %d (truncated)", ErrCorrupt, info.Size(), tx.Size())
		}
		meta := tx.Bucket([]byte(bkMeta))
		if meta == nil {
			empty := true
			_ = tx.ForEach(func([]byte, *bolt.Bucket) error { empty = false; return nil })
			if !empty {
				return fmt.Errorf("%w: it has buckets but no %q meta bucket", ErrForeign, bkMeta)
			}
			fresh = true
			return nil
		}
		if app := string(meta.Get([]byte(metaApp))); app != App {
			return fmt.Errorf("%w: meta app is %q, not %q", ErrForeign, app, App)
		}
		v, err := strconv.Atoi(string(meta.Get([]byte(metaSchema))))
		if err != nil {
			return fmt.Errorf("%w: unreadable schema version %q", ErrSchema, meta.Get([]byte(metaSchema)))
		}
		if v != Schema {
			return fmt.Errorf("%w: file has schema %d, this build reads %d", ErrSchema, v, Schema)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if check {
		if err := db.check(); err != nil {
			return err
		}
	}
	if readOnly {
		if fresh {
			return fmt.Errorf("%w: the file is empty", ErrForeign)
		}
		return nil
	}
	// Create the layout (idempotent: buckets added by later versions of the
	// same schema appear here too).
	return guard(func() error {
		return db.bolt.Update(func(tx *bolt.Tx) error {
			meta, err := tx.CreateBucketIfNotExists([]byte(bkMeta))
			if err != nil {
				return err
			}
			if fresh {
				if err := meta.Put([]byte(metaApp), []byte(App)); err != nil {
					return err
				}
				if err := meta.Put([]byte(metaSchema), []byte(strconv.Itoa(Schema))); err != nil {
					return err
				}
			}
			for _, name := range bucketNames() {
				if _, err := tx.CreateBucketIfNotExists([]byte(name)); err != nil {
					return err
				}
			}
			return nil
		})
	})
}

// check runs bbolt's page consistency check.
func (db *DB) check() error {
	return db.view(func(tx *bolt.Tx) error {
		var errs []error
		for err := range tx.Check() {
			if len(errs) < 5 {
				errs = append(errs, err)
			}
		}
		if len(errs) > 0 {
			return fmt.Errorf("%w: consistency check: %w", ErrCorrupt, errors.Join(errs...))
		}
		return nil
	})
}

// Check verifies page consistency, that every match, outbox and reminder
// record decodes, and that the reminder indexes agree with the reminders.
// Tests call it on cleanup (storagetest); operators can run it on a copy.
func (db *DB) Check(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := db.check(); err != nil {
		return err
	}
	_, errs, err := db.Matches(ctx)
	if err != nil {
		return err
	}
	err = db.view(func(tx *bolt.Tx) error {
		errs = append(errs, checkQueues(tx)...)
		return nil
	})
	if err != nil {
		return err
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	return nil
}

// Path returns the file the DB was opened from.
func (db *DB) Path() string { return db.path }

// Close releases the file. Changes in flight finish first.
func (db *DB) Close() error {
	if err := db.bolt.Close(); err != nil {
		return fmt.Errorf("storage: close %s: %w", db.path, err)
	}
	return nil
}

// guard runs fn with memory faults (a page past the end of a truncated
// file) turned into panics, and bbolt's panics on damaged pages turned into
// ErrCorrupt, so a bad file never crashes the bot.
func guard(fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = corruptPanic(r)
		}
	}()
	return fn()
}

// corruptPanic is the error for a bbolt panic or memory fault.
func corruptPanic(r any) error {
	return fmt.Errorf("%w: bbolt failed reading it: %v", ErrCorrupt, r)
}

// view runs a read transaction under guard.
func (db *DB) view(fn func(*bolt.Tx) error) error {
	err := guard(func() error { return db.bolt.View(fn) })
	if errors.Is(err, berrors.ErrDatabaseNotOpen) {
		return ErrClosed
	}
	return err
}

// write runs fn in a write transaction that has committed when write
// returns nil. Grouped with others fn may run more than once (a group is
// rerun without a failing member), so fn must have no effect outside tx
// other than resetting and filling its own results.
func (db *DB) write(ctx context.Context, fn func(*bolt.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	body := func(tx *bolt.Tx) error {
		// A batch runs on bbolt's goroutine: fault protection is per goroutine.
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		return fn(tx)
	}
	var err error
	switch {
	case db.noBatch:
		err = guard(func() error { return db.bolt.Update(body) })
	case db.boltBatch:
		err = guard(func() error { return db.bolt.Batch(body) })
	default:
		err = db.group.run(fn)
	}
	if errors.Is(err, berrors.ErrDatabaseNotOpen) {
		return ErrClosed
	}
	return err
}

// bucket returns a top-level bucket that init guaranteed to exist.
func bucket(tx *bolt.Tx, name string) (*bolt.Bucket, error) {
	b := tx.Bucket([]byte(name))
	if b == nil {
		return nil, fmt.Errorf("%w: bucket %q is missing", ErrCorrupt, name)
	}
	return b, nil
}

// Writable checks that a write transaction commits: the file is open,
// not read-only and its lock is ours (for health checks).
func (db *DB) Writable(ctx context.Context) error {
	return db.write(ctx, func(*bolt.Tx) error { return nil })
}
