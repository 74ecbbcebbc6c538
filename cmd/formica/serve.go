package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// adapter is one chat platform the server can run.
type adapter struct {
	name string
	// start builds the adapter (attaching its Sender to the service) and
	// returns its Run; it is called only when the platform is configured.
	enabled func(m *Main) bool
	start   func(ctx context.Context, m *Main) (run func(context.Context) error, err error)
}

// serve runs every configured adapter and the service's Run (outbox
// delivery and the reminder/deadline scheduler) until ctx is cancelled or
// one of them fails.
func (m *Main) serve(ctx context.Context, args []string) error {
	fs := m.newFlags("serve", "[--db path]", false)
	db := fs.String("db", "", "database file (default $FORMICA_DB or formica.db)")
	if _, err := m.parse(fs, args); err != nil {
		return err
	}
	if err := m.open(*db, nil); err != nil {
		return err
	}
	var runs []func(context.Context) error
	for _, a := range platformAdapters() {
		if !a.enabled(m) {
			continue
		}
		run, err := a.start(ctx, m)
		if err != nil {
			return fmt.Errorf("%s: %w", a.name, err)
		}
		m.log.Info("adapter started", "platform", a.name)
		runs = append(runs, run)
	}
	if len(runs) == 0 {
		return errors.New("no chat platform configured: set FORMICA_DISCORD_TOKEN or FORMICA_TELEGRAM_TOKEN (or play locally with: formica play)")
	}
	runs = append(runs, m.svc.Run)
	return runAll(ctx, runs)
}

// runAll runs each function until all return; the first error cancels the
// others and is returned. Cancellation of ctx is a clean stop.
func runAll(ctx context.Context, runs []func(context.Context) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg    sync.WaitGroup
		once  sync.Once
		first error
	)
	for _, run := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := run(ctx); err != nil && !errors.Is(err, context.Canceled) {
				once.Do(func() { first = err; cancel() })
			}
		}()
	}
	wg.Wait()
	return first
}
