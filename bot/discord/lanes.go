package discord

import "sync"

// lanes runs functions one at a time per key, in the order they were
// given, and functions of different keys at the same time. One channel's
// interactions are handled in the order Discord delivered them: "join",
// "join", "start" sent a moment apart start the game with three players,
// however the goroutines are scheduled.
type lanes struct {
	mu sync.Mutex
	// waiting holds the functions queued behind the running one of each
	// busy key; a key is busy while it is in the map (possibly with none
	// waiting).
	waiting map[string][]func()
}

// Do runs f after every function given before for key; it does not wait.
func (l *lanes) Do(key string, f func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if q, busy := l.waiting[key]; busy {
		l.waiting[key] = append(q, f)
		return
	}
	if l.waiting == nil {
		l.waiting = map[string][]func(){}
	}
	l.waiting[key] = nil
	go l.drain(key, f)
}

// drain runs f, then whatever was queued for key meanwhile, until none is.
func (l *lanes) drain(key string, f func()) {
	for f != nil {
		f()
		l.mu.Lock()
		if q := l.waiting[key]; len(q) > 0 {
			f, l.waiting[key] = q[0], q[1:]
		} else {
			delete(l.waiting, key)
			f = nil
		}
		l.mu.Unlock()
	}
}
