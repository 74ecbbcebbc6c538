package bot_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"formica/bot"
	"formica/engine/enginetest"
	"formica/engine/micropolis"
	"formica/storage/storagetest"
)

// A spectator who types `watch` gets every turn by DM as the channel sees
// it (its lines and board, no buttons) until `watch off`; players are told
// their turns already reach them.
func TestWatch(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil), micropolisGame(t, true))
	tb.ok("Alice", "new micropolis players=2 seed=42")
	tb.ok("Bob", "join")
	tb.refused("Alice", "watch", "You play in this game")
	tb.refused("Carol", "watch now", "Type `watch`")
	if got := tb.cmd("Carol", "watch"); !strings.Contains(got, "You now get every turn of Micropolis by DM") {
		t.Fatalf("watch replied %q", got)
	}
	rng := rand.New(rand.NewPCG(42, 9))
	move := func() {
		m := tb.match()
		st, err := micropolis.Game.Decode(m.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		seat := st.Pending()[0].Seat
		path, err := enginetest.RandomPath(st, seat, rng)
		if err != nil {
			t.Fatal(err)
		}
		tb.out.Reset()
		tb.ok(userAt(m, seat), path.String())
	}
	move()
	post := lastPost(tb.out.Messages())
	var dm *bot.Message
	for _, m := range tb.out.Messages() {
		if m.To == bot.Direct && m.User == "carol" {
			dm = &m
		}
	}
	if dm == nil {
		t.Fatalf("the watcher got no DM: %+v", tb.out.Messages())
	}
	if !strings.HasPrefix(dm.Text, "👁 Micropolis in table1:") || !strings.Contains(dm.Text, strings.SplitN(post.Text, "\n", 2)[0]) {
		t.Errorf("watcher DM %q does not carry the post %q", dm.Text, post.Text)
	}
	if len(dm.Image) == 0 || !bytes.Equal(dm.Image, post.Image) {
		t.Errorf("watcher DM board (%d bytes) is not the channel's (%d bytes)", len(dm.Image), len(post.Image))
	}
	if len(dm.Buttons) != 0 || len(dm.Mentions) != 0 {
		t.Errorf("watcher DM has buttons %v or mentions %v", dm.Buttons, dm.Mentions)
	}
	if got := tb.cmd("Carol", "watch off"); !strings.Contains(got, "no longer") {
		t.Fatalf("watch off replied %q", got)
	}
	move()
	for _, m := range tb.out.Messages() {
		if m.User == "carol" {
			t.Errorf("after watch off the watcher still got %q", m.Text)
		}
	}
}
