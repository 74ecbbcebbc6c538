package bot_test

import (
	"bytes"
	"context"
	"image/png"
	"strings"
	"testing"

	"formica/bot"
	"formica/engine/myrmes"
	myrrender "formica/render/myrmes"
	"formica/storage/storagetest"
)

func myrmesGame(t *testing.T) bot.Game {
	msgs, err := myrmes.Messages()
	if err != nil {
		t.Fatal(err)
	}
	r, err := myrrender.New()
	if err != nil {
		t.Fatal(err)
	}
	return bot.Game{Descriptor: myrmes.Game, Messages: msgs,
		Board: func(v any, lang string) ([]byte, error) { return r.RenderIn(lang, v.(myrmes.View)) }}
}

// MYR-PHER-3 in chat: a worker's sortie is one turn, posted once when it
// ends; choosing a pheromone shape brings a picture of its placements,
// labelled as typed, with a button for each.
func TestMyrmesSortieInChat(t *testing.T) {
	tb := newTable(t, storagetest.Open(t, nil), myrmesGame(t))
	tb.ok("Alice", "new myrmes players=2 seed=1 starts=c3,j7 first=1 dice=5,3,2 prey=f3:termite,b2:spider,j6:ladybug pher=P1:e3-e4;P2:h5-h6 give=P1:level=2,soldiers=1;P2:larvae=2,nurses=4")
	tb.ok("Bob", "join")
	tb.ok("Bob", "worker")
	tb.ok("Bob", "1 0 2 1")
	tb.ok("Alice", "soldier")
	tb.ok("Alice", "0 0 2 1")
	posts := func() int {
		n := 0
		for _, m := range tb.out.Messages() {
			if m.To == bot.Channel && len(m.Image) > 0 {
				n++
			}
		}
		return n
	}
	before := posts()
	tb.ok("Alice", "out c3")
	tb.ok("Alice", "c4")
	tb.ok("Alice", "d5")
	if got := posts(); got != before {
		t.Fatalf("%d boards posted during the sortie, want none until it ends", got-before)
	}

	msgs := tb.svc.Handle(context.Background(), bot.Command{Platform: "console", Channel: tb.ch, Text: "options place line4",
		User: bot.User{Platform: "console", ID: "alice", Name: "Alice"}})
	if len(msgs) != 1 {
		t.Fatalf("%d replies, want 1", len(msgs))
	}
	m := msgs[0]
	img, err := png.Decode(bytes.NewReader(m.Image))
	if err != nil {
		t.Fatalf("the placements picture does not decode: %v (reply %q)", err, m.Text)
	}
	if img.Bounds().Dx() != 1080 {
		t.Errorf("picture width %d, want 1080", img.Bounds().Dx())
	}
	var labels []string
	for _, row := range m.Buttons {
		for _, b := range row {
			labels = append(labels, b.Label)
		}
	}
	if strings.Contains(m.Text, "(d4-d5-c6-c7)") {
		t.Errorf("a label that repeats its code: %q", m.Text)
	}
	for _, code := range []string{"d4-d5-c6-c7", "b5-c5-d5-e5", "c5-d5-e5-f5", "d5-e5-f5-g5", "d5-c6-c7-b8"} {
		if !strings.Contains(m.Text, code) || !strings.Contains(strings.Join(labels, " "), code) {
			t.Errorf("placement %s missing from the reply %q or its buttons %v", code, m.Text, labels)
		}
	}
	if none := tb.svc.Handle(context.Background(), bot.Command{Platform: "console", Channel: tb.ch, Text: "options place",
		User: bot.User{Platform: "console", ID: "alice", Name: "Alice"}}); len(none) != 1 || none[0].Image != nil {
		t.Errorf("choosing among shapes needs no picture: %+v", none)
	}

	tb.ok("Alice", "place line4 d5-e5-f5-g5")
	if got := posts(); got != before+1 {
		t.Fatalf("%d boards posted for the whole sortie, want 1", got-before)
	}
}
