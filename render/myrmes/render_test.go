package myrmes_test

import (
	"bytes"
	"image/png"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"formica/engine"
	"formica/engine/enginetest"
	eng "formica/engine/myrmes"
	"formica/internal/testscale"
	"formica/render/myrmes"
	"formica/render/rendertest"
)

// keen lists the options a busy colony prefers, best first.
var keen = []string{"goal", "place", "special", "upgrade", "tunnel", "nurse", "out", "worker", "move"}

var late135Once testscale.Once[eng.View]

// late135 is late(t, 135), played once per test binary: several tests
// draw it.
func late135(t testing.TB) eng.View {
	return late135Once.Get(t, func(t testing.TB) eng.View { return late(t, 135) })
}

// late plays a seeded 4-player game for n answers, choosing keen options
// when offered and random ones otherwise: a board late in the game with
// pheromones, special tiles, tunnels and completed objectives.
func late(t testing.TB, n int) eng.View {
	t.Helper()
	rng := rand.New(rand.NewPCG(21, 4))
	m, err := engine.Start(eng.Game, engine.Setup{Game: "myrmes", Seats: 4, Seed: 21})
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		pend := m.State.Pending()
		if len(pend) == 0 {
			t.Fatal("the game ended too soon")
		}
		p := pend[rng.IntN(len(pend))]
		var path engine.Path
		for {
			st, err := m.State.Choices(p.Seat, path)
			if err != nil {
				t.Fatal(err)
			}
			// Standing preferences are no move: leave them out.
			st.Options = slices.DeleteFunc(st.Options, func(o engine.Option) bool { return o.Code == "pref" })
			if len(st.Options) == 0 || (st.Done && rng.IntN(3) == 0) {
				break
			}
			pick := st.Options[rng.IntN(len(st.Options))].Code
			if st.Name == "myr.step.worker_track" || st.Name == "myr.step.to_atelier" {
				pick = st.Options[len(st.Options)-1].Code
			}
		keen:
			for _, k := range keen {
				for _, o := range st.Options {
					if o.Code == k && rng.IntN(5) > 0 {
						pick = k
						break keen
					}
				}
			}
			path = append(path, pick)
		}
		if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
			t.Fatal(err)
		}
	}
	return m.State.View(engine.NoSeat).(eng.View)
}

var _ = enginetest.PlayRandom

func TestGoldenLate(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	r, err := myrmes.New()
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.RenderIn("en", late135(t))
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Golden(t, "late4", b)
	if len(b) > 400<<10 {
		t.Errorf("PNG is %d bytes, over 400 KB", len(b))
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if w := img.Bounds().Dx(); w != 1080 {
		t.Errorf("width %d, want 1080", w)
	}
}

func TestGoldenRussianSortie(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	r, err := myrmes.New()
	if err != nil {
		t.Fatal(err)
	}
	m, err := engine.Start(eng.Game, engine.Setup{Game: "myrmes", Seats: 2, Options: map[string]string{
		"starts": "c3,j7", "first": "1", "dice": "5,3,2", "prey": "f3:termite,b2:spider,j6:ladybug", "pher": "P1:e3-e4;P2:h5-h6",
		"give": "P1:level=1,soldiers=1;P2:larvae=2,nurses=4", "objectives": "prey2,food3,prey3,special2,colony3,larvae9"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"P2: worker", "P2: 1 0 2 1", "P1: soldier", "P1: 0 0 2 1", "P1: out c3", "P1: d3", "P1: e3", "P1: f3"} {
		seat := engine.Seat(a[1] - '1')
		if _, err := m.Answer(engine.Answer{Seat: seat, Path: engine.ParsePath(a[4:])}); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	b, err := r.RenderIn("ru", m.State.View(engine.NoSeat).(eng.View))
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Golden(t, "sortie_ru", b)
}

func TestEveryLanguageRenders(t *testing.T) {
	if testing.Short() {
		t.Skip("the goldens cover en and ru under -short")
	}
	r, err := myrmes.New()
	if err != nil {
		t.Fatal(err)
	}
	v := late135(t)
	for _, lang := range myrmes.Languages() {
		if _, err := r.RenderIn(lang, v); err != nil {
			t.Errorf("%s: %v", lang, err)
		}
	}
}

func TestRenderRejectsEmptyView(t *testing.T) {
	r, err := myrmes.New()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.RenderIn("en", eng.View{}); err == nil {
		t.Fatal("empty view rendered")
	}
}

// BenchmarkRenderLate4 is the target: render + PNG encode of a late
// 4-player board under 40 ms and 400 KB.
func BenchmarkRenderLate4(b *testing.B) {
	v := late(b, 135)
	r, err := myrmes.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.Bench(b, func() ([]byte, error) { return r.RenderIn("en", v) })
}

// BenchmarkImageLate4 is the drawing alone, the anchor for the encode cost.
func BenchmarkImageLate4(b *testing.B) {
	v := late(b, 135)
	r, err := myrmes.New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.Bench(b, func() (any, error) { return r.Image("en", v) })
}

// MYR-PHER-3: after "place <shape>" the board shows that shape's legal
// placements one by one, each labelled with what to type.
func TestGoldenPreview(t *testing.T) {
	testscale.SkipRace(t, goldenRace)
	r, err := myrmes.New()
	if err != nil {
		t.Fatal(err)
	}
	var clipped []string
	myrmes.SetClip(r, func(lang, s string) { clipped = append(clipped, lang+": "+s) })
	pv := previewLine4(t)
	for _, lang := range myrmes.Languages() {
		b, err := r.RenderIn(lang, pv)
		if err != nil {
			t.Fatal(err)
		}
		if lang == "en" {
			rendertest.Golden(t, "preview_line4", b)
		}
	}
	if len(clipped) > 0 {
		t.Errorf("%d texts shortened to fit:\n%s", len(clipped), strings.Join(clipped, "\n"))
	}
	t.Logf("%d placements: %v", len(pv.Placements[0].Codes), pv.Placements[0].Codes)
}

// previewLine4 is a 2-player position whose P1 has chosen to place the
// line of four: the view with its placements (MYR-PHER-3).
func previewLine4(t *testing.T) eng.View {
	t.Helper()
	m, err := engine.Start(eng.Game, engine.Setup{Game: "myrmes", Seats: 2, Options: map[string]string{
		"starts": "c3,j7", "first": "1", "dice": "5,3,2", "prey": "f3:termite,b2:spider,j6:ladybug", "pher": "P1:e3-e4;P2:h5-h6",
		"give": "P1:level=2,soldiers=1;P2:larvae=2,nurses=4", "objectives": "prey2,food3,prey3,special2,colony3,larvae9"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"P2: worker", "P2: 1 0 2 1", "P1: soldier", "P1: 0 0 2 1", "P1: out c3", "P1: c4", "P1: d5"} {
		seat := engine.Seat(a[1] - '1')
		if _, err := m.Answer(engine.Answer{Seat: seat, Path: engine.ParsePath(a[4:])}); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	v, ok := m.State.(engine.Previewer).Preview(0, engine.ParsePath("place line4"))
	if !ok {
		st, _ := m.State.Choices(0, engine.ParsePath("place"))
		t.Fatalf("no preview of line4; shapes offered: %v", st.Options)
	}
	return v.(eng.View)
}

// goldenRace is why the goldens skip under -race (pixels are pure code).
const goldenRace = "TestRendersConcurrently draws this package's boards under -race"
