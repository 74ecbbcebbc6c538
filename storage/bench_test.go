package storage_test

import (
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"

	"formica/storage"
)

// BenchmarkSave measures acknowledged answers per second with 64 games
// answering concurrently, fsync on, by the default group commit and its
// anchors (bbolt's Batch, one Update per answer); each answer a full hot-path change
// (2 KB snapshot, log entry, reminder swap, outbound message).
func BenchmarkSave(b *testing.B) {
	for _, mode := range []struct {
		name string
		opts storage.Options
	}{{"Group", storage.Options{}}, {"BoltBatch", storage.Options{BoltBatch: true}}, {"Update", storage.Options{NoBatch: true}}} {
		b.Run(mode.name+"/64games/fsync", func(b *testing.B) {
			db, err := storage.Open(filepath.Join(b.TempDir(), "bench.db"), &mode.opts)
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			var next atomic.Int32
			b.SetParallelism((64 + 1) / 2) // RunParallel starts parallelism*GOMAXPROCS goroutines
			b.ReportAllocs()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				m := newMatch(fmt.Sprintf("g%03d", next.Add(1)))
				for pb.Next() {
					if _, err := db.Save(ctx, answer(m)); err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "answers/s")
			b.ReportMetric(float64(next.Load()), "games")
		})
	}
}
