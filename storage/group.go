package storage

import (
	"errors"
	"runtime/debug"
	"sync"

	bolt "go.etcd.io/bbolt"
)

// group commits changes the way a database's group commit does: a change
// that finds no transaction in flight commits at once, alone; changes that
// arrive while one is committing wait and then commit together, in one
// transaction and one fsync. A lone game so pays for one Update, with no
// wait for company (bbolt's Batch waits up to MaxBatchDelay for it), and
// many games share fsyncs as they do under Batch, without the timer.
//
// The goroutine that starts a transaction runs it for everyone in it and
// then hands the queue to the first waiter, which runs the next one: no
// goroutine of its own, and no caller runs more than one transaction.
type group struct {
	db  *bolt.DB
	max int // most changes per transaction

	mu      sync.Mutex
	running bool
	queue   []*groupCall
}

type groupCall struct {
	fn   func(*bolt.Tx) error
	err  error
	done chan []*groupCall // nil: finished (err set); non-nil: lead these
}

// errSkipped marks a member dropped from a transaction because it failed;
// the others run again without it.
var errSkipped = errors.New("storage: dropped from the transaction")

// run commits fn, alone or with the changes waiting beside it, and returns
// fn's error or the commit's. fn may run more than once (a transaction is
// rerun without a member that fails), so it must reset its own results.
func (g *group) run(fn func(*bolt.Tx) error) error {
	c := &groupCall{fn: fn, done: make(chan []*groupCall, 1)}
	g.mu.Lock()
	if g.running {
		g.queue = append(g.queue, c)
		g.mu.Unlock()
		batch := <-c.done
		if batch == nil {
			return c.err
		}
		g.lead(batch)
		return c.err
	}
	g.running = true
	g.mu.Unlock()
	g.lead([]*groupCall{c})
	return c.err
}

// lead commits batch, tells its members, and passes the lead on.
func (g *group) lead(batch []*groupCall) {
	g.commit(batch)
	g.mu.Lock()
	next := g.queue
	if len(next) > g.max {
		next, g.queue = next[:g.max:g.max], next[g.max:]
	} else {
		g.queue = nil
	}
	if len(next) == 0 {
		g.running = false
	}
	g.mu.Unlock()
	for _, c := range batch {
		if c != batch[0] {
			c.done <- nil
		}
	}
	if len(next) > 0 {
		next[0].done <- next
	}
}

// commit runs the members of batch in one transaction. A member that fails
// gets its error and the transaction is rolled back and rerun without it,
// so each member's outcome is its own; a failed commit fails them all.
func (g *group) commit(batch []*groupCall) {
	live := batch
	for len(live) > 0 {
		failed := -1
		// guard: a panic in bbolt's commit must still answer every member.
		err := guard(func() error {
			return g.db.Update(func(tx *bolt.Tx) error {
				for i, c := range live {
					if err := runMember(c.fn, tx); err != nil {
						failed, c.err = i, err
						return errSkipped
					}
				}
				return nil
			})
		})
		if failed >= 0 {
			live = append(live[:failed:failed], live[failed+1:]...)
			continue
		}
		for _, c := range live {
			c.err = err
		}
		return
	}
}

// runMember runs one change with memory faults turned into panics and
// panics into ErrCorrupt, for that member alone: the transaction runs on
// whichever caller leads it, and protection is per goroutine.
func runMember(fn func(*bolt.Tx) error, tx *bolt.Tx) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = corruptPanic(r)
		}
	}()
	return fn(tx)
}
