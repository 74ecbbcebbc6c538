package bot_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"formica/bot"
	"formica/bot/bottest"
	"formica/engine/enginetest"
	"formica/engine/micropolis"
	"formica/internal/testscale"
	"formica/storage"
	"formica/storage/storagetest"
)

// endPosts are the channel posts from the one that announced the end.
func endPosts(t *testing.T, msgs []bot.Message) []bot.Message {
	t.Helper()
	var out []bot.Message
	for i, m := range msgs {
		if m.To == bot.Channel && m.ImageName != "" && strings.HasSuffix(m.ImageName, "-scores.png") {
			// The board with the result comes just before.
			for j := i - 1; j >= 0; j-- {
				if msgs[j].To == bot.Channel {
					out = append(out, msgs[j])
					break
				}
			}
			for _, n := range msgs[i:] {
				if n.To == bot.Channel {
					out = append(out, n)
				}
			}
			return out
		}
	}
	t.Fatal("no final score table was posted")
	return nil
}

// At game end the channel gets, after the last board, the final table and
// an animated GIF of the public board after every move: a frame a move
// (a Micropolis game is under 60), in order, scaled to at most 640 pixels
// and well under Discord's 8 MB.
//
// The frames are real boards (BoardImage); the boards posted move by move
// are stand-ins, their views kept: the first and last frames are compared
// with real renders of the first and last boards' views. Under -race the
// frames are stand-ins too (256 pixels, not scaled): drawing and scaling
// forty real boards cost 20 s there, and the pictures are pure code.
func TestGameEndTimelapse(t *testing.T) {
	game := micropolisGame(t, true)
	frame, side := realBoard, 640
	if testscale.Race {
		game.BoardImage = bottest.StandIn(game).BoardImage
		frame = func(t *testing.T, v any) image.Image {
			img, err := game.BoardImage(v, "en")
			if err != nil {
				t.Fatal(err)
			}
			return img
		}
		side = 256
	}
	var mu sync.Mutex
	var posted []any // the views of the boards posted, in order
	game.Board = func(v any, lang string) ([]byte, error) {
		mu.Lock()
		posted = append(posted, v)
		mu.Unlock()
		return bottest.StandInPNG(v, lang)
	}
	tb := newTable(t, storagetest.Open(t, nil), game)
	tb.ok("Alice", "new micropolis players=2 seed=42")
	tb.ok("Bob", "join")
	mu.Lock()
	firstView := posted[len(posted)-1]
	mu.Unlock()
	if first := lastPost(tb.out.Messages()).Image; !bytes.Equal(first, must(bottest.StandInPNG(firstView, "en"))) {
		t.Fatal("the first board posted is not the last one drawn")
	}
	rng := rand.New(rand.NewPCG(42, 5))
	moves := 0
	for ; ; moves++ {
		m, err := tb.db.Match(context.Background(), storage.MatchKey{Platform: "console", Channel: tb.ch})
		if errors.Is(err, storage.ErrNotFound) {
			break // finished
		}
		if err != nil {
			t.Fatal(err)
		}
		st, err := micropolis.Game.Decode(m.Snapshot)
		if err != nil {
			t.Fatal(err)
		}
		seat := st.Pending()[0].Seat
		path, err := enginetest.RandomPath(st, seat, rng)
		if err != nil {
			t.Fatal(err)
		}
		tb.ok(userAt(m, seat), path.String())
	}
	posts := endPosts(t, tb.out.Messages())
	if len(posts) != 3 {
		t.Fatalf("%d posts at the end, want the board, the table and the timelapse: %+v", len(posts), posts)
	}
	mu.Lock()
	lastView := posted[len(posted)-1]
	mu.Unlock()
	if !bytes.Equal(posts[0].Image, must(bottest.StandInPNG(lastView, "en"))) {
		t.Fatal("the final board posted is not the last one drawn")
	}
	if !strings.Contains(posts[0].Text, "is over") || !strings.HasSuffix(posts[0].ImageName, ".png") {
		t.Errorf("first end post is not the final board: %q %q", posts[0].Text, posts[0].ImageName)
	}
	table, err := png.Decode(bytes.NewReader(posts[1].Image))
	if err != nil {
		t.Fatalf("score table: %v", err)
	}
	if h := table.Bounds().Dy(); h != 28*2+64+54*3 {
		t.Errorf("score table is %d px tall, want headings and 2 rows", h)
	}
	if posts[1].Text != "Micropolis: final scores" {
		t.Errorf("table caption %q", posts[1].Text)
	}
	tl := posts[2]
	if tl.ImageName != "micropolis-timelapse.gif" || !strings.Contains(tl.Text, itoa(moves)+" moves") {
		t.Errorf("timelapse post %q %q", tl.ImageName, tl.Text)
	}
	if len(tl.Image) == 0 || len(tl.Image) >= 8<<20 {
		t.Fatalf("timelapse is %d bytes, want some under 8 MB", len(tl.Image))
	}
	g, err := gif.DecodeAll(bytes.NewReader(tl.Image))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("micropolis 2p: %d moves, %d frames of %dx%d, %d bytes", moves, len(g.Image), g.Config.Width, g.Config.Height, len(tl.Image))
	if want := min(moves+1, 60); len(g.Image) != want {
		t.Errorf("%d frames for %d moves, want %d", len(g.Image), moves, want)
	}
	if s := max(g.Config.Width, g.Config.Height); s != side {
		t.Errorf("frames are %dx%d, want the long side %d", g.Config.Width, g.Config.Height, side)
	}
	// The animation starts on the first board and ends on the last.
	frames := compose(g)
	b0, bn := frame(t, firstView), frame(t, lastView)
	if d0, dn := diff(frames[0], b0), diff(frames[0], bn); d0 >= dn || d0 > 15 {
		t.Errorf("first frame differs from the first board by %.1f, from the last by %.1f", d0, dn)
	}
	if d0, dn := diff(frames[len(frames)-1], b0), diff(frames[len(frames)-1], bn); dn >= d0 || dn > 15 {
		t.Errorf("last frame differs from the last board by %.1f, from the first by %.1f", dn, d0)
	}
}

// The table and the caption speak the channel's language; a board that
// cannot be drawn leaves the timelapse post as words.
func TestGameEndPicturesLanguages(t *testing.T) {
	for lang, title := range map[string]string{
		"en": "Pile: final scores", "ru": "Pile: итоговый счёт", "uk": "Pile: підсумковий рахунок", "pl": "Pile: wyniki końcowe",
	} {
		t.Run(lang, func(t *testing.T) {
			tb := newTable(t, storagetest.Open(t, nil))
			startPile(tb, "size=6 lang="+lang)
			tb.ok("Alice", "take 2")
			tb.ok("Bob", "take 2")
			tb.ok("Alice", "take 2")
			posts := endPosts(t, tb.out.Messages())
			if len(posts) != 3 || !strings.HasPrefix(posts[1].Text, title) {
				t.Fatalf("end posts %+v, want the table titled %q", posts, title)
			}
			g, err := gif.DecodeAll(bytes.NewReader(posts[2].Image))
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Image) != 4 {
				t.Errorf("%d frames for 3 moves, want 4", len(g.Image))
			}
		})
	}
	t.Run("render fails", func(t *testing.T) {
		g := pile()
		g.Board = func(any, string) ([]byte, error) { return nil, errors.New("no ink") }
		tb := newTable(t, storagetest.Open(t, nil), g)
		startPile(tb, "size=3")
		tb.ok("Alice", "take 3")
		posts := endPosts(t, tb.out.Messages())
		if tl := posts[len(posts)-1]; tl.Image != nil || !strings.Contains(tl.Text, "move by move") {
			t.Errorf("timelapse post with a failing board: %q, %d bytes", tl.Text, len(tl.Image))
		}
	})
}

// realBoard is the Micropolis board of view as the players' boards are drawn.
func realBoard(t *testing.T, view any) image.Image {
	t.Helper()
	r, err := micRenderer()
	if err != nil {
		t.Fatal(err)
	}
	img, err := r.Image(view.(micropolis.View))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// compose plays g: each frame drawn over the ones before.
func compose(g *gif.GIF) []*image.RGBA {
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for _, p := range g.Image {
		for y := p.Rect.Min.Y; y < p.Rect.Max.Y; y++ {
			for x := p.Rect.Min.X; x < p.Rect.Max.X; x++ {
				if _, _, _, a := p.At(x, y).RGBA(); a != 0 {
					canvas.Set(x, y, p.At(x, y))
				}
			}
		}
		out = append(out, image.NewRGBA(canvas.Rect))
		copy(out[len(out)-1].Pix, canvas.Pix)
	}
	return out
}

// diff is the mean difference per channel (0–255) between frame and the
// board sampled at the frame's scale (a smaller board centred in it).
func diff(frame *image.RGBA, board image.Image) float64 {
	fb, bb := frame.Bounds(), board.Bounds()
	k := min(float64(fb.Dx())/float64(bb.Dx()), float64(fb.Dy())/float64(bb.Dy()))
	w, h := int(float64(bb.Dx())*k), int(float64(bb.Dy())*k)
	ox, oy := (fb.Dx()-w)/2, (fb.Dy()-h)/2
	var sum, n float64
	for y := 0; y < h; y += 3 {
		for x := 0; x < w; x += 3 {
			r1, g1, b1, _ := frame.At(ox+x, oy+y).RGBA()
			r2, g2, b2, _ := board.At(bb.Min.X+int(float64(x)/k), bb.Min.Y+int(float64(y)/k)).RGBA()
			sum += abs(r1, r2) + abs(g1, g2) + abs(b1, b2)
			n += 3
		}
	}
	return sum / n / 257
}

func abs(a, b uint32) float64 {
	if a > b {
		return float64(a - b)
	}
	return float64(b - a)
}
