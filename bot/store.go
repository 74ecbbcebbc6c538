package bot

import (
	"context"
	"time"

	"formica/storage"
)

// Store is what the service needs from its database. *storage.DB (bbolt)
// satisfies it; the interface lives here, with its consumer, so another
// implementation can stand in without touching the service.
type Store interface {
	// Match returns the lobby or active match in a channel, or an error
	// wrapping storage.ErrNotFound.
	Match(ctx context.Context, key storage.MatchKey) (*storage.Match, error)
	// FinishedMatch returns an ended match by id.
	FinishedMatch(ctx context.Context, id string) (*storage.Match, error)
	// Log returns a match's answers in order.
	Log(ctx context.Context, matchID string) ([]storage.LogEntry, error)
	// Save writes one change (match, log, reminders, outbox) in one
	// transaction and returns after it committed.
	Save(ctx context.Context, c storage.Change) (storage.Receipt, error)
	// Enqueue queues messages outside a change.
	Enqueue(ctx context.Context, msgs ...storage.Message) ([]storage.MessageID, error)
	// Pending lists queued messages, oldest first; Ack removes sent ones.
	Pending(ctx context.Context, limit int) ([]storage.Message, error)
	Ack(ctx context.Context, ids ...storage.MessageID) error
	// User and PutUser keep per-user settings (language, DM reminders,
	// time zone, quiet hours, vacation).
	User(ctx context.Context, key storage.UserKey) (storage.User, error)
	PutUser(ctx context.Context, u storage.User) error
	// The time-ordered index of reminders and deadlines (schedule.Store):
	// entries are written with Save (Change.Remind, Cancel) and fired by
	// the scheduler, which deletes each once handled.
	Due(ctx context.Context, now time.Time) ([]storage.Reminder, error)
	Peek(ctx context.Context) (storage.Reminder, bool, error)
	PutReminder(ctx context.Context, r storage.Reminder) (storage.ReminderID, error)
	DeleteReminder(ctx context.Context, id storage.ReminderID) error
	// Matches lists every lobby and active match (errs: records that do
	// not decode).
	Matches(ctx context.Context) (ms []*storage.Match, errs []error, err error)
	// AllStats lists the results of every ended match (`stats`,
	// `leaderboard`).
	AllStats(ctx context.Context) (all []storage.Stats, errs []error, err error)
	// Move moves a channel's match and its reminders to another channel
	// (a Telegram group upgraded to a supergroup).
	Move(ctx context.Context, from, to storage.MatchKey) error
}

// MatchLocker is implemented by a store that several bot processes share
// (storage/postgres): Lock holds key's ("platform:channel") lock across
// processes until unlock, so a command or a reminder of one match runs in
// one process at a time. The service takes it inside its own per-match
// lock; Save's conflict check (storage.ErrConflict) still guards the rest.
type MatchLocker interface {
	Lock(ctx context.Context, key string) (unlock func(), err error)
}

var _ Store = (*storage.DB)(nil)
