package bot

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"sync"
	"time"

	"formica/engine"
	"formica/storage"
)

// Delivery backoff: the first retry waits minBackoff, doubling to maxBackoff.
const (
	minBackoff = time.Second
	maxBackoff = 5 * time.Minute
	// idlePoll re-reads the outbox now and then even without a nudge, so a
	// message queued by another process (or before a Sender was attached)
	// still goes out.
	idlePoll = 30 * time.Second
)

// Run delivers the outbox and runs the scheduler (RunScheduler) until ctx
// is cancelled: each queue (a channel, or one user's private chat) in
// commit order, different queues in parallel.
// A failed send is retried with backoff (a *RetryAfter sets the delay),
// timed on the service's clock (Config.Clock; see NextRetry and Wake);
// ErrPermanent drops the message and, for a private message, posts a note in
// the match's channel. It returns ctx's error.
func (s *Service) Run(ctx context.Context) error {
	d := &deliverer{s: s, busy: map[string]bool{}, retry: map[string]time.Time{}, tries: map[string]int{}}
	s.mu.Lock()
	s.deliv = d
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.deliv = nil
		s.mu.Unlock()
	}()
	var wg sync.WaitGroup
	defer wg.Wait()
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := s.RunScheduler(ctx, nil); err != nil {
			s.log.Error("scheduler stopped", "err", err)
		}
	}()
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-s.wake:
		case <-timer.C:
		case <-d.done():
		}
		next := d.dispatch(ctx, &wg)
		// On an injected clock that does not move by itself this waits out
		// the real duration, or until Wake after the clock was moved.
		timer.Reset(min(idlePoll, max(time.Millisecond, next.Sub(s.clock()))))
	}
}

// Flush delivers everything queued now, in order, and returns when the
// outbox is empty or a send fails (console and tests use it; servers use Run).
func (s *Service) Flush(ctx context.Context) error {
	s.flushMu.Lock()
	defer s.flushMu.Unlock()
	for {
		msgs, err := s.store.Pending(ctx, 100)
		if err != nil {
			return err
		}
		if len(msgs) == 0 {
			return nil
		}
		// The batch is acked in one commit, not one per message: a console
		// turn posts several messages and each commit costs two fsyncs. A
		// crash before the ack re-sends the batch; it never loses one.
		var sent []storage.MessageID
		var failed error
		for _, sm := range msgs {
			done, err := s.attempt(ctx, sm)
			if done {
				sent = append(sent, sm.ID)
			}
			if err != nil && !errors.Is(err, ErrPermanent) {
				failed = err
				break
			}
		}
		if len(sent) > 0 {
			if err := s.store.Ack(ctx, sent...); err != nil {
				return err
			}
		}
		if failed != nil {
			return failed
		}
	}
}

// deliver sends one queued message and acks it once sent or permanently
// failed. It returns the send error.
func (s *Service) deliver(ctx context.Context, sm storage.Message) error {
	done, err := s.attempt(ctx, sm)
	if done {
		if ackErr := s.store.Ack(ctx, sm.ID); ackErr != nil {
			return ackErr
		}
	}
	return err
}

// attempt sends one queued message. done says it is finished with, to be
// acked: sent, failed for good, or undecodable. It returns the send error.
func (s *Service) attempt(ctx context.Context, sm storage.Message) (done bool, err error) {
	ctx = WithLog(ctx, "platform", sm.Platform, "match", sm.Match.String(), "outbox", uint64(sm.ID))
	var q queued
	if err := json.Unmarshal(sm.Payload, &q); err != nil {
		s.log.ErrorContext(ctx, "undecodable outbox message dropped", "id", sm.ID, "err", err)
		return true, nil
	}
	m := q.Message
	m.Delivery, m.Queued = strconv.FormatUint(uint64(sm.ID), 10), sm.At
	snd := s.sender(sm.Platform)
	if snd == nil {
		return false, errNoSender
	}
	late, _ := snd.(LateImager)
	var draw func() ([]byte, error)
	switch {
	case q.Draw == nil || m.Image != nil:
	case late != nil && q.Draw.Seat == engine.NoSeat && q.Draw.Kind == "":
		// The board is drawn when the Sender asks, maybe after this
		// delivery was acked: on a context that outlives it.
		d, key, dctx := q.Draw, sm.Match, context.WithoutCancel(ctx)
		m.ImageName = d.imageName()
		draw = func() ([]byte, error) { return s.drawLogged(dctx, key, d) }
	default:
		s.render(ctx, sm.Match, q.Draw, &m)
	}
	s.nameMentions(ctx, sm.Match, &m)
	if draw != nil {
		err = s.sendLate(ctx, late, m, draw)
	} else {
		err = s.send(ctx, snd, m)
	}
	if err != nil && !errors.Is(err, ErrPermanent) {
		_, limited := err.(*RetryAfter) // a bare RetryAfter: told to wait, not a failure
		s.obs.DeliveryRetry(sm.Platform, limited)
		return false, err
	}
	if err == nil && q.Draw != nil && q.Draw.Seat == engine.NoSeat {
		s.obs.BoardPosted(sm.Platform, s.clock().Sub(sm.At))
	}
	if err != nil {
		s.log.WarnContext(ctx, "message dropped: permanent failure", "to", sm.To, "err", err)
		s.fallbackNote(ctx, sm, m)
	}
	return true, err
}

// send calls the Sender, turning a panic into an error.
func (s *Service) send(ctx context.Context, snd Sender, m Message) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("bot: sender panicked")
			s.log.Error("sender panicked", "platform", m.Platform, "panic", r)
		}
	}()
	return snd.Send(ctx, m)
}

// sendLate calls the LateImager, turning a panic into an error.
func (s *Service) sendLate(ctx context.Context, snd LateImager, m Message, draw func() ([]byte, error)) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("bot: sender panicked")
			s.log.Error("sender panicked", "platform", m.Platform, "panic", r)
		}
	}()
	return snd.SendLate(ctx, m, draw)
}

var errNoSender = errors.New("bot: no sender attached for the platform")

// nameMentions fills m.MentionNames from the players of the match, so an
// adapter that cannot look a user up still writes their name.
func (s *Service) nameMentions(ctx context.Context, key storage.MatchKey, m *Message) {
	if len(m.Mentions) == 0 || m.MentionNames != nil || key.Channel == "" {
		return
	}
	mt, err := s.store.Match(ctx, key)
	if err != nil {
		return
	}
	for _, p := range mt.Players {
		if p.Name != "" && slices.Contains(m.Mentions, p.User) {
			if m.MentionNames == nil {
				m.MentionNames = map[string]string{}
			}
			m.MentionNames[p.User] = p.Name
		}
	}
}

// fallbackNote tells the channel that a private message could not reach a
// player (they blocked the bot or never opened a chat with it).
func (s *Service) fallbackNote(ctx context.Context, sm storage.Message, m Message) {
	if m.To != Direct || m.Channel == "" || sm.Match.Channel == "" {
		return
	}
	lang := s.lang
	if mt, err := s.store.Match(ctx, sm.Match); err == nil {
		if l := decodeSettings(mt.Settings).Lang; l != "" {
			lang = l
		}
	}
	note := Message{To: Channel, Platform: m.Platform, Channel: m.Channel, Mentions: []string{m.User},
		Text: s.bundle(nil).T(lang, "note.dm_failed", map[string]string{"user": m.User})}
	rec, err := outboxRecord(note, sm.Match, s.clock())
	if err == nil {
		_, err = s.store.Enqueue(ctx, rec)
	}
	if err != nil {
		s.log.ErrorContext(ctx, "fallback note lost", "err", err)
	}
}

// deliverer tracks which queues have a worker and when failed ones retry.
type deliverer struct {
	s     *Service
	mu    sync.Mutex
	busy  map[string]bool      // queue -> a worker is sending
	retry map[string]time.Time // queue -> not before
	tries map[string]int       // queue -> consecutive failures
	fin   chan struct{}
	// ends counts finished workers; ended[q] is the count when q's last
	// worker finished. A read of the outbox that began before a queue's
	// worker finished may still list the messages it just sent and acked
	// (most so on a shared database), so dispatch skips that queue until
	// its next read.
	ends  uint64
	ended map[string]uint64
}

func (d *deliverer) done() <-chan struct{} {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.fin == nil {
		d.fin = make(chan struct{}, 1)
	}
	return d.fin
}

// dispatch starts a worker for each queue with messages and no worker, and
// returns when the earliest waiting queue may retry.
func (d *deliverer) dispatch(ctx context.Context, wg *sync.WaitGroup) time.Time {
	now := d.s.clock()
	next := now.Add(idlePoll)
	d.mu.Lock()
	readAt := d.ends
	d.mu.Unlock()
	msgs, err := d.s.store.Pending(ctx, 1000)
	if err != nil {
		if ctx.Err() == nil {
			d.s.log.Error("reading outbox", "err", err)
		}
		return now.Add(minBackoff)
	}
	queues := map[string][]storage.Message{}
	var order []string
	for _, m := range msgs {
		q := m.Platform + "\x00" + m.To
		if _, ok := queues[q]; !ok {
			order = append(order, q)
		}
		queues[q] = append(queues[q], m)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for q, at := range d.ended {
		if at <= readAt {
			delete(d.ended, q) // this read saw its worker's acks
		}
	}
	for _, q := range order {
		if d.busy[q] || d.ended[q] > readAt {
			continue // sending, or listed before its worker acked: read again
		}
		if t, ok := d.retry[q]; ok && now.Before(t) {
			next = minTime(next, t)
			continue
		}
		if d.s.sender(queues[q][0].Platform) == nil {
			continue // waits for Attach, which nudges
		}
		d.busy[q] = true
		wg.Add(1)
		go func(q string, batch []storage.Message) {
			defer wg.Done()
			d.work(ctx, q, batch)
		}(q, queues[q])
	}
	return next
}

// work sends one queue's messages in order, stopping at the first failure.
func (d *deliverer) work(ctx context.Context, q string, batch []storage.Message) {
	var failed error
	for _, m := range batch {
		if failed = d.s.deliver(ctx, m); failed != nil && !errors.Is(failed, ErrPermanent) {
			break
		}
		failed = nil
	}
	d.mu.Lock()
	delete(d.busy, q)
	d.ends++
	if d.ended == nil {
		d.ended = map[string]uint64{}
	}
	d.ended[q] = d.ends
	if failed == nil {
		delete(d.retry, q)
		delete(d.tries, q)
	} else if ctx.Err() == nil {
		d.tries[q]++
		wait := backoff(d.tries[q])
		var ra *RetryAfter
		if errors.As(failed, &ra) && ra.Delay > 0 {
			wait = ra.Delay
		}
		d.retry[q] = d.s.clock().Add(wait)
		d.s.log.Warn("delivery failed; will retry", "queue", q, "in", wait, "err", failed)
	}
	fin := d.fin
	d.mu.Unlock()
	if fin != nil {
		select {
		case fin <- struct{}{}:
		default:
		}
	}
}

// backoff doubles from minBackoff up to maxBackoff.
func backoff(tries int) time.Duration {
	d := minBackoff
	for i := 1; i < tries && d < maxBackoff; i++ {
		d *= 2
	}
	return min(d, maxBackoff)
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// NextRetry reports when, on the service's clock, the earliest queue whose
// delivery failed may be tried again; ok is false when Run is not running
// or no queue waits. Tests that inject the clock move it there and Wake.
func (s *Service) NextRetry() (at time.Time, ok bool) {
	s.mu.Lock()
	d := s.deliv
	s.mu.Unlock()
	if d == nil {
		return time.Time{}, false
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for q, t := range d.retry {
		if d.busy[q] {
			continue
		}
		if !ok || t.Before(at) {
			at, ok = t, true
		}
	}
	return at, ok
}

// Wake makes Run look at the outbox and its scheduler at the reminders
// now, e.g. after an injected clock was moved past a retry's or an entry's
// time.
func (s *Service) Wake() { s.nudge(); s.wakeScheduler() }
