package bot

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"
)

// Handler answers one command with the messages for its caller. Messages
// for the channel and other users are queued in the outbox, not returned.
type Handler interface {
	Handle(ctx context.Context, c Command) []Message
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(ctx context.Context, c Command) []Message

// Handle calls f.
func (f HandlerFunc) Handle(ctx context.Context, c Command) []Message { return f(ctx, c) }

// Middleware wraps a Handler with a concern of its own.
type Middleware func(Handler) Handler

// Chain wraps h so that mw[0] runs first.
func Chain(h Handler, mw ...Middleware) Handler {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	return h
}

// Recover turns a panic into the reply made by onPanic and logs the stack.
// The panicking command's changes were never committed, so state is intact.
func Recover(log *slog.Logger, onPanic func(c Command) []Message) Middleware {
	return func(next Handler) Handler {
		return HandlerFunc(func(ctx context.Context, c Command) (out []Message) {
			defer func() {
				if r := recover(); r != nil {
					log.ErrorContext(ctx, "panic in handler",
						"user", c.User.ID, "text", c.Text, "press", c.Press,
						"panic", fmt.Sprint(r), "stack", string(debug.Stack()))
					out = onPanic(c)
				}
			}()
			return next.Handle(ctx, c)
		})
	}
}

// Tag puts the command's platform, match (platform:channel) and id in the
// context's log attributes, so every line logged for it names them.
func Tag() Middleware {
	return func(next Handler) Handler {
		return HandlerFunc(func(ctx context.Context, c Command) []Message {
			args := []any{"platform", c.Platform}
			if c.Channel != "" {
				args = append(args, "match", c.Platform+":"+c.Channel)
			}
			if c.ID != "" {
				args = append(args, "command", c.ID)
			}
			return next.Handle(WithLog(ctx, args...), c)
		})
	}
}

// Log records each command, how long it took and how many replies it made.
func Log(log *slog.Logger) Middleware {
	return func(next Handler) Handler {
		return HandlerFunc(func(ctx context.Context, c Command) []Message {
			start := time.Now()
			out := next.Handle(ctx, c)
			log.DebugContext(ctx, "command", "user", c.User.ID,
				"text", c.Text, "press", c.Press, "replies", len(out), "took", time.Since(start))
			return out
		})
	}
}

// LockMatch serializes commands per platform and channel (one match), so
// two answers to one game never race; other channels proceed in parallel.
// A private chat (no channel) is locked per user.
func LockMatch(locks *KeyLocks) Middleware {
	return func(next Handler) Handler {
		return HandlerFunc(func(ctx context.Context, c Command) []Message {
			key := c.Platform + ":" + c.Channel
			if c.Channel == "" {
				key = c.Platform + ":@" + c.User.ID
			}
			unlock, err := locks.Lock(ctx, key)
			if err != nil {
				return nil // cancelled while waiting: the caller is gone
			}
			defer unlock()
			return next.Handle(ctx, c)
		})
	}
}

// KeyLocks is a set of mutexes by key that forgets keys nobody holds.
type KeyLocks struct {
	// Shared, when set, also takes key's lock across processes (a store
	// several bot processes share: MatchLocker) once the local one is held,
	// so each process asks for it once per key at a time.
	Shared func(ctx context.Context, key string) (unlock func(), err error)

	mu    sync.Mutex
	locks map[string]*keyLock
}

type keyLock struct {
	ch    chan struct{} // holds a token while locked
	users int
}

// Lock waits for key's lock (or ctx) and returns its release function.
func (l *KeyLocks) Lock(ctx context.Context, key string) (func(), error) {
	l.mu.Lock()
	if l.locks == nil {
		l.locks = map[string]*keyLock{}
	}
	k := l.locks[key]
	if k == nil {
		k = &keyLock{ch: make(chan struct{}, 1)}
		l.locks[key] = k
	}
	k.users++
	l.mu.Unlock()
	release := func() {
		l.mu.Lock()
		if k.users--; k.users == 0 {
			delete(l.locks, key)
		}
		l.mu.Unlock()
	}
	select {
	case k.ch <- struct{}{}:
	case <-ctx.Done():
		release()
		return nil, ctx.Err()
	}
	local := func() { <-k.ch; release() }
	if l.Shared == nil {
		return local, nil
	}
	shared, err := l.Shared(ctx, key)
	if err != nil {
		local()
		return nil, err
	}
	return func() { shared(); local() }, nil
}
