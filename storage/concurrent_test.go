package storage_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"formica/storage"
	"formica/storage/storagetest"
)

// saveGames runs games concurrent matches, each saving answers answers in
// turn as the bot does (one goroutine per match), and returns what was
// acknowledged: match key -> last acknowledged Seq.
func saveGames(t *testing.T, db *storage.DB, games, answers int) (map[storage.MatchKey]uint64, map[storage.MatchKey]string) {
	t.Helper()
	var mu sync.Mutex
	acked := map[storage.MatchKey]uint64{}
	ids := map[storage.MatchKey]string{}
	var wg sync.WaitGroup
	for g := range games {
		wg.Go(func() {
			m := newMatch(fmt.Sprintf("g%02d", g))
			for range answers {
				if _, err := db.Save(ctx, answer(m)); err != nil {
					t.Errorf("%s answer %d: %v", m.Key, m.Seq, err)
					return
				}
				mu.Lock() // acknowledged: only now may the player hear of it
				acked[m.Key], ids[m.Key] = m.Seq, m.ID
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return acked, ids
}

func TestConcurrentGames(t *testing.T) {
	answers := 20
	if testing.Short() {
		answers = 5
	}
	for _, noBatch := range []bool{false, true} { // group commit, one Update each
		t.Run(fmt.Sprintf("NoBatch=%v", noBatch), func(t *testing.T) {
			db := storagetest.Open(t, &storage.Options{NoSync: true, NoBatch: noBatch})
			acked, ids := saveGames(t, db, 64, answers)
			ms, errs, err := db.Matches(ctx)
			if err != nil || len(errs) > 0 || len(ms) != 64 {
				t.Fatalf("Matches: %d, %v, %v", len(ms), errs, err)
			}
			for _, m := range ms {
				log, err := db.Log(ctx, m.ID)
				if err != nil || m.Seq != acked[m.Key] || uint64(len(log)) != m.Seq || m.ID != ids[m.Key] {
					t.Errorf("%s: seq %d, log %d, acked %d, err %v", m.Key, m.Seq, len(log), acked[m.Key], err)
				}
				for i, e := range log {
					if e.Seq != uint64(i+1) {
						t.Errorf("%s: log[%d].Seq = %d", m.Key, i, e.Seq)
					}
				}
			}
			if out, _ := db.Pending(ctx, 0); len(out) != 64*answers {
				t.Errorf("outbox has %d messages, want %d", len(out), 64*answers)
			}
		})
	}
}

// Every acknowledged answer is in the file itself, without Close: a copy of
// the file taken right after (what a crash would leave, with fsync on)
// holds all of them.
func TestAcknowledgedOnlyAfterCommit(t *testing.T) {
	db := storagetest.Open(t, &storage.Options{}) // fsync on
	acked, _ := saveGames(t, db, 16, 3)
	data, err := os.ReadFile(db.Path())
	if err != nil {
		t.Fatal(err)
	}
	crashed := filepath.Join(t.TempDir(), "crashed.db")
	if err := os.WriteFile(crashed, data, 0o600); err != nil {
		t.Fatal(err)
	}
	after := storagetest.OpenAt(t, crashed, nil)
	for k, seq := range acked {
		m, err := after.Match(ctx, k)
		if err != nil || m.Seq != seq {
			t.Errorf("%s after crash: %+v, %v; acknowledged seq %d", k, m, err, seq)
			continue
		}
		if log, err := after.Log(ctx, m.ID); err != nil || uint64(len(log)) != seq {
			t.Errorf("%s after crash: log %d, %v; want %d", k, len(log), err, seq)
		}
	}
}

// A batch member that fails does not disturb the others: bbolt reruns the
// batch without it (so the others' functions run twice) and each caller
// gets its own outcome and receipt.
func TestBatchRetryKeepsReceipts(t *testing.T) {
	db := storagetest.Open(t, &storage.Options{NoSync: true})
	var wg sync.WaitGroup
	receipts := make([]storage.Receipt, 16)
	errs := make([]error, 16)
	for i := range 16 {
		wg.Go(func() {
			m := newMatch(fmt.Sprintf("r%02d", i))
			c := answer(m)
			if i%4 == 0 {
				c.Log[0].Seq = 9 // does not follow the empty log
			}
			receipts[i], errs[i] = db.Save(ctx, c)
		})
	}
	wg.Wait()
	seen := map[storage.MessageID]bool{}
	for i := range 16 {
		if i%4 == 0 {
			if !errors.Is(errs[i], storage.ErrConflict) {
				t.Errorf("change %d: err = %v, want ErrConflict", i, errs[i])
			}
			continue
		}
		if errs[i] != nil || len(receipts[i].Messages) != 1 || seen[receipts[i].Messages[0]] {
			t.Errorf("change %d: %+v, %v", i, receipts[i], errs[i])
			continue
		}
		seen[receipts[i].Messages[0]] = true
	}
	out, _ := db.Pending(ctx, 0)
	if len(out) != 12 {
		t.Errorf("outbox has %d messages, want 12", len(out))
	}
	for _, msg := range out {
		if !seen[msg.ID] {
			t.Errorf("outbox message %d is in no receipt", msg.ID)
		}
	}
}
