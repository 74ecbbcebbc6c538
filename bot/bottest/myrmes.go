package bottest

import (
	"fmt"
	"sync"
	"testing"

	"formica/bot"
	"formica/engine/myrmes"
	myrrender "formica/render/myrmes"
)

// myrmesRenderer is shared by every test in a process, like renderer.
var myrmesRenderer = sync.OnceValues(myrrender.New)

// Myrmes is the game as cmd/formica offers it: rules, messages and the real
// board renderer.
func Myrmes(t testing.TB) bot.Game {
	t.Helper()
	r, err := myrmesRenderer()
	if err != nil {
		t.Fatal(err)
	}
	msgs, err := myrmes.Messages()
	if err != nil {
		t.Fatal(err)
	}
	return bot.Game{
		Descriptor: myrmes.Game,
		Messages:   msgs,
		Board: func(v any, lang string) ([]byte, error) {
			switch mv := v.(type) {
			case myrmes.View:
				return r.RenderIn(lang, mv)
			case *myrmes.View:
				return r.RenderIn(lang, *mv)
			}
			return nil, fmt.Errorf("myrmes board: view is %T", v)
		},
	}
}
