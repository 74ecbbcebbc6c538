package bottest

import (
	"bytes"
	"fmt"
	"image"
	"strconv"
	"sync"
	"testing"

	"formica/bot"
	"formica/engine/micropolis"
	micrender "formica/render/micropolis"
)

// renderer is shared by every test in a process: its cached static layers
// make boards cheaper, which matters under -race.
var renderer = sync.OnceValues(micrender.New)

// Micropolis is the game as cmd/formica offers it: rules, messages and the
// real board renderer.
func Micropolis(t testing.TB) bot.Game {
	t.Helper()
	r, err := renderer()
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := micropolis.Messages()
	if err != nil {
		t.Fatal(err)
	}
	return bot.Game{
		Descriptor: micropolis.Game,
		Messages:   msgs,
		Board: func(v any, lang string) ([]byte, error) {
			mv, ok := v.(micropolis.View)
			if !ok {
				return nil, fmt.Errorf("micropolis board: view is %T", v)
			}
			return r.RenderIn(lang, mv)
		},
		// The board before encoding, for the timelapse, as cmd/formica
		// gives it: without it each frame is encoded and decoded again,
		// which under -race costs seconds a game.
		BoardImage: func(v any, lang string) (image.Image, error) {
			mv, ok := v.(micropolis.View)
			if !ok {
				return nil, fmt.Errorf("micropolis board: view is %T", v)
			}
			return r.ImageIn(lang, mv)
		},
		// The row's tiles for `tile <position>`, with their pictures, as
		// cmd/formica offers them (fewer words).
		Shown: func(v any) []bot.Component {
			mv, ok := v.(micropolis.View)
			if !ok {
				return nil
			}
			var out []bot.Component
			for _, rt := range mv.Row {
				pos := strconv.Itoa(rt.Pos)
				out = append(out, bot.Component{Kind: "tile", Code: pos,
					Lines:   []bot.Line{{Key: "mic.tile.cost", Args: map[string]string{"n": strconv.Itoa(rt.Cost)}}},
					Picture: func(lang string) ([]byte, error) { return r.TileIn(lang, rt) }})
			}
			return out
		},
	}
}

// Buffer collects log output written from several goroutines.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *Buffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *Buffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
