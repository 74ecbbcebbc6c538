package storage

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// openGroup opens a bare bbolt file (fsync off) and a group over it.
func openGroup(t *testing.T) *group {
	t.Helper()
	bdb, err := bolt.Open(filepath.Join(t.TempDir(), "g.db"), 0o600, &bolt.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	bdb.MaxBatchDelay = time.Hour
	t.Cleanup(func() { _ = bdb.Close() })
	if err := bdb.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("b")); return err }); err != nil {
		t.Fatal(err)
	}
	return &group{db: bdb, max: 1000}
}

// put is a change that writes k and records the transaction it ran in.
func put(k string, txid *int) func(*bolt.Tx) error {
	return func(tx *bolt.Tx) error {
		*txid = tx.ID()
		return tx.Bucket([]byte("b")).Put([]byte(k), []byte("v"))
	}
}

// waitQueued waits until n changes wait behind the one in flight.
func waitQueued(g *group, n int) {
	for {
		g.mu.Lock()
		q := len(g.queue)
		g.mu.Unlock()
		if q >= n {
			return
		}
		time.Sleep(50 * time.Microsecond) // polling the queue, not timing the code
	}
}

// waitRunning waits until a commit is in flight.
func waitRunning(g *group) {
	for {
		g.mu.Lock()
		r := g.running
		g.mu.Unlock()
		if r {
			return
		}
		time.Sleep(50 * time.Microsecond)
	}
}

// A lone change commits at once: bbolt's Batch would wait MaxBatchDelay
// (an hour here) for company.
func TestGroupLoneChangeCommitsAtOnce(t *testing.T) {
	g := openGroup(t)
	done := make(chan error, 1)
	var id int
	go func() { done <- g.run(put("a", &id)) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a lone change waited for company")
	}
	if err := g.db.View(func(tx *bolt.Tx) error {
		if tx.Bucket([]byte("b")).Get([]byte("a")) == nil {
			return errors.New("key a not committed")
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// Changes that arrive while a commit is in flight share the next
// transaction; a member that fails gets its own error and the others still
// commit; a member that panics gets ErrCorrupt.
func TestGroupSharesTransactionUnderContention(t *testing.T) {
	g := openGroup(t)
	release := make(chan struct{})
	var firstID int
	var wg sync.WaitGroup
	wg.Go(func() {
		err := g.run(func(tx *bolt.Tx) error {
			<-release // in flight until the others queue up
			return put("first", &firstID)(tx)
		})
		if err != nil {
			t.Error(err)
		}
	})
	waitRunning(g)
	const n = 10
	ids := make([]int, n)
	errs := make([]error, n)
	boom := errors.New("boom")
	for i := range n {
		wg.Go(func() {
			fn := put(fmt.Sprint("k", i), &ids[i])
			switch i {
			case 3:
				fn = func(*bolt.Tx) error { return boom }
			case 6:
				fn = func(*bolt.Tx) error { panic("bad page") }
			}
			errs[i] = g.run(fn)
		})
	}
	waitQueued(g, n)
	close(release)
	wg.Wait()
	shared := 0
	for i := range n {
		switch i {
		case 3:
			if !errors.Is(errs[i], boom) {
				t.Errorf("failing member: err = %v, want its own error", errs[i])
			}
		case 6:
			if !errors.Is(errs[i], ErrCorrupt) {
				t.Errorf("panicking member: err = %v, want ErrCorrupt", errs[i])
			}
		default:
			if errs[i] != nil {
				t.Errorf("member %d: %v", i, errs[i])
			}
			if ids[i] == firstID {
				t.Errorf("member %d committed with the change in flight", i)
			}
			if shared == 0 {
				shared = ids[i]
			} else if ids[i] != shared {
				t.Errorf("member %d committed in tx %d, others in %d: not grouped", i, ids[i], shared)
			}
		}
	}
	err := g.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte("b"))
		for i := range n {
			got := b.Get([]byte(fmt.Sprint("k", i))) != nil
			if want := i != 3 && i != 6; got != want {
				t.Errorf("k%d stored = %v, want %v", i, got, want)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if g.running || len(g.queue) > 0 {
		t.Errorf("group left running=%v with %d queued", g.running, len(g.queue))
	}
}

// A group never holds more than max changes.
func TestGroupMax(t *testing.T) {
	g := openGroup(t)
	g.max = 3
	release := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		_ = g.run(func(tx *bolt.Tx) error { <-release; return nil })
	})
	waitRunning(g)
	ids := make([]int, 7)
	for i := range ids {
		wg.Go(func() {
			if err := g.run(put(fmt.Sprint(i), &ids[i])); err != nil {
				t.Error(err)
			}
		})
	}
	waitQueued(g, len(ids))
	close(release)
	wg.Wait()
	per := map[int]int{}
	for _, id := range ids {
		per[id]++
	}
	if len(per) != 3 {
		t.Errorf("7 changes in %d transactions (%v), want 3 of at most 3", len(per), per)
	}
	for id, k := range per {
		if k > 3 {
			t.Errorf("tx %d holds %d changes, max 3", id, k)
		}
	}
}
