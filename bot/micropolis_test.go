package bot_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"formica/bot"
	"formica/engine/micropolis"
	micrender "formica/render/micropolis"
	"formica/storage/storagetest"
)

// micRenderer is shared by the tests of the package: its cached static
// layers make each board cheaper, which matters under -race.
var micRenderer = sync.OnceValues(micrender.New)

func micropolisGame(t *testing.T, withBoard bool) bot.Game {
	msgs, err := micropolis.Messages()
	if err != nil {
		t.Fatal(err)
	}
	g := bot.Game{Descriptor: micropolis.Game, Messages: msgs}
	if withBoard {
		r, err := micRenderer()
		if err != nil {
			t.Fatal(err)
		}
		g.Board = func(v any, _ string) ([]byte, error) { return r.Render(v.(micropolis.View)) }
		// As cmd/formica: the timelapse draws its frames unencoded (the
		// PNG-decoding fallback is TestGameEndPicturesLanguages' pile).
		g.BoardImage = func(v any, _ string) (image.Image, error) { return r.Image(v.(micropolis.View)) }
	}
	return g
}

// A whole 3-player Micropolis game played through the service as players
// would: each move is typed word by word from the service's own
// autocomplete (the engine's legal options), by the player the last post
// mentioned. Every post names and mentions the next player; the game ends
// with a ranking. Boards are rendered and decoded unless -short.
func TestMicropolisThroughCommands(t *testing.T) {
	withBoard := !testing.Short()
	tb := newTable(t, storagetest.Open(t, nil), micropolisGame(t, withBoard))
	tb.ok("Alice", "new micropolis players=3 seed=42")
	tb.ok("Bob", "join")
	tb.ok("Carol", "join")
	names := map[string]string{"alice": "Alice", "bob": "Bob", "carol": "Carol"}
	rng := rand.New(rand.NewPCG(42, 1))
	for turn := 0; ; turn++ {
		if turn > 200 {
			t.Fatal("the game did not end in 200 moves")
		}
		post := lastPost(tb.out.Messages())
		if withBoard {
			if _, err := png.Decode(bytes.NewReader(post.Image)); err != nil {
				t.Fatalf("turn %d: board does not decode: %v", turn, err)
			}
		}
		if strings.Contains(post.Text, "is over") {
			if !strings.Contains(post.Text, "1. P") || len(post.Buttons) != 0 {
				t.Fatalf("final post %q", post.Text)
			}
			break
		}
		if len(post.Mentions) != 1 || !strings.Contains(post.Text, "▶ P") {
			t.Fatalf("turn %d: post %q mentions %v", turn, post.Text, post.Mentions)
		}
		user := post.Mentions[0]
		// Others may not move now.
		for u, n := range names {
			if u != user {
				tb.refused(n, "take 1 1", "not your turn")
			}
		}
		move := ""
		for {
			sugg := tb.svc.Complete(context.Background(), bot.Command{Platform: "console", Channel: tb.ch, Text: "options " + move + " ",
				User: bot.User{Platform: "console", ID: user}})
			var next []string
			done := false
			for _, s := range sugg {
				if s.Text == strings.TrimSpace(move) {
					done = true
				} else {
					next = append(next, s.Text)
				}
			}
			if len(next) == 0 || (done && rng.IntN(2) == 0) {
				if !done && move == "" {
					t.Fatalf("turn %d: no suggestions for %s", turn, user)
				}
				break
			}
			move = next[rng.IntN(len(next))]
		}
		if got := tb.cmd(names[user], move); !strings.Contains(got, "✓ "+move) {
			t.Fatalf("turn %d: %s %q: %s", turn, user, move, got)
		}
	}
	if m := tb.snapshot(); m != "none" {
		t.Fatalf("finished match still in the channel: %s", m)
	}
	t.Log(fmt.Sprint(lastPost(tb.out.Messages()).Text))
}
