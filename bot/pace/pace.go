// Package pace spaces an adapter's posts so they stay under a chat
// platform's rate limits: a token bucket per place (a chat or channel) and
// optionally one over all places, on golang.org/x/time/rate, plus a hold
// on a place after the platform itself said to wait (a 429).
//
// A Pacer is safe for concurrent use and reads no clock of its own: every
// call takes the time, so tests run on an injected clock.
package pace

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limit is at most Burst posts at once, refilled at N per Per.
type Limit struct {
	N     int
	Per   time.Duration
	Burst int
}

func (l Limit) limiter() *rate.Limiter {
	return rate.NewLimiter(rate.Every(l.Per/time.Duration(l.N)), l.Burst)
}

func (l Limit) zero() bool { return l.N <= 0 || l.Per <= 0 || l.Burst <= 0 }

// Pacer paces posts per place and overall.
type Pacer struct {
	place Limit
	all   *rate.Limiter // nil: no overall limit
	// OnWait, when set, is told of every post that must wait (for metrics).
	OnWait func(place string, d time.Duration)

	mu     sync.Mutex
	places map[string]*state
}

type state struct {
	lim   *rate.Limiter
	until time.Time // held after a 429
}

// maxPlaces bounds the places remembered; idle ones (full bucket, no
// hold) are forgotten beyond it.
const maxPlaces = 10000

// New returns a Pacer with a per-place limit and an overall one (a zero
// Limit: none).
func New(place, overall Limit) *Pacer {
	p := &Pacer{place: place, places: map[string]*state{}}
	if !overall.zero() {
		p.all = overall.limiter()
	}
	return p
}

// Try books a post to place at now if the limits allow it now and returns
// 0; otherwise it books nothing and returns how long to wait. The place ""
// is paced by the overall limit only.
func (p *Pacer) Try(place string, now time.Time) time.Duration {
	d := p.book(place, now, false)
	if d > 0 && p.OnWait != nil {
		p.OnWait(place, d)
	}
	return d
}

// Reserve books the next free slot for place and returns how long until
// it (0: now). The caller waits that long, then posts.
func (p *Pacer) Reserve(place string, now time.Time) time.Duration {
	d := p.book(place, now, true)
	if d > 0 && p.OnWait != nil {
		p.OnWait(place, d)
	}
	return d
}

func (p *Pacer) book(place string, now time.Time, queue bool) time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	var held time.Duration
	var st *state
	if place != "" && !p.place.zero() {
		st = p.state(place, now)
		if now.Before(st.until) {
			held = st.until.Sub(now)
			if !queue {
				return held
			}
		}
	}
	var rs []*rate.Reservation
	wait := held
	if p.all != nil {
		rs = append(rs, p.all.ReserveN(now.Add(held), 1))
	}
	if st != nil {
		rs = append(rs, st.lim.ReserveN(now.Add(held), 1))
	}
	for _, r := range rs {
		wait = max(wait, held+r.DelayFrom(now.Add(held)))
	}
	if wait > 0 && !queue {
		for _, r := range rs {
			r.CancelAt(now)
		}
	}
	return wait
}

// state returns place's state, creating it; p.mu is held.
func (p *Pacer) state(place string, now time.Time) *state {
	st := p.places[place]
	if st != nil {
		return st
	}
	if len(p.places) >= maxPlaces {
		for k, s := range p.places {
			if !now.Before(s.until) && s.lim.TokensAt(now) >= float64(p.place.Burst) {
				delete(p.places, k)
			}
		}
	}
	st = &state{lim: p.place.limiter()}
	p.places[place] = st
	return st
}

// Hold keeps place from posting until now+d: the platform said to wait.
func (p *Pacer) Hold(place string, now time.Time, d time.Duration) {
	if place == "" || p.place.zero() || d <= 0 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	st := p.state(place, now)
	if until := now.Add(d); until.After(st.until) {
		st.until = until
	}
}
