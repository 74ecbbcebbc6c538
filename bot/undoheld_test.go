package bot_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"formica/bot"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/engine/funants"
	"formica/storage/storagetest"
)

type held struct {
	Held    []string `json:"held"`
	HeldSeq []uint64 `json:"held_seq"`
}

// A Fun Ants turn posts once, when it passes: its sub-steps' lines wait
// (held). Taking a sub-step back drops its held lines, so the channel never
// reads a move that does not stand, and keeps those of the steps that do.
func TestUndoDropsHeldLines(t *testing.T) {
	msgs, err := funants.Messages()
	if err != nil {
		t.Fatal(err)
	}
	tb := newTable(t, storagetest.Open(t, nil), bot.Game{Descriptor: funants.Game, Messages: msgs})
	tb.ok("Alice", "new funants players=2 seed=3")
	tb.ok("Bob", "join")
	rng := rand.New(rand.NewPCG(3, 1))
	for n := 0; n < 300; n++ {
		m := tb.match()
		st, err := funants.Game.Decode(m.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		p := st.Pending()[0]
		path, err := enginetest.RandomPath(st, p.Seat, rng)
		if err != nil {
			t.Fatal(err)
		}
		next := st.Clone()
		if _, err := next.Apply(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
			t.Fatal(err)
		}
		after := next.Pending()
		cont := len(after) == 1 && after[0].Seat == p.Seat && next.(engine.Turner).Continues(p.Seat)
		data, err := bot.EncodePress(bot.Press{Kind: bot.PressSubmit, Version: int(m.Seq), Path: path})
		if err != nil {
			continue
		}
		user := userAt(m, p.Seat)
		tb.press(user, data)
		var h held
		if err := json.Unmarshal(tb.match().Settings, &h); err != nil {
			t.Fatal(err)
		}
		seq := m.Seq + 1
		if !cont || len(h.HeldSeq) == 0 || h.HeldSeq[0] == seq || engine.Settled(st, next, 2) {
			continue // wanted: a second held sub-step that may be taken back
		}
		var mine, kept []string
		for i, l := range h.Held {
			if h.HeldSeq[i] == seq {
				mine = append(mine, l)
			} else {
				kept = append(kept, l)
			}
		}
		if len(mine) == 0 || len(kept) == 0 {
			t.Fatalf("held lines %q of answers %v: want some of answer %d and some before", h.Held, h.HeldSeq, seq)
		}
		sent := len(tb.out.Messages())
		tb.want(user, "undo", "Done: moves taken back: 1.")
		posts, _ := postsSince(tb.out.Messages(), sent)
		if len(posts) != 1 {
			t.Fatalf("the undo posted %d channel messages", len(posts))
		}
		for _, l := range mine {
			if strings.Contains(posts[0].Text, l) {
				t.Fatalf("the undo post repeats the line of the move taken back %q:\n%s", l, posts[0].Text)
			}
		}
		for _, l := range kept {
			if !strings.Contains(posts[0].Text, l) {
				t.Fatalf("the undo post lost the line of a move that stands %q:\n%s", l, posts[0].Text)
			}
		}
		return
	}
	t.Fatal("no second held sub-step to take back in 300 answers")
}
