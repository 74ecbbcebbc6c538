package discord_test

import (
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"formica/bot"
	"formica/bot/discord"
	"formica/bot/discord/fakediscord"
)

// TestLateRetryPostsOnce: Discord drops a post repeating a nonce only for
// a few minutes (the fake: fakediscord.DefaultNonceWindow). An outbox entry
// whose first attempt got through but whose answer was lost, retried after
// that (an outage and its backoff, or a crash and a slow restart), finds
// its message among the channel's latest and is not posted again. An entry
// as old whose attempt never got through is posted, and so is a message
// whose words repeat a post made before it was queued.
func TestLateRetryPostsOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.cfg.RequestTimeout = 400 * time.Millisecond
	e.start()
	var ahead atomic.Int64 // how far the fake's clock runs ahead of ours
	e.fake.SetClock(func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) })
	ad := e.proc.ad
	posts := "/channels/" + channel + "/messages"
	png := []byte("\x89PNG\r\n\x1a\n board")
	sent := func(text string) int {
		n := 0
		for _, m := range e.fake.ChannelMessages(channel) {
			if m.Content == text {
				n++
			}
		}
		return n
	}
	queued := time.Now().Add(-5 * time.Minute)

	// The board of a turn: Discord posts it but answers too late; ten
	// minutes pass, the nonce is forgotten, the entry is retried.
	board := bot.Message{To: bot.Channel, Platform: discord.Platform, Channel: channel,
		Text: "Bob takes the tile at position 3", Image: png, ImageName: "micropolis-7.png",
		Delivery: "41", Queued: queued}
	e.fake.Inject("POST", posts, fakediscord.Fault{Delay: time.Second, Commit: true})
	if err := ad.Send(e.ctx(), board); err == nil {
		t.Fatal("a post whose answer never came reported success")
	}
	if n := sent(board.Text); n != 1 {
		t.Fatalf("the slow attempt posted %d boards, want 1", n)
	}
	ahead.Store(int64(10 * time.Minute))
	if err := ad.Send(e.ctx(), board); err != nil {
		t.Fatal(err)
	}
	if n := sent(board.Text); n != 1 {
		t.Fatalf("the board retried 10 minutes later was posted %d times, want once", n)
	}

	// An entry as old whose first attempt failed before Discord posted it.
	lost := bot.Message{To: bot.Channel, Platform: discord.Platform, Channel: channel,
		Text: "Alice takes the tile at position 1", Image: png, ImageName: "micropolis-8.png",
		Delivery: "42", Queued: queued}
	e.fake.Inject("POST", posts, fakediscord.Fault{Status: http.StatusBadGateway})
	if err := ad.Send(e.ctx(), lost); err == nil {
		t.Fatal("a 502 reported success")
	}
	if err := ad.Send(e.ctx(), lost); err != nil {
		t.Fatal(err)
	}
	if n := sent(lost.Text); n != 1 {
		t.Fatalf("the board retried after a 502 was posted %d times, want once", n)
	}

	// The same words twice: the second entry was queued after the first
	// was posted (twenty minutes before), so it is news, not a retry.
	ahead.Store(int64(-20 * time.Minute))
	first := bot.Message{To: bot.Channel, Platform: discord.Platform, Channel: channel,
		Text: "Bob hands in an architect token", Delivery: "43", Queued: time.Now().Add(-30 * time.Minute)}
	if err := ad.Send(e.ctx(), first); err != nil {
		t.Fatal(err)
	}
	ahead.Store(0)
	again := first
	again.Delivery, again.Queued = "44", queued
	if err := ad.Send(e.ctx(), again); err != nil {
		t.Fatal(err)
	}
	if n := sent(first.Text); n != 2 {
		t.Fatalf("two entries with the same words posted %d messages, want 2", n)
	}
}
