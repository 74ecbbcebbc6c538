package bot_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/schedule/scheduletest"
	"formica/storage/storagetest"
)

// The outbox times its retries on the service's clock: a send that fails
// twice is retried 1 s and then 2 s later on that clock (the backoff
// doubles), when a test moves the clock and wakes Run, with no real waiting.
func TestOutboxRetriesOnInjectedClock(t *testing.T) {
	t0 := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
	clock := scheduletest.NewClock(t0)
	db := storagetest.Open(t, nil)
	svc, err := bot.New(bot.Config{Store: db, Games: []bot.Game{pile()}, Clock: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int32
	svc.Attach("console", bot.SenderFunc(func(context.Context, bot.Message) error {
		if calls.Add(1) <= 2 {
			return errors.New("platform down")
		}
		return nil
	}))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- svc.Run(ctx) }()
	defer func() {
		cancel()
		<-done
	}()
	svc.Handle(ctx, bot.Command{Platform: "console", Channel: "t", Text: "new pile", User: bot.User{Platform: "console", ID: "alice", Name: "Alice"}})
	retryAt := func(want time.Time) {
		t.Helper()
		waitFor(t, func() bool { at, ok := svc.NextRetry(); return ok && !at.Before(want) })
		if at, _ := svc.NextRetry(); !at.Equal(want) {
			t.Fatalf("the retry is due at %s, want %s", at.Sub(t0), want.Sub(t0))
		}
	}
	retryAt(t0.Add(time.Second))
	clock.Add(time.Second)
	svc.Wake()
	retryAt(t0.Add(3 * time.Second))
	if n := calls.Load(); n != 2 {
		t.Fatalf("%d attempts after the first retry, want 2", n)
	}
	clock.Add(2 * time.Second)
	svc.Wake()
	waitFor(t, func() bool {
		p, err := db.Pending(ctx, 1)
		return err == nil && len(p) == 0
	})
	if _, ok := svc.NextRetry(); ok || calls.Load() != 3 {
		t.Fatalf("after delivery: %d attempts, a retry still waiting: %v", calls.Load(), ok)
	}
}
