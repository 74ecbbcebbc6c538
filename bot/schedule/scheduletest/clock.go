// Package scheduletest holds test helpers for code that runs on a clock.
package scheduletest

import (
	"sync"
	"time"
)

// Clock is an injected clock: tests move it with Add, nothing sleeps. Pass
// its Now method where a func() time.Time is wanted. Safe for concurrent use.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a clock standing at t.
func NewClock(t time.Time) *Clock { return &Clock{now: t} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Add moves the clock forward by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}
