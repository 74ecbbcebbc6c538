package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"
	"time"

	"formica/storage"
)

// adapter is one chat platform the server can run.
type adapter struct {
	name string
	// start builds the adapter (attaching its Sender to the service) and
	// returns its Run; it is called only when the platform is configured.
	enabled func(m *Main) bool
	start   func(ctx context.Context, m *Main) (run func(context.Context) error, c connector, err error)
}

// drainFor bounds how long a stopping server keeps delivering the outbox.
const drainFor = 5 * time.Second

// serve runs every configured adapter and the service's Run (outbox
// delivery and the reminder/deadline scheduler) until ctx is cancelled or
// one of them fails.
func (m *Main) serve(ctx context.Context, args []string) error {
	fs := m.newFlags("serve", "[--db path] [--http addr]", false)
	db := fs.String("db", "", "database file (default $FORMICA_DB or formica.db)")
	addr := fs.String("http", "", "serve /healthz and /metrics on this address, e.g. 127.0.0.1:9090 (default off)")
	if _, err := m.parse(fs, args); err != nil {
		return err
	}
	var ln net.Listener
	if *addr != "" {
		var err error
		if ln, err = net.Listen("tcp", *addr); err != nil {
			return fmt.Errorf("serve --http %s: %w", *addr, err)
		}
		defer ln.Close()
	}
	if err := m.openServer(*db); err != nil {
		return err
	}
	var runs []func(context.Context) error
	conns := map[string]connector{}
	for _, a := range platformAdapters() {
		if !a.enabled(m) {
			continue
		}
		// Adapter errors name their platform; each adapter logs that it
		// started once it is connected and ready.
		run, c, err := a.start(ctx, m)
		if err != nil {
			return err
		}
		runs = append(runs, run)
		conns[a.name] = c
	}
	if len(runs) == 0 {
		return errors.New("no chat platform configured: set FORMICA_DISCORD_TOKEN or FORMICA_TELEGRAM_TOKEN (or play locally with: formica play)")
	}
	runs = append(runs, m.svc.Run)
	if ln != nil {
		h := opsHandler(m.metrics, m.db, conns)
		runs = append(runs, func(ctx context.Context) error { return serveHTTP(ctx, ln, h) })
		m.log.Info("serving /healthz and /metrics", "addr", ln.Addr().String())
	}
	err := runAll(ctx, runs)
	m.drain()
	return err
}

// openServer opens the database for serving, refusing clearly when another
// formica holds it, and builds the service with metrics.
func (m *Main) openServer(db string) error {
	m.serving = true
	if db == "" {
		db = m.cfg.DB
	}
	if m.cfg.Discord.ShardCount > 1 && !isPostgres(db) {
		return errors.New("discord.shard_count > 1 runs one process per shard, and they must share one database: set db = \"postgres://user@host/db\"")
	}
	err := m.open(db, &storage.Options{Timeout: time.Second})
	if errors.Is(err, storage.ErrLocked) {
		return fmt.Errorf("another formica is already running on this database; stop it first, or give this one its own --db (%w)", err)
	}
	return err
}

// drain delivers what is left in the outbox, for at most drainFor: posts
// committed just before a SIGTERM still go out.
func (m *Main) drain() {
	ctx, cancel := context.WithTimeout(context.Background(), drainFor)
	defer cancel()
	if err := m.svc.Flush(ctx); err != nil {
		left, _ := m.db.QueueDepth(context.Background())
		n := 0
		for _, c := range left {
			n += c
		}
		m.log.Warn("stopping with messages still queued; they go out at the next start", "queued", n, "err", err)
		return
	}
	m.log.Info("outbox drained; stopped")
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
