package main

import (
	"bytes"
	"context"
	"image"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"formica/bot"
	"formica/bot/bottest"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/storage/storagetest"
)

// The game-end timelapse of the longest games, with the real renderers:
// a whole March of the Ants game for 5 and a Micropolis game for 6, played
// at random through the service. Each GIF has at most 60 frames no larger
// than 640 pixels and stays under Discord's 8 MB (and so under Telegram's
// limits). Boards before the last move are stand-ins, to keep it quick:
// the timelapse draws its own frames from the log.
func TestTimelapseSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games and draws 60 real boards each")
	}
	gs, err := games()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []engine.Setup{{Game: "march", Seats: 5, Seed: 3}, {Game: "micropolis", Seats: 6, Seed: 11}} {
		t.Run(s.Game, func(t *testing.T) {
			var g bot.Game
			for _, x := range gs {
				if x.ID == s.Game {
					g = x
				}
			}
			real := g.Board
			var live atomic.Bool
			stand := image.NewRGBA(image.Rect(0, 0, 1, 1))
			var sb bytes.Buffer
			if err := png.Encode(&sb, stand); err != nil {
				t.Fatal(err)
			}
			g.Board = func(v any, lang string) ([]byte, error) {
				if live.Load() {
					return real(v, lang)
				}
				return sb.Bytes(), nil
			}
			svc, err := bot.New(bot.Config{Store: storagetest.Open(t, nil), Games: []bot.Game{g}})
			if err != nil {
				t.Fatal(err)
			}
			rec := &bottest.Recorder{}
			svc.Attach("console", rec)
			do := func(user, text string) {
				t.Helper()
				for _, m := range svc.Handle(context.Background(), bot.Command{Platform: "console", Channel: "c", Text: text,
					User: bot.User{Platform: "console", ID: user, Name: strings.ToUpper(user)}}) {
					if m.Refused {
						t.Fatalf("%s %q refused: %s", user, text, m.Text)
					}
				}
				if err := svc.Flush(context.Background()); err != nil {
					t.Fatal(err)
				}
			}
			user := func(s engine.Seat) string { return "u" + strconv.Itoa(int(s)+1) }
			do(user(0), "new "+s.Game+" players="+strconv.Itoa(s.Seats)+" seed="+strconv.FormatUint(s.Seed, 10))
			for i := 1; i < s.Seats; i++ {
				do(user(engine.Seat(i)), "join")
			}
			m, err := engine.Start(g.Descriptor, s)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(s.Seed, 2))
			for m.State.Result() == nil {
				pend := m.State.Pending()
				p := pend[rng.IntN(len(pend))]
				path, err := enginetest.RandomPath(m.State, p.Seat, rng)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
					t.Fatal(err)
				}
				live.Store(m.State.Result() != nil)
				do(user(p.Seat), path.String())
			}
			var anim []byte
			for _, msg := range rec.Messages() {
				if strings.HasSuffix(msg.ImageName, "-timelapse.gif") {
					anim = msg.Image
				}
			}
			if anim == nil {
				t.Fatal("no timelapse posted")
			}
			a, err := gif.DecodeAll(bytes.NewReader(anim))
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s %d players: %d answers, %d frames of %dx%d, %d bytes", s.Game, s.Seats, len(m.Log),
				len(a.Image), a.Config.Width, a.Config.Height, len(anim))
			if want := min(len(m.Log)+1, 60); len(a.Image) != want {
				t.Errorf("%d frames, want %d", len(a.Image), want)
			}
			if max(a.Config.Width, a.Config.Height) > 640 {
				t.Errorf("frames of %dx%d", a.Config.Width, a.Config.Height)
			}
			if len(anim) >= 8<<20 {
				t.Errorf("timelapse of %d bytes is over Discord's 8 MB", len(anim))
			}
		})
	}
}
