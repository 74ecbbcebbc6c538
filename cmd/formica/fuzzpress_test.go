package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"formica/bot"
	"formica/storage"
)

// FuzzButtonPress presses arbitrary button payloads (a Discord custom_id or
// select value, a Telegram callback_data) in a live Micropolis game on each
// platform, as each seat and a stranger: no panic; a refused press leaves
// the stored match byte-identical; an accepted one moves it on by at most
// one answer.
func FuzzButtonPress(f *testing.F) {
	for _, s := range []string{"s0 take", "s0 take 4", "s0 take 4 7", "a0 take", "c0 join", "c0 start", "c0 abort",
		"s1 take 4 7", "s99 take 1", "s0", "x", "", "s-1 take", "s0 TAKE 4 7", "s0 take 4 7 8 9", "c0 new micropolis",
		"c0 settings deadline=1h", "more 2 abc", "menu 1", "s00 take", strings.Repeat("s0 take ", 20)} {
		for who := range 3 {
			f.Add(uint8(who), s)
		}
	}
	svc, db, log := fuzzService(f)
	var n atomic.Int64
	f.Fuzz(func(t *testing.T, who uint8, data string) {
		ctx := context.Background()
		platform := []string{"discord", "telegram"}[who%2]
		ch := fmt.Sprintf("%d", -1000-n.Add(1))
		svc.Attach(platform, discardSender{})
		do := func(user string, c bot.Command) []bot.Message {
			c.Platform, c.Channel = platform, ch
			c.User = bot.User{Platform: platform, ID: user, Name: user}
			return svc.Handle(ctx, c)
		}
		do("1", bot.Command{Text: "new micropolis players=2 seed=42"})
		do("2", bot.Command{Text: "join"})
		key := storage.MatchKey{Platform: platform, Channel: ch}
		before, err := db.Match(ctx, key)
		if err != nil || before.Status != storage.StatusActive {
			t.Fatalf("no game to press in: %v", err)
		}
		out := do(fmt.Sprint(1+int(who/2)%3), bot.Command{Press: data})
		if strings.Contains(log.String(), "panic") {
			t.Fatalf("pressing %q panicked:\n%s", data, log.String())
		}
		after, err := db.Match(ctx, key)
		if err != nil {
			// Only a pressed abort may end the match.
			if !strings.Contains(data, "abort") {
				t.Fatalf("pressing %q lost the match: %v", data, err)
			}
			return
		}
		refused := len(out) > 0 && out[0].Refused
		switch {
		case refused && (after.Seq != before.Seq || !bytes.Equal(after.Snapshot, before.Snapshot)):
			t.Fatalf("refused press %q changed the match", data)
		case after.Seq > before.Seq+1:
			t.Fatalf("one press %q applied %d answers", data, after.Seq-before.Seq)
		}
	})
}

// discardSender accepts every post.
type discardSender struct{}

func (discardSender) Send(context.Context, bot.Message) error { return nil }
