package storage_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"formica/engine"
	"formica/storage"
)

// The bot's hot path: one answer, its log entry, the reminder swap and the
// board message commit together; the reply is sent only after Save returns.
func ExampleDB_Save() {
	dir, _ := os.MkdirTemp("", "formica")
	defer os.RemoveAll(dir)
	db, err := storage.Open(filepath.Join(dir, "formica.db"), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()

	ctx := context.Background()
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	m := &storage.Match{
		Key:    storage.MatchKey{Platform: "telegram", Channel: "-1001"},
		ID:     storage.NewID(),
		Setup:  engine.Setup{Game: "micropolis", Seats: 2, Seed: 7},
		Status: storage.StatusActive, CreatedAt: now, UpdatedAt: now,
		Seq: 1, // one answer after this change
	}
	rc, err := db.Save(ctx, storage.Change{
		Match:  m,
		Log:    []storage.LogEntry{{Seq: 1, Seat: 0, Path: engine.ParsePath("take 3"), User: "42", At: now}},
		Cancel: []engine.Seat{0},
		Remind: []storage.Reminder{{At: now.Add(12 * time.Hour), Kind: "remind", Seat: 1}},
		Outbox: []storage.Message{{Platform: "telegram", To: "-1001", Kind: "board", At: now}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Committed: now send, then Ack.
	pending, _ := db.Pending(ctx, 0)
	fmt.Println(len(pending), "message to send; reminder", rc.Reminders[0])
	_ = db.Ack(ctx, rc.Messages...)
	due, _ := db.Due(ctx, now.Add(24*time.Hour))
	fmt.Println(due[0].Kind, "seat", due[0].Seat)
	// Output:
	// 1 message to send; reminder 1
	// remind seat P2
}
