package bot

import (
	"context"
	"time"
)

// Observer receives the service's measurements; cmd/formica serve exports
// them as Prometheus metrics. Its methods must be quick and safe for
// concurrent use. A nil Config.Observer measures nothing.
type Observer interface {
	// Command: one command handled on platform; refused when the answer
	// refused it (nothing changed).
	Command(platform string, refused bool)
	// BoardPosted: a board went out on platform, this long after the
	// command that produced it committed.
	BoardPosted(platform string, sinceCommit time.Duration)
	// DeliveryRetry: a delivery on platform failed and will be retried;
	// rateLimited when the platform (or the adapter's pacing) said to wait,
	// rather than a failure.
	DeliveryRetry(platform string, rateLimited bool)
	// ReminderSent: a reminder was queued for a player on platform.
	ReminderSent(platform string)
}

// Observe is middleware that reports every command to o.
func Observe(o Observer) Middleware {
	return func(next Handler) Handler {
		return HandlerFunc(func(ctx context.Context, c Command) []Message {
			out := next.Handle(ctx, c)
			refused := false
			for _, m := range out {
				refused = refused || m.Refused
			}
			o.Command(c.Platform, refused)
			return out
		})
	}
}

// noObserver measures nothing.
type noObserver struct{}

func (noObserver) Command(string, bool)              {}
func (noObserver) BoardPosted(string, time.Duration) {}
func (noObserver) DeliveryRetry(string, bool)        {}
func (noObserver) ReminderSent(string)               {}
