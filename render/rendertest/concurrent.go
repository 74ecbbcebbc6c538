package rendertest

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"
)

// Boards are one game's boards in one language, drawn in turn.
type Boards[V any] struct {
	Name, Lang string
	Views      []V
}

// Renderer is what DrawConcurrently draws with: a board's image, and its
// PNG as the bot posts it.
type Renderer[V any] struct {
	Image  func(lang string, v V) (*image.RGBA, error)
	Render func(lang string, v V) ([]byte, error)
	// Kept: Render draws over the renderer's kept boards and re-encodes
	// only what changed, so its PNG must map the colours of the fresh
	// board as the kept encoder does (KeptPNG), and Image is not drawn.
	// Otherwise Image must be the fresh board pixel for pixel and the PNG
	// of the game's last board must have its size (Encode, with the palette
	// kept from other boards, may draw two colours of one bucket apart).
	Kept bool
}

// DrawConcurrently draws, as the bot draws the games of several channels,
// each game's boards in turn on a goroutine of its own (parallel
// subtests) with the one renderer shared, and checks each against the
// board another renderer, fresh, draws alone. Its point is -race: the
// layers, kept boards, caches and PNG encoder a renderer shares between
// goroutines.
func DrawConcurrently[V any](t *testing.T, games []Boards[V], fresh, shared Renderer[V]) {
	t.Helper()
	want := make([][]*image.RGBA, len(games))
	for i, g := range games {
		for _, v := range g.Views {
			img, err := fresh.Image(g.Lang, v)
			if err != nil {
				t.Fatal(err)
			}
			want[i] = append(want[i], img)
		}
	}
	for i, g := range games {
		t.Run(g.Name, func(t *testing.T) {
			t.Parallel()
			for k, v := range g.Views {
				what := fmt.Sprintf("%s, board %d", g.Name, k)
				if shared.Kept {
					out, err := shared.Render(g.Lang, v)
					if err != nil {
						t.Fatal(err)
					}
					KeptPNG(t, what, want[i][k], out)
					continue
				}
				img, err := shared.Image(g.Lang, v)
				if err != nil {
					t.Fatal(err)
				}
				if n, _ := Diff(img, want[i][k]); n > 0 {
					t.Errorf("%s: %d pixels differ from a fresh Renderer's board", what, n)
				}
				if k < len(g.Views)-1 {
					continue // the PNG of the last board only: each board costs ~1.5 CPU-s under -race
				}
				out, err := shared.Render(g.Lang, v)
				if err != nil {
					t.Fatal(err)
				}
				cfg, err := png.DecodeConfig(bytes.NewReader(out))
				if err != nil || cfg.Width != img.Bounds().Dx() || cfg.Height != img.Bounds().Dy() {
					t.Errorf("%s: the PNG is %dx%d (%v), the board %v", what, cfg.Width, cfg.Height, err, img.Bounds().Size())
				}
			}
		})
	}
}
