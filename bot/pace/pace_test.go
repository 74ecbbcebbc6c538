package pace_test

import (
	"testing"
	"time"

	"formica/bot/pace"
)

var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

// Telegram's limits: about 20 posts a minute in one group, 30 a second
// overall. A burst of 10 refilled at 10 a minute keeps any 60 s window at
// 20 posts or fewer.
func telegram() *pace.Pacer {
	return pace.New(pace.Limit{N: 10, Per: time.Minute, Burst: 10}, pace.Limit{N: 30, Per: time.Second, Burst: 30})
}

func TestTryPerPlace(t *testing.T) {
	p := telegram()
	for i := range 10 {
		if d := p.Try("g", t0); d != 0 {
			t.Fatalf("post %d of the burst waits %s", i+1, d)
		}
	}
	if d := p.Try("g", t0); d != 6*time.Second {
		t.Fatalf("11th post waits %s, want 6s (10 a minute)", d)
	}
	// A refused Try books nothing: 6 s later exactly one more goes.
	if d := p.Try("g", t0.Add(6*time.Second)); d != 0 {
		t.Fatalf("after 6 s: wait %s", d)
	}
	if d := p.Try("g", t0.Add(6*time.Second)); d != 6*time.Second {
		t.Fatalf("second post after 6 s: wait %s, want 6s", d)
	}
	// No 60 s window holds more than 20 posts.
	n := 0
	for s := range 60 {
		if p.Try("h", t0.Add(time.Duration(s)*time.Second)) == 0 {
			n++
		}
	}
	if n > 20 {
		t.Fatalf("%d posts in one minute, want at most 20", n)
	}
	if d := p.Try("other", t0); d != 0 {
		t.Fatalf("another place waits %s", d)
	}
}

func TestOverallLimit(t *testing.T) {
	p := telegram()
	for i := range 30 {
		if d := p.Try("", t0); d != 0 {
			t.Fatalf("post %d waits %s", i+1, d)
		}
	}
	if d := p.Try("", t0); d <= 0 || d > time.Second/30+time.Millisecond {
		t.Fatalf("31st post in a second waits %s, want ~33ms", d)
	}
	if d := p.Try("g", t0); d <= 0 {
		t.Fatal("a group post went past the overall limit")
	}
}

func TestHold(t *testing.T) {
	p := telegram()
	var waits []time.Duration
	p.OnWait = func(_ string, d time.Duration) { waits = append(waits, d) }
	p.Hold("g", t0, 10*time.Second)
	if d := p.Try("g", t0.Add(time.Second)); d != 9*time.Second {
		t.Fatalf("after a 429 for 10 s: wait %s, want 9s", d)
	}
	if d := p.Try("g", t0.Add(10*time.Second)); d != 0 {
		t.Fatalf("after the hold: wait %s", d)
	}
	if len(waits) != 1 || waits[0] != 9*time.Second {
		t.Fatalf("waits reported %v", waits)
	}
}

// Reserve queues: each post gets the next slot.
func TestReserve(t *testing.T) {
	p := pace.New(pace.Limit{N: 5, Per: 5 * time.Second, Burst: 5}, pace.Limit{})
	var got []time.Duration
	for range 7 {
		got = append(got, p.Reserve("c", t0))
	}
	want := []time.Duration{0, 0, 0, 0, 0, time.Second, 2 * time.Second}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("reserved %v, want %v", got, want)
		}
	}
	p.Hold("c", t0, 10*time.Second)
	if d := p.Reserve("c", t0); d < 10*time.Second {
		t.Fatalf("reserve during a hold: %s", d)
	}
}
