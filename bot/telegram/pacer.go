package telegram

import (
	"sync"
	"time"
)

// Telegram allows a bot about 20 messages a minute in one group and about
// 30 a second overall; beyond that it answers 429 and, if pushed, bans for
// longer. The pacer keeps under those limits so the service's outbox waits
// (a *bot.RetryAfter) instead of provoking 429s.
const (
	groupBudget  = 20
	groupWindow  = time.Minute
	globalBudget = 30
	globalWindow = time.Second
)

type pacer struct {
	mu     sync.Mutex
	chats  map[int64][]time.Time // recent posts per group chat
	global []time.Time
}

func newPacer() *pacer { return &pacer{chats: map[int64][]time.Time{}} }

// reserve books a post to chat at now, or says how long to wait first.
func (p *pacer) reserve(chat int64, now time.Time) time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.global = prune(p.global, now.Add(-globalWindow))
	if len(p.global) >= globalBudget {
		return p.global[0].Add(globalWindow).Sub(now)
	}
	if chat < 0 { // groups and supergroups have negative ids
		recent := prune(p.chats[chat], now.Add(-groupWindow))
		if len(recent) >= groupBudget {
			p.chats[chat] = recent
			return recent[0].Add(groupWindow).Sub(now)
		}
		p.chats[chat] = append(recent, now)
	}
	p.global = append(p.global, now)
	return 0
}

// backoff records a 429 for chat: no post until now+d.
func (p *pacer) backoff(chat int64, now time.Time, d time.Duration) {
	if chat >= 0 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	// Fill the window with posts dated so that the first expires at now+d.
	at := now.Add(d - groupWindow)
	fill := make([]time.Time, groupBudget)
	for i := range fill {
		fill[i] = at
	}
	p.chats[chat] = fill
}

func prune(ts []time.Time, before time.Time) []time.Time {
	i := 0
	for i < len(ts) && !ts[i].After(before) {
		i++
	}
	if i == len(ts) {
		return ts[:0]
	}
	return ts[i:]
}
