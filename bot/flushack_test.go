package bot_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/bottest"
	"formica/storage"
	"formica/storage/storagetest"
)

// ackCounter is the real store, counting the Ack calls and their ids.
type ackCounter struct {
	*storage.DB
	mu    sync.Mutex
	calls [][]storage.MessageID
}

func (a *ackCounter) Ack(ctx context.Context, ids ...storage.MessageID) error {
	a.mu.Lock()
	a.calls = append(a.calls, append([]storage.MessageID(nil), ids...))
	a.mu.Unlock()
	return a.DB.Ack(ctx, ids...)
}

// Flush acks what it sent in one commit (each costs two fsyncs); a send
// that fails leaves it and everything after it queued, and what went
// before it acked.
func TestFlushAcksOnce(t *testing.T) {
	for _, failAt := range []int{0, 2} {
		db := &ackCounter{DB: storagetest.Open(t, nil)}
		svc, err := bot.New(bot.Config{Store: db, Games: []bot.Game{pile()}, Seed: func() uint64 { return 7 },
			Clock: func() time.Time { return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) }})
		if err != nil {
			t.Fatal(err)
		}
		sends := 0
		rec := &bottest.Recorder{Fail: func(bot.Message, int) error {
			sends++
			if sends == failAt {
				return errors.New("network down")
			}
			return nil
		}}
		svc.Attach("console", rec)
		ctx := context.Background()
		for _, text := range []string{"new pile", "join", "start"} {
			user := bot.User{Platform: "console", ID: "alice", Name: "Alice"}
			if text == "join" {
				user = bot.User{Platform: "console", ID: "bob", Name: "Bob"}
			}
			svc.Handle(ctx, bot.Command{Platform: "console", Channel: "t", User: user, Text: text})
		}
		queued, err := db.Pending(ctx, 100)
		if err != nil || len(queued) < 3 {
			t.Fatalf("queued %d messages (%v), want at least 3", len(queued), err)
		}
		err = svc.Flush(ctx)
		left, _ := db.Pending(ctx, 100)
		switch failAt {
		case 0:
			if err != nil || len(db.calls) != 1 || len(db.calls[0]) != len(queued) || len(left) != 0 {
				t.Errorf("flush of %d: err %v, acks %v, %d left; want one ack of all, none left", len(queued), err, db.calls, len(left))
			}
		default:
			if err == nil || len(db.calls) != 1 || len(db.calls[0]) != 1 || db.calls[0][0] != queued[0].ID ||
				len(left) != len(queued)-1 || left[0].ID != queued[1].ID {
				t.Errorf("flush failing at send 2: err %v, acks %v, %d left; want the first acked, the rest queued", err, db.calls, len(left))
			}
		}
	}
}
