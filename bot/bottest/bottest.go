// Package bottest has in-memory fakes of the bot package's interfaces for
// tests of the service and its adapters.
package bottest

import (
	"context"
	"sync"

	"formica/bot"
)

// Recorder is a bot.Sender that keeps every message it is given. Fail, when
// set, is called first and may return an error to make that send fail (the
// message is then not recorded).
type Recorder struct {
	mu    sync.Mutex
	msgs  []bot.Message
	Fail  func(m bot.Message, attempt int) error
	tries map[string]int
}

// Send records m unless Fail rejects it.
func (r *Recorder) Send(ctx context.Context, m bot.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.Fail != nil {
		if r.tries == nil {
			r.tries = map[string]int{}
		}
		k := m.Channel + "\x00" + m.User + "\x00" + m.Text
		r.tries[k]++
		if err := r.Fail(m, r.tries[k]); err != nil {
			return err
		}
	}
	r.msgs = append(r.msgs, m)
	return nil
}

// Messages returns a copy of what was sent so far, in order.
func (r *Recorder) Messages() []bot.Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]bot.Message(nil), r.msgs...)
}

// Reset forgets the recorded messages.
func (r *Recorder) Reset() {
	r.mu.Lock()
	r.msgs = nil
	r.mu.Unlock()
}
