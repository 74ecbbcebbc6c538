package main

import (
	"bytes"
	"image"
	"image/png"
	"math/rand/v2"
	"testing"

	"formica/bot"
	"formica/engine"
	"formica/engine/enginetest"
	"formica/render"
)

// timelapseViews plays a random game of setup and returns the public views
// a timelapse of it shows: 60 sampled evenly, the start and the end among
// them (as the service samples them).
func timelapseViews(b *testing.B, g bot.Game, s engine.Setup) []any {
	b.Helper()
	m, err := engine.Start(g.Descriptor, s)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(s.Seed, 2))
	views := []any{m.State.View(engine.NoSeat)}
	for m.State.Result() == nil {
		pend := m.State.Pending()
		p := pend[rng.IntN(len(pend))]
		path, err := enginetest.RandomPath(m.State, p.Seat, rng)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
			b.Fatal(err)
		}
		views = append(views, m.State.View(engine.NoSeat))
	}
	const frames = 60
	out := make([]any, 0, frames)
	for k := range frames {
		out = append(out, views[k*(len(views)-1)/(frames-1)])
	}
	return out
}

// BenchmarkTimelapse is the outbox worker's drawing of a whole game's
// timelapse (60 frames, GIF encoded as the service does), without the
// replay: "png" is the anchor, each frame rendered to PNG by Board and
// decoded again, "image" takes BoardImage's canvas as it is.
func BenchmarkTimelapse(b *testing.B) {
	gs, err := games()
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range []engine.Setup{{Game: "march", Seats: 5, Seed: 3}, {Game: "micropolis", Seats: 6, Seed: 11}} {
		var g bot.Game
		for _, x := range gs {
			if x.ID == s.Game {
				g = x
			}
		}
		views := timelapseViews(b, g, s)
		tl := render.Timelapse{MaxSide: 640, Delay: 70, Hold: 400, Limit: 7 << 20}
		encode := func(b *testing.B, frame func(v any) (image.Image, error)) {
			var size int
			for b.Loop() {
				frames := make([]image.Image, 0, len(views))
				for _, v := range views {
					img, err := frame(v)
					if err != nil {
						b.Fatal(err)
					}
					frames = append(frames, tl.Shrink(img))
				}
				gif, err := tl.Encode(frames)
				if err != nil {
					b.Fatal(err)
				}
				size = len(gif)
			}
			b.ReportMetric(float64(size), "gif-bytes")
		}
		b.Run(s.Game+"/png", func(b *testing.B) {
			encode(b, func(v any) (image.Image, error) {
				p, err := g.Board(v, "en")
				if err != nil {
					return nil, err
				}
				return png.Decode(bytes.NewReader(p))
			})
		})
		b.Run(s.Game+"/image", func(b *testing.B) {
			encode(b, func(v any) (image.Image, error) { return g.BoardImage(v, "en") })
		})
	}
}
