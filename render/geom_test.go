package render_test

import (
	"math"
	"testing"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"formica/render"
)

func TestHexRoundTrip(t *testing.T) {
	for _, pointy := range []bool{true, false} {
		h := render.Hex{Size: 30, Pointy: pointy, Origin: gg.Point{X: 100, Y: 50}}
		for q := -4; q <= 4; q++ {
			for r := -4; r <= 4; r++ {
				c := h.Center(q, r)
				// The centre and points well inside the hex map back to it.
				for _, d := range []gg.Point{{}, {X: 10}, {Y: -10}, {X: -7, Y: 7}} {
					gq, gr := h.At(c.X+d.X, c.Y+d.Y)
					if gq != q || gr != r {
						t.Fatalf("pointy=%v: At(Center(%d,%d)+%v) = %d,%d", pointy, q, r, d, gq, gr)
					}
				}
			}
		}
	}
}

func TestRingSlotsTouch(t *testing.T) {
	g := render.Ring{Center: gg.Point{X: 0, Y: 0}, Inner: 50, Outer: 100, N: 10, Start: render.DefaultStart(10)}
	// Slot 0 is centred at 12 o'clock, slots run clockwise.
	if c := g.SlotCenter(0); math.Abs(c.X) > 1e-9 || c.Y >= 0 {
		t.Fatalf("slot 0 centre %v, want straight up", c)
	}
	if c := g.SlotCenter(2); c.X <= 0 {
		t.Fatalf("slot 2 centre %v, want right of centre (clockwise)", c)
	}
	// Slot i's clockwise edge is slot i+1's counter-clockwise edge, and
	// slot 9 closes on slot 0.
	for i := 0; i < 10; i++ {
		a, b := g.Slot(i, 0), g.Slot((i+1)%10, 0)
		if a[1].Distance(b[0]) > 1e-9 || a[2].Distance(b[3]) > 1e-9 {
			t.Fatalf("slot %d does not meet slot %d", i, (i+1)%10)
		}
	}
}

func TestTextHelpers(t *testing.T) {
	fonts, err := render.NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	fs := fonts.Faces()
	face := fs.Get(render.Regular, 20)
	if fs.Get(render.Regular, 20) != face {
		t.Fatal("Faces.Get does not memoize")
	}
	lines := render.Wrap(face, "one two three four five six seven", 120)
	if len(lines) < 2 {
		t.Fatalf("Wrap gave %q, want several lines", lines)
	}
	for _, l := range lines {
		if font.MeasureString(face, l).Ceil() > 120 {
			t.Fatalf("line %q wider than 120 px", l)
		}
	}
	s := render.Ellipsize(face, "Муравейник очень длинное имя", 100)
	if font.MeasureString(face, s).Ceil() > 100 || s[len(s)-3:] != "…" {
		t.Fatalf("Ellipsize gave %q", s)
	}
	f, ok := render.Fit(fs, render.Bold, "Micropolis", 200, 10, 80)
	if !ok || font.MeasureString(f, "Micropolis").Ceil() > 200 {
		t.Fatal("Fit returned a face that does not fit")
	}
	if _, ok := render.Fit(fs, render.Bold, "Micropolis", 5, 10, 80); ok {
		t.Fatal("Fit claims a 10 px face fits in 5 px")
	}
}

func TestSeatStylesDistinct(t *testing.T) {
	seen := map[render.RGB]bool{}
	marks := map[render.Marker]bool{}
	for i := 0; i < render.Seats; i++ {
		st := render.Seat(i)
		if seen[st.Color] || marks[st.Marker] {
			t.Fatalf("seat %d repeats a colour or marker", i)
		}
		seen[st.Color], marks[st.Marker] = true, true
		if st.Dark.Luma() > 0.45 {
			t.Fatalf("seat %d dark shade %06x too light for text", i, uint32(st.Dark))
		}
	}
}
