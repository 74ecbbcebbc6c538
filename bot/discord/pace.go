package discord

import (
	"context"
	"sync"
	"time"
)

// pacer keeps posts to one channel under burst per window, below Discord's
// per-channel limit, so a busy game waits here instead of collecting 429s.
// discordgo's limiter still applies the limits Discord announces.
type pacer struct {
	burst  int
	window time.Duration

	mu   sync.Mutex
	sent map[string][]time.Time // channel -> recent slots, oldest first
}

// wait reserves the next slot for channel and sleeps until it.
func (p *pacer) wait(ctx context.Context, channel string) error {
	p.mu.Lock()
	if p.sent == nil {
		p.sent = map[string][]time.Time{}
	}
	now := time.Now()
	slots := p.sent[channel]
	for len(slots) > 0 && now.Sub(slots[0]) >= p.window {
		slots = slots[1:]
	}
	at := now
	if len(slots) >= p.burst {
		at = slots[len(slots)-p.burst].Add(p.window)
	}
	p.sent[channel] = append(slots, at)
	p.mu.Unlock()
	if d := time.Until(at); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	return nil
}
