package march_test

import (
	"testing"

	"formica/engine"
	"formica/engine/march"
	rmarch "formica/render/march"
	"formica/render/rendertest"
)

// BenchmarkRenderFivePlayersLate is the performance target: render + PNG
// encode of a late five-player board with a 25-hex Anthill under 100 ms,
// with a kept Renderer (the bot keeps one).
func BenchmarkRenderFivePlayersLate(b *testing.B) {
	v := spectator(explore(b, 5, 8, 200))
	r, err := rmarch.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.Bench(b, func() ([]byte, error) { return r.Render(v) })
}

// BenchmarkImageFivePlayersLate is the drawing alone, without encoding.
func BenchmarkImageFivePlayersLate(b *testing.B) {
	v := spectator(explore(b, 5, 8, 200))
	r, err := rmarch.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.Bench(b, func() (any, error) { return r.Image(v) })
}

// BenchmarkRenderHand is a private hand of six cards.
func BenchmarkRenderHand(b *testing.B) {
	st := play(b, 5, 4, 90, map[string]string{"species": "on"})
	v := *st.View(engine.Seat(0)).(*march.View)
	r, err := rmarch.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.Bench(b, func() (any, error) { return r.RenderHand(v) })
}
