package schedule

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"formica/storage"
)

// Store is the part of storage the runner needs: the time-ordered index.
type Store interface {
	Due(ctx context.Context, now time.Time) ([]storage.Reminder, error)
	Peek(ctx context.Context) (storage.Reminder, bool, error)
	PutReminder(ctx context.Context, r storage.Reminder) (storage.ReminderID, error)
	DeleteReminder(ctx context.Context, id storage.ReminderID) error
}

// Runner fires due reminders and deadlines. An entry is deleted only after
// Fire returned nil, so one that came due while the bot was down fires at
// start-up; Fire must check, under the match's lock, that the entry still
// applies (the prompt may have been answered a moment before).
type Runner struct {
	Store Store
	Fire  func(ctx context.Context, r storage.Reminder) error
	Now   func() time.Time
	Log   *slog.Logger
	// Retry is how long a failed entry waits before it fires again.
	Retry time.Duration
	// MaxWait bounds one sleep, so a clock jump is noticed.
	MaxWait time.Duration

	once sync.Once
	wake chan struct{}
}

// Wake tells a running Run that an earlier entry may have been scheduled.
func (r *Runner) Wake() {
	select {
	case r.wakeCh() <- struct{}{}:
	default:
	}
}

func (r *Runner) wakeCh() chan struct{} {
	r.once.Do(func() { r.wake = make(chan struct{}, 1) })
	return r.wake
}

// Tick fires every entry due at Now and reports how many fired.
func (r *Runner) Tick(ctx context.Context) (int, error) {
	due, err := r.Store.Due(ctx, r.Now())
	if err != nil {
		return 0, err
	}
	fired := 0
	for _, e := range due {
		if err := r.Fire(ctx, e); err != nil {
			if ctx.Err() != nil {
				return fired, ctx.Err()
			}
			r.logger().Warn("reminder failed; will retry", "kind", e.Kind, "match", e.Match.String(), "err", err)
			e.At = r.Now().Add(r.retry())
			if _, err := r.Store.PutReminder(ctx, e); err != nil {
				return fired, err
			}
			continue
		}
		if err := r.Store.DeleteReminder(ctx, e.ID); err != nil {
			return fired, err
		}
		fired++
	}
	return fired, nil
}

// Run fires entries as they come due until ctx is cancelled.
func (r *Runner) Run(ctx context.Context) error {
	wake := r.wakeCh()
	for {
		if _, err := r.Tick(ctx); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			r.logger().Error("scheduler tick", "err", err)
		}
		wait := r.maxWait()
		if next, ok, err := r.Store.Peek(ctx); err == nil && ok {
			wait = min(wait, max(next.At.Sub(r.Now()), 0))
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-wake:
			t.Stop()
		case <-t.C:
		}
	}
}

func (r *Runner) retry() time.Duration {
	if r.Retry > 0 {
		return r.Retry
	}
	return time.Minute
}

func (r *Runner) maxWait() time.Duration {
	if r.MaxWait > 0 {
		return r.MaxWait
	}
	return time.Minute
}

func (r *Runner) logger() *slog.Logger {
	if r.Log != nil {
		return r.Log
	}
	return slog.Default()
}
