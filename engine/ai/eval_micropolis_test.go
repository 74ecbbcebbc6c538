package ai

import (
	"math"
	"math/rand/v2"
	"testing"

	"formica/engine"
	"formica/engine/micropolis"
)

// micTable is a 2-player Micropolis table after one tile each. Seat 0:
// on slot 0 a tunnel of 2 workers and a cherry whose right port faces the
// empty slot 1 (open), an empty barracks of 3, army 5, an architect
// token. Seat 1: on slot 0 a
// closed chamber of 3 workers and a queen, a full barracks of 2, army 5.
func micTable() micropolis.View {
	hill := func(army int, t *micropolis.Tile, garrison int, tn micropolis.TunnelView) micropolis.HillView {
		h := micropolis.HillView{Army: army, Tiles: 1, Slots: make([]micropolis.SlotView, 10), Tunnels: []micropolis.TunnelView{tn}}
		for i := range h.Slots {
			h.Slots[i].Slot = i
		}
		h.Slots[0] = micropolis.SlotView{Slot: 0, Tile: t, Order: 1, Barracks: t.Barracks, Garrison: garrison, Tunnels: []int{0}}
		return h
	}
	open := &micropolis.Tile{ID: 1, Segments: []micropolis.Segment{{Right: []int{1}, Workers: 2, Fruits: []string{"cherry"}}}, Barracks: 3}
	royal := &micropolis.Tile{ID: 2, Segments: []micropolis.Segment{{Workers: 3, Master: micropolis.Queen}}, Barracks: 2}
	return micropolis.View{Rounds: 10, Players: []micropolis.PlayerView{
		{Seat: 0, Architects: 1, Army: 5, Hills: []micropolis.HillView{hill(5, open, 0, micropolis.TunnelView{Ants: 2, Fruits: []string{"cherry"}, Kinds: 1, Slots: []int{0}})}},
		{Seat: 1, Army: 5, Hills: []micropolis.HillView{hill(5, royal, 2, micropolis.TunnelView{Ants: 4, Queens: 1, Kinds: 0, Slots: []int{0}})}},
	}}
}

// The features count what the score pad counts now (MIC-SCORE-1
// Population, MIC-SCORE-3 Harvest, MIC-SCORE-4 Royal tunnel, MIC-SCORE-6
// Barracks) and what an open tunnel may still gain (MIC-GEO-3).
func TestMicFeatures(t *testing.T) {
	fs := micFeatures(micTable())
	want := []micFeat{
		// 2 ants + Harvest of 1 kind (2); one more kind would add 5-2.
		{fixed: 4, colony: 2, army: 5, arch: 1, left: 9, openAnts: 2, openHarvest: 3},
		// 4 ants + a queen's tunnel of 1 tile + a full barracks of 2 (4); closed.
		{fixed: 9, colony: 4, army: 5, left: 9},
	}
	for i := range want {
		if fs[i] != want[i] {
			t.Errorf("MIC-SCORE seat %d: %+v, want %+v", i, fs[i], want[i])
		}
	}
}

// The value adds the majorities by how close each player is to them
// (MIC-SCORE-2 Colony, MIC-SCORE-5 Army): equal armies both count the Army
// bonus whole, the smaller colony a share.
func TestMicropolisValue(t *testing.T) {
	share := 5 * math.Exp(-2/5.0) // colony 2 against 4, temperature 0.5+0.5*9
	s0 := 4 + 4.5*9 + 0.2*2 + 0.2*3 + 0.8*5 + 1.5*1 + share + 5
	s1 := 9 + 4.5*9 + 0.8*5 + 5 + 5
	for seat, want := range []float64{s0 - s1, s1 - s0} {
		if got := micropolisValue(micTable(), seat); math.Abs(got-want) > 1e-9 {
			t.Errorf("MIC-SCORE-2, MIC-SCORE-5: seat %d value %.4f, want %.4f", seat, got, want)
		}
	}
}

// A search scores a running Micropolis position by micropolisValue, a
// finished one by its result, as Evaluate does.
func TestMicropolisSearchValue(t *testing.T) {
	m, err := engine.Start(micropolis.Game, engine.Setup{Game: micropolis.Game.ID, Seats: 3, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for n := 0; m.State.Result() == nil; n++ {
		if n == 6 {
			want := micropolisValue(m.State.View(1).(micropolis.View), 1)
			if got := value(m.State, 1); got != want || got == Evaluate(m.State, 1) {
				t.Errorf("running game: value %.3f, want micropolisValue %.3f (Evaluate %.3f)", got, want, Evaluate(m.State, 1))
			}
		}
		p := m.State.Pending()[0]
		path, err := RandomPath(m.State, p.Seat, rng)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Answer(engine.Answer{Seat: p.Seat, Path: path}); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := value(m.State, 1), Evaluate(m.State, 1); got != want {
		t.Errorf("finished game: value %.3f, want Evaluate %.3f", got, want)
	}
}
